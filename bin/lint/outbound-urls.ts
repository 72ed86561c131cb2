/**
 * URLs on another host that a platform theme's page would load: a template's `src`, `srcset`, `poster` or a
 * loading `<link href>` (a stylesheet, an icon, a preload; not a link a visitor clicks, `<a href>`), a CSS
 * `url()` in a template or a stylesheet, and a served stylesheet's `@import`. Tessera's content policy
 * (server/security/content-policy.ts) blocks each in the browser unless the owner allows its origin, so
 * `tessera check` says so, summed per rule as the other lints (bin/check.ts `LINT_RULES`): a theme written for
 * the platform can name hundreds (baldface's event page's pictures on its own site's CDN). A `<script src>` of
 * jQuery on a public CDN is not one: it is served from here (server/theme/cdn-script-tags.ts).
 */
import { cdnLibraryOf } from '../../server/libraries/cdn-urls.js';
import { ALLOWED_ORIGINS_VARIABLE } from '../../server/security/allowed-origins.js';

export const OUTBOUND_URL = 'OUTBOUND_URL';

export interface OutboundUrl {
  readonly offset: number;
  readonly message: string;
}

/** An absolute or protocol-relative URL of another host: `https://…`, `http://…`, `//…`. */
const REMOTE = /^(?:https?:)?\/\/[^/\s"'<>]/i;
/** `<link rel>` keywords whose `href` the browser loads (the others, `canonical`, `alternate`…, name a page). */
const LOADING_RELS = new Set(['stylesheet', 'icon', 'shortcut', 'apple-touch-icon', 'apple-touch-icon-precomposed', 'mask-icon', 'preload', 'prefetch', 'modulepreload', 'manifest', 'preconnect', 'dns-prefetch']);
const LOADING_ATTRIBUTES = new Set(['src', 'srcset', 'poster', 'href']);
/** `<link rel>` keywords that open a connection (DNS, TCP, TLS) without a request. */
const CONNECTION_HINTS = new Set(['preconnect', 'dns-prefetch']);
const OPEN_TAG = /<([a-zA-Z][\w-]*)\b((?:[^>"']|"[^"]*"|'[^']*')*)>/g;
const ATTRIBUTE = /\s([^\s=>"'/]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s"'>]+))?/g;
const CSS_URL = /url\(\s*(["']?)((?:https?:)?\/\/[^"')\s]+)\1\s*\)/gi;
const CSS_IMPORT = /@import\s+(?:url\(\s*)?(["'])((?:https?:)?\/\/[^"']+)\1/gi;

/** The origin a URL asks (a protocol-relative one as https), for the owner's setting. */
function originOf(url: string): string {
  const host = /^(?:(https?):)?\/\/([^/?#\s"'<>]+)/i.exec(url);
  return host === null ? url : `${(host[1] ?? 'https').toLowerCase()}://${host[2]!.toLowerCase()}`;
}

const message = (url: string, what: string) =>
  `${url} (${what}) is on another host: blocked by Tessera's content policy unless its origin (${originOf(url)}) is in ${ALLOWED_ORIGINS_VARIABLE}.`;

/** CSS `url()`s of other hosts in `text[from, to)` (a stylesheet, a `<style>` element, a `style` attribute). */
function cssUrls(text: string, from: number, to: number, found: OutboundUrl[], imports: boolean): void {
  const part = text.slice(from, to);
  for (const m of part.matchAll(CSS_URL)) {
    // `@import url(…)` is an import (below)
    if (/@import\s*$/i.test(part.slice(Math.max(0, m.index - 20), m.index))) continue;
    found.push({ offset: from + m.index + m[0].indexOf(m[2]!), message: message(m[2]!, 'a CSS url()') });
  }
  if (!imports) return;
  for (const m of part.matchAll(CSS_IMPORT)) found.push({ offset: from + m.index + m[0].indexOf(m[2]!), message: message(m[2]!, 'a CSS @import') });
}

/** `source` with its HTML and JSON-T comments blanked (offsets kept): what they hold is never loaded. */
const withoutComments = (source: string) => source.replace(/<!--[\s\S]*?(?:-->|$)|\{##[\s\S]*?(?:##\}|$)|\{#[^}]*\}/g, (c) => c.replace(/[^\n]/g, ' '));

/** What a template (its raw text, JSON-T and platform tags as written) would load from other hosts. */
export function outboundTemplateUrls(template: string): OutboundUrl[] {
  const source = withoutComments(template);
  const found: OutboundUrl[] = [];
  let cssFrom = 0;
  for (const tag of source.matchAll(OPEN_TAG)) {
    const element = tag[1]!.toLowerCase();
    const attributes = new Map<string, { value: string; at: number }>();
    for (const a of tag[2]!.matchAll(ATTRIBUTE)) {
      const raw = a[2];
      if (raw === undefined) continue;
      const quoted = raw.startsWith('"') || raw.startsWith("'");
      const at = tag.index + 1 + tag[1]!.length + a.index + a[0].length - raw.length + (quoted ? 1 : 0);
      attributes.set(a[1]!.toLowerCase(), { value: quoted ? raw.slice(1, -1) : raw, at });
    }
    // a link a visitor follows is not a request of the page
    const rels = (attributes.get('rel')?.value ?? '').toLowerCase().split(/\s+/);
    const hrefLoads = element === 'link' ? rels.some((r) => LOADING_RELS.has(r)) : element !== 'a' && element !== 'area' && element !== 'base';
    for (const [name, { value, at }] of attributes) {
      if (!LOADING_ATTRIBUTES.has(name) || (name === 'href' && !hrefLoads)) continue;
      if (name === 'src' && element === 'script' && cdnLibraryOf(value) !== null) continue;
      // a srcset lists several URLs, each with its width
      const urls = name === 'srcset' ? value.split(',').map((c) => c.trim().split(/\s+/)[0] ?? '') : [value];
      // a connection hint is no request, so no content policy covers it: the connection leaves all the same
      const hint = element === 'link' && name === 'href' && rels.some((r) => CONNECTION_HINTS.has(r));
      for (const url of urls) {
        if (!REMOTE.test(url)) continue;
        const text = hint
          ? `${url} (<link rel="${rels.join(' ')}">) opens a connection to another host, which no content policy blocks: remove it (it is only a hint, and nothing of that host loads here unless its origin is in ${ALLOWED_ORIGINS_VARIABLE}).`
          : message(url, `<${element} ${name}>`);
        found.push({ offset: at + value.indexOf(url), message: text });
      }
    }
    const style = attributes.get('style');
    if (style !== undefined) cssUrls(source, style.at, style.at + style.value.length, found, false);
    // the text of a <style> element, up to its end tag
    const end = tag.index + tag[0].length;
    if (element === 'style' && end >= cssFrom) {
      const close = source.toLowerCase().indexOf('</style', end);
      cssFrom = close < 0 ? source.length : close;
      cssUrls(source, end, cssFrom, found, true);
    }
  }
  return found.sort((a, b) => a.offset - b.offset);
}

/**
 * What a stylesheet loads from other hosts: its `url()`s, and its `@import`s when it is served as written (a
 * `.css` of `assets/`); the theme's LESS leaves a remote `@import` out of the compiled stylesheet itself, with
 * a warning of its own (`LESS_IMPORT`).
 */
export function outboundStylesheetUrls(text: string, compiled: boolean): OutboundUrl[] {
  const found: OutboundUrl[] = [];
  cssUrls(text, 0, text.length, found, !compiled);
  return found.sort((a, b) => a.offset - b.offset);
}
