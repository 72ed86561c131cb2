/**
 * Looking up customer sessions behind an async interface (issue 25: a session opened on one node is seen by every
 * other through the database). sessions.ts keeps the rules and the SQLite queries; session-store-pg.ts does the
 * same lookup on PostgreSQL. Opening and closing stay in the sign-in's SQLite transaction for now (it hands the
 * visitor's cart over in the same transaction: server/db/README.md, "What still runs synchronously").
 */
import type { Store } from '../db/database.js';
import { sessionSiteUser, type SignedInSiteUser } from './sessions.js';

export interface SiteUserSessionStore {
  /** The user of a live session, or null for a missing, malformed, unknown or expired token. */
  siteUser(token: unknown, now: number): Promise<SignedInSiteUser | null>;
}

export function sqliteSiteUserSessionStore(store: Store): SiteUserSessionStore {
  return { siteUser: async (token, now) => sessionSiteUser(store, token, now) };
}
