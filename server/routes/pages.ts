/** Server-rendered pages: collection lists, product pages and the cart; `?format=json` returns the context. */
import type { FastifyPluginAsync } from 'fastify';
import { collectionJson, loadCollectionByUrl, loadProduct, loadProducts, productJson } from '../catalog.js';
import type { Store } from '../db/database.js';
import { PageType } from '../page-context.js';
import { productPage } from '../product-page.js';
import { readCache } from '../read-cache.js';
import type { Theme } from '../theme.js';
import { type CollectionQuery, collectionQuery, contentCollectionPage, contentPageRoutes } from './content-pages.js';
import { formatQuery, type PageQuery, sendPage as send } from './page-response.js';
import { visitorCart } from './visitor-cart.js';

/** Collection type of a store (spec 001 collection types); every other type is content (content-pages.ts). */
const PRODUCTS_COLLECTION = 13;

export const pageRoutes: FastifyPluginAsync<{ store: Store; theme: Theme }> = async (app, { store, theme }) => {
  app.get('/', async (_request, reply) => reply.redirect('/shop', 302));
  await app.register(contentPageRoutes, { store, theme });

  app.get<{ Querystring: PageQuery }>('/cart', { schema: { querystring: formatQuery } }, async (request, reply) =>
    send(reply, request, theme, store, 'pages/cart.page', {
      pageType: PageType.CART,
      pageId: 'cart',
      shoppingCart: visitorCart(store, request),
      extra: { message: request.query.message },
    }),
  );

  app.get<{ Params: { collection: string }; Querystring: CollectionQuery }>('/:collection', { schema: { querystring: collectionQuery } }, async (request, reply) => {
    const collection = loadCollectionByUrl(store, request.params.collection);
    if (collection === null) return reply.callNotFound();
    if (collection.type !== PRODUCTS_COLLECTION) return contentCollectionPage({ store, theme }, request, reply, collection);
    const items = readCache(store).get(`products:${collection.id}`, () =>
      loadProducts(store, collection.id).map((p) => productJson(p.row, p.variants, collection.urlId)),
    );
    return send(reply, request, theme, store, 'collections/products.list', {
      pageType: PageType.COLLECTION,
      pageId: collection.id,
      collection: collectionJson(collection),
      items,
      shoppingCart: visitorCart(store, request),
    });
  });

  app.get<{ Params: { collection: string; item: string }; Querystring: PageQuery }>(
    '/:collection/p/:item',
    { schema: { querystring: formatQuery } },
    async (request, reply) => {
      const { collection: url, item: itemUrl } = request.params;
      const page = readCache(store).get(`product:${url}\u0000${itemUrl}`, () => {
        const collection = loadCollectionByUrl(store, url);
        const product = collection === null ? null : loadProduct(store, collection.id, itemUrl);
        if (collection === null || product === null) return null;
        return { id: product.row.id, collection: collectionJson(collection), ...productPage(store, productJson(product.row, product.variants, collection.urlId)) };
      });
      if (page === null) return reply.callNotFound();
      return send(reply, request, theme, store, 'collections/products.item', {
        pageType: PageType.ITEM,
        pageId: page.id,
        collection: page.collection,
        item: page.item,
        shoppingCart: visitorCart(store, request),
        extra: page.extra,
      });
    },
  );
};
