/**
 * Owner sessions behind an async interface (issue 25: a node holds no state, so a session opened on one node is
 * seen by every other through the database). sessions.ts keeps the rules (token, hash, lifetimes) and the
 * SQLite queries; session-store-pg.ts does the same on PostgreSQL.
 */
import type { Store } from '../db/database.js';
import { closeSession, openSession, sessionContributor, type SignedInContributor } from './sessions.js';

export interface OwnerSessionStore {
  /** Opens a session for `contributorId` (sweeping expired ones); answers the token for the cookie (never stored). */
  open(contributorId: string, lifetimeMs: number, now: number): Promise<string>;
  /** The contributor of a live session, or null for a missing, malformed, unknown or expired token. */
  contributor(token: unknown, now: number): Promise<SignedInContributor | null>;
  /** Ends the session of `token`, if it is one. */
  close(token: unknown): Promise<void>;
}

export function sqliteOwnerSessionStore(store: Store): OwnerSessionStore {
  return {
    open: async (contributorId, lifetimeMs, now) => openSession(store, contributorId, lifetimeMs, now),
    contributor: async (token, now) => sessionContributor(store, token, now),
    close: async (token) => closeSession(store, token),
  };
}
