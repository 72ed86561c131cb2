/** Server-rendered pages: collection lists, product pages and the cart; `?format=json` returns the context. */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { collectionJson, loadCollectionByUrl, loadProduct, loadProducts, productJson } from '../catalog.js';
import type { Store } from '../db/database.js';
import { type PageParts, PageType, pageContext } from '../page-context.js';
import type { Theme } from '../theme.js';
import { visitorCart } from './visitor-cart.js';

const formatQuery = {
  type: 'object',
  properties: { format: { type: 'string', enum: ['json', 'json-pretty'] }, message: { type: 'string', maxLength: 500 } },
} as const;

interface PageQuery {
  format?: 'json' | 'json-pretty';
  message?: string;
}

function send(reply: FastifyReply, request: FastifyRequest<{ Querystring: PageQuery }>, theme: Theme, store: Store, template: string, parts: PageParts) {
  const context = pageContext(store, { ...parts, crumb: request.crumb });
  const format = request.query.format;
  if (format !== undefined) return reply.type('application/json; charset=utf-8').send(JSON.stringify(context, null, format === 'json-pretty' ? 2 : undefined));
  return reply.type('text/html; charset=utf-8').send(theme.renderPage(template, context));
}

export const pageRoutes: FastifyPluginAsync<{ store: Store; theme: Theme }> = async (app, { store, theme }) => {
  app.get('/', async (_request, reply) => reply.redirect('/shop', 302));

  app.get<{ Querystring: PageQuery }>('/cart', { schema: { querystring: formatQuery } }, async (request, reply) =>
    send(reply, request, theme, store, 'pages/cart.page', {
      pageType: PageType.CART,
      pageId: 'cart',
      shoppingCart: visitorCart(store, request),
      extra: { message: request.query.message },
    }),
  );

  app.get<{ Params: { collection: string }; Querystring: PageQuery }>('/:collection', { schema: { querystring: formatQuery } }, async (request, reply) => {
    const collection = loadCollectionByUrl(store, request.params.collection);
    if (collection === null) return reply.callNotFound();
    const items = loadProducts(store, collection.id).map((p) => productJson(p.row, p.variants, collection.urlId));
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
      const collection = loadCollectionByUrl(store, request.params.collection);
      const product = collection === null ? null : loadProduct(store, collection.id, request.params.item);
      if (collection === null || product === null) return reply.callNotFound();
      return send(reply, request, theme, store, 'collections/products.item', {
        pageType: PageType.ITEM,
        pageId: product.row.id,
        collection: collectionJson(collection),
        item: productJson(product.row, product.variants, collection.urlId),
        shoppingCart: visitorCart(store, request),
      });
    },
  );
};
