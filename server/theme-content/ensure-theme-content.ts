/**
 * Gives the store what a served platform theme needs (server/theme-content/content-plan.ts): collections of
 * the theme's own types with demo items, the collections its templates query by name, an index, a folder, a
 * page for its home layout; then the navigations of its `template.conf`, filled with the site's pages so a
 * visitor reaches each of them. Run when the app is built for a theme other than the default one.
 *
 * Idempotent: what the store already has (a collection of the type, at the address) is never made again, and
 * nothing existing is changed; the navigations are written only while the store has no site layout or holds
 * the one written here before (an owner's saved layout is left as it is). All in one transaction, on either
 * database (SQLite or PostgreSQL, issue 25).
 */
import { asc, eq } from 'drizzle-orm';
import { isRecord } from '../../commerce/json.js';
import { COLLECTION_TYPES } from '../../engine/plugins/content/record-collection.js';
import { type CollectionRow, collectionSettings, collectionTypeName, contentKind, folderChildIds } from '../content.js';
import type { Store } from '../db/database.js';
import type { Reads } from '../db/reads.js';
import { all, get, lockRows, run, type Transactions, type Work, writeSqliteSync } from '../db/work.js';
import { protection } from '../page-access.js';
import { MAX_NAVIGATION_DEPTH } from '../navigation-items.js';
import { LAYOUT_DOCUMENT } from '../site-layout.js';
import { readSiteDocumentStep, writeSiteDocumentStep } from '../site-documents.js';
import type { Theme } from '../theme.js';
import { defaultThemeDir } from '../theme/theme-dir.js';
import { planThemeContent, STORE_KINDS, type StoreCollections, THEME_CONTENT_PREFIX } from './content-plan.js';
import { type ThemeDeclarations, themeDeclarations } from './theme-declarations.js';

const DAY = 86_400_000;
/** Marks the layout entries written here, so a later start may write them again and an owner's are kept. */
export const GENERATED_NAVIGATION = 'themeDemoNavigation';

/** The type a collection of the store is to a theme: `products` for a shop, else its type name (null: none). */
function typeNameOf(c: CollectionRow): string | null {
  if (c.type === COLLECTION_TYPES.products) return 'products';
  const kind = contentKind(c);
  return kind === null ? null : collectionTypeName(c, kind);
}

const isOpenPage = (c: CollectionRow) => c.enabled && c.type === COLLECTION_TYPES.page && protection(c).kind === 'open' && collectionSettings(c)['homepage'] !== true;

function storeCollections(rows: readonly CollectionRow[]): StoreCollections {
  return {
    urlIds: new Set(rows.map((r) => r.urlId)),
    typeNames: new Set(rows.map(typeNameOf).filter((t): t is string => t !== null)),
    folderPages: rows.filter(isOpenPage).filter((r) => !r.id.startsWith(THEME_CONTENT_PREFIX)).map((r) => r.id),
    hasHomePage: rows.some((r) => collectionSettings(r)['homepage'] === true),
  };
}

/**
 * Adds what `theme` needs to the store's website, as one piece of work on either database (server/db/work.ts);
 * returns the ids of the collections made. The website's row is locked first (PostgreSQL): two nodes starting at
 * once on one database take turns, and the second finds the first's collections and makes none.
 */
export function* themeContentWork(q: Reads, theme: Theme, now: number = Date.now()): Work<string[]> {
  if (theme.dir === defaultThemeDir()) return [];
  const { db, t } = q;
  const site = yield* get(db.select({ id: t.websites.id }).from(t.websites).limit(1));
  if (site === undefined) return [];
  yield* lockRows(q, db.select({ id: t.websites.id }).from(t.websites).where(eq(t.websites.id, site.id)));
  const decl = themeDeclarations(theme);
  const today = Math.floor(now / DAY) * DAY;
  const rows = yield* siteCollectionsStep(q, site.id);
  const plan = planThemeContent(decl, storeCollections(rows), today);
  let ordering = rows.reduce((max, r) => Math.max(max, r.ordering), 0);
  for (const { records: made, settings, ...c } of plan) {
    yield* run(db.insert(t.collections).values({ ...c, websiteId: site.id, ordering: ++ordering, settings: JSON.stringify(settings) }));
    for (const [k, r] of made.entries()) yield* run(db.insert(t.records).values({ ...r, id: `${c.id}-${r.urlId}`, collectionId: c.id, ordering: k }));
  }
  // in the same transaction: the navigations are written with the collections or not at all
  yield* themeNavigationsStep(q, site.id, decl, theme);
  return plan.map((c) => c.id);
}

/** `themeContentWork` on a SQLite store, synchronously (one transaction). */
export function ensureThemeContent(store: Store, theme: Theme, now: number = Date.now()): string[] {
  return writeSqliteSync(store, (q) => themeContentWork(q, theme, now));
}

/** `themeContentWork` for a starting server, on its database: a failure is said through `log`, never thrown. */
export async function ensureThemeContentSafely(transactions: Transactions, theme: Theme, log: (message: string) => void): Promise<void> {
  try {
    await transactions.write((q) => themeContentWork(q, theme));
  } catch (error) {
    log(`the theme's demo content could not be added: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function siteCollectionsStep({ db, t }: Reads, websiteId: string): Work<CollectionRow[]> {
  return all(db.select().from(t.collections).where(eq(t.collections.websiteId, websiteId)).orderBy(asc(t.collections.ordering)));
}

/**
 * The links of a theme's navigations: the shops and blogs first, then every other open collection whose type
 * the theme declares (its `.conf` files, `systemCollections`) and the open pages; a folder's or an index's
 * children nested under it, and a collection at `a/b` under the collection at `a` (`work/it-services` under
 * `work`), each in one place only. Never a page behind a password or a member area, nor the page that is the
 * home page (the site title leads there).
 */
export function themeNavigationLinks(rows: readonly CollectionRow[], decl: ThemeDeclarations): unknown[] {
  const declared = new Set([...decl.collectionTypes.map((t) => t.typeName), ...decl.systemCollections, 'products', 'blog', 'page']);
  const shown = (r: CollectionRow) => {
    const type = typeNameOf(r);
    if (!r.enabled || protection(r).kind !== 'open' || collectionSettings(r)['homepage'] === true || type === null) return false;
    // the store's own galleries, albums and videos only where the theme serves that kind
    return declared.has(type) || !STORE_KINDS.has(type);
  };
  const visible = rows.filter(shown);
  const byId = new Map(visible.map((r) => [r.id, r]));
  const byUrl = new Map(visible.map((r) => [r.urlId, r]));
  const children = new Map<string, CollectionRow[]>();
  const parentOf = new Map<string, string>();
  const adopt = (parent: CollectionRow, child: CollectionRow) => {
    if (parentOf.has(child.id) || child.id === parent.id) return;
    parentOf.set(child.id, parent.id);
    children.set(parent.id, [...(children.get(parent.id) ?? []), child]);
  };
  for (const r of visible) for (const id of folderChildIds(r)) if (byId.has(id)) adopt(r, byId.get(id)!);
  for (const r of visible) {
    const at = r.urlId.lastIndexOf('/');
    const parent = at > 0 ? byUrl.get(r.urlId.slice(0, at)) : undefined;
    if (parent !== undefined) adopt(parent, r);
  }
  const rank = (r: CollectionRow) => ['products', 'blog'].indexOf(typeNameOf(r) ?? '') >>> 0;
  const link = (r: CollectionRow, depth: number): unknown => {
    const nested = depth < MAX_NAVIGATION_DEPTH ? (children.get(r.id) ?? []) : [];
    return nested.length === 0 ? { collectionId: r.id } : { collectionId: r.id, items: nested.map((c) => link(c, depth + 1)) };
  };
  return visible
    .filter((r) => !parentOf.has(r.id))
    .sort((a, b) => rank(a) - rank(b) || a.ordering - b.ordering)
    .map((r) => link(r, 1));
}

/** Writes each navigation of the theme with the site's links, unless an owner has saved a layout. */
function* themeNavigationsStep(q: Reads, websiteId: string, decl: ThemeDeclarations, theme: Theme): Work<void> {
  const stored = yield* readSiteDocumentStep(q, websiteId, LAYOUT_DOCUMENT);
  const ours = Array.isArray(stored) && stored.length > 0 && stored.every((e) => isRecord(e) && e[GENERATED_NAVIGATION] === true);
  if (stored !== null && stored !== undefined && !ours) return;
  const navigations = theme.conf().navigations;
  if (navigations.length === 0) return;
  const links = themeNavigationLinks(yield* siteCollectionsStep(q, websiteId), decl);
  yield* writeSiteDocumentStep(q, websiteId, LAYOUT_DOCUMENT, navigations.map((n) => ({ identifier: n.name, links, [GENERATED_NAVIGATION]: true })));
}
