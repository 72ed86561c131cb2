/**
 * The site's pages (its collections) as the admin lists them: for the navigation screen, which names the pages
 * a menu links to and offers the others, and the store pages screen, which lists the stores with how many
 * products each holds (archived ones included: they are the store's still).
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { Reads } from '../db/reads.js';
import { PRODUCTS_COLLECTION_TYPE } from '../routes/store-setup.js';

export interface SitePage {
  readonly id: string;
  readonly title: string;
  readonly navigationTitle: string | null;
  readonly urlId: string;
  readonly url: string;
  /** Spec 001's collection type code (13: a store). */
  readonly type: number;
  readonly isStore: boolean;
  readonly enabled: boolean;
  /** A store's products; 0 for other pages. */
  readonly productCount: number;
}

export async function listSitePages({ db, t }: Reads, websiteId: string): Promise<SitePage[]> {
  const { collections, products } = t;
  const [counted, pages] = await Promise.all([
    db.select({ collectionId: products.collectionId, n: sql<number>`count(*)`.mapWith(Number) }).from(products).groupBy(products.collectionId),
    db.select().from(collections).where(eq(collections.websiteId, websiteId)).orderBy(asc(collections.ordering), asc(collections.id)),
  ]);
  const counts = new Map(counted.map((r) => [r.collectionId, r.n]));
  return pages.map((c) => ({
    id: c.id,
    title: c.title,
    navigationTitle: c.navigationTitle,
    urlId: c.urlId,
    url: `/${c.urlId}`,
    type: c.type,
    isStore: c.type === PRODUCTS_COLLECTION_TYPE,
    enabled: c.enabled,
    productCount: counts.get(c.id) ?? 0,
  }));
}
