/**
 * `<script src>` tags of a theme's template that load a well-known library from a public CDN (jQuery from
 * ajax.googleapis.com, code.jquery.com, cdnjs: server/libraries/cdn-urls.ts), and how the template is
 * rewritten when it loads so the page gets the local copy of the same major line instead
 * (server/libraries/library-files.ts): the `src` becomes the local file's URL and an `integrity` attribute,
 * which holds the hash of the CDN's own file and would make the browser refuse the local one, is dropped.
 * Nothing is done per request. Each rewrite is a warning at the `src`, saying which URL and which local
 * version serves it.
 */
import { cdnLibraryOf } from '../libraries/cdn-urls.js';
import { localLibraries } from '../libraries/library-files.js';

/** Replace `source[start, end)` with `text`. */
export interface TemplateEdit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** One CDN script tag: the edits that make it local (in order), and the warning at its `src`. */
export interface CdnScriptTag {
  readonly edits: readonly TemplateEdit[];
  readonly at: number;
  readonly message: string;
}

export const LOCAL_LIBRARY = 'LOCAL_LIBRARY';

const SCRIPT_OPEN = /<script\b[^>]*>/gi;
const ATTRIBUTE = /\s([^\s=>"'/]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s"'>]+))?/g;

/** The CDN script tags opening in `source[from, to)`, in order. */
export function cdnScriptTags(source: string, from: number, to: number): CdnScriptTag[] {
  const found: CdnScriptTag[] = [];
  SCRIPT_OPEN.lastIndex = from;
  for (let tag = SCRIPT_OPEN.exec(source); tag !== null && tag.index + tag[0].length <= to; tag = SCRIPT_OPEN.exec(source)) {
    let src: { start: number; value: string } | null = null;
    let integrity: { start: number; end: number } | null = null;
    ATTRIBUTE.lastIndex = 0;
    for (let a = ATTRIBUTE.exec(tag[0]); a !== null; a = ATTRIBUTE.exec(tag[0])) {
      const name = a[1]!.toLowerCase();
      const raw = a[2];
      if (name === 'src' && raw !== undefined) {
        const quoted = raw.startsWith('"') || raw.startsWith("'");
        src = { start: tag.index + a.index + a[0].length - raw.length + (quoted ? 1 : 0), value: quoted ? raw.slice(1, -1) : raw };
      } else if (name === 'integrity') integrity = { start: tag.index + a.index, end: tag.index + a.index + a[0].length };
    }
    if (src === null) continue;
    const asked = cdnLibraryOf(src.value);
    const local = asked === null ? null : localLibraries().forCdn(asked);
    if (asked === null || local === null) continue;
    const edits: TemplateEdit[] = [{ start: src.start, end: src.start + src.value.length, text: local.url }];
    if (integrity !== null) edits.push({ ...integrity, text: '' });
    edits.sort((a, b) => a.start - b.start);
    const [, minor] = asked.version.split('.').map(Number);
    const removed =
      asked.major === 1 && minor !== undefined && minor < 9
        ? ' jQuery 1.9 removed .live(), .die(), $.browser and more: if the theme\'s scripts use them, add jQuery Migrate to its scripts/.'
        : '';
    found.push({
      edits,
      at: src.start,
      message: `The script ${src.value} (jQuery ${asked.version}${asked.slim ? ' slim' : ''} on a public CDN) is served from this server as ${local.title}, the last release of its ${asked.major}.x line, since Tessera's content policy lets no page load from another host.${integrity === null ? '' : ' Its integrity attribute (the CDN file\'s hash) is dropped.'}${removed}`,
    });
  }
  return found;
}
