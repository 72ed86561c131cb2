/**
 * Customer sessions, kept as the owner's are (server/owner/sessions.ts): the HttpOnly cookie carries a random
 * token, the table only its SHA-256. Beside it, the user-info cookie (commerce/cookies.ts) tells the page's
 * scripts who is signed in; it is written here and never read here. Expired rows are ignored on lookup and swept
 * on each sign-in; a password reset ends every session of the account.
 */
import { and, eq, gt, lte } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SITE_USER_INFO_COOKIE, siteUserInfoValue } from '../../commerce/cookies.js';
import type { Store } from '../db/database.js';
import { clearSiteCookie, setSiteCookie } from '../security/cookies.js';
import { siteUserSessions, siteUsers } from '../db/schema.js';
import { hashToken, isSessionToken, newSessionToken } from '../owner/sessions.js';

export const SITE_USER_COOKIE = 'tessera_site_user';

export interface SignedInSiteUser {
  readonly id: string;
  readonly websiteId: string;
  readonly email: string;
  readonly locale: string | null;
  readonly cartId: string | null;
}

type Db = Pick<Store, 'select' | 'insert' | 'delete'>;

/** Opens a session for the user (sweeping expired ones); returns the token for the cookie (never stored). */
export function openSiteUserSession(db: Db, siteUserId: string, lifetimeMs: number, now: number): string {
  const { token, tokenHash } = newSessionToken();
  db.delete(siteUserSessions).where(lte(siteUserSessions.expiresAt, now)).run();
  db.insert(siteUserSessions).values({ tokenHash, siteUserId, createdAt: now, expiresAt: now + lifetimeMs }).run();
  return token;
}

/** The user of a live session, or null for a missing, malformed, unknown or expired token. */
export function sessionSiteUser(db: Pick<Store, 'select'>, token: unknown, now: number): SignedInSiteUser | null {
  if (!isSessionToken(token)) return null;
  const row = db
    .select({ id: siteUsers.id, websiteId: siteUsers.websiteId, email: siteUsers.email, locale: siteUsers.locale, cartId: siteUsers.cartId })
    .from(siteUserSessions)
    .innerJoin(siteUsers, eq(siteUserSessions.siteUserId, siteUsers.id))
    .where(and(eq(siteUserSessions.tokenHash, hashToken(token)), gt(siteUserSessions.expiresAt, now)))
    .get();
  return row ?? null;
}

export function closeSiteUserSession(db: Db, token: unknown): void {
  if (isSessionToken(token)) db.delete(siteUserSessions).where(eq(siteUserSessions.tokenHash, hashToken(token))).run();
}

/**
 * The session cookie of a request; none before the cookie plugin ran (an address Fastify cannot route is
 * answered before it does, and its error page still asks for the header's link).
 */
export const sessionCookie = (request: FastifyRequest): string | undefined => (request.cookies as FastifyRequest['cookies'] | undefined)?.[SITE_USER_COOKIE];

/** Customers of requests, looked up once as each request arrives (server/security/request-sessions.ts). */
const looked = new WeakMap<FastifyRequest, SignedInSiteUser | null>();

/** Remembers the customer of `request`, as looked up through the app's session store when it arrived. */
export function rememberSiteUser(request: FastifyRequest, user: SignedInSiteUser | null): void {
  looked.set(request, user);
}

/**
 * The signed-in customer of this request (the session cookie, looked up only when there is one): what the
 * app's session store said when the request arrived, on either database; a request answered before that (an
 * address Fastify cannot route) asks SQLite `store` directly.
 */
export function signedInSiteUser(store: Store, request: FastifyRequest, now = Date.now()): SignedInSiteUser | null {
  const token = sessionCookie(request);
  if (token === undefined) return null;
  const user = looked.get(request);
  return user !== undefined ? user : sessionSiteUser(store, token, now);
}

/** Both cookies of a new session: the HttpOnly token and the scripts' user info, for as long as each other. */
export function setSessionCookies(request: FastifyRequest, reply: FastifyReply, token: string, siteUserId: string, remembered: boolean, lifetimeMs: number): void {
  // without "remember me" both end with the browser session (the row expires after its lifetime anyway)
  const lifetime = remembered ? { maxAge: lifetimeMs / 1000 } : {};
  setSiteCookie(reply, SITE_USER_COOKIE, token, lifetime);
  setSiteCookie(reply, SITE_USER_INFO_COOKIE, siteUserInfoValue(siteUserId), { ...lifetime, httpOnly: false });
}

export function clearSessionCookies(reply: FastifyReply): void {
  clearSiteCookie(reply, SITE_USER_COOKIE);
  clearSiteCookie(reply, SITE_USER_INFO_COOKIE);
}
