/**
 * The storefront's catalog reads behind an async interface (issue 25, the first of the page reads): a collection
 * by its address, a product by its address or id, a collection's shown products. The product page and the store
 * list await these; what they build from them is kept per store version (read-cache.ts) as before. This file:
 * the interface and the SQLite implementation, catalog.ts's prepared statements answered as promises (an await
 * costs nothing measurable: server/db/README.md); catalog-store-pg.ts: PostgreSQL.
 */
import { type ProductRecord, loadCollectionByUrl, loadProduct, loadProductById, loadProducts } from './catalog.js';
import type { Store } from '../db/database.js';
import type { collections } from '../db/schema.js';

export type CollectionRow = typeof collections.$inferSelect;

export interface CatalogStore {
  /** The collection at `/{urlId}`, or null. */
  collectionByUrl(urlId: string): Promise<CollectionRow | null>;
  /** The product at `{urlId}` of a collection, unless archived, with its variants in order; or null. */
  product(collectionId: string, urlId: string): Promise<ProductRecord | null>;
  /** A product by id (archived too: a cart may hold it), with its variants in order; or null. */
  productById(id: string): Promise<ProductRecord | null>;
  /** The collection's products the storefront shows (not archived), in the store's order, each with its variants. */
  products(collectionId: string): Promise<ProductRecord[]>;
}

export function sqliteCatalogStore(store: Store): CatalogStore {
  return {
    collectionByUrl: async (urlId) => loadCollectionByUrl(store, urlId),
    product: async (collectionId, urlId) => loadProduct(store, collectionId, urlId),
    productById: async (id) => loadProductById(store, id),
    products: async (collectionId) => loadProducts(store, collectionId),
  };
}
