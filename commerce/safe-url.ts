/**
 * The one rule for a URL that the store keeps and a page or a script later follows (issue 30): a navigation
 * link, a block's button, a form's success redirect, the instalment modal's host. Used when the owner writes
 * it and again where it is used (server redirects, page markup, the islands), since a value may reach the
 * store by another road (an import, a direct write, an older version).
 *
 * A URL passes as one of:
 * - a **site path**: `/`, `/shop?x=1#top`; never `//host` nor `/\host`, which browsers read as another host;
 * - a **web address** where the use allows one: `http:` or `https:` with a host;
 * - for links a visitor clicks, also `mailto:` and `tel:`.
 * Anything else (`javascript:`, `data:`, `vbscript:`, a relative path, a bare `//host`) is refused.
 *
 * The rule reads a URL as a browser does (the WHATWG URL standard): leading and trailing spaces and control
 * characters are dropped, tabs and newlines anywhere are dropped (`/\t/example.com` is `//example.com` to a
 * browser), and in a path a backslash is a slash (`/\example.com` is `//example.com`). What passes is given back
 * in that cleaned form, so what the store writes into a page is what the browser will follow; callers write the
 * returned string, never the raw one.
 */

/** What a use of a URL allows besides a site path. */
export type UrlUse = 'site' | 'web' | 'link';

/** C0 controls and space, which the URL parser trims from both ends. */
const EDGES = /^[\u0000-\u0020]+|[\u0000-\u0020]+$/g;
/** Tab, line feed and carriage return, which the URL parser removes wherever they are. */
const TAB_OR_NEWLINE = /[\t\n\r]/g;

/** `raw` as the URL parser sees it before parsing: trimmed, without tabs and newlines. */
export function cleanUrlText(raw: string): string {
  return raw.replace(EDGES, '').replace(TAB_OR_NEWLINE, '');
}

/** A site path in the form a browser resolves: backslashes of the path (before `?` or `#`) as slashes. */
function sitePath(text: string): string | null {
  if (!text.startsWith('/') && !text.startsWith('\\')) return null;
  const end = text.search(/[?#]/);
  const path = (end < 0 ? text : text.slice(0, end)).replaceAll('\\', '/');
  const out = path + (end < 0 ? '' : text.slice(end));
  return out.startsWith('//') ? null : out;
}

/** `mailto:` and `tel:` with something after them and no space (a link a visitor may click). */
const MAIL_OR_PHONE = /^(?:mailto|tel):[^\s]+$/i;

/**
 * `raw` in the cleaned form a browser follows when it is a site path, or (as `use` allows) an http(s) address
 * (`web`, `link`) or a mail or phone link (`link`); null when it is none of these.
 */
export function safeUrl(raw: unknown, use: UrlUse): string | null {
  if (typeof raw !== 'string') return null;
  const text = cleanUrlText(raw);
  if (text === '') return null;
  const path = sitePath(text);
  if (path !== null) return path;
  if (text.startsWith('/') || text.startsWith('\\') || use === 'site') return null;
  if (use === 'link' && MAIL_OR_PHONE.test(text)) return text;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '' ? url.href : null;
}

/** Whether `raw` passes the rule for `use` (an owner's write is refused when it does not). */
export const isSafeUrl = (raw: unknown, use: UrlUse): boolean => safeUrl(raw, use) !== null;
