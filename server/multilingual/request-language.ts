/**
 * The language of a request on a multilingual site (issue 27): a path under a language's prefix
 * (server/multilingual/site-languages.ts) is routed as the same path without it (`/de/shop/p/apron` is the
 * product route's `/shop/p/apron`), and the request remembers the language it came in, so its page, its
 * messages and its redirects are in that language. Every other request is in the site's own language. The
 * prefix is taken off by Fastify's `rewriteUrl`, before routing, so no route is declared twice and every route
 * (pages, the cart and checkout forms, form posts, restock signups) works under every prefix.
 */
import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';
import type { Store } from '../db/database.js';
import { siteLanguage } from '../page-context.js';
import { siteLanguages } from '../site-data.js';
import { languageOfPath, type ServedLanguage } from './site-languages.js';

/** The language of each request that came in under a prefix (the raw request, as `rewriteUrl` sees it). */
const prefixed = new WeakMap<IncomingMessage, ServedLanguage>();

/** Fastify's `rewriteUrl`: the URL without a language's prefix (`/de` → `/`, `/de/cart?x` → `/cart?x`). */
export function languageRewrite(store: Store): (req: IncomingMessage) => string {
  return (req) => {
    const url = req.url ?? '/';
    const served = languageOfPath(siteLanguages(store), url);
    if (served === undefined) return url;
    prefixed.set(req, served);
    const rest = url.slice(served.prefix.length);
    return rest.startsWith('/') ? rest : `/${rest}`;
  };
}

/** The prefixed language a request came in under; undefined in the site's own. */
export const requestServedLanguage = (request: FastifyRequest): ServedLanguage | undefined => prefixed.get(request.raw);

/** The language a request is answered in: its prefix's, else the site's (server/site-language.ts). */
export const requestLanguage = (store: Store, request: FastifyRequest): string => prefixed.get(request.raw)?.language ?? siteLanguage(store);

/** A path of this site in the request's language (`/cart` → `/de/cart` under `/de`). */
export const localPath = (request: FastifyRequest, path: string): string => `${prefixed.get(request.raw)?.prefix ?? ''}${path}`;
