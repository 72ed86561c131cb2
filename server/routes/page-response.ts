/**
 * Answering a page request: the page context rendered through a theme template, or the context itself as
 * JSON for `?format=json` / `?format=json-pretty` (the platform's way to inspect a page).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Store } from '../db/database.js';
import { type PageParts, pageContext } from '../page-context.js';
import { readCache } from '../read-cache.js';
import { newCrumb } from '../security/crumb.js';
import { isNoCart } from './visitor-cart.js';
import type { Theme } from '../theme.js';

/** The query every page accepts. */
export const formatQuery = {
  type: 'object',
  properties: { format: { type: 'string', enum: ['json', 'json-pretty'] }, message: { type: 'string', maxLength: 500 } },
} as const;

export interface PageQuery {
  format?: 'json' | 'json-pretty';
  message?: string;
}

/**
 * Stands in for the visitor's crumb in content kept by the read cache, and is replaced by the real one on the
 * way out. Random per process and shaped like a crumb, so escaping leaves it as it is.
 */
const CRUMB_PLACEHOLDER = newCrumb();

export function sendPage(
  reply: FastifyReply,
  request: FastifyRequest<{ Querystring: PageQuery }>,
  theme: Theme,
  store: Store,
  template: string,
  parts: PageParts,
  status = 200,
  /**
   * Set when the content part depends only on the store and this key (never on the visitor, the cart or the
   * query beyond what the key holds): the content is then rendered once per store version and kept, and
   * only the site region around it is rendered per request — or nothing at all for a visitor without a cart,
   * whose whole page is kept.
   */
  contentKey?: string,
) {
  const format = request.query.format;
  reply.code(status);
  const keep = contentKey !== undefined && format === undefined && theme.cacheable;
  if (keep && isNoCart(parts.shoppingCart)) {
    // a visitor without a cart sees the same whole page as every other such visitor, but for the crumb
    const page = readCache(store).get(`page\u0000${template}\u0000${contentKey}`, () =>
      theme.renderPage(template, pageContext(store, { ...parts, crumb: CRUMB_PLACEHOLDER })),
    );
    return reply.type('text/html; charset=utf-8').send(page.replaceAll(CRUMB_PLACEHOLDER, request.crumb));
  }
  const context = pageContext(store, { ...parts, crumb: request.crumb });
  if (format !== undefined) return reply.type('application/json; charset=utf-8').send(JSON.stringify(context, null, format === 'json-pretty' ? 2 : undefined));
  let html: string;
  if (keep) {
    const content = readCache(store).get(`content\u0000${template}\u0000${contentKey}`, () =>
      theme.renderContent(template, { ...context, crumb: CRUMB_PLACEHOLDER }),
    );
    html = theme.renderLayout(context, content.replaceAll(CRUMB_PLACEHOLDER, request.crumb));
  } else {
    html = theme.renderPage(template, context);
  }
  return reply.type('text/html; charset=utf-8').send(html);
}
