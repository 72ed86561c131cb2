/**
 * A platform theme's tag data on PostgreSQL (issue 25), loaded ahead: nothing can be read while a template
 * renders there, so before each request the node makes sure it holds **everything a `<squarespace:…>` tag can ask
 * of the site**: its collections, stored layout (or the derived one), block fields, and the shown products or
 * the records of every open collection a tag can list (products, blogs, events, galleries…: not pages, folders or
 * indexes, whose tags show no items). The tags then answer from it synchronously (server/theme/tag-source.ts),
 * with the same rules and limits as on SQLite (8 queries a page, 100 items each: server/theme/platform-data.ts).
 *
 * Why all of the site rather than what a page asks: a tag's collection often comes from data (a navigation's
 * folder, `related` on the item, a `query` whose attributes a template builds), so knowing a page's asks means
 * rendering it; and the whole is read once per store version per node, in parallel, then kept in the node's
 * read cache until the change feed says a page table changed (server/db/change-feed.ts), so a page load costs one
 * cache lookup. Measured on the demo store with a corpus theme's content: server/db/README.md.
 *
 * How stale: as the site data (server/site-data.ts): a request sees the store as of its start, and another
 * node's commit within the change feed's bound (`CHANGE_BOUND_MS`); this node's own writes at once.
 */
import type { FastifyInstance } from 'fastify';
import type { ProductRecord } from '../commerce/catalog.js';
import type { CatalogStore } from '../commerce/catalog-store.js';
import { allRecordsOf, type CollectionRow, contentKind, type RecordRow } from '../content.js';
import type { Store } from '../db/database.js';
import type { Reads } from '../db/reads.js';
import { runRead } from '../db/work.js';
import { COLLECTION_TYPES } from '../../engine/plugins/content/record-collection.js';
import { protection } from '../page-access.js';
import { readCache } from '../read-cache.js';
import { siteDataOf } from '../site-data.js';
import { defaultLayoutStep, LAYOUT_DOCUMENT } from '../site-layout.js';
import { readSiteDocumentStep } from '../site-documents.js';
import { BLOCK_FIELDS_DOCUMENT } from './block-fields.js';
import { siteRowsOf, type TagSource } from './tag-source.js';

/** What the tags of the site's pages can read, as loaded. */
interface TagDataAhead {
  readonly websiteId: string;
  readonly rows: readonly CollectionRow[];
  readonly layout: unknown;
  readonly blockFields: unknown;
  readonly products: ReadonlyMap<string, readonly ProductRecord[]>;
  /** Every record (scheduled ones too: what is live depends on the page's clock). */
  readonly records: ReadonlyMap<string, readonly RecordRow[]>;
}

/** A collection whose items a tag can list: open, enabled, products or a content kind other than a page. */
function listable(c: CollectionRow): boolean {
  if (!c.enabled || protection(c).kind !== 'open') return false;
  if (c.type === COLLECTION_TYPES.products) return true;
  const kind = contentKind(c);
  return kind !== null && kind !== 'page';
}

/** Site order, as SQLite's tag reads sort: ordering, then id (byte order, as SQLite compares text). */
const siteOrder = (a: CollectionRow, b: CollectionRow) => a.ordering - b.ordering || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Reads the tag data of `websiteId` (whose collections the site data holds already), in parallel. */
export async function loadTagDataAhead(reads: Reads, catalog: CatalogStore, websiteId: string, all: readonly CollectionRow[]): Promise<TagDataAhead> {
  const rows = all.filter((c) => c.websiteId === websiteId).sort(siteOrder);
  const lists = rows.filter(listable);
  const shops = lists.filter((c) => c.type === COLLECTION_TYPES.products);
  const contents = lists.filter((c) => c.type !== COLLECTION_TYPES.products);
  const [stored, blockFields, products, records] = await Promise.all([
    runRead(reads, (q) => readSiteDocumentStep(q, websiteId, LAYOUT_DOCUMENT)),
    runRead(reads, (q) => readSiteDocumentStep(q, websiteId, BLOCK_FIELDS_DOCUMENT)),
    Promise.all(shops.map(async (c) => [c.id, await catalog.products(c.id)] as const)),
    Promise.all(contents.map(async (c) => [c.id, await allRecordsOf(reads, c.id)] as const)),
  ]);
  const layout = Array.isArray(stored) ? stored : await runRead(reads, (q) => defaultLayoutStep(q, websiteId));
  return { websiteId, rows, layout, blockFields, products: new Map(products), records: new Map(records) };
}

/** The tags' source over data loaded ahead; a collection not loaded (not listable) has no items. */
function sourceOf(ahead: TagDataAhead): TagSource {
  const site = siteRowsOf(ahead.websiteId, ahead.rows);
  return {
    site: () => site,
    layout: () => ahead.layout,
    blockFields: () => ahead.blockFields,
    products: (id) => ahead.products.get(id) ?? [],
    records: (id, now) => (ahead.records.get(id) ?? []).filter((r) => r.publishOn <= now),
  };
}

/** The stores whose platform tags are answered from data loaded ahead, and the data as of the request's start. */
const ahead = new WeakMap<Store, { current: TagSource | undefined }>();

/** The tags' source of `store`'s pages when loaded ahead (PostgreSQL), else undefined (SQLite reads when asked). */
export function tagSourceAhead(store: Store): TagSource | undefined {
  const slot = ahead.get(store);
  if (slot === undefined) return undefined;
  if (slot.current === undefined) throw new Error("The platform theme's tag data was not loaded ahead of this page.");
  return slot.current;
}

/**
 * Loads the tag data ahead of every request (after the site, server/site-data.ts's hook, which must be installed
 * first), kept in `store`'s read cache (on the change feed) and in a slot replaced, never emptied, per request.
 */
export function installTagDataAhead(app: FastifyInstance, store: Store, reads: Reads, catalog: CatalogStore): void {
  const slot: { current: TagSource | undefined } = { current: undefined };
  ahead.set(store, slot);
  const load = async () => {
    const site = siteDataOf(store);
    const website = site.context['website'] as { id?: unknown };
    const websiteId = typeof website.id === 'string' ? website.id : '';
    slot.current = await readCache(store).getAsync(`platform-ahead:${websiteId}`, async () => sourceOf(await loadTagDataAhead(reads, catalog, websiteId, site.collections)));
  };
  app.addHook('onReady', load);
  app.addHook('onRequest', load);
}
