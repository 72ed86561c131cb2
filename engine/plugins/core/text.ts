/** Text helpers behind the core formatters. Each scans once and returns its input when nothing changes. */

const HTML_SPECIAL = /[&<>]/;
const ATTR_SPECIAL = /[&<>"]/;

/** Escape `& < >`. */
export function escapeHtml(s: string): string {
  return escapeFrom(s, s.search(HTML_SPECIAL), false);
}

/** Escape `& < > "` for attribute values. */
export function escapeAttr(s: string): string {
  return escapeFrom(s, s.search(ATTR_SPECIAL), true);
}

/**
 * Escape from the first special character on. Measured: a regex search to find the first one, then a
 * character loop, beats both `replace` with a callback and chained replaces, on short and long text.
 */
function escapeFrom(s: string, first: number, quotes: boolean): string {
  if (first < 0) return s;
  let out = s.slice(0, first);
  let last = first;
  for (let i = first; i < s.length; i++) {
    let r: string;
    switch (s.charCodeAt(i)) {
      case 38:
        r = '&amp;';
        break;
      case 60:
        r = '&lt;';
        break;
      case 62:
        r = '&gt;';
        break;
      case 34:
        if (!quotes) continue;
        r = '&quot;';
        break;
      default:
        continue;
    }
    if (i > last) out += s.slice(last, i);
    out += r;
    last = i + 1;
  }
  return out + s.slice(last);
}

/** Remove HTML tags, keeping their text. */
export function stripTags(s: string): string {
  return s.indexOf('<') < 0 ? s : s.replace(/<[^>]*>/g, '');
}

/**
 * Lower case, ASCII letters, digits, whitespace and dashes kept, everything else dropped, then each run of
 * whitespace becomes one dash (dashes stay as they are, the ends are not trimmed), as on the platform.
 */
export function slugify(s: string): string {
  return s
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, '')
    .replace(/\s+/g, '-');
}

/**
 * Curly quotes and em dashes with the platform's rules: `--` is an em dash (so `---` is one and a hyphen); a
 * single quote opens at the start of a line or after `( [ - — "` or a lowercase `s` (`Charles' book` gets an
 * opening quote there too; not after a space); a double quote opens at
 * the start or after whitespace, `( [ - — ‘` (not after `{`); every other quote closes.
 */
export function smartypants(s: string): string {
  return s
    .replace(/--/g, '\u2014')
    .replace(/(^|[-\u2014(["s\\])'/gm, '$1\u2018')
    .replace(/'/g, '\u2019')
    .replace(/(^|[\s\-\u2014(\[\u2018/])"/g, '$1\u201c')
    .replace(/"/g, '\u201d');
}

/**
 * Cut `s` to at most `max` characters at the last whitespace inside the limit (keeping it), then append
 * the ellipsis; a string within the limit is returned as it is.
 */
export function truncateAtWhitespace(s: string, max: number, ellipsis: string): string {
  if (s.length <= max) return s;
  let end = max;
  // Never split a surrogate pair.
  const last = s.charCodeAt(end - 1);
  if (end > 0 && last >= 0xd800 && last <= 0xdbff) end--;
  const head = s.slice(0, end);
  const cut = lastWhitespace(head);
  return (cut < 0 ? head : head.slice(0, cut + 1)) + ellipsis;
}

const SPACE = /\s/;

function lastWhitespace(s: string): number {
  for (let i = s.length - 1; i >= 0; i--) {
    const c = s.charCodeAt(i);
    // ASCII fast path; anything else is asked of the regex.
    if (c === 32 || (c >= 9 && c <= 13)) return i;
    if (c > 127 && SPACE.test(s[i]!)) return i;
  }
  return -1;
}
