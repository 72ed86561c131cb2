/**
 * A light lexical pass over a LESS file for what tweaks need, without compiling it: the tweak comments
 * (`// tweak: {…}`, `//tweak:{…}`, `/*tweak: {…}*\/`) and the `@import`s, in the order they stand, skipping
 * strings, `url(…)` and other comments (a tweak inside a commented-out block is no tweak); and, after a tweak,
 * the declaration that follows it: a variable (`@siteWidth: 1100px;`), a class (`.tweak-h1-font { … }` with its
 * declarations) or anything else.
 */

export interface TweakComment {
  readonly kind: 'tweak';
  /** Offset of the comment's `//` or `/*`. */
  readonly start: number;
  /** Offset of the object's `{`, and its text (to the end of the line, or to `*\/`). */
  readonly objectStart: number;
  readonly objectText: string;
  /** Offset just after the comment. */
  readonly end: number;
}

export interface ImportStatement {
  readonly kind: 'import';
  readonly start: number;
  /** The path as written (`"type.less"`, `url('x')`), without quotes. */
  readonly path: string;
  /** The import's options in parentheses (`reference`, `inline`, `css`…), lower case. */
  readonly options: readonly string[];
}

export type ScanEvent = TweakComment | ImportStatement;

const TWEAK_HEAD = /^[ \t]*tweak[ \t]*:[ \t]*(?=\{)/i;
const IMPORT = /@import[ \t]*(?:\(([^)]*)\))?[ \t]*(?:url\([ \t]*)?(["'])([^"'\n]*)\2/y;

/** The end of the string opening at `at` (after its closing quote; a line end closes it too). */
function stringEnd(text: string, at: number): number {
  const quote = text[at];
  let i = at + 1;
  while (i < text.length && text[i] !== quote && text[i] !== '\n') i += text[i] === '\\' ? 2 : 1;
  return Math.min(text.length, i + 1);
}

/** The tweak comments and imports of a LESS source, in order. */
export function scanLess(text: string): ScanEvent[] {
  const out: ScanEvent[] = [];
  /** A comment whose text runs from `bodyStart` (after `//` or `/*`) to `bodyEnd`: a tweak when it says so. */
  const comment = (bodyStart: number, bodyEnd: number, end: number) => {
    const body = text.slice(bodyStart, bodyEnd);
    const head = TWEAK_HEAD.exec(body);
    if (head !== null) out.push({ kind: 'tweak', start: bodyStart - 2, objectStart: bodyStart + head[0].length, objectText: body.slice(head[0].length).trimEnd(), end });
    return end;
  };
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    const next = text[i + 1];
    if (c === '"' || c === "'") i = stringEnd(text, i);
    else if (c === '/' && next === '/') {
      const lineEnd = text.indexOf('\n', i);
      i = comment(i + 2, lineEnd < 0 ? text.length : lineEnd, lineEnd < 0 ? text.length : lineEnd);
    } else if (c === '/' && next === '*') {
      const close = text.indexOf('*/', i + 2);
      i = comment(i + 2, close < 0 ? text.length : close, close < 0 ? text.length : close + 2);
    } else if ((c === 'u' || c === 'U') && /^url\(/i.test(text.slice(i, i + 4)) && !/[\w-]/.test(text[i - 1] ?? '')) {
      // an unquoted URL may hold `//` (url(http://…)), which is no comment
      let j = i + 4;
      while (j < text.length && /\s/.test(text[j]!)) j++;
      if (text[j] === '"' || text[j] === "'") i = j;
      else {
        const close = text.indexOf(')', j);
        i = close < 0 ? text.length : close + 1;
      }
    } else if (c === '@' && text.startsWith('@import', i)) {
      IMPORT.lastIndex = i;
      const m = IMPORT.exec(text);
      if (m !== null) {
        out.push({ kind: 'import', start: i, path: m[3]!, options: (m[1] ?? '').split(',').map((o) => o.trim().toLowerCase()).filter((o) => o !== '') });
        i = IMPORT.lastIndex;
      } else i += 7;
    } else i++;
  }
  return out;
}

/** What follows a tweak comment. */
export type Following =
  | { readonly kind: 'variable'; readonly start: number; readonly name: string; readonly value: string }
  | { readonly kind: 'class'; readonly start: number; readonly name: string; readonly declarations: readonly (readonly [string, string])[] }
  | { readonly kind: 'other'; readonly start: number };

const VARIABLE = /@([\w-]+)[ \t]*:/y;
const CLASS = /\.(-?[A-Za-z_][\w-]*)\s*\{/y;

/**
 * The declaration after `from` (the end of a tweak comment), past blank space and ordinary comments; a further
 * tweak comment stops the search (`other` at it).
 */
export function followingDeclaration(text: string, from: number): Following {
  let i = from;
  for (;;) {
    while (i < text.length && /\s/.test(text[i]!)) i++;
    if (text.startsWith('//', i) || text.startsWith('/*', i)) {
      const block = text[i + 1] === '*';
      const bodyStart = i + 2;
      const close = block ? text.indexOf('*/', bodyStart) : text.indexOf('\n', bodyStart);
      if (TWEAK_HEAD.test(text.slice(bodyStart, close < 0 ? text.length : close))) return { kind: 'other', start: i };
      i = close < 0 ? text.length : close + (block ? 2 : 1);
      continue;
    }
    break;
  }
  VARIABLE.lastIndex = i;
  const variable = VARIABLE.exec(text);
  if (variable !== null) {
    const end = statementEnd(text, VARIABLE.lastIndex);
    return { kind: 'variable', start: i, name: variable[1]!, value: text.slice(VARIABLE.lastIndex, end).trim() };
  }
  CLASS.lastIndex = i;
  const cls = CLASS.exec(text);
  if (cls !== null) return { kind: 'class', start: i, name: cls[1]!, declarations: declarationsOf(text, CLASS.lastIndex) };
  return { kind: 'other', start: i };
}

/** The offset of the `;` (or `}`, or end) ending a statement at depth 0, past strings and parentheses. */
function statementEnd(text: string, from: number): number {
  let depth = 0;
  let i = from;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"' || c === "'") {
      i = stringEnd(text, i);
      continue;
    }
    if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0 && (c === ';' || c === '}' || c === '{')) return i;
    else if (c === '/' && text[i + 1] === '*') {
      const close = text.indexOf('*/', i + 2);
      i = close < 0 ? text.length : close + 2;
      continue;
    } else if (c === '/' && text[i + 1] === '/' && depth === 0) return i;
    i++;
  }
  return text.length;
}

/**
 * The `property: value` declarations directly inside a block whose `{` ends just before `from`, in order (a
 * property written twice keeps its last value, at its first place); nested rules, mixin calls and comments
 * are passed over.
 */
function declarationsOf(text: string, from: number): (readonly [string, string])[] {
  const out = new Map<string, string>();
  let i = from;
  while (i < text.length) {
    while (i < text.length && /\s/.test(text[i]!)) i++;
    if (text[i] === '}' || i >= text.length) break;
    if (text.startsWith('//', i)) {
      const nl = text.indexOf('\n', i);
      i = nl < 0 ? text.length : nl + 1;
      continue;
    }
    if (text.startsWith('/*', i)) {
      const close = text.indexOf('*/', i + 2);
      i = close < 0 ? text.length : close + 2;
      continue;
    }
    const end = statementEnd(text, i);
    const statement = text.slice(i, end);
    if (text[end] === '{') {
      // a nested rule: skip its block
      i = blockEnd(text, end + 1);
      continue;
    }
    const colon = /^([A-Za-z-][\w-]*)\s*:([^]*)$/.exec(statement.trim());
    if (colon !== null) out.set(colon[1]!.toLowerCase(), colon[2]!.trim());
    i = text[end] === ';' ? end + 1 : end;
  }
  return [...out];
}

/** The offset after the `}` closing a block whose `{` ends just before `from`. */
function blockEnd(text: string, from: number): number {
  let depth = 1;
  let i = from;
  while (i < text.length && depth > 0) {
    const c = text[i]!;
    if (c === '"' || c === "'") {
      i = stringEnd(text, i);
      continue;
    }
    if (c === '{') depth++;
    else if (c === '}') depth--;
    i++;
  }
  return i;
}
