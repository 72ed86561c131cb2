/**
 * Anti-forgery "crumb" (spec 001 §9 cookies): every state-changing request must echo this visitor's crumb, in
 * the `X-CSRF-Token` header or, for plain HTML forms, a `crumb` form field. A missing or wrong crumb gets 403
 * `{ message, crumbFail: true }`.
 *
 * A crumb belongs to one browser session (issue 24): it is an HMAC, under the server's secret
 * (`crumb-secret.ts`), of the visitor's own HttpOnly `tessera_visitor` cookie (a random id given on the first
 * answer) and of the owner's and the customer's session tokens when signed in. So only the crumb of the
 * request's own sessions passes: another visitor's genuine crumb, planted as a cookie and echoed, is refused,
 * and a sign-in or sign-out changes the crumb (the one known before stops working). The crumb is also set as the
 * `crumb` cookie, which scripts read to echo it (a cross-site page can make the browser send cookies but read
 * none); the check never trusts that cookie, it recomputes the crumb from the session cookies. Nothing is stored.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isSessionToken, OWNER_COOKIE } from '../owner/sessions.js';
import { SITE_USER_COOKIE } from '../site-users/sessions.js';
import { setSiteCookie } from './cookies.js';
import { backLink, tryAgainPage } from '../error-page.js';

export const CRUMB_COOKIE = 'crumb';
/** The visitor's own random id (HttpOnly, for the browser session): what a signed-out visitor's crumb is bound to. */
export const VISITOR_COOKIE = 'tessera_visitor';
export const CRUMB_HEADER = 'x-csrf-token';
export const CRUMB_FIELD = 'crumb';
export const CRUMB_FAIL_MESSAGE = 'Invalid or missing crumb: reload the page and try again.';

const VISITOR_PATTERN = /^[0-9a-f]{32}$/;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The sessions a crumb is bound to: the visitor's id, and the owner's and the customer's tokens when present. */
export interface CrumbSessions {
  readonly visitor: string;
  readonly owner: string | null;
  readonly siteUser: string | null;
}

/** The crumb of these sessions under `secret`: 32 hex digits of an HMAC-SHA-256. */
export function crumbFor(secret: string, sessions: CrumbSessions): string {
  return createHmac('sha256', secret).update(`crumb\u0000${sessions.visitor}\u0000${sessions.owner ?? ''}\u0000${sessions.siteUser ?? ''}`).digest('hex').slice(0, 32);
}

/** A session token cookie as the crumb takes it: only when shaped like one (anything else is no session). */
const tokenOf = (value: string | undefined) => (isSessionToken(value) ? value : null);

/** The sessions of a request's cookies; `visitor` is the visitor id in force (the cookie's, or one given now). */
export function crumbSessions(cookies: Readonly<Record<string, string | undefined>>, visitor: string): CrumbSessions {
  return { visitor, owner: tokenOf(cookies[OWNER_COOKIE]), siteUser: tokenOf(cookies[SITE_USER_COOKIE]) };
}

/** The visitor id of a cookie, when it is one the server could have given. */
export const visitorIdOf = (value: string | undefined): string | null => (value !== undefined && VISITOR_PATTERN.test(value) ? value : null);

export interface WriteRoute {
  readonly method: string;
  readonly url: string;
  /** False only for the beacons (`config.crumb: false`). */
  readonly crumb: boolean;
}

/** Reads: neither echo a crumb nor count against a write limit. */
export function isSafeMethod(method: string): boolean {
  return SAFE_METHODS.has(method);
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The crumb of this request's sessions (set as the `crumb` cookie when the browser holds another). */
    crumb: string;
    /** The visitor id the crumb is bound to: the cookie's, or the one given on this answer. */
    visitorId: string;
  }
  interface FastifyInstance {
    /** The secret crumbs are signed with (`crumb-secret.ts`). */
    crumbSecret: string;
    /** Every write route of the app (POST, PUT, PATCH, DELETE), and whether it takes the crumb: what the guard covers. */
    writeRoutes: WriteRoute[];
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
  setSiteCookie(reply, CRUMB_COOKIE, crumb, { httpOnly: false });

/**
 * The crumb from this response on, after a sign-in or sign-out changed a session: `changed` holds the new
 * token (null: signed out) of the owner's or the customer's session; the others stay the request's.
 */
export function rotateCrumb(request: FastifyRequest, reply: FastifyReply, changed: Partial<Pick<CrumbSessions, 'owner' | 'siteUser'>>): string {
  request.crumb = crumbFor(request.server.crumbSecret, { ...crumbSessions(request.cookies, request.visitorId), ...changed });
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
    .send(tryAgainPage(CRUMB_FAIL_MESSAGE, backLink(request)));
}

/** Installs the crumb on the app (not encapsulated: every route, whichever plugin declares it, is covered). */
export function installCrumb(app: FastifyInstance, secret: string): void {
  app.decorateRequest('crumb', '');
  app.decorateRequest('visitorId', '');
  app.decorate('crumbSecret', secret);
  app.decorate('writeRoutes', []);
  // every route declared after this, in any plugin (onRoute hooks are inherited): the crumb's reach, listed
  app.addHook('onRoute', (route) => {
    const crumb = (route.config as { crumb?: unknown } | undefined)?.crumb !== false;
    for (const method of [route.method].flat()) if (!isSafeMethod(method)) app.writeRoutes.push({ method, url: route.url, crumb });
  });
  app.addHook('onRequest', async (request, reply) => {
    let visitor = visitorIdOf(request.cookies[VISITOR_COOKIE]);
    if (visitor === null) {
      // a new visitor (or one whose browser session ended): an id of 32 random hex digits, HttpOnly
      visitor = randomUUID().replaceAll('-', '');
      setSiteCookie(reply, VISITOR_COOKIE, visitor);
    }
    request.visitorId = visitor;
    request.crumb = crumbFor(secret, crumbSessions(request.cookies, visitor));
    if (request.cookies[CRUMB_COOKIE] !== request.crumb) setCrumbCookie(reply, request.crumb);
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
    let sent = request.headers[CRUMB_HEADER];
    const body = request.body;
    if (typeof body === 'object' && body !== null && CRUMB_FIELD in body && !Array.isArray(body) && isFormPost(request)) {
      const field = (body as Record<string, unknown>)[CRUMB_FIELD];
      delete (body as Record<string, unknown>)[CRUMB_FIELD];
      if (sent === undefined && typeof field === 'string') sent = field;
    }
    // the crumb of this request's own sessions, never the crumb cookie (which another visitor may have planted)
    if (typeof sent !== 'string' || !sameCrumb(request.crumb, sent)) {
      return crumbFail(request, reply);
    }
  });
}

function isFormPost(request: FastifyRequest): boolean {
  return (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
}
