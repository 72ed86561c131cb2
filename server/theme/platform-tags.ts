/**
 * The platform's `<squarespace:…>` tags, turned into plain JSON-T when a theme template is loaded, so the
 * engine never sees them. Each tag reads what it shows from the page context's `squarespace-tags` (added by
 * server/theme/platform-data.ts, lazily, per page):
 *
 * - `<squarespace:navigation navigationId="mainNav" template="nav"/>` → `{squarespace-tags.navigation.main|apply nav.block}`
 *   (or the tag's own body as the template: `<squarespace:navigation navigationId="x">…</squarespace:navigation>`);
 * - `<squarespace:folder-navigation template="folder-nav"/>`: the current page's folder, only inside one;
 * - `<squarespace:query collection="blog" limit="3" …>…</squarespace:query>`: the body over `{ collection, items }`;
 * - `<squarespace:category collection="blog" template="…"/>` and `<squarespace:related limit="3" template="…"/>`;
 * - `<squarespace:block-field id="…" columns="12" class="…"/>`: a marker the page fills in once rendered (its
 *   `id` and `class` may hold JSON-T, so it is known only then), see server/theme/block-fields.ts;
 * - `<squarespace:script src="site.js" combo="false"/>` → `<script src="/scripts/site.js"></script>`.
 *
 * Attributes are checked here; every problem has the tag's position in the theme file, and so does every
 * engine problem in the rewritten source (`locate` maps a position back).
 */
import { suggest } from '../../engine/errors.js';
import { offsetAt, positionAt, type ThemeProblem, themeProblem } from './theme-problem.js';

/** What the rewriting needs to know of the theme around the template. */
export interface TagTheme {
  /** The navigations of `template.conf`, in order (the first is the site's main navigation). */
  readonly navigations: readonly string[];
  /** Whether `blocks/{name}` exists (the theme's own or Tessera's). */
  hasBlock(name: string): boolean;
  /** Whether `scripts/{path}` exists in the theme. */
  hasScript(path: string): boolean;
  /** The blocks (`nav.block`) and scripts (`site.js`) there are, for "did you mean" (none when not given). */
  blockNames?(): readonly string[];
  scriptNames?(): readonly string[];
  /** The random word that marks block fields in rendered output (server/theme/block-fields.ts). */
  readonly blockFieldNonce: string;
}

export interface RewrittenTemplate {
  readonly source: string;
  readonly problems: readonly ThemeProblem[];
  /** The position in the theme file of a 1-based line and column of `source`. */
  locate(line: number, column: number): { line: number; column: number };
}

/** The root key of the tags' data in a page context. */
export const TAGS_KEY = 'squarespace-tags';
/** Spec: at most this many query tags per page, each at most this many items. */
export const MAX_QUERIES_PER_PAGE = 8;
export const MAX_QUERY_ITEMS = 100;

export interface QuerySpec {
  readonly collection: string;
  readonly limit: number;
  readonly skip: number;
  readonly category?: string;
  readonly tag?: string;
  readonly featured?: boolean;
}

/** A tag's data is found by a key that holds its attributes (letters and digits only, as a JSON-T path needs). */
export function encodeKey(prefix: string, value: unknown): string {
  return prefix + Buffer.from(JSON.stringify(value)).toString('hex');
}

/** The value `encodeKey` wrote, or undefined for any other key. */
export function decodeKey(prefix: string, key: string): unknown {
  if (!key.startsWith(prefix) || !/^[0-9a-f]*$/.test(key.slice(prefix.length))) return undefined;
  try {
    return JSON.parse(Buffer.from(key.slice(prefix.length), 'hex').toString('utf8'));
  } catch {
    return undefined;
  }
}

/** The key of a navigation in `squarespace-tags.navigation`: `main` for the first, `named-{id}` for the others. */
export function navigationKey(theme: TagTheme, id: string): string {
  return theme.navigations[0] === id ? 'main' : `named-${id}`;
}

/** Block-field markers: `\u0001{nonce} {columns}\u0002{id}\u0002{class}\u0003` (see block-fields.ts). */
export const BLOCK_FIELD_OPEN = '\u0001';
export const BLOCK_FIELD_SEP = '\u0002';
export const BLOCK_FIELD_CLOSE = '\u0003';

interface Attribute {
  readonly value: string;
  /** Offset of the value (of the name when it has none) in the file. */
  readonly at: number;
  /** Offset of the name. */
  readonly nameAt: number;
}

interface Tag {
  readonly name: string;
  readonly start: number;
  readonly end: number;
  readonly attributes: ReadonlyMap<string, Attribute>;
  /** The body's range in the file, for a tag written with a closing tag. */
  readonly body: { readonly start: number; readonly end: number } | null;
}

/** What each tag accepts: its attributes (required or not) and whether a body may stand for `template`. */
const TAGS: Readonly<Record<string, { readonly required: readonly string[]; readonly optional: readonly string[]; readonly body: 'template' | 'none' }>> = {
  navigation: { required: ['navigationId'], optional: ['template'], body: 'template' },
  'folder-navigation': { required: [], optional: ['template'], body: 'template' },
  query: { required: ['collection'], optional: ['limit', 'skip', 'category', 'tag', 'featured', 'template'], body: 'template' },
  category: { required: [], optional: ['collection', 'template'], body: 'template' },
  related: { required: [], optional: ['limit', 'template'], body: 'template' },
  'block-field': { required: ['id'], optional: ['columns', 'class', 'label', 'lock-layout'], body: 'none' },
  script: { required: ['src'], optional: ['combo'], body: 'none' },
};

const OPEN = '<squarespace:';

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

  /** " Did you mean "x"?" when `name` is a likely typo of one of `known`. */
  const near = (name: string, known: readonly string[], shown: (s: string) => string = (s) => s) => {
    const found = suggest(name, known);
    return found === null ? '' : ` Did you mean "${shown(found)}"?`;
  };

  const rewrite = (from: number, to: number) => {
    let at = from;
    while (at < to) {
      const open = source.indexOf(OPEN, at);
      if (open < 0 || open >= to) break;
      emit(source.slice(at, open), at, true);
      const tag = readTag(source, open, to, problem);
      if (tag === null) {
        // unreadable: the rest of this range is kept as it is, so one mistake gives one problem
        emit(source.slice(open, to), open, true);
        return;
      }
      generate(tag);
      at = tag.end;
    }
    emit(source.slice(at, to), at, true);
  };

  const generate = (tag: Tag) => {
    const spec = TAGS[tag.name];
    if (spec === undefined) {
      const known = Object.keys(TAGS);
      const hint = near(tag.name, known, (t) => `<squarespace:${t}>`);
      problem(tag.start, 'UNKNOWN_TAG', `<squarespace:${tag.name}> is not a tag of the platform; it renders nothing${hint === '' ? ` (known: ${known.join(', ')}).` : `.${hint}`}`);
      return;
    }
    for (const name of spec.required) if (!tag.attributes.has(name)) problem(tag.start, 'MISSING_ATTRIBUTE', `<squarespace:${tag.name}> needs the attribute ${name}.`);
    for (const [name, attr] of tag.attributes) {
      if (!spec.required.includes(name) && !spec.optional.includes(name)) problem(attr.nameAt, 'UNKNOWN_ATTRIBUTE', `<squarespace:${tag.name}> has no attribute ${name}; it is ignored.${near(name, [...spec.required, ...spec.optional])}`, 'warning');
    }
    if (tag.body !== null && spec.body === 'none') problem(tag.start, 'UNEXPECTED_BODY', `<squarespace:${tag.name}> takes no body; write it as <squarespace:${tag.name} … />.`);
    const plain = (name: string): string | undefined => {
      const attr = tag.attributes.get(name);
      if (attr === undefined) return undefined;
      if (attr.value.includes('{')) {
        problem(attr.at, 'DYNAMIC_ATTRIBUTE', `The ${name} of <squarespace:${tag.name}> must be plain text, not JSON-T.`);
        return undefined;
      }
      return attr.value.trim();
    };
    const count = (name: string, min: number, max: number, fallback: number): number => {
      const text = plain(name);
      if (text === undefined) return fallback;
      const n = /^\d+$/.test(text) ? Number(text) : NaN;
      if (!(n >= min && n <= max)) {
        problem(tag.attributes.get(name)!.at, 'INVALID_ATTRIBUTE', `The ${name} of <squarespace:${tag.name}> must be a whole number from ${min} to ${max}; ${fallback} is used.`);
        return fallback;
      }
      return n;
    };
    /** The template the tag renders its data with: its body as a macro, else `blocks/{template}.block`. */
    const partial = (): { define: string; name: string } | null => {
      const template = plain('template');
      if (tag.body !== null && spec.body === 'template') {
        if (template !== undefined) problem(tag.attributes.get('template')!.at, 'UNEXPECTED_BODY', `<squarespace:${tag.name}> has both a template and a body; the body is used.`, 'warning');
        const { line, column } = positionAt(source, tag.start);
        const name = `squarespace-${tag.name}-${line}-${column}`;
        return { define: `{.macro ${name}}`, name };
      }
      if (template === undefined || template === '') {
        problem(tag.start, 'MISSING_ATTRIBUTE', `<squarespace:${tag.name}> needs a template (a block's name) or a body.`);
        return null;
      }
      const block = template.endsWith('.block') ? template : `${template}.block`;
      if (!/^[\w-]+\.block$/.test(block) || !theme.hasBlock(block)) {
        const hint = near(template.replace(/\.block$/, ''), (theme.blockNames?.() ?? []).map((b) => b.replace(/\.block$/, '')));
        problem(tag.attributes.get('template')!.at, 'UNKNOWN_PARTIAL', `The template "${template}" of <squarespace:${tag.name}> is not a block of the theme (blocks/${block}).${hint}`);
        return null;
      }
      return { define: '', name: block };
    };
    /** `{path|apply template}`, the body defined first as a macro; `when` wraps it in an `.if` on that path. */
    const applyTo = (path: string, when?: string) => {
      const p = partial();
      if (p === null) return;
      if (when !== undefined) emit(`{.if ${when}}`, tag.start, false);
      if (p.define !== '') {
        emit(p.define, tag.start, false);
        rewrite(tag.body!.start, tag.body!.end);
        emit('{.end}', tag.start, false);
      }
      emit(`{${path}|apply ${p.name}}`, tag.start, false);
      if (when !== undefined) emit('{.end}', tag.start, false);
    };

    switch (tag.name) {
      case 'navigation': {
        const id = plain('navigationId');
        if (id === undefined) return;
        if (!theme.navigations.includes(id)) {
          problem(tag.attributes.get('navigationId')!.at, 'UNKNOWN_NAVIGATION', `The navigation "${id}" is not listed in template.conf's navigations (${theme.navigations.join(', ') || 'none'}).${near(id, theme.navigations)}`);
          return;
        }
        return applyTo(`${TAGS_KEY}.navigation.${navigationKey(theme, id)}`);
      }
      case 'folder-navigation':
        return applyTo(`${TAGS_KEY}.folderNavigation`, `${TAGS_KEY}.folderNavigation`);
      case 'query': {
        const collection = plain('collection');
        if (collection === undefined) return;
        const featured = plain('featured');
        const category = plain('category');
        const tagName = plain('tag');
        if (featured !== undefined && featured !== 'true' && featured !== 'false') problem(tag.attributes.get('featured')!.at, 'INVALID_ATTRIBUTE', 'The featured of <squarespace:query> must be true or false.');
        const query: QuerySpec = {
          collection: collection.replace(/^\//, ''),
          limit: count('limit', 1, MAX_QUERY_ITEMS, MAX_QUERY_ITEMS),
          skip: count('skip', 0, 10_000, 0),
          ...(category ? { category } : {}),
          ...(tagName ? { tag: tagName } : {}),
          ...(featured === 'true' ? { featured: true } : {}),
        };
        return applyTo(`${TAGS_KEY}.query.${encodeKey('q', query)}`);
      }
      case 'category': {
        const collection = plain('collection')?.replace(/^\//, '') ?? '';
        return applyTo(`${TAGS_KEY}.category.${encodeKey('c', collection)}`);
      }
      case 'related': {
        const limit = count('limit', 1, MAX_QUERY_ITEMS, 3);
        const path = `${TAGS_KEY}.related.${encodeKey('r', limit)}`;
        return applyTo(path, `${path}.items`);
      }
      case 'block-field': {
        const id = tag.attributes.get('id');
        if (id === undefined) return;
        const columns = count('columns', 1, 12, 12);
        const cls = tag.attributes.get('class');
        emit(`${BLOCK_FIELD_OPEN}${theme.blockFieldNonce} ${columns}${BLOCK_FIELD_SEP}`, tag.start, false);
        emit(id.value, id.at, true);
        emit(BLOCK_FIELD_SEP, tag.start, false);
        if (cls !== undefined) emit(cls.value, cls.at, true);
        emit(BLOCK_FIELD_CLOSE, tag.start, false);
        return;
      }
      case 'script': {
        const src = plain('src');
        const combo = plain('combo');
        if (combo !== undefined && combo !== 'true' && combo !== 'false') problem(tag.attributes.get('combo')!.at, 'INVALID_ATTRIBUTE', 'The combo of <squarespace:script> must be true or false.', 'warning');
        if (src === undefined) return;
        const path = src.replace(/^\/?scripts\//, '').replace(/^\//, '');
        if (!theme.hasScript(path)) {
          problem(tag.attributes.get('src')!.at, 'UNKNOWN_SCRIPT', `The script "${src}" is not a file in the theme's scripts/ folder.${near(path, theme.scriptNames?.() ?? [])}`);
          return;
        }
        const url = `/scripts/${path.split('/').map(encodeURIComponent).join('/')}`;
        emit(`<script src="${url}"></script>`, tag.start, false);
        return;
      }
    }
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

const NAME_START = /[A-Za-z_:]/;
const NAME_CHAR = /[-A-Za-z0-9_:.]/;
const SPACE = /\s/;

/** Reads the tag at `start` (`<squarespace:…`): its attributes and body; null (with a problem) when it is unreadable. */
function readTag(source: string, start: number, limit: number, problem: (offset: number, code: string, message: string) => void): Tag | null {
  let i = start + OPEN.length;
  const nameStart = i;
  while (i < limit && /[a-z-]/.test(source[i]!)) i++;
  const name = source.slice(nameStart, i);
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
  const closeTag = `</squarespace:${name}>`;
  let depth = 1;
  let j = bodyStart;
  while (depth > 0) {
    const nextClose = source.indexOf(closeTag, j);
    if (nextClose < 0 || nextClose >= limit) {
      problem(start, 'UNCLOSED_TAG', `<squarespace:${name}> has no ${closeTag} (or write it as <squarespace:${name} … />).`);
      return null;
    }
    const nextOpen = nextOpenTag(source, name, j, nextClose);
    if (nextOpen >= 0) {
      depth++;
      j = nextOpen + OPEN.length + name.length;
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
  const open = `${OPEN}${name}`;
  let at = source.indexOf(open, from);
  while (at >= 0 && at < limit) {
    const after = source[at + open.length];
    if (after !== undefined && (SPACE.test(after) || after === '>' || after === '/')) {
      const end = source.indexOf('>', at);
      if (end >= 0 && source[end - 1] !== '/') return at;
    }
    at = source.indexOf(open, at + 1);
  }
  return -1;
}
