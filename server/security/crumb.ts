/**
 * Anti-forgery "crumb" (spec 001 §9 cookies): every visitor gets a random `crumb` cookie that scripts can
 * read; every state-changing request must echo it, in the `X-CSRF-Token` header or, for plain HTML forms, a
 * `crumb` form field. A cross-site page can make the browser send the cookie but cannot read it, so it cannot
 * echo it. A missing or wrong crumb gets 403 `{ message, crumbFail: true }`.
 *
 * Crumbs are the server's own: 16 random hex digits and 16 of an HMAC of them under the server's secret
 * (`crumb-secret.ts`), so a crumb the server never issued (a cookie planted by a sibling subdomain, say) is
 * replaced rather than accepted. A new crumb is issued when an owner session starts or ends (`rotateCrumb`).
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const CRUMB_COOKIE = 'crumb';
export const CRUMB_HEADER = 'x-csrf-token';
export const CRUMB_FIELD = 'crumb';
export const CRUMB_FAIL_MESSAGE = 'Invalid or missing crumb: reload the page and try again.';

const CRUMB_PATTERN = /^[0-9a-f]{32}$/;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const macOf = (secret: string, nonce: string) => createHmac('sha256', secret).update(nonce).digest('hex').slice(0, 16);

/** The crumb for `nonce` (16 hex digits) under `secret`: the nonce and its MAC, 32 hex digits. */
export function signCrumb(secret: string, nonce: string): string {
  return nonce + macOf(secret, nonce);
}

/** Whether the server issued `crumb` (its MAC checks out under `secret`). */
export function isIssuedCrumb(secret: string, crumb: string): boolean {
  if (!CRUMB_PATTERN.test(crumb)) return false;
  return sameCrumb(crumb.slice(16), macOf(secret, crumb.slice(0, 16)));
}

/**
 * A fresh crumb. randomUUID draws from a pooled buffer of entropy: a fresh randomBytes call per new visitor
 * cost more than rendering the page (the 16 hex digits taken are all random ones of the UUID).
 */
export function newCrumb(secret: string): string {
  const uuid = randomUUID();
  return signCrumb(secret, uuid.slice(0, 8) + uuid.slice(9, 13) + uuid.slice(19, 23));
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
  interface FastifyInstance {
    /** The secret crumbs are signed with (`crumb-secret.ts`). */
    crumbSecret: string;
  }
  interface FastifyContextConfig {
    /**
     * `false`: a write that needs no crumb. Only for the analytics beacons (server/analytics/routes.ts):
     * `navigator.sendBeacon` cannot send a header, and a forged one can only add a row a visitor could add anyway.
     */
    crumb?: false;
  }
}

const setCrumbCookie = (reply: FastifyReply, crumb: string) =>
  // readable by scripts on purpose (they echo it); SameSite keeps it off cross-site subrequests
  reply.setCookie(CRUMB_COOKIE, crumb, { path: '/', sameSite: 'lax', httpOnly: false });

/** A new crumb for this visitor from this response on: when an owner session starts or ends. */
export function rotateCrumb(request: FastifyRequest, reply: FastifyReply): string {
  request.crumb = newCrumb(request.server.crumbSecret);
  setCrumbCookie(reply, request.crumb);
  return request.crumb;
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
export function installCrumb(app: FastifyInstance, secret: string): void {
  app.decorateRequest('crumb', '');
  app.decorate('crumbSecret', secret);
  app.addHook('onRequest', async (request, reply) => {
    const existing = request.cookies[CRUMB_COOKIE];
    if (typeof existing === 'string' && isIssuedCrumb(secret, existing)) {
      request.crumb = existing;
      return;
    }
    request.crumb = newCrumb(secret);
    setCrumbCookie(reply, request.crumb);
  });
  // preValidation runs after body parsing and before schema validation, so the form field can be taken out
  // of the body here and route schemas never need to know about it.
  app.addHook('preValidation', async (request, reply) => {
    if (isSafeMethod(request.method)) return;
    if (request.routeOptions.config.crumb === false) {
      // a beacon may still carry the field; it is not part of the route's body
      if (isFormPost(request) && typeof request.body === 'object' && request.body !== null) delete (request.body as Record<string, unknown>)[CRUMB_FIELD];
      return;
    }
    const cookie = request.cookies[CRUMB_COOKIE];
    let sent = request.headers[CRUMB_HEADER];
    const body = request.body;
    if (typeof body === 'object' && body !== null && CRUMB_FIELD in body && !Array.isArray(body) && isFormPost(request)) {
      const field = (body as Record<string, unknown>)[CRUMB_FIELD];
      delete (body as Record<string, unknown>)[CRUMB_FIELD];
      if (sent === undefined && typeof field === 'string') sent = field;
    }
    if (typeof cookie !== 'string' || !isIssuedCrumb(secret, cookie) || typeof sent !== 'string' || !sameCrumb(cookie, sent)) {
      return crumbFail(request, reply);
    }
  });
}

function isFormPost(request: FastifyRequest): boolean {
  return (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
}
