/**
 * The parser: the content of one tag (what lies between `{` and `}`) → one instruction.
 *
 * A tag is an instruction only when it starts with `.` (keyword or predicate) or a variable reference;
 * anything else is literal text. A `{.` tag that does not parse is text too, and is reported as a warning,
 * since the author clearly meant an instruction.
 */
import type {
  BlockNode,
  FormatterCall,
  IfNode,
  Keyword,
  Node,
  PredicateCall,
  PredicateNode,
  RepeatedNode,
  SectionNode,
  VariableNode,
  VarRef,
} from './instructions.js';
import { splitOn } from './split.js';

/** What a tag turned out to be. Small integers: the assembler switches on them for every tag. */
export const Kind = { Node: 0, Open: 1, Or: 2, Alternates: 3, End: 4, Text: 5 } as const;
export type Kind = (typeof Kind)[keyof typeof Kind];

/**
 * What parseTag found besides its kind, in one object reused for every tag (an object per tag, of six shapes,
 * cost an allocation and a polymorphic read of `kind` in the assembler): the node of a Node or Open tag, the
 * predicate of an Or (null for a plain `{.or}`), and for Text why a `{.` tag is no instruction (or null).
 */
export const parsed: { node: Node | null; predicate: PredicateCall | null; why: string | null } = {
  node: null,
  predicate: null,
  why: null,
};

function node(n: Node): typeof Kind.Node {
  parsed.node = n;
  return Kind.Node;
}

function open(n: BlockNode): typeof Kind.Open {
  parsed.node = n;
  return Kind.Open;
}

function or(predicate: PredicateCall | null): typeof Kind.Or {
  parsed.predicate = predicate;
  return Kind.Or;
}

const MACRO_NAME = /^[A-Za-z0-9_.\/-]+$/;

const KEYWORDS: ReadonlySet<string> = new Set(['meta-left', 'meta-right', 'newline', 'space', 'tab']);

/**
 * The end of the text being parsed: the closing brace of the current tag (or the length of a piece of it).
 * The parser reads the source in place instead of slicing each tag out; every read goes through `at`.
 */
let lim = 0;

/** The tag `src[start, end)` (braces included) → an instruction, or text. */
export function parseTag(src: string, start: number, end: number): Kind {
  lim = end - 1;
  const c = at(src, start + 1);
  if (c === DOT) {
    // `{.end}` and `{.or}`, half the tags of a real template, before anything is scanned.
    const length = end - start;
    if (length === 6 && src.charCodeAt(start + 2) === 101 && src.charCodeAt(start + 3) === 110 && src.charCodeAt(start + 4) === 100)
      return Kind.End;
    if (length === 5 && src.charCodeAt(start + 2) === 111 && src.charCodeAt(start + 3) === 114) return or(null);
  }
  if (tags === null) return parseNewTag(src, start, end, c);
  // Seen before: the node is made from what the first parse found, with no character read again.
  const text = src.slice(start, end);
  const seen = tags.get(text);
  if (seen !== undefined) return again(seen, start);
  const kind = parseNewTag(src, start, end, c);
  const known = remember(kind);
  // Bounded within a compile too (the map is cleared between compiles once full, see compiler.ts seenTags).
  if (known !== null && tags.size < SEEN_TAGS_LIMIT) tags.set(text, known);
  return kind;
}

/**
 * The instructions of the tags met before by their text (`{.section item}`, `{.if a && b}`, `{title}`), for the
 * plugin table being compiled for (a predicate call is resolved in it), while not parsing compactly; else null.
 * Themes write the same tags again and again (one page: 91 tags besides `.end` and `.or`, 39 of them distinct),
 * and a tag is read character by character, the costliest part of a compile. Only what a node shares with the
 * other tags written the same is kept (paths, variable lists, the predicate call), never a node, whose block
 * belongs to its template.
 */
let tags: Map<string, SeenTag> | null = null;
export const SEEN_TAGS_LIMIT = 2000;

export function shareTags(seen: Map<string, SeenTag> | null): void {
  tags = seen;
}

/** What a tag seen before is: its node's type and shared parts. */
export interface SeenTag {
  readonly type: 'variable' | 'section' | 'repeated' | 'if' | 'predicate' | 'or';
  readonly vars: readonly VarRef[];
  readonly operators: readonly ('&&' | '||')[];
  readonly path: VarRef | null;
  readonly predicate: PredicateCall | null;
}

function remember(kind: Kind): SeenTag | null {
  if (kind === Kind.Or) return parsed.predicate === null ? null : seenTag('or', NO_VARS, null, parsed.predicate);
  if (kind !== Kind.Node && kind !== Kind.Open) return null;
  const n = parsed.node!;
  switch (n.type) {
    case 'variable':
      return n.formatters.length === 0 ? seenTag('variable', n.vars, null, null) : null;
    case 'section':
    case 'repeated':
      return seenTag(n.type, NO_VARS, n.path, null);
    case 'if':
      return { type: 'if', vars: n.vars, operators: n.operators, path: null, predicate: null };
    case 'predicate':
      return seenTag('predicate', NO_VARS, null, n.predicate);
    default:
      return null;
  }
}

function seenTag(type: SeenTag['type'], vars: readonly VarRef[], path: VarRef | null, predicate: PredicateCall | null): SeenTag {
  return { type, vars, operators: NO_OPERATORS, path, predicate };
}

function again(seen: SeenTag, offset: number): Kind {
  switch (seen.type) {
    case 'variable':
      return node(variableNode(seen.vars, NO_FORMATTERS, offset, ''));
    case 'section':
      return open(sectionNode(seen.path!, offset));
    case 'repeated':
      return open(repeatedNode(seen.path!, offset));
    case 'if':
      return open(ifNode(seen.operators, seen.vars, offset));
    case 'predicate':
      return open(predicateNode(seen.predicate!, offset));
    case 'or':
      return or(seen.predicate);
  }
}

/* The nodes of the tags kept by their text, made in one place each (one object shape per type). */

function variableNode(vars: readonly VarRef[], formatters: readonly FormatterCall[], offset: number, source: string): VariableNode {
  return { type: 'variable', vars, formatters, offset, source };
}

function sectionNode(path: VarRef, offset: number): SectionNode {
  return { type: 'section', path, block: [], alternative: null, offset };
}

function repeatedNode(path: VarRef, offset: number): RepeatedNode {
  return { type: 'repeated', path, block: [], alternatesWith: null, alternative: null, offset };
}

function ifNode(operators: readonly ('&&' | '||')[], vars: readonly VarRef[], offset: number): IfNode {
  return { type: 'if', operators, vars, block: [], alternative: null, offset };
}

function predicateNode(predicate: PredicateCall, offset: number): PredicateNode {
  return { type: 'predicate', predicate, block: [], alternative: null, offset };
}

const NO_VARS: readonly VarRef[] = Object.freeze([]);

function parseNewTag(src: string, start: number, end: number, c: number): Kind {
  if (c === DOT) return parseDotTag(src, start);
  if (!isRefStart(c)) return notATag();
  if (!parseVarsAndFormatters(src, start + 1, 0) || valueEnd !== lim) return notATag();
  // The tag's text is needed only to print it when a formatter is unknown: a plain `{a}` keeps none.
  const formatters = valueFormatters;
  const source = formatters.length > 0 ? src.slice(start, end) : '';
  return node(variableNode(valueVars, formatters, start, source));
}

function notATag(): typeof Kind.Text {
  parsed.why = null;
  return Kind.Text;
}

function bad(why: string): typeof Kind.Text {
  parsed.why = why;
  return Kind.Text;
}

function parseDotTag(src: string, offset: number): Kind {
  const nameStart = offset + 2;
  const wordEnd = scanWord(src, nameStart);
  if (wordEnd === nameStart) return bad('has no instruction name after the dot');
  if (at(src, wordEnd) === QUESTION) {
    const predicate = parsePredicateCall(src, nameStart, wordEnd);
    return open(predicateNode(predicate, offset));
  }
  // The frequent keywords are recognised in place, without slicing the word out.
  const length = wordEnd - nameStart;
  if (length === 3 && matches(src, nameStart, wordEnd, 'end') && wordEnd === lim) return Kind.End;
  if (length === 2 && matches(src, nameStart, wordEnd, 'or')) {
    if (wordEnd === lim) return or(null);
    if (at(src, wordEnd) !== SPACE) return bad('{.or} must be followed by a single space and a predicate');
    return parseOrPredicate(src, wordEnd + 1);
  }
  if (length === 7 && matches(src, nameStart, wordEnd, 'section')) return parseSection('section', src, wordEnd, offset);
  if (length === 8 && matches(src, nameStart, wordEnd, 'repeated')) return parseSection('repeated', src, wordEnd, offset);
  if (length === 2 && matches(src, nameStart, wordEnd, 'if')) return parseIf(src, wordEnd, offset);
  // The rarer instructions parse the rest of the tag as a string of its own.
  const word = src.slice(nameStart, wordEnd);
  const rest = src.slice(wordEnd, lim);
  lim = rest.length;
  switch (word) {
    case 'end':
      return bad('{.end} takes no arguments');
    case 'alternates':
      return rest === ' with' ? Kind.Alternates : bad('the instruction is {.alternates with}');
    case 'var':
      return parseBindVar(rest, offset, src.slice(offset, wordEnd + rest.length + 1), wordEnd);
    case 'ctx':
      return parseCtxVar(rest, offset);
    case 'macro': {
      const name = rest.slice(1);
      // Letters, digits, `_`, `-`, `.` and `/` only, as on the platform (`emit.it`, `blocks/card.block`).
      if (at(rest, 0) !== SPACE || !MACRO_NAME.test(name)) return bad('{.macro} needs one name');
      return open({ type: 'macro', name, block: [], depth: 0, offset });
    }
    case 'include': {
      // As on the platform, the words are split at each single space: `{.include  m}` names '' (not found).
      if (at(rest, 0) !== SPACE || rest.length === 1) return bad('{.include} needs a name');
      const [name = '', ...args] = rest.slice(1).split(' ');
      return node({ type: 'include', name, args, offset });
    }
    case 'inject': {
      // One space after `.inject` and after the name.
      const parts = rest.slice(1).split(' ');
      const [name, ...args] = parts;
      // It starts with a letter, digit, `_`, `.`, `/` or `-` (as on the platform) and runs to whitespace.
      const path = /^(?:[A-Za-z0-9_.\/-][^ \t\n\v\f\r]*)?/.exec(args.shift() ?? '')![0];
      if (at(rest, 0) !== SPACE || !name || !isLocalName(name) || !path)
        return bad('{.inject} needs a @name and a path');
      return node({ type: 'inject', name, path, args, offset });
    }
    case 'eval': {
      // `{.eval}` alone is text on the platform (`{.eval }`, with the space, is an empty expression).
      if (rest === '') return bad('{.eval} needs an expression');
      if (!isWhitespace(at(rest, 0))) return bad('{.eval} must be followed by whitespace');
      let code = rest.slice(1);
      const debug = at(code, 0) === HASH;
      if (debug) code = code.slice(1);
      return node({ type: 'eval', code, debug, offset });
    }
    default:
      if (KEYWORDS.has(word) && rest === '') {
        return node({ type: 'keyword', keyword: word as Keyword, offset });
      }
      return bad(`'.${word}' is not an instruction (a predicate name ends with '?')`);
  }
}

function parseSection(word: string, src: string, from: number, offset: number): Kind {
  // `{.repeated section` takes one space between its words; before the path, any run of whitespace will do.
  const prefix = word === 'repeated' ? ' section' : '';
  const pathStart = skipWhitespace(src, from + prefix.length);
  if (from + prefix.length > lim || !matches(src, from, from + prefix.length, prefix) || pathStart === from + prefix.length)
    return bad(`the instruction is {.${word === 'repeated' ? 'repeated section' : 'section'} path}`);
  const parsed = parseRef(src, pathStart);
  if (parsed === null || refEnd !== lim) return bad('the section path is not a variable reference');
  const ref = sharedRef(parsed);
  const node: BlockNode =
    word === 'repeated'
      ? repeatedNode(ref, offset)
      : sectionNode(ref, offset);
  return open(node);
}

function parseOrPredicate(s: string, start: number): Kind {
  const end = scanWord(s, start);
  if (end === start || at(s, end) !== QUESTION) return bad('{.or} takes a predicate (name ending in ?)');
  return or(parsePredicateCall(s, start, end));
}

/**
 * Predicate calls by their text while a huge template is assembled for a plugin table (see compiler.ts
 * predicateCalls), or null: the tags written the same then share one call, parsed and resolved once.
 */
let predicateCalls: Map<string, PredicateCall> | null = null;

export function sharePredicateCalls(calls: Map<string, PredicateCall> | null): void {
  predicateCalls = calls;
}

/** `name? args` starting at `start`, up to the end of the tag; the name is already known to end with `?`. */
function parsePredicateCall(s: string, start: number, q: number): PredicateCall {
  if (predicateCalls === null) return newPredicateCall(s, start, q);
  const text = s.slice(start, lim);
  let call = predicateCalls.get(text);
  if (call === undefined) predicateCalls.set(text, (call = newPredicateCall(s, start, q)));
  return call;
}

function newPredicateCall(s: string, start: number, q: number): PredicateCall {
  const name = s.slice(start, q + 1);
  const { args, delimiter } = splitArgs(s, q + 1, lim);
  // Unlike a formatter's, a predicate's lone delimiter is no argument (`{.even? }` tests the node).
  return { name, args: args === ONE_EMPTY_ARG ? NO_ARGS : args, delimiter };
}

function parseIf(s: string, from: number, offset: number): Kind {
  // Any whitespace separates the words of a condition, as on the platform.
  if (!isWhitespace(at(s, from))) return bad('{.if} needs a condition');
  const start = skipWhitespace(s, from);
  // `{.if }`: a block with no condition, which renders neither branch (as on the platform).
  if (start === lim) return open(ifNode([], [], offset));
  const wordEnd = scanWord(s, start);
  if (wordEnd > start && at(s, wordEnd) === QUESTION) {
    const predicate = parsePredicateCall(s, start, wordEnd);
    return open(predicateNode(predicate, offset));
  }
  const vars: VarRef[] = [];
  const operators: ('&&' | '||')[] = [];
  let i = start;
  for (;;) {
    const ref = parseRef(s, i);
    if (ref === null) return bad('the condition is not variables joined by && or ||');
    vars.push(ref);
    i = skipWhitespace(s, refEnd);
    if (i === lim) break;
    const c = at(s, i);
    if ((c !== AMP && c !== PIPE) || at(s, i + 1) !== c) return bad('the condition is not variables joined by && or ||');
    operators.push(c === AMP ? '&&' : '||');
    i = skipWhitespace(s, i + 2);
  }
  const node = ifNode(operators.length === 0 ? NO_OPERATORS : fit(operators), vars.length === 1 ? sharedVars(vars[0]!) : fit(vars), offset);
  return open(node);
}

function parseBindVar(rest: string, offset: number, source: string, restOffset: number): Kind {
  const space = rest.indexOf(' ', 1);
  const name = rest.slice(1, space);
  if (at(rest, 0) !== SPACE || space < 0 || !isLocalName(name)) return bad('{.var} needs a @name and a value');
  if (!parseVarsAndFormatters(rest, space + 1, restOffset) || valueEnd !== lim) return bad('the value of {.var} is not a variable reference');
  return node({ type: 'bindvar', name, vars: valueVars, formatters: valueFormatters, offset, source });
}

/**
 * `{.ctx @name k1=a.b k2=c}` as the platform reads it: one space after `.ctx` and after the name, then
 * `word=path` bindings, whitespace between them optional (trailing whitespace allowed). A lone word at the very end is
 * ignored; anything else that is not a binding makes the tag text, and so does a tag with no binding.
 */
function parseCtxVar(rest: string, offset: number): Kind {
  const space = rest.indexOf(' ', 1);
  const name = rest.slice(1, space);
  if (at(rest, 0) !== SPACE || space < 0 || !isLocalName(name)) return bad('{.ctx} needs a @name');
  const bindings: { key: string; ref: VarRef }[] = [];
  for (let i = space + 1; ; ) {
    const keyEnd = scanWord(rest, i);
    if (keyEnd === i) return bad('{.ctx} takes key=path bindings');
    if (keyEnd === lim && bindings.length > 0) break;
    const ref = at(rest, keyEnd) === EQUALS ? parseRef(rest, keyEnd + 1) : null;
    if (ref === null) return bad(`'${rest.slice(i, keyEnd + 1)}' is not key=path`);
    bindings.push({ key: rest.slice(i, keyEnd), ref });
    // Whitespace between bindings is optional: `a=1b` is a=1 and the lone word b.
    i = skipWhitespace(rest, refEnd);
    if (i === lim) break;
  }
  return node({ type: 'ctxvar', name, bindings, offset });
}

/** What the last successful parseVarsAndFormatters read (module variables save a result object per tag). */
let valueVars: VarRef[] = [];
let valueFormatters: readonly FormatterCall[] = [];
let valueEnd = 0;

/**
 * A variable list and its formatters, `a, b|fmt args|fmt2`, up to `lim`; `base` is the source offset of s[0].
 * Whether it parses: then valueVars, valueFormatters and valueEnd (where it stops) are set.
 */
function parseVarsAndFormatters(s: string, start: number, base: number): boolean {
  const first = parseRef(s, start);
  if (first === null) return false;
  let i = refEnd;
  let vars: VarRef[];
  if (at(s, skipSpaces(s, i)) !== COMMA) vars = sharedVars(first); // one variable, the usual case
  else {
    vars = [first];
    for (;;) {
      const j = skipSpaces(s, i);
      if (at(s, j) !== COMMA) break;
      const ref = parseRef(s, skipSpaces(s, j + 1));
      if (ref === null) return false;
      vars.push(ref);
      i = refEnd;
    }
    vars = sharedList(s.slice(start, i), vars);
  }
  let formatters: FormatterCall[] | null = null;
  while (at(s, i) === PIPE) {
    if (at(s, i + 1) === PIPE) return false; // `{a||b}` is text
    const nameStart = i + 1;
    const nameEnd = scanWord(s, nameStart);
    if (nameEnd === nameStart) return false;
    let end = s.indexOf('|', nameEnd);
    if (end < 0 || end > lim) end = lim;
    const { args, delimiter } = splitArgs(s, nameEnd, end);
    (formatters ??= []).push({ name: formatterName(s, nameStart, nameEnd), args, delimiter, offset: base + i });
    i = end;
  }
  valueVars = vars;
  valueFormatters = formatters === null ? NO_FORMATTERS : fit(formatters);
  valueEnd = i;
  return true;
}

/**
 * While a huge template is parsed (see compactFor), the references of the tags naming the same path, shared.
 * A Map lookup per tag and exact arrays (see fit) cost compile time a page need not pay (6% of its compile);
 * a template of hundreds of thousands of tags saves about 150 bytes on each.
 */
let sharedRefs: Map<string, VarRef[]> | null = null;

/**
 * Parse a source of `length` characters (compactly when it is huge, from COMPACT_ABOVE on), or stop (null).
 * Whether it is parsed compactly.
 */
export function compactFor(length: number | null): boolean {
  const compact = length !== null && length >= COMPACT_ABOVE;
  sharedRefs = compact ? new Map() : null;
  sharedLists = compact ? new Map() : null;
  formatterNames = compact ? new Map() : null;
  if (length === null || compact) argLists = compact ? new Map() : null;
  else if ((argLists = recentArgLists).size >= ARG_LISTS_LIMIT) argLists.clear();
  return compact;
}

/** Lists of several variables (`a, b`) by their text, and formatter names, when parsing compactly. */
let sharedLists: Map<string, VarRef[]> | null = null;
let formatterNames: Map<string, string> | null = null;

/** A formatter's name, the same string for every tag naming it when parsing compactly. */
function formatterName(s: string, start: number, end: number): string {
  const name = s.slice(start, end);
  if (formatterNames === null) return name;
  const known = formatterNames.get(name);
  if (known !== undefined) return known;
  formatterNames.set(name, name);
  return name;
}

const COMPACT_ABOVE = 100_000;

/** `[ref]`, or the one taken by an earlier tag naming the same path when parsing compactly. */
function sharedVars(ref: VarRef): VarRef[] {
  if (sharedRefs === null) return [ref];
  let vars = sharedRefs.get(ref.raw);
  if (vars === undefined) sharedRefs.set(ref.raw, (vars = [ref]));
  return vars;
}

/** `vars`, written `text`, or the list of an earlier tag written the same when parsing compactly (see fit). */
function sharedList(text: string, vars: VarRef[]): VarRef[] {
  if (sharedRefs === null) return vars;
  let shared = sharedLists!.get(text);
  if (shared === undefined) sharedLists!.set(text, (shared = fit(vars)));
  return shared;
}

/** `ref`, or the one taken by an earlier tag naming the same path when parsing compactly. */
function sharedRef(ref: VarRef): VarRef {
  return sharedRefs === null ? ref : sharedVars(ref)[0]!;
}

/**
 * An array filled by push, at its exact length when parsing compactly. V8 grows a pushed array to 17 slots at
 * once, and a template keeps several small arrays per tag (variables, path segments, blocks): over a hundred
 * bytes of empty slots each, which a page affords and a huge template does not.
 */
export function fit<T>(items: T[]): T[] {
  if (sharedRefs === null) return items;
  return items.length === 1 ? [items[0]!] : items.slice();
}

const NO_FORMATTERS: readonly FormatterCall[] = Object.freeze([]);
const NO_OPERATORS: readonly ('&&' | '||')[] = Object.freeze([]);

const NO_ARGS: readonly string[] = Object.freeze([]);
const NONE = Object.freeze({ args: NO_ARGS, delimiter: '' });

/**
 * The argument string s[from, to): its first character is the delimiter between the arguments. A delimiter
 * alone is one empty argument, as on the platform (`{n|pluralize }` has the plural suffix '').
 */
function splitArgs(s: string, from: number, to: number): { args: readonly string[]; delimiter: string } {
  if (from >= to || argLists === null) return from >= to ? NONE : splitArgsOf(s, from, to);
  // One frozen list per argument text, which also lets the compiler share what a formatter prepares from it
  // (see compiler.ts prepareFormatter): themes repeat the same arguments (`apply item.block`, date formats).
  const text = s.slice(from, to);
  let split = argLists.get(text);
  if (split === undefined) {
    split = splitArgsOf(text, 0, text.length);
    if (split.args !== ONE_EMPTY_ARG) split = { args: Object.freeze(split.args), delimiter: split.delimiter };
    argLists.set(text, split);
  }
  return split;
}

function splitArgsOf(s: string, from: number, to: number): { args: readonly string[]; delimiter: string } {
  const delimiter = s[from]!;
  const body = s.slice(from + 1, to);
  return { args: body === '' ? ONE_EMPTY_ARG : splitOn(body, delimiter), delimiter };
}

/**
 * Argument lists by their text: the recent ones of any template (bounded), or all of a huge template's when
 * parsing compactly; null outside a compile.
 */
let argLists: Map<string, { args: readonly string[]; delimiter: string }> | null = null;
const recentArgLists: Map<string, { args: readonly string[]; delimiter: string }> = new Map();
const ARG_LISTS_LIMIT = 2000;

const ONE_EMPTY_ARG: readonly string[] = Object.freeze(['']);

/** Where the last successful parseRef stopped (a module variable saves a result object per reference). */
let refEnd = 0;

/**
 * A dotted variable reference starting at `i`: segments `@`, digits, or an optional `@`/`$` plus a word.
 * On success, `refEnd` is where it stops.
 */
export function parseRef(s: string, i: number): VarRef | null {
  const start = i;
  let end = segmentEnd(s, i);
  if (end < 0) return null;
  // One segment, the usual case: no list to grow.
  if (at(s, end) !== DOT) {
    refEnd = end;
    const seg = s.slice(start, end);
    return { raw: seg, segs: [seg] };
  }
  const segs: string[] = [s.slice(start, end)];
  do {
    i = end + 1;
    end = segmentEnd(s, i);
    if (end < 0) return null;
    segs.push(s.slice(i, end));
  } while (at(s, end) === DOT);
  refEnd = end;
  return { raw: s.slice(start, end), segs: fit(segs) };
}

/** The end of the path segment at `i` (`@`, digits, or an optional `@`/`$` plus a word), or -1. */
function segmentEnd(s: string, i: number): number {
  const c = at(s, i);
  if (isDigit(c)) {
    while (isDigit(at(s, i))) i++;
    return i;
  }
  if (c === AT || c === DOLLAR) {
    const w = scanWord(s, i + 1);
    return w === i + 1 && c === DOLLAR ? -1 : w; // `@` alone when no word follows
  }
  const w = scanWord(s, i);
  return w === i ? -1 : w;
}

/** Whether s[start, end) is exactly `word` (char by char: faster than startsWith for these short words). */
function matches(s: string, start: number, end: number, word: string): boolean {
  if (end - start !== word.length) return false;
  for (let k = 0; k < word.length; k++) if (s.charCodeAt(start + k) !== word.charCodeAt(k)) return false;
  return true;
}

export function isLocalName(name: string): boolean {
  if (name.length < 2 || name.charCodeAt(0) !== AT) return false;
  const saved = lim;
  lim = name.length;
  const ok = scanWord(name, 1) === name.length;
  lim = saved;
  return ok;
}

/** End of a word `[a-zA-Z][a-zA-Z0-9_-]*` starting at `i` (== i when there is none). */
function scanWord(s: string, i: number): number {
  if (!isLetter(at(s, i))) return i;
  const end = lim;
  i++;
  // A table lookup per character: the tightest loop V8 makes of this (tags are scanned once per compile).
  while (i < end) {
    const c = s.charCodeAt(i);
    if (c >= 128 || WORD_CHAR[c] === 0) break;
    i++;
  }
  return i;
}

/** ASCII characters that may continue a word: letters, digits, `_` and `-`. */
const WORD_CHAR = new Uint8Array(128);
for (let c = 0; c < 128; c++) WORD_CHAR[c] = isLetter(c) || isDigit(c) || c === 95 || c === 45 ? 1 : 0;

/**
 * The char code at `i`, or -1 at or past `lim`. Reading past a string's end with charCodeAt yields NaN,
 * which turns V8's small-integer feedback into doubles and deoptimises every comparison: never do that here.
 */
function at(s: string, i: number): number {
  return i < lim ? s.charCodeAt(i) : -1;
}

function skipSpaces(s: string, i: number): number {
  while (at(s, i) === SPACE) i++;
  return i;
}

/** Space, tab, line feed, vertical tab, form feed, carriage return (not U+00A0): the platform's `\s` here. */
function isWhitespace(c: number): boolean {
  return c === SPACE || (c >= 9 && c <= 13);
}

function skipWhitespace(s: string, i: number): number {
  while (isWhitespace(at(s, i))) i++;
  return i;
}

function isRefStart(c: number): boolean {
  return isLetter(c) || isDigit(c) || c === AT || c === DOLLAR;
}

function isLetter(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

const DOT = 46;
const EQUALS = 61;
const QUESTION = 63;
const SPACE = 32;
const HASH = 35;
const COMMA = 44;
const PIPE = 124;
const AMP = 38;
const AT = 64;
const DOLLAR = 36;
const UNDERSCORE = 95;
const DASH = 45;
