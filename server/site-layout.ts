/**
 * The site layout (spec 001 §3 "Site layout"): a list of navigations, stored as the `layout` site document,
 * whose first entry `{ identifier, links }` is the main navigation. Until an owner reads or edits it, the
 * layout is derived from the enabled collections (and then stored, so later collections are added to the
 * navigation only when the owner adds them, as in the spec's store creation sequence).
 */
import { asc, eq } from 'drizzle-orm';
import { isRecord } from '../commerce/json.js';
import type { Json } from './commerce/catalog.js';
import type { Store } from './db/database.js';
import type { Reads } from './db/reads.js';
import { all, runSqliteSync, type Work } from './db/work.js';
import { type NavigationItem } from './navigation-items.js';
import { safeUrl } from '../commerce/safe-url.js';
import { createSiteDocumentStep, readSiteDocumentStep } from './site-documents.js';

export const LAYOUT_DOCUMENT = 'layout';
/** The theme's main navigation (templates/template.conf `navigations[0].name`). */
export const MAIN_NAVIGATION_ID = 'mainNav';
/** Spec 001 §8 "Store and session". */
export const NO_MAIN_NAVIGATION = 'Unable to find site main navigation';

export interface LayoutEntry {
  identifier: string;
  links: NavigationItem[];
  [key: string]: unknown;
}

export type SiteLayout = unknown[];

export function* defaultLayoutStep({ db, t }: Reads, websiteId: string): Work<SiteLayout> {
  const { collections } = t;
  const rows = yield* all(
    db
      .select({ id: collections.id, enabled: collections.enabled })
      .from(collections)
      .where(eq(collections.websiteId, websiteId))
      .orderBy(asc(collections.ordering), asc(collections.id)),
  );
  return [{ identifier: MAIN_NAVIGATION_ID, links: rows.filter((c) => c.enabled).map((c) => ({ collectionId: c.id })) }];
}

export function defaultLayout(store: Store, websiteId: string): SiteLayout {
  return runSqliteSync(store, (q) => defaultLayoutStep(q, websiteId));
}

/** The stored layout, created from the collections on first use (a step on either database: server/db/work.ts). */
export function* siteLayoutStep(q: Reads, websiteId: string): Work<SiteLayout> {
  const stored = yield* readSiteDocumentStep(q, websiteId, LAYOUT_DOCUMENT);
  if (Array.isArray(stored)) return stored;
  const layout = yield* defaultLayoutStep(q, websiteId);
  yield* createSiteDocumentStep(q, websiteId, LAYOUT_DOCUMENT, layout);
  return layout;
}

/** The same on SQLite, synchronously. */
export function siteLayout(store: Store, websiteId: string): SiteLayout {
  return runSqliteSync(store, (q) => siteLayoutStep(q, websiteId));
}

/** The main navigation (the layout's first entry), or null when the layout has none. */
export function mainNavigation(layout: SiteLayout): LayoutEntry | null {
  const first = layout[0];
  return isRecord(first) && typeof first['identifier'] === 'string' && Array.isArray(first['links']) ? (first as LayoutEntry) : null;
}

interface NavCollection {
  readonly id: string;
  readonly urlId: string;
  readonly title: string;
  readonly navigationTitle: string | null;
  readonly enabled: boolean;
}

/**
 * The storefront's `navigation` ({ title, url, items? } per link) from the stored main navigation, or null
 * when no layout is stored yet (the caller then lists the collections). Links to missing or disabled
 * collections and to member areas (which the storefront does not have) are left out. `siteCollections` are
 * the rows the page context has already loaded, `stored` the layout document's value (server/site-data.ts reads both).
 */
export function storefrontNavigationOf(stored: unknown, siteCollections: readonly NavCollection[]): Json[] | null {
  if (!Array.isArray(stored)) return null;
  const main = mainNavigation(stored);
  if (main === null) return [];
  const byId = new Map(siteCollections.map((c) => [c.id, c]));
  const convert = (items: readonly unknown[], depth: number): Json[] => {
    const out: Json[] = [];
    for (const item of items) {
      if (!isRecord(item) || depth > 3) continue;
      const children = Array.isArray(item['items']) && item['items'].length > 0 ? convert(item['items'], depth + 1) : [];
      const title = typeof item['title'] === 'string' && item['title'] !== '' ? item['title'] : null;
      let link: Json | null = null;
      // written as the browser will follow it (commerce/safe-url.ts)
      const external = safeUrl(item['externalLink'], 'link');
      if (typeof item['collectionId'] === 'string') {
        const c = byId.get(item['collectionId']);
        if (c !== undefined && c.enabled) link = { title: title ?? c.navigationTitle ?? c.title, url: `/${c.urlId}` };
      } else if (external !== null) {
        link = { title: title ?? external, url: external, external: !external.startsWith('/') };
      }
      if (link !== null) out.push(children.length > 0 ? { ...link, items: children } : link);
    }
    return out;
  };
  return convert(main.links, 1);
}
