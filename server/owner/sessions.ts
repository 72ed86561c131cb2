/**
 * Owner sessions: the cookie carries a random token, the table only its SHA-256, so a leaked database
 * cannot be replayed as a session. Expired rows are ignored on lookup and swept on each sign-in.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lte } from 'drizzle-orm';
import type { Store } from '../db/database.js';
import { contributors, ownerSessions } from '../db/schema.js';
import { isContributorRole, type ContributorRole } from './roles.js';
import { parseJson } from '../catalog.js';

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
  if (row === undefined) return null;
  const roles = parseJson<unknown>(row.roles, []);
  return { ...row, roles: Array.isArray(roles) ? roles.filter(isContributorRole) : [] };
}

export function closeSession(store: Store, token: unknown): void {
  if (!isSessionToken(token)) return;
  store.delete(ownerSessions).where(eq(ownerSessions.tokenHash, hashToken(token))).run();
}
