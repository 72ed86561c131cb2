/** Server-rendered pages: collection lists, product pages and the cart; `?format=json` returns the context. */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { collectionJson, type Json, parseJson, productJson } from '../commerce/catalog.js';
import type { Store } from '../db/database.js';
import type { collections } from '../db/schema.js';
import { homePage } from '../home-page.js';
import { homeChoice } from '../theme-content/home-choice.js';
import { COLLECTION_TYPES } from '../../engine/plugins/content/record-collection.js';
import { PageType } from '../page-context.js';
import { requestLanguage } from '../multilingual/request-language.js';
import { isDisplayedType } from '../../commerce/products.js';
import { localVisitorMessage } from '../../commerce/messages/visitor-wording.js';
import { restockOutcomeText } from '../restock/service.js';
import { facetCounts, listingUrl, matchesFilters, pageSizeSetting, paginate, sameText } from '../listing.js';
import { readCache } from '../read-cache.js';
import type { Theme } from '../theme.js';
import { themedCollection } from '../theme/collection-page.js';
import { type CollectionQuery, collectionQuery, contentCollectionPage, contentPageRoutes } from './content-pages.js';
import { formatQuery, type PageQuery, sendPage as send } from './page-response.js';
import { productPageData, sendProductPage } from '../commerce/product-page-response.js';
import { pageCart } from '../commerce/visitor-cart.js';

/** Collection type of a store (spec 001 collection types); every other type is content (content-pages.ts). */
const PRODUCTS_COLLECTION = 13;
const DEFAULT_PRODUCTS_PER_PAGE = 12;
/** Spec 001 §9: products per collection. */
const MAX_PRODUCTS_PER_COLLECTION = 200;

type Collection = typeof collections.$inferSelect;

export const pageRoutes: FastifyPluginAsync<{ store: Store; theme: Theme }> = async (app, { store, theme }) => {
  const catalog = app.stores.catalog;
  // The home page (server/home-page.ts): kept per store version and per set of live posts and upcoming events.
  // A platform theme's own home (server/theme-content/home-choice.ts): its pages/home.page, its home layout's
  // page or its index, which the collection routes render with `homepage: true`.
  app.get<{ Querystring: CollectionQuery; Params: unknown }>('/', { schema: { querystring: formatQuery } }, async (request, reply) => {
    const choice = homeChoice(store, theme);
    if (choice.kind === 'collection') return contentCollectionPage({ store, theme }, request, reply, choice.row, true);
    const home = await homePage(store, app.reads, catalog, Date.now());
    const parts = { ...home.parts, shoppingCart: await pageCart(store, request) };
    if (choice.kind === 'tessera') return send(reply, request, theme, store, 'pages/home.page', parts, 200, home.contentKey);
    // the theme's template page (type 7, `typeName` its name), over the home page's context
    const collection = { ...parts.collection, type: COLLECTION_TYPES['template-page'], title: choice.title, navigationTitle: choice.title, homepage: true };
    return send(reply, request, theme, store, 'pages/home.page', { ...parts, collection }, 200, home.contentKey);
  });
  await app.register(contentPageRoutes, { store, theme });

  app.get<{ Querystring: PageQuery }>('/cart', { schema: { querystring: formatQuery } }, async (request, reply) =>
    send(reply, request, theme, store, 'pages/cart.page', {
      pageType: PageType.CART,
      pageId: 'cart',
      shoppingCart: await pageCart(store, request),
      // a message code from the link, shown in the store's words; anything else shows nothing
      extra: { message: localVisitorMessage(request.query.message, requestLanguage(store, request)) },
    }),
  );

  app.get<{ Params: { collection: string }; Querystring: CollectionQuery }>('/:collection', { schema: { querystring: collectionQuery } }, async (request, reply) => {
    const collection = await catalog.collectionByUrl(request.params.collection);
    if (collection === null) {
      // a static page of the theme (pages/{name}.page) where no collection is
      const page = theme.staticPage(request.params.collection);
      if (page === null) return reply.callNotFound();
      const name = request.params.collection;
      // a template page: collection type 7, its name as `typeName` (template-files.md §5)
      const pageCollection = { id: name, title: page.title, navigationTitle: page.title, urlId: name, fullUrl: `/${name}`, type: COLLECTION_TYPES['template-page'], typeName: name };
      return send(reply, request, theme, store, page.path, { pageType: PageType.PAGE, pageId: name, collection: pageCollection, shoppingCart: await pageCart(store, request) });
    }
    if (collection.type !== PRODUCTS_COLLECTION) return contentCollectionPage({ store, theme }, request, reply, collection);
    return productListPage(request, reply, collection);
  });

  /** A store's product list (page type 1), for `/{store}`. */
  async function productListPage(request: FastifyRequest<{ Querystring: CollectionQuery }>, reply: FastifyReply, collection: Collection) {
    const facets = (item: Json, key: 'categories' | 'tags') => (Array.isArray(item[key]) ? (item[key] as string[]) : []);
    const { all, categories, tags } = await readCache(store).getAsync(`products:${collection.id}`, async () => {
      const items = (await catalog.products(collection.id))
        .filter((p) => isDisplayedType(p.row.productType))
        .map((p) => productJson(p.row, p.variants, collection.urlId));
      return { all: items, categories: facetCounts(items.map((i) => facets(i, 'categories'))), tags: facetCounts(items.map((i) => facets(i, 'tags'))) };
    });
    const query = request.query;
    const settings = parseJson<Json>(collection.settings, {});
    const view = query.view ?? (settings['viewMode'] === 'list' ? 'list' : 'grid');
    const matching = all.filter((item) => matchesFilters(facets(item, 'categories'), facets(item, 'tags'), query));
    const pageSize = pageSizeSetting(settings['productsPerPage'], DEFAULT_PRODUCTS_PER_PAGE, MAX_PRODUCTS_PER_COLLECTION);
    const page = paginate(matching, pageSize, query, `/${collection.urlId}`, { view: query.view });
    if (page === null) return reply.callNotFound();
    const link = (key: 'category' | 'tag', name: string) => `/${collection.urlId}?${new URLSearchParams({ [key]: name })}`;
    const viewUrl = (mode: 'list' | 'grid') => listingUrl(`/${collection.urlId}`, query, { view: mode });
    const themed = themedCollection(theme, collection, collectionJson(collection), 'products');
    const listing = {
      pageType: PageType.COLLECTION,
      pageId: collection.id,
      collection: {
        ...themed.collection,
        categories: categories.map((f) => ({ ...f, url: link('category', f.name), active: query.category !== undefined && sameText(f.name, query.category) })),
        tags: tags.map((f) => ({ ...f, url: link('tag', f.name), active: query.tag !== undefined && sameText(f.name, query.tag) })),
      },
      items: page.items,
      shoppingCart: await pageCart(store, request),
      extra: {
        pagination: page.pagination,
        categoryFilter: query.category,
        tagFilter: query.tag,
        view,
        viewUrls: { list: viewUrl('list'), grid: viewUrl('grid') },
      },
    };
    // the list's content depends on the store and the query only (filters, page, view)
    const contentKey = ['list', collection.id, query.category, query.tag, page.pagination['currentPage'], view].join('\u0000');
    return send(reply, request, theme, store, themed.list, listing, 200, contentKey);
  }

  app.get<{ Params: { collection: string; item: string }; Querystring: PageQuery & { restock?: 'signed-up' | 'error'; variant?: string } }>(
    '/:collection/p/:item',
    {
      schema: {
        querystring: {
          ...formatQuery,
          properties: { ...formatQuery.properties, restock: { type: 'string', enum: ['signed-up', 'error'] }, variant: { type: 'string', maxLength: 100 } },
        },
      },
    },
    async (request, reply) => {
      const page = await productPageData(catalog, store, request.params.collection, request.params.item);
      if (page === null) return reply.callNotFound();
      // `?variant=` (a plain post of a sold-out choice comes back with it): the buy box shows that variant and the
      // restock block its signup. Back from a restock signup without JavaScript (`POST /restock` → 303 here):
      // the block shows how it went. Either way this one page is rendered for the request, not the kept content.
      const { restock, message, variant } = request.query;
      const state: Json = {};
      if (variant !== undefined && variant !== '') state['buyBox'] = { variantId: variant };
      const outcome = restock === undefined ? undefined : restockOutcomeText(store, restock, message, requestLanguage(store, request));
      if (restock !== undefined && outcome !== undefined) state['restockOutcome'] = { kind: restock, message: outcome };
      return sendProductPage(reply, request, theme, store, page, Object.keys(state).length > 0 ? state : undefined);
    },
  );
};
