/**
 * A product page's response, for the page route and for the buying forms that come back to it. The page's data
 * (collection, item with its instalment parts) is kept per store version; the page is rendered from the
 * content kept per product, or, when the request carries a state of its own (a variant chosen by `?variant=`,
 * a plain post refused, a restock signup's outcome), rendered for that request alone with that state at the
 * context's root (`buyBox`, `restockOutcome`), where the islands' props read it.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isDisplayedType } from '../../commerce/products.js';
import { collectionJson, type Json, type ProductRecord, productJson } from './catalog.js';
import type { CatalogStore } from './catalog-store.js';
import type { Store } from '../db/database.js';
import type { collections } from '../db/schema.js';
import { PageType } from '../page-context.js';
import { productPage } from './product-page.js';
import { readCache } from '../read-cache.js';
import type { Theme } from '../theme.js';
import { themedCollection } from '../theme/collection-page.js';
import { type PageQuery, sendPage } from '../routes/page-response.js';
import { siteDataOf } from '../site-data.js';
import { pageCart } from './visitor-cart.js';

export interface ProductPageData {
  readonly id: string;
  readonly row: typeof collections.$inferSelect;
  readonly collection: Json;
  readonly item: Json;
  readonly extra: Json;
}

/**
 * The product page at `/{collectionUrl}/p/{itemUrl}`, or null when there is none (or it is not shown in the
 * store). Read through `catalog` (either database); kept per store version as a promise, so a cached page costs
 * one await.
 */
export function productPageData(catalog: CatalogStore, store: Store, collectionUrl: string, itemUrl: string): Promise<ProductPageData | null> {
  return readCache(store).getAsync(`product:${collectionUrl}\u0000${itemUrl}`, async () => {
    const collection = await catalog.collectionByUrl(collectionUrl);
    const product = collection === null ? null : await catalog.product(collection.id, itemUrl);
    if (collection === null || product === null || !isDisplayedType(product.row.productType)) return null;
    return { id: product.row.id, row: collection, collection: collectionJson(collection), ...productPage(store, productJson(product.row, product.variants, collection.urlId)) };
  });
}

/** The product page of a product already read (the buying forms post its id), or null; its collection from the site data. */
export async function productPageDataOf(catalog: CatalogStore, store: Store, product: ProductRecord): Promise<ProductPageData | null> {
  const collection = siteDataOf(store).collections.find((c) => c.id === product.row.collectionId);
  return collection === undefined ? null : await productPageData(catalog, store, collection.urlId, product.row.urlId);
}

/** The page's address, for a redirect back to it. */
export const productPageUrl = (page: ProductPageData): string => String(page.item['fullUrl']);

/**
 * Sends the product page. Without `state` its content is the one kept for the product; with it the page is
 * rendered for this request, the state's keys at the context's root.
 */
export async function sendProductPage(reply: FastifyReply, request: FastifyRequest, theme: Theme, store: Store, page: ProductPageData, state?: Json, status = 200) {
  const themed = themedCollection(theme, page.row, page.collection, 'products');
  const parts = {
    pageType: PageType.ITEM,
    pageId: page.id,
    collection: themed.collection,
    item: page.item,
    shoppingCart: await pageCart(store, request),
    extra: state === undefined ? page.extra : { ...page.extra, ...state },
  };
  return sendPage(reply, request as FastifyRequest<{ Querystring: PageQuery }>, theme, store, themed.item, parts, status, state === undefined ? `product\u0000${page.id}` : undefined);
}
