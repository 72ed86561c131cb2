/**
 * What a platform theme's `<squarespace:…>` tags read of the store (server/theme/platform-data.ts works their
 * answers out of it): the site's collections, its stored layout (or the one derived from the collections), its
 * block fields, and a collection's products or records. Asked synchronously while a template renders.
 *
 * - SQLite (`sqliteTagSource`): read on first ask, as the page renders (better-sqlite3 is synchronous), and the
 *   collections and products kept in the store's read cache.
 * - PostgreSQL (`tagSourceAhead`, server/theme/platform-ahead.ts): everything a tag can ask of the site, loaded
 *   ahead of the request, asynchronously, and kept in the node's read cache (emptied by the change feed).
 */
import { asc, eq } from 'drizzle-orm';
import { loadProducts, type ProductRecord } from '../commerce/catalog.js';
import { type CollectionRow, loadRecords, type RecordRow } from '../content.js';
import type { Store } from '../db/database.js';
import { collections } from '../db/schema.js';
import { readCache } from '../read-cache.js';
import { defaultLayout, LAYOUT_DOCUMENT } from '../site-layout.js';
import { readSiteDocument } from '../site-documents.js';
import { BLOCK_FIELDS_DOCUMENT } from './block-fields.js';

export interface SiteRows {
  readonly websiteId: string;
  /** The website's collections in the site's order (ordering, then id). */
  readonly rows: readonly CollectionRow[];
  readonly byId: ReadonlyMap<string, CollectionRow>;
}

export interface TagSource {
  /** The collections of the page's website. */
  site(): SiteRows;
  /** The stored site layout, else the one derived from the collections (unsaved). */
  layout(): unknown;
  /** The stored block fields document (server/theme/block-fields.ts), undefined when none. */
  blockFields(): unknown;
  /** A products collection's products (not archived), in order, with their variants. */
  products(collectionId: string): readonly ProductRecord[];
  /** A content collection's records published by `now`, in order. */
  records(collectionId: string, now: number): readonly RecordRow[];
}

/** The collections of `websiteId` as the tags see them. */
export function siteRowsOf(websiteId: string, rows: readonly CollectionRow[]): SiteRows {
  return { websiteId, rows, byId: new Map(rows.map((r) => [r.id, r])) };
}

/** The tags' reads on a SQLite store, made when asked. */
export function sqliteTagSource(store: Store, websiteId: string): TagSource {
  const cache = readCache(store);
  const site = () =>
    cache.get(`platform:collections:${websiteId}`, () =>
      siteRowsOf(websiteId, store.select().from(collections).where(eq(collections.websiteId, websiteId)).orderBy(asc(collections.ordering), asc(collections.id)).all()),
    );
  return {
    site,
    layout: () => {
      const stored = readSiteDocument(store, websiteId, LAYOUT_DOCUMENT);
      return Array.isArray(stored) ? stored : defaultLayout(store, websiteId);
    },
    blockFields: () => readSiteDocument(store, websiteId, BLOCK_FIELDS_DOCUMENT),
    products: (collectionId) => loadProducts(store, collectionId),
    records: (collectionId, now) => loadRecords(store, collectionId, now),
  };
}
