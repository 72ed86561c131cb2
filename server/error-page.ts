/**
 * What every error handler of the server shares: the status an error is answered with, and the short page a
 * plain (no-JavaScript) form post gets when it fails.
 */
import type { FastifyRequest } from 'fastify';
import { safeUrl } from '../commerce/safe-url.js';
import { escapeHtml } from './escape-html.js';

/** The error's own status when it is a client error (4xx); anything else is answered as 500. */
export function answerStatus(error: { statusCode?: number; notOnPostgres?: boolean }): number {
  const code = error.statusCode;
  // and 503 for a part of the shop that does not run on PostgreSQL yet (server/db/pg-app.ts), with its message
  if (code === 503 && error.notOnPostgres === true) return 503;
  return typeof code === 'number' && code >= 400 && code < 500 ? code : 500;
}

/**
 * Where a "Back" link of such a page leads: the page the post came from (its `Referer`, when it is a page of
 * this site), else the home page. A link, not `javascript:history.back()`, which the content policy blocks as
 * inline script.
 */
export function backLink(request: FastifyRequest): string {
  const referer = request.headers.referer;
  if (typeof referer !== 'string') return '/';
  try {
    const from = new URL(referer);
    const path = safeUrl(from.pathname + from.search, 'site');
    return from.host === request.host && path !== null ? path : '/';
  } catch {
    return '/';
  }
}

/** The page a failed plain form post gets: the message, and a link back to the form (`back`: backLink) unless it is null. */
export function tryAgainPage(message: string, back: string | null): string {
  return (
    `<!doctype html><meta charset="utf-8"><title>Please try again</title><p>${escapeHtml(message)}</p>` +
    (back === null ? '' : `<p><a href="${escapeHtml(back)}">Back</a></p>`)
  );
}
