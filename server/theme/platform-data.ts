/**
 * What the `<squarespace:…>` tags show (server/theme/tag-formatter.ts), worked out for one page and only when a
 * template asks: the page context gets a hidden `squarespace-tags` (not enumerable, so `?format=json` shows the
 * context as before) whose answers are worked out on first ask and kept for the page. What they read of the
 * store comes from a `TagSource` (server/theme/tag-source.ts): the SQLite store, read on first ask, or on
 * PostgreSQL the site's tag data loaded ahead of the request (server/theme/platform-ahead.ts).
 *
 * - `navigation(id, main)`: `{ items }` in the platform's shape, each item `{ active, folderActive, collection:
 *   { id, title, navigationTitle, urlId, fullUrl, typeName, folder, active, collections } }` or `{ active: false,
 *   externalLink: { url, title, newWindow } }`, from the site layout (its first entry is the main navigation;
 *   others by identifier, empty until the owner fills them).
 * - `folderNavigation()`: `{ folder, items }` of the main navigation's folder holding the current page, else
 *   undefined.
 * - `query(spec)`: `{ collection, items }` of an open, enabled collection, its address (`urlId`, which may hold a
 *   `/`: `work/it-services`) as written; at most 8 different queries per page (the others `{ collection: null,
 *   items: [], overLimit: true }`), at most 100 items each.
 * - `category(urlId)`: `{ collection, items: [{ name, count, url, active }] }` (the collection's categories; the
 *   current page's collection for `''`).
 * - `related(limit, productsOnly)`: `{ items }`: other items of the current item's collection sharing a category
 *   or tag with it.
 * - `blockField(id)`: the blocks stored in the field (server/theme/block-fields.ts).
 */
import { isRecord } from '../../commerce/json.js';
import { isDisplayedType } from '../../commerce/products.js';
import { collectionJson, type Json, productJson } from '../commerce/catalog.js';
import { type CollectionRow, collectionTypeName, contentCollectionJson, contentKind, type RecordRow, recordJson } from '../content.js';
import type { Store } from '../db/database.js';
import { facetCounts, sameText } from '../listing.js';
import { safeUrl } from '../../commerce/safe-url.js';
import { protection } from '../page-access.js';
import { readCache } from '../read-cache.js';
import { mainNavigation, type SiteLayout } from '../site-layout.js';
import { type Block, storedBlockFields } from './block-fields.js';
import { tagSourceAhead } from './platform-ahead.js';
import { type SiteRows, sqliteTagSource, type TagSource } from './tag-source.js';

const PRODUCTS_COLLECTION = 13;

/** The root key of the tags' data in a page context. */
export const TAGS_KEY = 'squarespace-tags';
/** Spec: at most this many query tags per page, each at most this many items. */
export const MAX_QUERIES_PER_PAGE = 8;
export const MAX_QUERY_ITEMS = 100;

export interface QuerySpec {
  /** The collection's address, without leading or trailing `/`. */
  readonly collection: string;
  readonly limit: number;
  readonly skip: number;
  readonly category?: string;
  readonly tag?: string;
  readonly featured?: boolean;
}

/** What a page's tags can ask of the store. */
export interface TagData {
  navigation(id: string, main: boolean): Json;
  folderNavigation(): Json | undefined;
  query(spec: QuerySpec): Json;
  category(collection: string): Json;
  related(limit: number, productsOnly: boolean): Json;
  blockField(id: string): readonly Block[];
}

/** A page rendered without a store (a captured context): every tag shows nothing. */
const NO_TAG_DATA: TagData = {
  navigation: () => ({ items: [] }),
  folderNavigation: () => undefined,
  query: () => ({ collection: null, items: [] }),
  category: () => ({ collection: null, items: [] }),
  related: () => ({ items: [] }),
  blockField: () => [],
};

/** The tags' data of the page whose context (or render root) is `root`. */
export function tagData(root: unknown): TagData {
  const data = isRecord(root) ? root[TAGS_KEY] : undefined;
  return isRecord(data) && typeof data['query'] === 'function' ? (data as unknown as TagData) : NO_TAG_DATA;
}

/** Adds the hidden `squarespace-tags` to a page context (its answers worked out when asked, once per page). */
export function attachPlatformData(context: Json, store: Store): Json {
  Object.defineProperty(context, TAGS_KEY, { enumerable: false, configurable: true, writable: true, value: platformData(store, context) });
  return context;
}

/** `compute` with its answers kept by key. */
function remembered<T>(compute: (key: string) => T): (key: string) => T {
  const known = new Map<string, T>();
  return (key) => {
    if (!known.has(key)) known.set(key, compute(key));
    return known.get(key)!;
  };
}

/** A getter worked out once. */
function once<T>(compute: () => T): () => T {
  let done = false;
  let result: T;
  return () => {
    if (!done) {
      result = compute();
      done = true;
    }
    return result;
  };
}

/** What the page's tags read: loaded ahead (PostgreSQL, server/theme/platform-ahead.ts), else the SQLite store when asked. */
function tagSource(store: Store, context: Json): TagSource {
  const website = context['website'];
  const websiteId = isRecord(website) && typeof website['id'] === 'string' ? website['id'] : '';
  return tagSourceAhead(store) ?? sqliteTagSource(store, websiteId);
}

/** A collection a visitor may see without a password or membership (the tags never show more). */
const isOpen = (c: CollectionRow) => c.enabled && protection(c).kind === 'open';

function platformData(store: Store, context: Json): TagData {
  const source = once(() => tagSource(store, context));
  const site = once(() => source().site());
  const current = isRecord(context['collection']) ? context['collection'] : {};
  const currentId = typeof current['id'] === 'string' ? current['id'] : null;
  const navigations = once(() => navigationEntries(source().layout() as SiteLayout));
  const navigation = (entry: NavEntry | null) => ({ items: entry === null ? [] : navItems(entry.links, site(), currentId, 1) });
  const main = once(() => navigation(navigations()[0] ?? null));
  const named = remembered((id) => navigation(navigations().find((e) => e.identifier === id) ?? null));
  const folder = once(() => {
    for (const item of main().items as Json[]) {
      const folder = item['collection'];
      if (isRecord(folder) && folder['folder'] === true && item['folderActive'] === true) return { folder, items: (folder['collections'] as Json[]).map((c) => ({ active: c['active'], collection: c })) };
    }
    return undefined;
  });
  let queries = 0;
  const query = remembered((key): Json => {
    // the platform renders at most 8 queries on a page; the others show no items
    if (++queries > MAX_QUERIES_PER_PAGE) return { collection: null, items: [], overLimit: true };
    return queryResult(store, source(), site(), JSON.parse(key) as QuerySpec);
  });
  const category = remembered((urlId) => {
    const row = urlId === '' ? (currentId === null ? undefined : site().byId.get(currentId)) : findCollection(site(), urlId);
    return row === undefined || !isOpen(row) ? { collection: null, items: [] } : categories(store, source(), row, context['categoryFilter']);
  });
  const related = remembered((key) => {
    const [limit, productsOnly] = JSON.parse(key) as [number, boolean];
    return { items: relatedItems(store, source(), site(), context['item'], limit, productsOnly) };
  });
  const blockFields = once(() => storedBlockFields(readCache(store).get(`platform:block-fields:${site().websiteId}`, () => source().blockFields())));
  return {
    navigation: (id, isMain) => (isMain ? main() : named(id)),
    folderNavigation: folder,
    // one key for one query, whatever order its attributes were written in
    query: (spec) => query(JSON.stringify({ collection: spec.collection, limit: spec.limit, skip: spec.skip, category: spec.category, tag: spec.tag, featured: spec.featured })),
    category,
    related: (limit, productsOnly) => related(JSON.stringify([limit, productsOnly])),
    blockField: (id) => blockFields().get(id) ?? [],
  };
}

interface NavEntry {
  readonly identifier: string;
  readonly links: readonly unknown[];
}

/** The site layout's navigations (stored, else derived from the collections as the storefront does, unsaved). */
function navigationEntries(layout: SiteLayout): NavEntry[] {
  const main = mainNavigation(layout);
  const entries: NavEntry[] = [];
  for (const entry of layout) {
    if (isRecord(entry) && typeof entry['identifier'] === 'string' && Array.isArray(entry['links'])) entries.push({ identifier: entry['identifier'], links: entry['links'] });
  }
  // the first entry is the main navigation whatever it is called
  return main === null ? [{ identifier: '', links: [] }, ...entries] : entries;
}

function navCollection(c: CollectionRow, currentId: string | null): Json {
  return {
    id: c.id,
    title: c.title,
    navigationTitle: c.navigationTitle ?? c.title,
    urlId: c.urlId,
    fullUrl: `/${c.urlId}`,
    typeName: c.type === PRODUCTS_COLLECTION ? 'products' : collectionTypeName(c, contentKind(c) ?? 'page'),
    folder: false,
    active: c.id === currentId,
  };
}

/** Navigation items in the platform's shape; a link with children is a folder. */
function navItems(links: readonly unknown[], site: SiteRows, currentId: string | null, depth: number): Json[] {
  const out: Json[] = [];
  for (const link of links) {
    if (!isRecord(link) || depth > 3) continue;
    const title = typeof link['title'] === 'string' && link['title'] !== '' ? link['title'] : null;
    const children = Array.isArray(link['items']) ? navItems(link['items'], site, currentId, depth + 1) : [];
    const row = typeof link['collectionId'] === 'string' ? site.byId.get(link['collectionId']) : undefined;
    // an external link as the browser will follow it (commerce/safe-url.ts)
    const external = safeUrl(link['externalLink'], 'link');
    if (children.length > 0) {
      const sub = children.filter((c) => isRecord(c['collection'])).map((c) => c['collection'] as Json);
      const own = row !== undefined && row.enabled ? navCollection(row, currentId) : null;
      const folderActive = sub.some((c) => c['active'] === true) || own?.['active'] === true;
      out.push({
        active: folderActive,
        folderActive,
        collection: {
          ...(own ?? { id: `folder-${out.length}`, title: title ?? 'Folder', navigationTitle: title ?? 'Folder', fullUrl: sub[0]?.['fullUrl'] ?? '/', typeName: 'folder' }),
          ...(title !== null ? { navigationTitle: title } : {}),
          folder: true,
          active: folderActive,
          collections: sub,
        },
      });
    } else if (row !== undefined && row.enabled) {
      const collection = navCollection(row, currentId);
      if (title !== null) collection['navigationTitle'] = title;
      out.push({ active: collection['active'], folderActive: false, collection });
    } else if (external !== null) {
      out.push({ active: false, folderActive: false, externalLink: { url: external, title: title ?? external, newWindow: link['newWindow'] === true } });
    }
  }
  return out;
}

/** A collection's items as its list page orders them, as the page JSON shows them. */
function collectionItems(store: Store, source: TagSource, row: CollectionRow, now: number): { collection: Json; items: Json[] } {
  if (row.type === PRODUCTS_COLLECTION) {
    return readCache(store).get(`platform:products:${row.id}`, () => ({
      collection: collectionJson(row),
      items: source
        .products(row.id)
        .filter((p) => isDisplayedType(p.row.productType))
        .map((p) => productJson(p.row, p.variants, row.urlId)),
    }));
  }
  const kind = contentKind(row);
  if (kind === null || kind === 'page') return { collection: kind === null ? collectionJson(row) : contentCollectionJson(row, kind), items: [] };
  let rows: readonly RecordRow[] = source.records(row.id, now);
  if (kind === 'blog') rows = [...rows].sort((a, b) => b.publishOn - a.publishOn);
  // events: the upcoming ones (not yet ended), soonest first, as a home page lists them
  if (kind === 'events') rows = rows.filter((r) => (r.endDate ?? r.startDate ?? 0) >= now).sort((a, b) => (a.startDate ?? 0) - (b.startDate ?? 0));
  return { collection: contentCollectionJson(row, kind, rows), items: rows.map((r) => recordJson(r, row, kind)) };
}

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : []);

/** The collection at an address as a tag writes it (`blog`, `/blog/`, `work/it-services`), or undefined. */
function findCollection(site: SiteRows, address: string): CollectionRow | undefined {
  const urlId = address.replace(/^\/+|\/+$/g, '');
  return site.rows.find((r) => r.urlId === urlId) ?? site.rows.find((r) => r.urlId.toLowerCase() === urlId.toLowerCase());
}

function queryResult(store: Store, source: TagSource, site: SiteRows, spec: QuerySpec): Json {
  const row = findCollection(site, spec.collection);
  if (row === undefined || !isOpen(row)) return { collection: null, items: [] };
  const { collection, items } = collectionItems(store, source, row, Date.now());
  const matching = items.filter(
    (item) =>
      (spec.category === undefined || strings(item['categories']).some((c) => sameText(c, spec.category!))) &&
      (spec.tag === undefined || strings(item['tags']).some((t) => sameText(t, spec.tag!))) &&
      (spec.featured !== true || item['starred'] === true),
  );
  return { collection, items: matching.slice(spec.skip, spec.skip + Math.min(spec.limit, MAX_QUERY_ITEMS)) };
}

function categories(store: Store, source: TagSource, row: CollectionRow, active: unknown): Json {
  const { collection, items } = collectionItems(store, source, row, Date.now());
  return {
    collection,
    items: facetCounts(items.map((i) => strings(i['categories']))).map((f) => ({
      ...f,
      url: `/${row.urlId}?${new URLSearchParams({ category: f.name })}`,
      active: typeof active === 'string' && sameText(active, f.name),
    })),
  };
}

/** Other items of the current item's collection sharing a category or tag with it (a product's: products only). */
function relatedItems(store: Store, source: TagSource, site: SiteRows, item: unknown, limit: number, productsOnly: boolean): Json[] {
  if (!isRecord(item) || typeof item['collectionId'] !== 'string') return [];
  const row = site.byId.get(item['collectionId']);
  if (row === undefined || !isOpen(row) || (productsOnly && row.type !== PRODUCTS_COLLECTION)) return [];
  const facets = new Set([...strings(item['categories']), ...strings(item['tags'])].map((s) => s.toLowerCase()));
  if (facets.size === 0) return [];
  const shared = (other: Json) => [...strings(other['categories']), ...strings(other['tags'])].filter((s) => facets.has(s.toLowerCase())).length;
  return collectionItems(store, source, row, Date.now())
    .items.filter((other) => other['id'] !== item['id'])
    .map((other, index) => ({ other, index, score: shared(other) }))
    .filter((r) => r.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, limit)
    .map((r) => r.other);
}
