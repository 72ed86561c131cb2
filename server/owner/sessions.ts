/**
 * Owner sessions: the cookie carries a random token, the table only its SHA-256, so a leaked database
 * cannot be replayed as a session. Expired rows are ignored on lookup and swept on each sign-in.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lte } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Store } from '../db/database.js';
import { contributors, ownerSessions } from '../db/schema.js';
import { isContributorRole, type ContributorRole } from './roles.js';
import { parseJson } from '../commerce/catalog.js';

export const OWNER_COOKIE = 'tessera_owner';
/** A session without "remember me": half a working day. */
export const SESSION_MS = 12 * 60 * 60 * 1000;
/** "Remember me": thirty days. */
export const REMEMBERED_SESSION_MS = 30 * 24 * 60 * 60 * 1000;

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Whether a cookie value is shaped like a session token (32 random bytes, base64url); others are never looked up. */
export const isSessionToken = (token: unknown): token is string => typeof token === 'string' && TOKEN_PATTERN.test(token);

/** A new session token (for the cookie) and its SHA-256 (for the table). Customer sessions use the same. */
export function newSessionToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}

export interface SignedInContributor {
  readonly id: string;
  readonly websiteId: string;
  readonly email: string;
  readonly displayName: string;
  readonly roles: readonly ContributorRole[];
}

/** Opens a session for `contributorId`; returns the token for the cookie (never stored). */
export function openSession(store: Store, contributorId: string, lifetimeMs: number, now: number): string {
  const { token, tokenHash } = newSessionToken();
  store.transaction((tx) => {
    tx.delete(ownerSessions).where(lte(ownerSessions.expiresAt, now)).run();
    tx.insert(ownerSessions).values({ tokenHash, contributorId, createdAt: now, expiresAt: now + lifetimeMs }).run();
  });
  return token;
}

/** The contributor of a live session, or null for a missing, malformed, unknown or expired token. */
export function sessionContributor(store: Store, token: unknown, now: number): SignedInContributor | null {
  if (!isSessionToken(token)) return null;
  const row = store
    .select({ id: contributors.id, websiteId: contributors.websiteId, email: contributors.email, displayName: contributors.displayName, roles: contributors.roles })
    .from(ownerSessions)
    .innerJoin(contributors, eq(ownerSessions.contributorId, contributors.id))
    .where(and(eq(ownerSessions.tokenHash, hashToken(token)), gt(ownerSessions.expiresAt, now)))
    .get();
  return row === undefined ? null : contributorOf(row);
}

/** A contributor row as the session answers it: the roles parsed, unknown ones dropped. Both dialects use it. */
export function contributorOf(row: Omit<SignedInContributor, 'roles'> & { roles: string }): SignedInContributor {
  const roles = parseJson<unknown>(row.roles, []);
  return { ...row, roles: Array.isArray(roles) ? roles.filter(isContributorRole) : [] };
}

/** Contributors of requests, looked up once as each request arrives (server/security/request-sessions.ts). */
const looked = new WeakMap<FastifyRequest, SignedInContributor | null>();

/** Remembers the contributor of `request`, as looked up through the app's session store when it arrived. */
export function rememberContributor(request: FastifyRequest, contributor: SignedInContributor | null): void {
  looked.set(request, contributor);
}

/**
 * The signed-in contributor of this request (the owner cookie, looked up only when there is one): what the app's
 * session store said when the request arrived, on either database; a request answered before that asks SQLite
 * `store` directly.
 */
export function requestContributor(store: Store, request: FastifyRequest): SignedInContributor | null {
  const token = (request.cookies as FastifyRequest['cookies'] | undefined)?.[OWNER_COOKIE];
  if (token === undefined) return null;
  const contributor = looked.get(request);
  return contributor !== undefined ? contributor : sessionContributor(store, token, Date.now());
}

export function closeSession(store: Store, token: unknown): void {
  if (!isSessionToken(token)) return;
  store.delete(ownerSessions).where(eq(ownerSessions.tokenHash, hashToken(token))).run();
}
