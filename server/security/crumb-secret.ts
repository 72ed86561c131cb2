/**
 * The secret crumbs are signed with: `TESSERA_CRUMB_SECRET` when set (several servers over one store, or tests),
 * else one generated on first use and kept in the store, so crumbs stay valid across restarts.
 */
import { randomBytes } from 'node:crypto';
import type { Store } from '../db/database.js';
import { websites } from '../db/schema.js';
import { createSiteDocument, readSiteDocument } from '../site-documents.js';

const DOCUMENT = 'crumb-secret';

export function crumbSecret(store: Store, env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env['TESSERA_CRUMB_SECRET'];
  if (fromEnv !== undefined && fromEnv !== '') return fromEnv;
  const site = store.select({ id: websites.id }).from(websites).get();
  // a store without a site yet (never served): a secret for this process only
  if (site === undefined) return randomBytes(32).toString('hex');
  const stored = readSiteDocument(store, site.id, DOCUMENT);
  if (typeof stored === 'object' && stored !== null && typeof (stored as { secret?: unknown }).secret === 'string') return (stored as { secret: string }).secret;
  const secret = randomBytes(32).toString('hex');
  try {
    createSiteDocument(store, site.id, DOCUMENT, { secret });
  } catch {
    // another server over the same store created it first: theirs is the one
  }
  const again = readSiteDocument(store, site.id, DOCUMENT) as { secret?: unknown } | null;
  return typeof again?.secret === 'string' ? again.secret : secret;
}
