/**
 * Answering a page request: the page context rendered through a theme template, or the context itself as
 * JSON for `?format=json` / `?format=json-pretty` (the platform's way to inspect a page).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Store } from '../db/database.js';
import { type PageParts, pageContext } from '../page-context.js';
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

export function sendPage(
  reply: FastifyReply,
  request: FastifyRequest<{ Querystring: PageQuery }>,
  theme: Theme,
  store: Store,
  template: string,
  parts: PageParts,
  status = 200,
) {
  const context = pageContext(store, { ...parts, crumb: request.crumb });
  const format = request.query.format;
  reply.code(status);
  if (format !== undefined) return reply.type('application/json; charset=utf-8').send(JSON.stringify(context, null, format === 'json-pretty' ? 2 : undefined));
  return reply.type('text/html; charset=utf-8').send(theme.renderPage(template, context));
}
