/**
 * Anti-forgery "crumb" (spec 001 §9 cookies): every visitor gets a random `crumb` cookie that scripts can
 * read; every state-changing request must echo it, in the `X-CSRF-Token` header or, for plain HTML forms, a
 * `crumb` form field. A cross-site page can make the browser send the cookie but cannot read it, so it cannot
 * echo it. A missing or wrong crumb gets 403 `{ message, crumbFail: true }`.
 */
import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const CRUMB_COOKIE = 'crumb';
export const CRUMB_HEADER = 'x-csrf-token';
export const CRUMB_FIELD = 'crumb';
export const CRUMB_FAIL_MESSAGE = 'Invalid or missing crumb: reload the page and try again.';

const CRUMB_PATTERN = /^[0-9a-f]{32}$/;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A fresh crumb: 32 hex digits. randomUUID draws from a pooled buffer of entropy: a fresh randomBytes call per
 * new visitor cost more than rendering the page (122 random bits; the pattern only asks for 32 hex digits).
 */
export function newCrumb(): string {
  return randomUUID().replaceAll('-', '');
}

/** Reads: neither echo a crumb nor count against a write limit. */
export function isSafeMethod(method: string): boolean {
  return SAFE_METHODS.has(method);
}

declare module 'fastify' {
  interface FastifyRequest {
    /** This visitor's crumb: from a valid cookie, or freshly issued on this response. */
    crumb: string;
  }
}

function sameCrumb(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

function crumbFail(request: FastifyRequest, reply: FastifyReply) {
  reply.code(403);
  if (request.url.startsWith('/api/')) return reply.send({ message: CRUMB_FAIL_MESSAGE, crumbFail: true });
  // a plain form post (no JavaScript): a short page rather than JSON
  return reply
    .type('text/html; charset=utf-8')
    .send(`<!doctype html><meta charset="utf-8"><title>Please try again</title><p>${CRUMB_FAIL_MESSAGE}</p><p><a href="javascript:history.back()">Back</a></p>`);
}

/** Installs the crumb on the app (not encapsulated: every route, whichever plugin declares it, is covered). */
export function installCrumb(app: FastifyInstance): void {
  app.decorateRequest('crumb', '');
  app.addHook('onRequest', async (request, reply) => {
    const existing = request.cookies[CRUMB_COOKIE];
    if (typeof existing === 'string' && CRUMB_PATTERN.test(existing)) {
      request.crumb = existing;
      return;
    }
    request.crumb = newCrumb();
    // readable by scripts on purpose (they echo it); SameSite keeps it off cross-site subrequests
    reply.setCookie(CRUMB_COOKIE, request.crumb, { path: '/', sameSite: 'lax', httpOnly: false });
  });
  // preValidation runs after body parsing and before schema validation, so the form field can be taken out
  // of the body here and route schemas never need to know about it.
  app.addHook('preValidation', async (request, reply) => {
    if (isSafeMethod(request.method)) return;
    const cookie = request.cookies[CRUMB_COOKIE];
    let sent = request.headers[CRUMB_HEADER];
    const body = request.body;
    if (typeof body === 'object' && body !== null && CRUMB_FIELD in body && !Array.isArray(body) && isFormPost(request)) {
      const field = (body as Record<string, unknown>)[CRUMB_FIELD];
      delete (body as Record<string, unknown>)[CRUMB_FIELD];
      if (sent === undefined && typeof field === 'string') sent = field;
    }
    if (typeof cookie !== 'string' || !CRUMB_PATTERN.test(cookie) || typeof sent !== 'string' || !sameCrumb(cookie, sent)) {
      return crumbFail(request, reply);
    }
  });
}

function isFormPost(request: FastifyRequest): boolean {
  return (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
}
