/**
 * A multilingual site's answers under a language's prefix (issue 27): every link of a page asked under `/de`
 * stays under `/de` (the root-relative `href`, `action` and `formaction` of its HTML, the assets', the owner's
 * `/config` and the JSON API's links apart), and a redirect to a path of the site goes under it too (a cart
 * form's 303 back to `/cart` is `/de/cart`). On every page of a multilingual site the language links' stand-ins
 * (server/multilingual/language-links.ts) become the page's own address. A site with one language is not
 * touched: the hook answers at once.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Store } from '../db/database.js';
import { escapeHtml } from '../escape-html.js';
import { publicUrlFromEnv } from '../security/public-url.js';
import { fillLanguageLinks } from './language-links.js';
import { requestServedLanguage } from './request-language.js';
import { siteLanguages } from '../site-data.js';

/** Paths that are the same in every language: assets, icons, the owner's admin. */
const SHARED_PATH = /^\/(?:static|versioned-assets|scripts|s|assets|config)(?:[/?#]|$)|^\/favicon\./;
/** The JSON API is not a page: its links (a picture's `href`) stay as they are; forms that post to it go under the prefix. */
const API_PATH = /^\/api(?:[/?#]|$)/;
const LINK = /(\s(href|action|formaction)\s*=\s*)(["'])(\/(?!\/)[^"']*)\3/gi;

const HTML_TAG = /<html(?=[\s>])/i;

/**
 * The HTML with its links to this site's pages under `prefix`, and the prefix on its `<html>` element
 * (`data-path-prefix`), where the islands read it for the links they make themselves (hydrate/site-path.ts).
 */
export function prefixLinks(html: string, prefix: string): string {
  return html.replace(HTML_TAG, `<html data-path-prefix="${prefix}"`).replace(LINK, (whole, before: string, name: string, quote: string, path: string) =>
    SHARED_PATH.test(path) || (name.toLowerCase() === 'href' && API_PATH.test(path)) ? whole : `${before}${quote}${prefix}${path}${quote}`,
  );
}

/** A redirect's target under `prefix` when it is a path of this site's pages. */
export const prefixLocation = (location: string, prefix: string): string =>
  location.startsWith('/') && !location.startsWith('//') && !SHARED_PATH.test(location) ? `${prefix}${location}` : location;

/** The page's address without `format` (a page asked as JSON links to the page). */
function pagePath(request: FastifyRequest): string {
  const url = new URL(request.url, 'http://x');
  url.searchParams.delete('format');
  return `${url.pathname}${url.search}`;
}

export function installLanguagePaths(app: FastifyInstance, store: Store): void {
  const publicUrl = publicUrlFromEnv();
  // a callback hook, not an async one: a promise per answer, and an answer still unfinished when an async handler's
  // `reply` is awaited (Fastify then waits for the stream's end with listeners of its own), cost a kept product
  // page a third of its throughput (docs/performance.md)
  app.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: Error | null, payload?: unknown) => void) => {
    // (what it throws, Fastify answers as an error)
    done(null, siteLanguages(store).length < 2 ? payload : prefixed(request, reply, payload));
  });

  /** The answer's links and redirect under the request's prefix, and its language links filled. */
  function prefixed(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
    const served = requestServedLanguage(request);
    const location = reply.getHeader('location');
    if (served !== undefined && typeof location === 'string') reply.header('location', prefixLocation(location, served.prefix));
    const type = String(reply.getHeader('content-type') ?? '');
    const html = type.startsWith('text/html');
    // only text the server wrote itself: not a stream, not bytes already compressed
    if ((!html && !type.startsWith('application/json')) || (typeof payload !== 'string' && !Buffer.isBuffer(payload)) || reply.hasHeader('content-encoding')) return payload;
    let text = typeof payload === 'string' ? payload : payload.toString('utf8');
    if (html && served !== undefined) text = prefixLinks(text, served.prefix);
    const origin = publicUrl ?? `${request.protocol}://${request.host}`;
    const path = pagePath(request);
    return html ? fillLanguageLinks(text, escapeHtml(origin), escapeHtml(path)) : fillLanguageLinks(text, JSON.stringify(origin).slice(1, -1), JSON.stringify(path).slice(1, -1));
  }
}
