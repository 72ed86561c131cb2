/**
 * The secret crumbs are signed with: `TESSERA_CRUMB_SECRET` when set (tests, or a deploy that sets it), else one
 * generated on first use and kept in the store, so crumbs stay valid across restarts and every node over one
 * store signs alike (issue 25: a node holds no state). The store is behind `CrumbSecretStore`, on either database
 * (crumb-secret-pg.ts for PostgreSQL).
 */
import { randomBytes } from 'node:crypto';
import type { Store } from '../db/database.js';
import { websites } from '../db/schema.js';
import { createSiteDocument, readSiteDocument } from '../site-documents.js';

/** The site document that keeps the secret. */
export const CRUMB_SECRET_DOCUMENT = 'crumb-secret';

export interface CrumbSecretStore {
  /**
   * Keeps `{ secret: fresh }` unless a secret is kept already, and answers what is kept (the first node's, when
   * two start at once); undefined for a store without a site yet (never served).
   */
  keep(fresh: string): Promise<unknown>;
}

/** The secret of a kept document, or undefined when it holds none. */
export const secretOf = (kept: unknown): string | undefined =>
  typeof kept === 'object' && kept !== null && typeof (kept as { secret?: unknown }).secret === 'string' ? (kept as { secret: string }).secret : undefined;

export async function crumbSecret(store: CrumbSecretStore, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const fromEnv = env['TESSERA_CRUMB_SECRET'];
  if (fromEnv !== undefined && fromEnv !== '') return fromEnv;
  const fresh = randomBytes(32).toString('hex');
  // a store without a site, or a document that holds no secret: a secret for this process only
  return secretOf(await store.keep(fresh)) ?? fresh;
}

export function sqliteCrumbSecretStore(store: Store): CrumbSecretStore {
  return {
    async keep(fresh) {
      const site = store.select({ id: websites.id }).from(websites).get();
      if (site === undefined) return undefined;
      // nothing when one is kept already (another node's, or this store's since its first start)
      createSiteDocument(store, site.id, CRUMB_SECRET_DOCUMENT, { secret: fresh });
      return readSiteDocument(store, site.id, CRUMB_SECRET_DOCUMENT);
    },
  };
}
