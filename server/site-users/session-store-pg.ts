/** Customer session lookups on PostgreSQL (session-store.ts has the interface; sessions.ts the SQLite query). */
import { and, eq, gt } from 'drizzle-orm';
import type { PgStore } from '../db/pg-store.js';
import { siteUserSessions, siteUsers } from '../db/schema-pg.js';
import { hashToken, isSessionToken } from '../owner/sessions.js';
import type { SiteUserSessionStore } from './session-store.js';

export function pgSiteUserSessionStore(db: PgStore): SiteUserSessionStore {
  return {
    async siteUser(token, now) {
      if (!isSessionToken(token)) return null;
      const rows = await db
        .select({ id: siteUsers.id, websiteId: siteUsers.websiteId, email: siteUsers.email, locale: siteUsers.locale, cartId: siteUsers.cartId })
        .from(siteUserSessions)
        .innerJoin(siteUsers, eq(siteUserSessions.siteUserId, siteUsers.id))
        .where(and(eq(siteUserSessions.tokenHash, hashToken(token)), gt(siteUserSessions.expiresAt, now)));
      return rows[0] ?? null;
    },
  };
}
