/**
 * What every error handler of the server shares: the status an error is answered with, and the short page a
 * plain (no-JavaScript) form post gets when it fails.
 */
import { escapeHtml } from './escape-html.js';

/** The error's own status when it is a client error (4xx); anything else is answered as 500. */
export function answerStatus(error: { statusCode?: number }): number {
  const code = error.statusCode;
  return typeof code === 'number' && code >= 400 && code < 500 ? code : 500;
}

/** The page a failed plain form post gets: the message, and a link back to the form unless `back` is false. */
export function tryAgainPage(message: string, back = true): string {
  return (
    `<!doctype html><meta charset="utf-8"><title>Please try again</title><p>${escapeHtml(message)}</p>` +
    (back ? '<p><a href="javascript:history.back()">Back</a></p>' : '')
  );
}
