/**
 * What the `<squarespace:…>` tags show (server/theme/platform-tags.ts), read from the store for one page and
 * only when a template asks: the context gets a hidden `squarespace-tags` (not enumerable, so `?format=json`
 * shows the context as before) whose parts are worked out on first read.
 *
 * - `navigation.main` / `navigation.named-{id}`: `{ items }` in the platform's shape, each item
 *   `{ active, folderActive, collection: { id, title, navigationTitle, fullUrl, typeName, folder, collections } }`
 *   or `{ active: false, externalLink: { url, title, newWindow } }`, from the site layout (its first entry is the
 *   main navigation; others by identifier, empty until the owner fills them).
 * - `folderNavigation`: `{ folder, items }` of the main navigation's folder holding the current page, else missing.
 * - `query.{key}`: `{ collection, items }` of an open, enabled collection (at most 8 per page, 100 items each).
 * - `category.{key}`: `{ collection, items: [{ name, count, url, active }] }` (the collection's categories).
 * - `related.{key}`: `{ items }`: other items of the current item's collection sharing a category or tag with it.
 * - `blockFields`: the stored block fields by id (server/theme/block-fields.ts).
 */
import { asc, eq } from 'drizzle-orm';
import { isRecord } from '../../commerce/json.js';
import { isDisplayedType } from '../../commerce/products.js';
import { collectionJson, type Json, loadCollectionByUrl, loadProducts, productJson } from '../catalog.js';
import { type CollectionRow, collectionTypeName, contentCollectionJson, contentKind, loadRecords, type RecordRow, recordJson } from '../content.js';
import type { Store } from '../db/database.js';
import { collections } from '../db/schema.js';
import { facetCounts, sameText } from '../listing.js';
import { isSafeLink } from '../navigation-items.js';
import { protection } from '../page-access.js';
import { readCache } from '../read-cache.js';
import { defaultLayout, LAYOUT_DOCUMENT, mainNavigation } from '../site-layout.js';
import { readSiteDocument } from '../site-documents.js';
import { BLOCK_FIELDS_DOCUMENT, type StoredBlockFields, storedBlockFields } from './block-fields.js';
import { decodeKey, MAX_QUERIES_PER_PAGE, MAX_QUERY_ITEMS, type QuerySpec, TAGS_KEY } from './platform-tags.js';

const PRODUCTS_COLLECTION = 13;

/** Adds the hidden `squarespace-tags` to a page context (read lazily, once per page). */
export function attachPlatformData(context: Json, store: Store): Json {
  Object.defineProperty(context, TAGS_KEY, { enumerable: false, configurable: true, writable: true, value: platformData(store, context) });
  return context;
}

/** An object whose properties are worked out on first read, for any key (the engine reads them by name). */
function lazyMap(compute: (key: string) => unknown): Json {
  const known = new Map<string, unknown>();
  const value = (key: string) => {
    if (!known.has(key)) known.set(key, compute(key));
    return known.get(key);
  };
  return new Proxy({} as Json, {
    get: (_t, key) => (typeof key === 'string' ? value(key) : undefined),
    has: (_t, key) => typeof key === 'string' && value(key) !== undefined,
    getOwnPropertyDescriptor: (_t, key) => {
      if (typeof key !== 'string' || value(key) === undefined) return undefined;
      return { value: value(key), writable: false, enumerable: true, configurable: true };
    },
    ownKeys: () => [...known.keys()].filter((k) => known.get(k) !== undefined),
  });
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

interface SiteRows {
  readonly websiteId: string;
  readonly rows: readonly CollectionRow[];
  readonly byId: ReadonlyMap<string, CollectionRow>;
}

function siteRows(store: Store, context: Json): SiteRows {
  const website = context['website'];
  const websiteId = isRecord(website) && typeof website['id'] === 'string' ? website['id'] : '';
  return readCache(store).get(`platform:collections:${websiteId}`, () => {
    const rows = store.select().from(collections).where(eq(collections.websiteId, websiteId)).orderBy(asc(collections.ordering), asc(collections.id)).all();
    return { websiteId, rows, byId: new Map(rows.map((r) => [r.id, r])) };
  });
}

/** A collection a visitor may see without a password or membership (the tags never show more). */
const isOpen = (c: CollectionRow) => c.enabled && protection(c).kind === 'open';

function platformData(store: Store, context: Json): Json {
  const site = once(() => siteRows(store, context));
  const current = isRecord(context['collection']) ? context['collection'] : {};
  const currentId = typeof current['id'] === 'string' ? current['id'] : null;
  const navigations = once(() => navigationEntries(store, site()));
  const navigation = (entry: NavEntry | null) => ({ items: entry === null ? [] : navItems(entry.links, site(), currentId, 1) });
  let queries = 0;
  const data: Json = {};
  const define = (key: string, get: () => unknown) => Object.defineProperty(data, key, { enumerable: true, get });
  define(
    'navigation',
    once(() =>
      lazyMap((key) => {
        if (key === 'main') return navigation(navigations()[0] ?? null);
        if (key.startsWith('named-')) return navigation(navigations().find((e) => e.identifier === key.slice('named-'.length)) ?? null);
        return undefined;
      }),
    ),
  );
  define(
    'folderNavigation',
    once(() => {
      const main = navigation(navigations()[0] ?? null).items as Json[];
      for (const item of main) {
        const folder = item['collection'];
        if (isRecord(folder) && folder['folder'] === true && item['folderActive'] === true) return { folder, items: (folder['collections'] as Json[]).map((c) => ({ active: c['active'], collection: c })) };
      }
      return undefined;
    }),
  );
  define(
    'query',
    once(() =>
      lazyMap((key) => {
        const spec = decodeKey('q', key) as QuerySpec | undefined;
        if (!isRecord(spec)) return undefined;
        // the platform renders at most 8 queries on a page; the others show no items
        if (++queries > MAX_QUERIES_PER_PAGE) return { collection: null, items: [], overLimit: true };
        return queryResult(store, site(), spec);
      }),
    ),
  );
  define(
    'category',
    once(() =>
      lazyMap((key) => {
        const urlId = decodeKey('c', key);
        if (typeof urlId !== 'string') return undefined;
        const row = urlId === '' ? (currentId === null ? undefined : site().byId.get(currentId)) : site().rows.find((r) => r.urlId === urlId);
        return row === undefined || !isOpen(row) ? { collection: null, items: [] } : categories(store, row, context['categoryFilter']);
      }),
    ),
  );
  define(
    'related',
    once(() =>
      lazyMap((key) => {
        const limit = decodeKey('r', key);
        if (typeof limit !== 'number') return undefined;
        return { items: related(store, site(), context['item'], limit) };
      }),
    ),
  );
  define(
    'blockFields',
    once((): StoredBlockFields => storedBlockFields(readCache(store).get(`platform:block-fields:${site().websiteId}`, () => readSiteDocument(store, site().websiteId, BLOCK_FIELDS_DOCUMENT)))),
  );
  return data;
}

interface NavEntry {
  readonly identifier: string;
  readonly links: readonly unknown[];
}

/** The site layout's navigations (stored, else derived from the collections as the storefront does, unsaved). */
function navigationEntries(store: Store, site: SiteRows): NavEntry[] {
  const stored = readSiteDocument(store, site.websiteId, LAYOUT_DOCUMENT);
  const layout = Array.isArray(stored) ? stored : defaultLayout(store, site.websiteId);
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
    } else if (typeof link['externalLink'] === 'string' && isSafeLink(link['externalLink'])) {
      out.push({ active: false, folderActive: false, externalLink: { url: link['externalLink'], title: title ?? link['externalLink'], newWindow: link['newWindow'] === true } });
    }
  }
  return out;
}

/** A collection's items as its list page orders them, as the page JSON shows them. */
function collectionItems(store: Store, row: CollectionRow, now: number): { collection: Json; items: Json[] } {
  if (row.type === PRODUCTS_COLLECTION) {
    return readCache(store).get(`platform:products:${row.id}`, () => ({
      collection: collectionJson(row),
      items: loadProducts(store, row.id)
        .filter((p) => isDisplayedType(p.row.productType))
        .map((p) => productJson(p.row, p.variants, row.urlId)),
    }));
  }
  const kind = contentKind(row);
  if (kind === null || kind === 'page') return { collection: kind === null ? collectionJson(row) : contentCollectionJson(row, kind), items: [] };
  let rows: RecordRow[] = loadRecords(store, row.id, now);
  if (kind === 'blog') rows = [...rows].sort((a, b) => b.publishOn - a.publishOn);
  // events: the upcoming ones (not yet ended), soonest first, as a home page lists them
  if (kind === 'events') rows = rows.filter((r) => (r.endDate ?? r.startDate ?? 0) >= now).sort((a, b) => (a.startDate ?? 0) - (b.startDate ?? 0));
  return { collection: contentCollectionJson(row, kind, rows), items: rows.map((r) => recordJson(r, row, kind)) };
}

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : []);

function queryResult(store: Store, site: SiteRows, spec: QuerySpec): Json {
  const row = site.rows.find((r) => r.urlId === spec.collection);
  if (row === undefined || !isOpen(row)) return { collection: null, items: [] };
  const { collection, items } = collectionItems(store, row, Date.now());
  const matching = items.filter(
    (item) =>
      (spec.category === undefined || strings(item['categories']).some((c) => sameText(c, spec.category!))) &&
      (spec.tag === undefined || strings(item['tags']).some((t) => sameText(t, spec.tag!))) &&
      (spec.featured !== true || item['starred'] === true),
  );
  return { collection, items: matching.slice(spec.skip, spec.skip + Math.min(spec.limit, MAX_QUERY_ITEMS)) };
}

function categories(store: Store, row: CollectionRow, active: unknown): Json {
  const { collection, items } = collectionItems(store, row, Date.now());
  return {
    collection,
    items: facetCounts(items.map((i) => strings(i['categories']))).map((f) => ({
      ...f,
      url: `/${row.urlId}?${new URLSearchParams({ category: f.name })}`,
      active: typeof active === 'string' && sameText(active, f.name),
    })),
  };
}

function related(store: Store, site: SiteRows, item: unknown, limit: number): Json[] {
  if (!isRecord(item) || typeof item['collectionId'] !== 'string') return [];
  const row = site.byId.get(item['collectionId']);
  if (row === undefined || !isOpen(row)) return [];
  const facets = new Set([...strings(item['categories']), ...strings(item['tags'])].map((s) => s.toLowerCase()));
  if (facets.size === 0) return [];
  const shared = (other: Json) => [...strings(other['categories']), ...strings(other['tags'])].filter((s) => facets.has(s.toLowerCase())).length;
  return collectionItems(store, row, Date.now())
    .items.filter((other) => other['id'] !== item['id'])
    .map((other, index) => ({ other, index, score: shared(other) }))
    .filter((r) => r.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, limit)
    .map((r) => r.other);
}
