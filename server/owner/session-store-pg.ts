/**
 * Owner sessions on PostgreSQL (session-store.ts has the interface; sessions.ts the rules and the SQLite queries):
 * the same token hashing, lifetimes and sweeping.
 */
import { and, eq, gt, lte } from 'drizzle-orm';
import type { PgStore } from '../db/pg-store.js';
import { contributors, ownerSessions } from '../db/schema-pg.js';
import type { OwnerSessionStore } from './session-store.js';
import { contributorOf, hashToken, isSessionToken, newSessionToken } from './sessions.js';

export function pgOwnerSessionStore(db: PgStore): OwnerSessionStore {
  return {
    async open(contributorId, lifetimeMs, now) {
      const { token, tokenHash } = newSessionToken();
      await db.transaction(async (tx) => {
        await tx.delete(ownerSessions).where(lte(ownerSessions.expiresAt, now));
        await tx.insert(ownerSessions).values({ tokenHash, contributorId, createdAt: now, expiresAt: now + lifetimeMs });
      });
      return token;
    },

    async contributor(token, now) {
      if (!isSessionToken(token)) return null;
      const rows = await db
        .select({ id: contributors.id, websiteId: contributors.websiteId, email: contributors.email, displayName: contributors.displayName, roles: contributors.roles })
        .from(ownerSessions)
        .innerJoin(contributors, eq(ownerSessions.contributorId, contributors.id))
        .where(and(eq(ownerSessions.tokenHash, hashToken(token)), gt(ownerSessions.expiresAt, now)));
      return rows[0] === undefined ? null : contributorOf(rows[0]);
    },

    async close(token) {
      if (isSessionToken(token)) await db.delete(ownerSessions).where(eq(ownerSessions.tokenHash, hashToken(token)));
    },
  };
}
