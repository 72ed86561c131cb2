/**
 * Content outside the store as the platform's templates expect it (spec 001 §3 "Record or item"): content
 * pages, blog posts, events, gallery images, album tracks and videos, with their collection. Every field a
 * theme may read is set from the store; nothing here knows about HTTP.
 */
import { and, asc, eq } from 'drizzle-orm';
import { isRecord } from '../commerce/json.js';
import { COLLECTION_TYPES } from '../engine/plugins/content/record-collection.js';
import { RECORD_TYPES } from '../engine/plugins/content/record-types.js';
import { baseCollectionJson, type Json, parseJson } from './commerce/catalog.js';
import type { Store } from './db/database.js';
import type { Reads } from './db/reads.js';
import { collections, forms, records } from './db/schema.js';
import { galleryOptions } from './gallery-options.js';
import { facetCounts } from './listing.js';

export type CollectionRow = typeof collections.$inferSelect;
export type RecordRow = typeof records.$inferSelect;
type FormRow = typeof forms.$inferSelect;

/**
 * How a collection is shown; each kind has its templates (`collections/{kind}.list`, `….item`). An `index`
 * is a folder with a landing page listing its child collections (`index.list`); a `folder` only groups pages
 * in the navigation, and its address leads to its first page.
 */
export type ContentKind = 'page' | 'blog' | 'events' | 'gallery' | 'album' | 'video' | 'index' | 'folder';

/** Kinds whose records have a page of their own at `/{collection}/{item}`. */
const KINDS_WITH_ITEM_PAGES: ReadonlySet<ContentKind> = new Set(['blog', 'events', 'video']);

export function collectionSettings(c: CollectionRow): Json {
  const s = parseJson<unknown>(c.settings, {});
  return isRecord(s) ? s : {};
}

/**
 * The kind of a content collection, from its type (spec 001 collection types). A generic collection (1)
 * holds a blog unless its settings say `typeName: "events"`, as the platform tells them apart by type name,
 * or make it a folder (`folder: true`; an index when `index: true` too). A collection of a theme's own type
 * (`typeName: "project"`) is shown as a blog: a list of items with pages of their own.
 * Null for products (served by the shop pages) and for types the demo theme has no templates for.
 */
export function contentKind(c: CollectionRow): ContentKind | null {
  switch (c.type) {
    case COLLECTION_TYPES.page:
      return 'page';
    case COLLECTION_TYPES.generic: {
      const settings = collectionSettings(c);
      if (settings['folder'] === true) return settings['index'] === true ? 'index' : 'folder';
      return settings['typeName'] === 'events' ? 'events' : 'blog';
    }
    case COLLECTION_TYPES['slide-gallery']:
      return 'gallery';
    case COLLECTION_TYPES['slide-album']:
      return 'album';
    case COLLECTION_TYPES['slide-video']:
      return 'video';
    default:
      return null;
  }
}

export const hasItemPages = (kind: ContentKind) => KINDS_WITH_ITEM_PAGES.has(kind);

const RECORD_TYPE_LABELS = new Map<number, string>(Object.entries(RECORD_TYPES).map(([name, code]) => [code, name]));

/** The type name a collection has: its settings' `typeName` (a theme's own type), else its kind. */
export function collectionTypeName(c: CollectionRow, kind: ContentKind): string {
  const own = collectionSettings(c)['typeName'];
  return typeof own === 'string' && own !== '' ? own : kind;
}

/** The collection as an item's `collection` field carries it: type, folder, folder behaviour (spec 001). */
function collectionRef(c: CollectionRow, kind: ContentKind): Json {
  const behavior = collectionSettings(c)['folderBehavior'];
  return {
    id: c.id,
    title: c.title,
    urlId: c.urlId,
    fullUrl: `/${c.urlId}`,
    type: c.type,
    typeName: collectionTypeName(c, kind),
    folder: false,
    ...(typeof behavior === 'number' ? { folderBehavior: behavior } : {}),
  };
}

/** Kind-specific fields stored in `records.data` that an item may carry (spec 001 "Record or item"). */
const DATA_FIELDS = [
  'location',
  'oembed',
  'structuredContent',
  'originalSize',
  'systemDataVariants',
  'mediaFocalPoint',
  'colorData',
  'altText',
  'filename',
  'overlay',
  'systemDataId',
  'mainImageId',
  'externalLink',
  'customContent',
  'mainImage',
] as const;

/** The item's address: its own page, or an anchor in the list for kinds without item pages. */
export function recordUrl(c: CollectionRow, kind: ContentKind, r: RecordRow): string {
  return hasItemPages(kind) ? `/${c.urlId}/${r.urlId}` : `/${c.urlId}#${r.urlId}`;
}

export function recordJson(r: RecordRow, c: CollectionRow, kind: ContentKind): Json {
  const data = parseJson<unknown>(r.data, {});
  const item: Json = {
    id: r.id,
    collectionId: r.collectionId,
    recordType: r.recordType,
    recordTypeLabel: RECORD_TYPE_LABELS.get(r.recordType) ?? 'undefined',
    title: r.title,
    urlId: r.urlId,
    fullUrl: recordUrl(c, kind, r),
    body: r.body,
    excerpt: r.excerpt,
    categories: parseJson<string[]>(r.categories, []),
    tags: parseJson<string[]>(r.tags, []),
    starred: r.starred,
    publicCommentCount: r.publicCommentCount,
    commentState: r.commentState,
    likeCount: r.likeCount,
    publishOn: r.publishOn,
    addedOn: r.publishOn,
    collection: collectionRef(c, kind),
  };
  if (r.authorName !== null) item['author'] = { displayName: r.authorName };
  if (r.assetUrl !== null) item['assetUrl'] = r.assetUrl;
  if (r.startDate !== null) item['startDate'] = r.startDate;
  if (r.endDate !== null) item['endDate'] = r.endDate;
  if (isRecord(data)) for (const key of DATA_FIELDS) if (data[key] !== undefined) item[key] = data[key];
  return item;
}

/** Published records of a collection (a record published in the future is scheduled, not shown yet). */
export function loadRecords(db: Store, collectionId: string, now: number): RecordRow[] {
  return db
    .select()
    .from(records)
    .where(eq(records.collectionId, collectionId))
    .orderBy(asc(records.ordering))
    .all()
    .filter((r) => r.publishOn <= now);
}

/** A collection's records in its order, scheduled ones included, on either database (server/db/reads.ts). */
export function allRecordsOf({ db, t }: Reads, collectionId: string): Promise<RecordRow[]> {
  return db.select().from(t.records).where(eq(t.records.collectionId, collectionId)).orderBy(asc(t.records.ordering));
}

/** The live ones (published by `now`), as `loadRecords`. */
export async function liveRecordsOf(reads: Reads, collectionId: string, now: number): Promise<RecordRow[]> {
  return (await allRecordsOf(reads, collectionId)).filter((r) => r.publishOn <= now);
}

/** Distinct values of a list field over the records, in first-seen order (the filter links of a blog). */
/** Every distinct category (or tag) of the records, in first-seen order. */
function distinct(rows: readonly RecordRow[], field: 'categories' | 'tags'): string[] {
  return facetCounts(rows.map((r) => parseJson<string[]>(r[field], []))).map((f) => f.name);
}

/**
 * The collection as a page context carries it. `rows` are its published records, for the category and tag
 * lists. A gallery also carries its full gallery options (`options`, read by the `gallery-*?` predicates).
 */
export function contentCollectionJson(c: CollectionRow, kind: ContentKind, rows: readonly RecordRow[] = []): Json {
  const settings = collectionSettings(c);
  const json: Json = { ...baseCollectionJson(c), typeName: collectionTypeName(c, kind), folder: false, itemCount: rows.length };
  if (kind === 'blog') {
    json['categories'] = distinct(rows, 'categories');
    json['tags'] = distinct(rows, 'tags');
  }
  if (kind === 'gallery') json['options'] = galleryOptions(settings['gallery']);
  if (kind === 'events') json['showPastOrUpcomingEvents'] = settings['showPastOrUpcomingEvents'] === 'past' ? 'past' : 'upcoming';
  if (kind === 'index' || kind === 'folder') {
    json['folder'] = true;
    if (typeof settings['folderBehavior'] === 'number') json['folderBehavior'] = settings['folderBehavior'];
  }
  // the banner image an owner gives a page or collection (index sections and collection headers show it)
  if (isRecord(settings['mainImage'])) json['mainImage'] = settings['mainImage'];
  if (settings['homepage'] === true) json['homepage'] = true;
  return json;
}

/** A content page's own fields: its body (owner HTML, rendered as is, as on the platform). */
export function pageJson(c: CollectionRow): Json {
  return { ...contentCollectionJson(c, 'page'), body: c.body };
}

export function loadForm(db: Store, id: string): FormRow | null {
  return db.select().from(forms).where(eq(forms.id, id)).get() ?? null;
}

/**
 * A form as spec 000 §3 names its fields. `action` is where the no-JavaScript form posts; the handler of that
 * address belongs to the form-submission work and does not exist yet.
 */
export function formJson(f: FormRow): Json {
  return {
    id: f.id,
    name: f.name,
    fields: parseJson<unknown[]>(f.fields, []),
    submissionMessage: f.submissionMessage,
    submissionHTML: f.submissionHtml,
    successRedirect: f.successRedirect ?? undefined,
    disclaimerMessage: f.disclaimerMessage,
    captchaEnabled: f.captchaEnabled,
    action: `/forms/${encodeURIComponent(f.id)}`,
  };
}

export function loadCollectionById(db: Store, id: string): CollectionRow | null {
  return db.select().from(collections).where(eq(collections.id, id)).get() ?? null;
}

/** The ids of a folder's or index's child collections, in order (its settings' `children`). */
export function folderChildIds(c: CollectionRow): string[] {
  const children = collectionSettings(c)['children'];
  return Array.isArray(children) ? children.filter((id): id is string => typeof id === 'string') : [];
}

/**
 * A child of an index as the index's `collection.collections` carries it (template-files.md §4, `fullData`):
 * the collection with its `mainContent` (a page's body) and its published `items`, read on either database.
 */
async function indexChildJson(reads: Reads, c: CollectionRow, now: number): Promise<Json | null> {
  const kind = contentKind(c);
  if (kind === null || !c.enabled || kind === 'index' || kind === 'folder') return null;
  if (kind === 'page') return { ...contentCollectionJson(c, 'page'), mainContent: c.body, body: c.body };
  const rows = await liveRecordsOf(reads, c.id, now);
  const ordered = kind === 'blog' ? [...rows].sort((a, b) => b.publishOn - a.publishOn) : rows;
  return { ...contentCollectionJson(c, kind, rows), items: ordered.map((r) => recordJson(r, c, kind)) };
}

/**
 * An index's collection JSON: itself with its enabled children in `collections`, pages and items in full. The
 * children are found among `all` (the site data's collections) and their records read at once.
 */
export async function indexCollectionJson(reads: Reads, all: readonly CollectionRow[], c: CollectionRow, now: number): Promise<Json> {
  const children = await Promise.all(
    folderChildIds(c).map((id) => {
      const row = all.find((x) => x.id === id);
      return row === undefined || row.websiteId !== c.websiteId ? null : indexChildJson(reads, row, now);
    }),
  );
  return { ...contentCollectionJson(c, 'index'), collections: children.filter((child): child is Json => child !== null) };
}
