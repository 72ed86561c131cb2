/**
 * The crumb secret on PostgreSQL (crumb-secret.ts has the interface and the rule): the site document is inserted
 * with `ON CONFLICT DO NOTHING` and read back, so nodes starting at once all sign with the first one's secret.
 */
import { and, eq } from 'drizzle-orm';
import { parseJson } from '../commerce/catalog.js';
import type { PgStore } from '../db/pg-store.js';
import { siteRow } from '../db/pg-transaction.js';
import { siteDocuments } from '../db/schema-pg.js';
import { CRUMB_SECRET_DOCUMENT, type CrumbSecretStore } from './crumb-secret.js';

export function pgCrumbSecretStore(db: PgStore): CrumbSecretStore {
  return {
    async keep(fresh) {
      const site = await siteRow(db);
      if (site === undefined) return undefined;
      const where = and(eq(siteDocuments.websiteId, site.id), eq(siteDocuments.name, CRUMB_SECRET_DOCUMENT));
      await db.insert(siteDocuments).values({ websiteId: site.id, name: CRUMB_SECRET_DOCUMENT, value: JSON.stringify({ secret: fresh }), updatedAt: Date.now() }).onConflictDoNothing();
      const row = (await db.select({ value: siteDocuments.value }).from(siteDocuments).where(where))[0];
      return row === undefined ? undefined : parseJson<unknown>(row.value, undefined);
    },
  };
}
