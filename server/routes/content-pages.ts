/**
 * Server-rendered content pages (issue 4): content pages, blog list and posts, events, galleries, the album,
 * videos, site search, and the two pages that stand in for a protected page: the lock screen (page password)
 * and member-area access denied. All work without JavaScript and answer `?format=json`.
 *
 * `/:collection` itself is routed by `pages.ts`, which hands every collection that is not a store to
 * `contentCollectionPage` here.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { type Json, parseJson } from '../commerce/catalog.js';
import {
  type CollectionRow,
  collectionSettings,
  type ContentKind,
  contentCollectionJson,
  contentKind,
  folderChildIds,
  hasItemPages,
  indexCollectionJson,
  liveRecordsOf,
  pageJson,
  type RecordRow,
  recordJson,
} from '../content.js';
import type { Store } from '../db/database.js';
import { contentPageForm } from '../forms/routes.js';
import { requestLanguage } from '../multilingual/request-language.js';
import { matchesFilters, pageSizeSetting, paginate } from '../listing.js';
import { AUDIO_PATH, demoImage, demoTrack, IMAGE_PATH } from '../media/demo-media.js';
import { grantAccess, mayView, passwordMatches, protection } from '../page-access.js';
import { PageType } from '../page-context.js';
import { passOffer } from '../orders/pass-offer.js';
import { MAX_QUERY_LENGTH, search } from '../search.js';
import type { Theme } from '../theme.js';
import { themedCollection } from '../theme/collection-page.js';
import { formatQuery, type PageQuery, sendPage } from './page-response.js';
import { pageCart } from '../commerce/visitor-cart.js';
import { siteDataOf } from '../site-data.js';

/** Posts per blog page when the collection does not say (`settings.postsPerPage`). */
const DEFAULT_POSTS_PER_PAGE = 10;

/** Spec 001 §3 "Locked page message", in our words. */
export const MEMBERS_ONLY_MESSAGE = 'This page is locked and available only to site members.';
/** Spec 001 is silent on the lock screen's wording. */
export const WRONG_PASSWORD_MESSAGE = 'That password is not correct. Please try again.';

/**
 * The query of a collection page. Numbers arrive as strings (no coercion), hence the pattern. Category and
 * tag lengths are the platform's limits (spec 001 §9: category 25, tag 50).
 */
export const collectionQuery = {
  type: 'object',
  properties: {
    ...formatQuery.properties,
    page: { type: 'string', pattern: '^[1-9][0-9]{0,4}$' },
    category: { type: 'string', minLength: 1, maxLength: 25 },
    tag: { type: 'string', minLength: 1, maxLength: 50 },
    /** Store view modes of spec 001 §2 (the third, "product", is the product page itself). */
    view: { type: 'string', enum: ['list', 'grid'] },
  },
} as const;

export interface CollectionQuery extends PageQuery {
  page?: string;
  category?: string;
  tag?: string;
  view?: 'list' | 'grid';
}

const searchQuery = {
  type: 'object',
  properties: { ...formatQuery.properties, q: { type: 'string', maxLength: MAX_QUERY_LENGTH } },
} as const;

const passwordBody = {
  type: 'object',
  required: ['password'],
  properties: { password: { type: 'string', maxLength: 200 } },
  additionalProperties: false,
} as const;

type PageRequest<Q extends PageQuery = PageQuery, P = unknown> = FastifyRequest<{ Querystring: Q; Params: P }>;

interface Deps {
  readonly store: Store;
  readonly theme: Theme;
}

/** The collection whose `key` is `value`, from the site data (read ahead on PostgreSQL: server/site-data.ts), or null. */
function collectionWith(store: Store, key: 'id' | 'urlId', value: string): CollectionRow | null {
  return siteDataOf(store).collections.find((c) => c[key] === value) ?? null;
}

/** Only the fields a protected page may show before it is unlocked: never its body or items. */
function outline(c: CollectionRow): Json {
  return { id: c.id, title: c.title, urlId: c.urlId, fullUrl: `/${c.urlId}` };
}

/**
 * The lock screen or the access-denied page when the visitor may not see `c`; null when they may. `path` is
 * the address asked for, where the password form posts back to.
 */
async function gate({ store, theme }: Deps, request: PageRequest, reply: FastifyReply, c: CollectionRow, path: string, error?: string) {
  if (error === undefined && (await mayView(store, c, request))) return null;
  const access = protection(c);
  const shoppingCart = await pageCart(store, request);
  if (access.kind === 'members') {
    return sendPage(reply, request, theme, store, 'pages/member-area-denied.page', {
      pageType: PageType.MEMBER_AREA_DENIED,
      pageId: c.id,
      collection: outline(c),
      shoppingCart,
      extra: {
        memberArea: {
          id: access.memberAreaId,
          joinUrl: access.joinUrl,
          passItemId: access.passItemId,
          // what joining costs, for the join button (null without a pass to sell: the join link instead)
          pass: access.passItemId === null ? null : await passOffer(request.server.stores.catalog, access.passItemId, access.accessDays),
          message: MEMBERS_ONLY_MESSAGE,
        },
      },
    }, 403);
  }
  return sendPage(reply, request, theme, store, 'pages/lock-screen.page', {
    pageType: PageType.LOCK_SCREEN,
    pageId: c.id,
    collection: outline(c),
    shoppingCart,
    extra: { lockScreen: { action: path, error } },
  }, error === undefined ? 200 : 401);
}

function byPublishedDesc(a: RecordRow, b: RecordRow) {
  return b.publishOn - a.publishOn;
}

function byStart(a: RecordRow, b: RecordRow) {
  return (a.startDate ?? 0) - (b.startDate ?? 0);
}

/** A page of the blog, filtered by category or tag; null when the page number is past the last page. */
function blogPage(c: CollectionRow, rows: RecordRow[], query: CollectionQuery) {
  const posts = rows
    .filter((r) => matchesFilters(parseJson<string[]>(r.categories, []), parseJson<string[]>(r.tags, []), query))
    .sort(byPublishedDesc);
  const pageSize = pageSizeSetting(collectionSettings(c)['postsPerPage'], DEFAULT_POSTS_PER_PAGE, 100);
  const page = paginate(posts, pageSize, query, `/${c.urlId}`);
  return page === null ? null : { posts: page.items, pagination: page.pagination };
}

/**
 * `/:collection` for every collection that is not a store (called by the page routes); `home` when it is the
 * site's home page at `/` (its JSON then says `homepage: true`, as the platform's).
 */
export async function contentCollectionPage(deps: Deps, request: PageRequest<CollectionQuery>, reply: FastifyReply, c: CollectionRow, home = false) {
  const { store, theme } = deps;
  const kind = contentKind(c);
  if (kind === null || !c.enabled) return reply.callNotFound();
  const themedHere = (json: Json) => themedCollection(theme, c, home ? { ...json, homepage: true } : json, kind);
  const locked = await gate(deps, request, reply, c, home ? '/' : `/${c.urlId}`);
  if (locked !== null) return locked;
  const shoppingCart = await pageCart(store, request);
  const now = Date.now();
  if (kind === 'page') {
    const formId = collectionSettings(c)['formId'];
    // the form's view model (server/forms): hidden values from the query, `?submitted={formId}` shows its message
    const form = typeof formId === 'string' ? await contentPageForm(store, request.server.reads, formId, request.query as Record<string, unknown>, requestLanguage(store, request)) : null;
    return sendPage(reply, request, theme, store, 'pages/page.page', {
      pageType: PageType.PAGE,
      pageId: c.id,
      collection: themedHere(pageJson(c)).collection,
      shoppingCart,
      extra: form === null ? undefined : { form },
    });
  }
  if (kind === 'index') {
    const themed = themedHere(await indexCollectionJson(request.server.reads, siteDataOf(store).collections, c, now));
    // an index of a type the theme shows (its `index.list`); without one it is a folder like any other
    if (theme.hasOwnTemplate(themed.list) || theme.isSystemTemplate(themed.list)) {
      return sendPage(reply, request, theme, store, themed.list, { pageType: PageType.COLLECTION, pageId: c.id, collection: themed.collection, shoppingCart });
    }
  }
  if (kind === 'folder' || kind === 'index') {
    // a folder has no page of its own: its address leads to its first page (folder behaviour "redirect")
    const first = folderChildIds(c).map((id) => collectionWith(store, 'id', id)).find((child) => child !== null && child.enabled && contentKind(child) !== null);
    return first === undefined || first === null ? reply.callNotFound() : reply.redirect(`/${first.urlId}`, 302);
  }
  const rows = await liveRecordsOf(request.server.reads, c.id, now);
  const themed = themedHere(contentCollectionJson(c, kind, rows));
  const json = (r: RecordRow) => recordJson(r, c, kind);
  const parts = { pageType: PageType.COLLECTION, pageId: c.id, collection: themed.collection, shoppingCart };
  const template = themed.list;
  // a type of the theme with an .item and no .list opens on its first item (template-files.md §4)
  if (hasItemPages(kind) && !theme.hasOwnTemplate(themed.list) && theme.hasOwnTemplate(themed.item)) {
    const first = kind === 'blog' ? [...rows].sort(byPublishedDesc)[0] : rows[0];
    if (first !== undefined) return sendPage(reply, request, theme, store, themed.item, itemParts(c, kind, rows, first, themed.collection, shoppingCart));
  }
  if (kind === 'blog') {
    const page = blogPage(c, rows, request.query);
    if (page === null) return reply.callNotFound();
    return sendPage(reply, request, theme, store, template, {
      ...parts,
      items: page.posts.map(json),
      extra: { pagination: page.pagination, categoryFilter: request.query.category, tagFilter: request.query.tag },
    });
  }
  if (kind === 'events') {
    // An event is upcoming until it has ended; past events are listed most recent first.
    const sorted = [...rows].sort(byStart);
    const upcoming = sorted.filter((r) => (r.endDate ?? r.startDate ?? 0) >= now);
    const past = sorted.filter((r) => (r.endDate ?? r.startDate ?? 0) < now).reverse();
    return sendPage(reply, request, theme, store, template, { ...parts, items: sorted.map(json), extra: { upcoming: upcoming.map(json), past: past.map(json) } });
  }
  return sendPage(reply, request, theme, store, template, { ...parts, items: rows.map(json) });
}

/** An item's page: the item, its collection (as the theme shows it) and its neighbours. */
function itemParts(c: CollectionRow, kind: ContentKind, rows: RecordRow[], r: RecordRow, collection: Json, shoppingCart: Json) {
  return { pageType: PageType.CONTENT_ITEM, pageId: r.id, collection, item: recordJson(r, c, kind), shoppingCart, extra: { pagination: neighbours(kind, rows, r, c) } };
}

/** Newer and older neighbours of a post, or next and previous event, for the item page's links. */
function neighbours(kind: ContentKind, rows: RecordRow[], r: RecordRow, c: CollectionRow): Json {
  const order = kind === 'events' ? [...rows].sort(byStart) : kind === 'blog' ? [...rows].sort(byPublishedDesc) : rows;
  const at = order.findIndex((x) => x.id === r.id);
  const link = (x: RecordRow | undefined) => (x === undefined ? undefined : { title: x.title, fullUrl: `/${c.urlId}/${x.urlId}` });
  return { prevItem: link(order[at - 1]), nextItem: link(order[at + 1]) };
}

export const contentPageRoutes: FastifyPluginAsync<Deps> = async (app, deps) => {
  const { store, theme } = deps;

  app.get<{ Querystring: PageQuery & { q?: string } }>('/search', { schema: { querystring: searchQuery } }, async (request, reply) => {
    const query = (request.query.q ?? '').trim();
    const results = query === '' ? [] : await search(app.reads, siteDataOf(store).collections, query, Date.now());
    return sendPage(reply, request, theme, store, 'pages/search.page', {
      pageType: PageType.SEARCH,
      pageId: 'search',
      items: results,
      shoppingCart: await pageCart(store, request),
      extra: { searchQuery: query, searchResultCount: results.length },
    });
  });

  const itemParams = {
    type: 'object',
    required: ['collection', 'item'],
    properties: { collection: { type: 'string', maxLength: 200 }, item: { type: 'string', maxLength: 200 } },
  } as const;

  /** An item's page: `collectionUrl` may hold a `/` (a collection at `/work/it-services`). */
  const itemPage = async (request: PageRequest<CollectionQuery>, reply: FastifyReply, collectionUrl: string, itemUrl: string) => {
    const c = collectionWith(store, 'urlId', collectionUrl);
    const kind = c === null ? null : contentKind(c);
    if (c === null || kind === null || !c.enabled || !hasItemPages(kind)) return reply.callNotFound();
    const locked = await gate(deps, request, reply, c, `/${c.urlId}/${encodeURIComponent(itemUrl)}`);
    if (locked !== null) return locked;
    const rows = await liveRecordsOf(app.reads, c.id, Date.now());
    const r = rows.find((x) => x.urlId === itemUrl);
    if (r === undefined) return reply.callNotFound();
    const themed = themedCollection(theme, c, contentCollectionJson(c, kind, rows), kind);
    return sendPage(reply, request, theme, store, themed.item, itemParts(c, kind, rows, r, themed.collection, await pageCart(store, request)));
  };

  app.get<{ Params: { collection: string; item: string }; Querystring: CollectionQuery }>(
    '/:collection/:item',
    { schema: { params: itemParams, querystring: collectionQuery } },
    async (request, reply) => {
      const { collection, item } = request.params;
      // a content collection whose address has a folder-like part (`work/it-services`), as platform sites name them
      const nested = collectionWith(store, 'urlId', `${collection}/${item}`);
      if (nested !== null && contentKind(nested) !== null) return contentCollectionPage(deps, request, reply, nested);
      return itemPage(request, reply, collection, item);
    },
  );

  app.get<{ Params: { collection: string; sub: string; item: string }; Querystring: CollectionQuery }>(
    '/:collection/:sub/:item',
    { schema: { params: { ...itemParams, required: ['collection', 'sub', 'item'], properties: { ...itemParams.properties, sub: { type: 'string', maxLength: 200 } } }, querystring: collectionQuery } },
    async (request, reply) => itemPage(request, reply, `${request.params.collection}/${request.params.sub}`, request.params.item),
  );

  /**
   * The lock screen's form posts back to the address it was shown at. The right password earns the page's
   * cookie and a 303 back to that address; a wrong one shows the lock screen again with a message (401).
   * Repeated guesses are slowed by the app's per-visitor write limit.
   */
  const unlock = async (request: PageRequest<PageQuery, { collection: string; item?: string }> & { body: { password: string } }, reply: FastifyReply) => {
    const c = collectionWith(store, 'urlId', request.params.collection);
    if (c === null || !c.enabled || contentKind(c) === null || protection(c).kind !== 'password') return reply.callNotFound();
    const path = request.params.item === undefined ? `/${c.urlId}` : `/${c.urlId}/${encodeURIComponent(request.params.item)}`;
    if (!passwordMatches(c, request.body.password)) return gate(deps, request, reply, c, path, WRONG_PASSWORD_MESSAGE);
    grantAccess(c, reply);
    return reply.redirect(path, 303);
  };
  app.post<{ Params: { collection: string }; Body: { password: string }; Querystring: PageQuery }>(
    '/:collection',
    { schema: { body: passwordBody, querystring: formatQuery } },
    unlock,
  );
  app.post<{ Params: { collection: string; item: string }; Body: { password: string }; Querystring: PageQuery }>(
    '/:collection/:item',
    { schema: { params: itemParams, body: passwordBody, querystring: formatQuery } },
    unlock,
  );

  // The demo's generated media: only the files of the list, long-cached since they never change.
  const fileParams = (pattern: string) => ({ type: 'object', required: ['file'], properties: { file: { type: 'string', pattern } } }) as const;
  app.get<{ Params: { file: string } }>(`${AUDIO_PATH}:file`, { schema: { params: fileParams('^[a-z0-9-]{1,60}\\.wav$') } }, async (request, reply) => {
    const wav = demoTrack(request.params.file);
    if (wav === null) return reply.callNotFound();
    return reply.type('audio/wav').header('cache-control', 'public, max-age=86400').header('x-content-type-options', 'nosniff').send(wav);
  });
  app.get<{ Params: { file: string } }>(`${IMAGE_PATH}:file`, { schema: { params: fileParams('^[a-z0-9-]{1,60}\\.svg$') } }, async (request, reply) => {
    const svg = demoImage(request.params.file);
    if (svg === null) return reply.callNotFound();
    return reply
      .type('image/svg+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(svg);
  });
};
