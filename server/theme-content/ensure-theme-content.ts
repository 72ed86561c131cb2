/**
 * Gives the store what a served platform theme needs (server/theme-content/content-plan.ts): collections of
 * the theme's own types with demo items, the collections its templates query by name, an index, a folder, a
 * page for its home layout; then the navigations of its `template.conf`, filled with the site's pages so a
 * visitor reaches each of them. Run when the app is built for a theme other than the default one.
 *
 * Idempotent: what the store already has (a collection of the type, at the address) is never made again, and
 * nothing existing is changed; the navigations are written only while the store has no site layout or holds
 * the one written here before (an owner's saved layout is left as it is). All in one transaction.
 */
import { asc, eq } from 'drizzle-orm';
import { isRecord } from '../../commerce/json.js';
import { COLLECTION_TYPES } from '../../engine/plugins/content/record-collection.js';
import { type CollectionRow, collectionSettings, collectionTypeName, contentKind, folderChildIds } from '../content.js';
import type { Store } from '../db/database.js';
import { collections, records, websites } from '../db/schema.js';
import { protection } from '../page-access.js';
import { MAX_NAVIGATION_DEPTH } from '../navigation-items.js';
import { LAYOUT_DOCUMENT } from '../site-layout.js';
import { readSiteDocument, writeSiteDocument } from '../site-documents.js';
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

/** Adds what `theme` needs to the store's website; returns the ids of the collections made. */
export function ensureThemeContent(store: Store, theme: Theme, now: number = Date.now()): string[] {
  if (theme.dir === defaultThemeDir()) return [];
  const site = store.select().from(websites).get();
  if (site === undefined) return [];
  const decl = themeDeclarations(theme);
  const today = Math.floor(now / DAY) * DAY;
  return store.transaction((tx) => {
    const rows = tx.select().from(collections).where(eq(collections.websiteId, site.id)).orderBy(asc(collections.ordering)).all();
    const plan = planThemeContent(decl, storeCollections(rows), today);
    let ordering = rows.reduce((max, r) => Math.max(max, r.ordering), 0);
    for (const { records: made, settings, ...c } of plan) {
      tx.insert(collections).values({ ...c, websiteId: site.id, ordering: ++ordering, settings: JSON.stringify(settings) }).run();
      made.forEach((r, k) => tx.insert(records).values({ ...r, id: `${c.id}-${r.urlId}`, collectionId: c.id, ordering: k }).run());
    }
    // the transaction has the store's interface: the navigations are written with the collections or not at all
    writeThemeNavigations(tx as unknown as Store, site.id, decl, theme);
    return plan.map((c) => c.id);
  });
}

/** `ensureThemeContent` for a running server: a failure is said through `log`, never thrown. */
export function ensureThemeContentSafely(store: Store, theme: Theme, log: (message: string) => void): void {
  try {
    ensureThemeContent(store, theme);
  } catch (error) {
    log(`the theme's demo content could not be added: ${error instanceof Error ? error.message : String(error)}`);
  }
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
function writeThemeNavigations(store: Store, websiteId: string, decl: ThemeDeclarations, theme: Theme): void {
  const stored = readSiteDocument(store, websiteId, LAYOUT_DOCUMENT);
  const ours = Array.isArray(stored) && stored.length > 0 && stored.every((e) => isRecord(e) && e[GENERATED_NAVIGATION] === true);
  if (stored !== null && stored !== undefined && !ours) return;
  const navigations = theme.conf().navigations;
  if (navigations.length === 0) return;
  const rows = store.select().from(collections).where(eq(collections.websiteId, websiteId)).orderBy(asc(collections.ordering)).all();
  const links = themeNavigationLinks(rows, decl);
  writeSiteDocument(store, websiteId, LAYOUT_DOCUMENT, navigations.map((n) => ({ identifier: n.name, links, [GENERATED_NAVIGATION]: true })));
}
