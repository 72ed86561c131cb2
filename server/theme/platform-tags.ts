/**
 * The platform's `<squarespace:…>` tags, turned into plain JSON-T when a theme template is loaded, so the
 * engine never sees them (platform notes, tags.md §1–§2).
 *
 * The platform runs JSON-T over the whole template first, attributes included, and then replaces each tag by
 * its output. Here each tag becomes one call of the `squarespace-tag` formatter (server/theme/tag-formatter.ts)
 * at the tag's place, so its attributes are rendered with the scope where the tag stands (`collection="{urlId}"`
 * inside a `{.repeated section collection.collections}`): an attribute holding JSON-T becomes a macro defined
 * just before the call and rendered by it; a plain one is read now (server/theme/tag-attributes.ts), once.
 * A tag's body becomes a macro too, rendered over the tag's data (names not found there are looked up outward,
 * so `{website.siteTitle}` works), else its `template="name"` names `blocks/name.block`.
 *
 * - `navigation`, `folder-navigation`, `query`, `category`, `related`, `related-products`: the body or block
 *   over the tag's data (server/theme/platform-data.ts);
 * - `block-field`: the owner's blocks in the platform's markup (server/theme/block-fields.ts);
 * - `script` → `<script src="/scripts/…"></script>` and `versioned-asset` → `/versioned-assets/…`, written
 *   out now when their attributes are plain;
 * - `escape`: its body as it is, JSON-T not applied (the platform trims the whitespace around it);
 * - `comments`, `social-share`: the platform's comments and share buttons of the current item;
 * - `index`, `block`: known to the platform, not described publicly: a warning, nothing rendered.
 * The theme's own text between the tags is kept as written, but for a `<script src>` loading a well-known
 * library from a public CDN, which is made local (server/theme/cdn-script-tags.ts).
 *
 * Every problem has its place in the theme file (the tag's, the attribute's), and so has every engine problem
 * in the rewritten source (`locate` maps a position back).
 */
import { cdnScriptTags, LOCAL_LIBRARY } from './cdn-script-tags.js';
import { encodeTagCall, TAG_FORMATTER, type TagCall } from './tag-call.js';
import { didYouMean, isShown, readAttribute, TAGS, type TagTheme, UNSUPPORTED_TAGS } from './tag-attributes.js';
import { offsetAt, positionAt, type ThemeProblem, themeProblem } from './theme-problem.js';

export type { TagTheme } from './tag-attributes.js';

export interface RewrittenTemplate {
  readonly source: string;
  readonly problems: readonly ThemeProblem[];
  /** The position in the theme file of a 1-based line and column of `source`. */
  locate(line: number, column: number): { line: number; column: number };
}

interface Attribute {
  readonly value: string;
  /** Offset of the value (of the name when it has none) in the file. */
  readonly at: number;
  /** Offset of the name. */
  readonly nameAt: number;
}

interface Tag {
  /** In lower case, as the platform matches tag names. */
  readonly name: string;
  readonly start: number;
  readonly end: number;
  readonly attributes: ReadonlyMap<string, Attribute>;
  /** The body's range in the file, for a tag written with a closing tag. */
  readonly body: { readonly start: number; readonly end: number } | null;
}

/** Names the macros of one rewrite apart from every other's (two regions of a layout are joined). */
let rewrites = 0;

/** Rewrites every `<squarespace:…>` tag of `source` (the file `filename` of a theme) into JSON-T. */
export function rewritePlatformTags(source: string, filename: string, theme: TagTheme): RewrittenTemplate {
  const problems: ThemeProblem[] = [];
  const problem = (offset: number, code: string, message: string, severity: 'error' | 'warning' = 'error') =>
    problems.push(themeProblem(filename, source, offset, code, message, severity));
  // output pieces: copied text keeps its own offsets; generated text points at its tag
  const segments: { out: number; from: number; copied: boolean }[] = [];
  let out = '';
  const emit = (text: string, from: number, copied: boolean) => {
    if (text === '') return;
    segments.push({ out: out.length, from, copied });
    out += text;
  };
  const prefix = `squarespace-${(++rewrites).toString(36)}`;
  let macros = 0;

  /** The theme's own text of `from..to`, a public CDN's library in a `<script src>` made local (cdn-script-tags.ts). */
  const copy = (from: number, to: number) => {
    let at = from;
    for (const tag of cdnScriptTags(source, from, to)) {
      problem(tag.at, LOCAL_LIBRARY, tag.message, 'warning');
      for (const edit of tag.edits) {
        emit(source.slice(at, edit.start), at, true);
        emit(edit.text, edit.start, false);
        at = edit.end;
      }
    }
    emit(source.slice(at, to), at, true);
  };

  const rewrite = (from: number, to: number) => {
    let at = from;
    while (at < to) {
      const open = indexOfTag(source, '<squarespace:', at, to);
      if (open < 0) break;
      copy(at, open);
      const tag = readTag(source, open, to, problem);
      if (tag === null) {
        // unreadable: the rest of this range is kept as it is, so one mistake gives one problem
        copy(open, to);
        return;
      }
      generate(tag);
      at = tag.end;
    }
    copy(at, to);
  };

  /** Defines a macro holding `from..to` of the file (tags inside rewritten too); returns its name. */
  const macro = (tag: Tag, from: number, to: number, rewriteTags: boolean): string => {
    const name = `${prefix}-${tag.name}-${++macros}`;
    emit(`{.macro ${name}}`, tag.start, false);
    if (rewriteTags) rewrite(from, to);
    else emit(source.slice(from, to), from, true);
    emit('{.end}', tag.start, false);
    return name;
  };

  const generate = (tag: Tag) => {
    const name = `<squarespace:${tag.name}>`;
    if (UNSUPPORTED_TAGS.has(tag.name)) {
      problem(tag.start, 'UNSUPPORTED_TAG', `${name} is a tag of the platform whose data Tessera does not have (its shape is not public); it renders nothing.`, 'warning');
      return;
    }
    const spec = TAGS[tag.name];
    if (spec === undefined) {
      const known = [...Object.keys(TAGS), ...UNSUPPORTED_TAGS];
      const hint = didYouMean(tag.name, known, (t) => `<squarespace:${t}>`);
      problem(tag.start, 'UNKNOWN_TAG', `${name} is not a tag of the platform; it renders nothing${hint === '' ? ` (known: ${known.join(', ')}).` : `.${hint}`}`);
      return;
    }
    let complete = true;
    for (const attr of spec.required) {
      if (!tag.attributes.has(attr)) {
        problem(tag.start, 'MISSING_ATTRIBUTE', `${name} needs the attribute ${attr}.`);
        complete = false;
      }
    }
    const known = Object.keys(spec.attributes);
    for (const [attr, { nameAt }] of tag.attributes) {
      if (!known.includes(attr)) problem(nameAt, 'UNKNOWN_ATTRIBUTE', `${name} has no attribute ${attr}; it is ignored.${didYouMean(attr, known)}`, 'warning');
    }
    if (spec.body === 'raw') {
      // the platform keeps the body as it is, trimmed; JSON-T's own braces print as braces
      if (tag.body !== null) emit(source.slice(tag.body.start, tag.body.end).trim().replace(/[{}]/g, (b) => (b === '{' ? '{.meta-left}' : '{.meta-right}')), tag.body.start, false);
      return;
    }
    if (tag.body !== null && spec.body === 'none' && source.slice(tag.body.start, tag.body.end).trim() !== '') problem(tag.start, 'UNEXPECTED_BODY', `${name} takes no body; write it as <squarespace:${tag.name} … />. The body is ignored.`, 'warning');
    if (!complete) return;

    const values: Record<string, unknown> = {};
    const dynamic: Record<string, string> = {};
    // an empty body is none: the platform renders the template then (tags.md §1)
    const withBody = tag.body !== null && spec.body === 'template' && source.slice(tag.body.start, tag.body.end).trim() !== '';
    for (const [attr, { value, at }] of tag.attributes) {
      // a body stands for the template
      if (!known.includes(attr) || (withBody && attr === 'template')) continue;
      if (value.includes('{')) {
        // JSON-T: rendered where the tag stands, at each render (unless it changes nothing Tessera shows)
        if (isShown(tag.name, attr)) dynamic[attr] = macro(tag, at, at + value.length, false);
        continue;
      }
      const reading = readAttribute(tag.name, attr, value, theme);
      if (reading.problem !== undefined) problem(at, reading.problem.code, reading.problem.message, reading.problem.severity);
      // an attribute that names nothing (a navigation, a block, a script the theme lacks): the tag renders nothing
      if (reading.problem?.severity === 'error') complete = false;
      if (reading.value !== undefined) values[attr] = reading.value;
    }
    let body: string | null = null;
    if (spec.body === 'template') {
      const template = tag.attributes.get('template');
      if (withBody) {
        if (template !== undefined) problem(template.at, 'UNEXPECTED_BODY', `${name} has both a template and a body; the body is used.`, 'warning');
        body = macro(tag, tag.body!.start, tag.body!.end, true);
      } else if (template === undefined) {
        // the platform renders its own markup for the tag then (tags.md §1), which Tessera does not have
        problem(tag.start, 'MISSING_TEMPLATE', `${name} has neither a body nor a template (a block's name); the platform shows its own markup for it, which Tessera does not have, so it renders nothing.`, 'warning');
        return;
      }
    }
    if (!complete) return;
    const call: TagCall = { tag: tag.name, values, dynamic, body };
    // a script or asset with plain attributes is the same on every page: written out now
    if (Object.keys(dynamic).length === 0 && tag.name === 'script') return emit(`<script src="${values['src'] as string}"></script>`, tag.start, false);
    if (Object.keys(dynamic).length === 0 && tag.name === 'versioned-asset') return emit(values['src'] as string, tag.start, false);
    emit(`{@|${TAG_FORMATTER} ${encodeTagCall(call)}}`, tag.start, false);
  };

  rewrite(0, source.length);
  return {
    source: out,
    problems,
    locate(line, column) {
      if (segments.length === 0) return { line, column };
      const offset = offsetAt(out, line, column);
      let seg = segments[0]!;
      for (const s of segments) if (s.out <= offset) seg = s;
      return positionAt(source, seg.copied ? seg.from + (offset - seg.out) : seg.from);
    },
  };
}

/** The offset of `needle` (ASCII) in `source[from, limit)`, in any case, or -1. */
function indexOfTag(source: string, needle: string, from: number, limit: number): number {
  const pattern = new RegExp(needle.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'), 'gi');
  pattern.lastIndex = from;
  const found = pattern.exec(source);
  return found === null || found.index + needle.length > limit ? -1 : found.index;
}

const NAME_START = /[A-Za-z_:]/;
const NAME_CHAR = /[-A-Za-z0-9_:.]/;
const SPACE = /\s/;

/** Reads the tag at `start` (`<squarespace:…`): its attributes and body; null (with a problem) when it is unreadable. */
function readTag(source: string, start: number, limit: number, problem: (offset: number, code: string, message: string) => void): Tag | null {
  let i = start + '<squarespace:'.length;
  const nameStart = i;
  while (i < limit && /[A-Za-z-]/.test(source[i]!)) i++;
  const written = source.slice(nameStart, i);
  const name = written.toLowerCase();
  if (name === '') {
    problem(start, 'INVALID_TAG', 'A <squarespace: tag needs a name (<squarespace:navigation …/>).');
    return null;
  }
  const attributes = new Map<string, Attribute>();
  for (;;) {
    while (i < limit && SPACE.test(source[i]!)) i++;
    if (i >= limit) {
      problem(start, 'UNCLOSED_TAG', `<squarespace:${name}> is not closed with > or />.`);
      return null;
    }
    if (source.startsWith('/>', i)) return { name, start, end: i + 2, attributes, body: null };
    if (source[i] === '>') break;
    if (!NAME_START.test(source[i]!)) {
      problem(i, 'INVALID_TAG', `Unexpected ${JSON.stringify(source[i])} in <squarespace:${name}>: attributes are written name="value".`);
      return null;
    }
    const attrStart = i;
    while (i < limit && NAME_CHAR.test(source[i]!)) i++;
    const attrName = source.slice(attrStart, i);
    while (i < limit && SPACE.test(source[i]!)) i++;
    let value = '';
    let valueAt = attrStart;
    if (source[i] === '=') {
      i++;
      while (i < limit && SPACE.test(source[i]!)) i++;
      const quote = source[i];
      if (quote === '"' || quote === "'") {
        valueAt = i + 1;
        let j = i + 1;
        // a JSON-T tag inside the value may hold the other quote, or this one ({.equal? a "b"})
        while (j < limit && source[j] !== quote) {
          if (source[j] === '{') {
            const close = source.indexOf('}', j);
            j = close < 0 || close >= limit ? limit : close + 1;
          } else j++;
        }
        if (j >= limit) {
          problem(i, 'UNCLOSED_TAG', `The value of ${attrName} in <squarespace:${name}> has no closing ${quote}.`);
          return null;
        }
        value = source.slice(i + 1, j);
        i = j + 1;
      } else {
        valueAt = i;
        while (i < limit && !SPACE.test(source[i]!) && source[i] !== '>' && !source.startsWith('/>', i)) i++;
        value = source.slice(valueAt, i);
      }
    }
    if (attributes.has(attrName)) problem(attrStart, 'DUPLICATE_ATTRIBUTE', `<squarespace:${name}> has ${attrName} twice; the first is used.`);
    else attributes.set(attrName, { value, at: valueAt, nameAt: attrStart });
  }
  // a body up to the matching close tag (the same tag may nest inside it)
  const bodyStart = i + 1;
  const closeTag = `</squarespace:${written}>`;
  let depth = 1;
  let j = bodyStart;
  while (depth > 0) {
    const nextClose = indexOfTag(source, closeTag, j, limit);
    if (nextClose < 0) {
      problem(start, 'UNCLOSED_TAG', `<squarespace:${name}> has no </squarespace:${name}> (or write it as <squarespace:${name} … />).`);
      return null;
    }
    const nextOpen = nextOpenTag(source, written, j, nextClose);
    if (nextOpen >= 0) {
      depth++;
      j = nextOpen + '<squarespace:'.length + written.length;
    } else {
      depth--;
      j = nextClose + closeTag.length;
      if (depth === 0) return { name, start, end: j, attributes, body: { start: bodyStart, end: nextClose } };
    }
  }
  return null;
}

/** The next opening (not self-closing) `<squarespace:{name}` before `limit`, or -1. */
function nextOpenTag(source: string, name: string, from: number, limit: number): number {
  const open = `<squarespace:${name}`;
  let at = indexOfTag(source, open, from, limit);
  while (at >= 0) {
    const after = source[at + open.length];
    if (after !== undefined && (SPACE.test(after) || after === '>' || after === '/')) {
      const end = source.indexOf('>', at);
      if (end >= 0 && source[end - 1] !== '/') return at;
    }
    at = indexOfTag(source, open, at + 1, limit);
  }
  return -1;
}
