/**
 * What each `<squarespace:…>` tag accepts, and what the text of each attribute asks for: the one place the
 * platform's attribute rules live (platform notes, tags.md §2). The platform runs JSON-T over the whole
 * template, attributes included, before it processes the tags (tags.md §1), so an attribute's text is read the
 * same way whether it is plain in the theme's file (read once, when the template is loaded:
 * server/theme/platform-tags.ts) or holds JSON-T rendered where the tag stands (read at each render:
 * server/theme/tag-formatter.ts).
 *
 * A value the platform would take with a limit (a `limit` over 100) is a warning and the limit is used; a
 * value that names nothing (a navigation `template.conf` does not list, a block or script the theme lacks) is
 * an error and the tag renders nothing, as on the platform's dev server (which prints `ERROR: Invalid block
 * template` for a missing block; a visitor here sees nothing, the author gets the problem). So is a script
 * that is source only the theme's build makes runnable: loaded, it would throw.
 */
import { suggest } from '../../engine/errors.js';
import { MAX_QUERY_ITEMS } from './platform-data.js';
import { type BuildNeed, buildNeedMessage } from './script-build-need.js';

/** What the reading of tags needs to know of the theme around a template. */
export interface TagTheme {
  /** The navigations of `template.conf`, in order (the first is the site's main navigation). */
  readonly navigations: readonly string[];
  /** Whether `blocks/{name}` exists (the theme's own or Tessera's). */
  hasBlock(name: string): boolean;
  /**
   * The path under `scripts/` of the script a tag names: `path` itself when the file exists, else the one file
   * of that name in a sub-folder (a source tree whose build flattens `scripts/`), else null.
   */
  findScript(path: string): string | null;
  /** Whether the script at `path` under `scripts/` is source only the theme's build can make runnable (script-build-need.ts). */
  scriptBuildNeed?(path: string): BuildNeed | null;
  /** The blocks (`nav.block`) and scripts (`site.js`) there are, for "did you mean" (none when not given). */
  blockNames?(): readonly string[];
  scriptNames?(): readonly string[];
}

export interface AttributeProblem {
  readonly code: string;
  readonly message: string;
  readonly severity: 'error' | 'warning';
}

/** An attribute's text read: the value the tag uses (undefined: the attribute's default), and what is wrong. */
export interface AttributeReading {
  readonly value?: unknown;
  readonly problem?: AttributeProblem;
}

/** Where an attribute is read: the theme, the tag's name (`query`) and the attribute's (`limit`). */
interface At {
  readonly theme: TagTheme;
  readonly tag: string;
  readonly name: string;
}

interface AttributeRule {
  read(text: string, at: At): AttributeReading;
  /** False for attributes that change nothing Tessera renders (`label`, `combo`): never rendered when JSON-T. */
  readonly shown: boolean;
}

/** What a tag's data is shown with: a body or a block (`template`), nothing (its output is its own), raw text. */
export type TagBody = 'template' | 'none' | 'raw';

export interface TagSpec {
  readonly attributes: Readonly<Record<string, AttributeRule>>;
  readonly required: readonly string[];
  readonly body: TagBody;
}

const error = (code: string, message: string): AttributeReading => ({ problem: { code, message, severity: 'error' } });

/** " Did you mean …?" when `name` is a likely slip of one of `known` (shown as `shown` makes it), else ''. */
export function didYouMean(name: string, known: readonly string[], shown: (s: string) => string = (s) => s): string {
  const found = suggest(name, known);
  return found === null ? '' : ` Did you mean "${shown(found)}"?`;
}

/** Any text, as written (trimmed). */
const text: AttributeRule = { shown: true, read: (t) => ({ value: t }) };
/** Accepted and unused: what the platform's editor reads (`label`, `lock-layout`) or what Tessera ignores. */
const unused: AttributeRule = { shown: false, read: () => ({}) };

/** A whole number from `min` to `max`; beyond them the nearest limit, with a warning (the platform's caps). */
const whole = (min: number, max: number, fallback: number): AttributeRule => ({
  shown: true,
  read(t, { tag, name }) {
    const what = `The ${name} of <squarespace:${tag}>`;
    if (!/^-?\d+$/.test(t)) return { value: fallback, problem: { code: 'INVALID_ATTRIBUTE', message: `${what} must be a whole number from ${min} to ${max}, not "${t}"; ${fallback} is used.`, severity: 'warning' } };
    const n = Number(t);
    if (n >= min && n <= max) return { value: n };
    const used = n < min ? min : max;
    return { value: used, problem: { code: 'INVALID_ATTRIBUTE', message: `${what} is at most ${max} on the platform${min > 0 ? ` and at least ${min}` : ''}; ${used} is used for ${t}.`, severity: 'warning' } };
  },
});

/** `true` or `false` (any case); anything else is false, with a warning. */
const yesNo: AttributeRule = {
  shown: true,
  read(t, { tag, name }) {
    const v = t.toLowerCase();
    if (v === 'true' || v === 'false') return { value: v === 'true' };
    return { value: false, problem: { code: 'INVALID_ATTRIBUTE', message: `The ${name} of <squarespace:${tag}> must be true or false, not "${t}"; false is used.`, severity: 'warning' } };
  },
};

/** `true` or `false`, checked and not used (`combo`: each script is served on its own). */
const ignoredYesNo: AttributeRule = { shown: false, read: (t, at) => ({ problem: yesNo.read(t, at).problem }) };

/** A collection's address: its `urlId` (`blog`, `work/it-services`), a leading or trailing `/` allowed. */
const collection: AttributeRule = { shown: true, read: (t) => ({ value: t.replace(/^\/+|\/+$/g, '') }) };

/** A navigation of `template.conf`. */
const navigation: AttributeRule = {
  shown: true,
  read(t, { theme }) {
    if (theme.navigations.includes(t)) return { value: t };
    return error('UNKNOWN_NAVIGATION', `The navigation "${t}" is not listed in template.conf's navigations (${theme.navigations.join(', ') || 'none'}).${didYouMean(t, theme.navigations)}`);
  },
};

/** A block of the theme (`nav` or `nav.block` → `nav.block`). */
const template: AttributeRule = {
  shown: true,
  read(t, { theme, tag }) {
    const name = t.endsWith('.block') ? t : `${t}.block`;
    if (/^[\w-]+(\/[\w-]+)*\.block$/.test(name) && theme.hasBlock(name)) return { value: name };
    const hint = didYouMean(t.replace(/\.block$/, ''), (theme.blockNames?.() ?? []).map((b) => b.replace(/\.block$/, '')));
    return error('UNKNOWN_PARTIAL', `The template "${t}" of <squarespace:${tag}> is not a block of the theme (blocks/${name}).${hint}`);
  },
};

/** A file of the theme's `scripts/`, as the URL it is served at. */
const script: AttributeRule = {
  shown: true,
  read(t, { theme }) {
    const path = t.replace(/^\/?scripts\//, '').replace(/^\//, '');
    const found = path === '' ? null : theme.findScript(path);
    if (found === null) return error('UNKNOWN_SCRIPT', `The script "${t}" is not a file in the theme's scripts/ folder.${didYouMean(path, theme.scriptNames?.() ?? [])}`);
    // source its build bundles (ES-module imports, CommonJS requires) would throw in the browser: not loaded
    const need = theme.scriptBuildNeed?.(found) ?? null;
    if (need !== null) return error('SCRIPT_NEEDS_BUILD', buildNeedMessage(`scripts/${found}`, need));
    const value = `/scripts/${found.split('/').map(encodeURIComponent).join('/')}`;
    if (found === path) return { value };
    // a source tree (hnp's scripts/sqs-core/) that its build flattens into scripts/
    return { value, problem: { code: 'MOVED_SCRIPT', message: `The script "${t}" is not in scripts/ itself; scripts/${found} is used (the only file of that name).`, severity: 'warning' } };
  },
};

/** A file of the theme's `versioned-assets/` (its URL; the server serves the folder). */
const versionedAsset: AttributeRule = {
  shown: true,
  read(t) {
    const path = t.replace(/^\/?versioned-assets\//, '').replace(/^\//, '');
    if (path === '' || path.split('/').some((s) => s === '..' || s === '.' || s === '')) return error('INVALID_ATTRIBUTE', `"${t}" is not a file name in versioned-assets/.`);
    return { value: `/versioned-assets/${path.split('/').map(encodeURIComponent).join('/')}` };
  },
};

/**
 * The tags Tessera renders (tags.md §2) and each one's attributes. Names are matched in lower case, as the
 * platform matches tag names; attribute names as written.
 */
export const TAGS: Readonly<Record<string, TagSpec>> = {
  navigation: { required: ['navigationId'], attributes: { navigationId: navigation, template, title: unused, description: unused }, body: 'template' },
  'folder-navigation': { required: [], attributes: { template }, body: 'template' },
  query: {
    required: ['collection'],
    attributes: { collection, limit: whole(1, MAX_QUERY_ITEMS, MAX_QUERY_ITEMS), skip: whole(0, 10, 0), category: text, tag: text, featured: yesNo, template },
    body: 'template',
  },
  category: { required: [], attributes: { collection, template }, body: 'template' },
  related: { required: [], attributes: { limit: whole(1, MAX_QUERY_ITEMS, 3), template }, body: 'template' },
  'related-products': { required: [], attributes: { limit: whole(1, MAX_QUERY_ITEMS, 3), template }, body: 'template' },
  'block-field': { required: ['id'], attributes: { id: text, columns: whole(1, 12, 12), class: text, label: unused, 'lock-layout': unused }, body: 'none' },
  script: { required: ['src'], attributes: { src: script, combo: ignoredYesNo }, body: 'none' },
  'versioned-asset': { required: ['src'], attributes: { src: versionedAsset }, body: 'none' },
  escape: { required: [], attributes: {}, body: 'raw' },
  comments: { required: [], attributes: {}, body: 'none' },
  'social-share': { required: [], attributes: {}, body: 'none' },
};

/**
 * Tags the platform knows whose data Tessera does not have (tags.md §2: no public description of their
 * context): `index` (an index page's data) and `block` (a single platform block). They render nothing.
 */
export const UNSUPPORTED_TAGS: ReadonlySet<string> = new Set(['index', 'block']);

/** Reads the text of attribute `name` of tag `tag` (known to `TAGS`). */
export function readAttribute(tag: string, name: string, value: string, theme: TagTheme): AttributeReading {
  const rule = TAGS[tag]?.attributes[name];
  return rule === undefined ? {} : rule.read(value.trim(), { theme, tag, name });
}

/** Whether the attribute changes what Tessera renders (else its JSON-T is never rendered). */
export function isShown(tag: string, name: string): boolean {
  return TAGS[tag]?.attributes[name]?.shown === true;
}
