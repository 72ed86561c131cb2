/**
 * The catalog reads on PostgreSQL (catalog-store.ts has the interface): the same rows and order as catalog.ts.
 * A product and its variants are read at once (two connections of the pool: one round trip's wait).
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { loadProductPg } from './cart-store-pg.js';
import type { CatalogStore } from './catalog-store.js';
import type { VariantRow } from './catalog.js';
import type { PgStore } from '../db/pg-store.js';
import { collections, products, variants } from '../db/schema-pg.js';

export function pgCatalogStore(db: PgStore): CatalogStore {
  return {
    async collectionByUrl(urlId) {
      return (await db.select().from(collections).where(eq(collections.urlId, urlId)))[0] ?? null;
    },
    async product(collectionId, urlId) {
      const shown = and(eq(products.collectionId, collectionId), eq(products.urlId, urlId), eq(products.archived, false));
      const [[row], vs] = await Promise.all([
        db.select().from(products).where(shown),
        db.select({ v: variants }).from(variants).innerJoin(products, eq(products.id, variants.productId)).where(shown).orderBy(asc(variants.ordering)),
      ]);
      return row === undefined ? null : { row, variants: vs.map((r) => r.v) };
    },
    productById: (id) => loadProductPg(db, id),
    async products(collectionId) {
      const inCollection = db.select({ id: products.id }).from(products).where(eq(products.collectionId, collectionId));
      const [rows, vs] = await Promise.all([
        db.select().from(products).where(and(eq(products.collectionId, collectionId), eq(products.archived, false))).orderBy(asc(products.ordering)),
        db.select().from(variants).where(inArray(variants.productId, inCollection)).orderBy(asc(variants.ordering)),
      ]);
      const byProduct = new Map<string, VariantRow[]>(rows.map((row) => [row.id, []]));
      for (const v of vs) byProduct.get(v.productId)?.push(v);
      return rows.map((row) => ({ row, variants: byProduct.get(row.id)! }));
    },
  };
}
