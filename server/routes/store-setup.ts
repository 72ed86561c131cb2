/**
 * Store setup (spec 001 §7 "Store setup", §4 "Store creation sequence"): create a products collection, then
 * its root category. Only contributors whose role allows store setup, and only on their own website: any
 * other websiteId is answered 404 as if it did not exist.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { storeUrlId } from '../../commerce/store-url-id.js';
import { baseCollectionJson } from '../commerce/catalog.js';
import type { Store } from '../db/database.js';
import { all, get, lockRows, run } from '../db/work.js';
import { requirePermission, signedInContributor } from '../owner/guard.js';

/** Collection type code of a store (spec 001 §3 "Collection types": products 13). */
export const PRODUCTS_COLLECTION_TYPE = 13;
/** Root category constants (spec 001 §3 "Root category", §9 "Root category displayIndex 1"). */
export const ROOT_CATEGORY = { type: 'ROOT', pageRendering: 'LIST_VIEW', displayIndex: 1 } as const;
/**
 * First path segments the storefront answers itself: a store there would be unreachable, so these count as
 * taken URL ids.
 */
export const RESERVED_URL_IDS: ReadonlySet<string> = new Set(['api', 'cart', 'checkout', 'commerce', 'config', 'search', 'account', 'assets', 'static', 'order-confirmed']);

const WEBSITE_NOT_FOUND = 'Website not found';
const STORE_NOT_FOUND = 'Store not found';
export const ROOT_EXISTS = 'This store already has a root category.';

const id = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' } as const;
const text = (maxLength: number) => ({ type: 'string', maxLength }) as const;

export const storeCollectionBody = {
  type: 'object',
  required: ['title'],
  properties: {
    title: { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' },
    navigationTitle: text(200),
    urlId: text(200),
    description: text(10_000),
    // accepted as the spec sends it, but a new store is always enabled
    enabled: { type: 'boolean' },
  },
  additionalProperties: false,
} as const;

interface StoreCollectionBody {
  title: string;
  navigationTitle?: string;
  urlId?: string;
  description?: string;
  enabled?: boolean;
}

export const rootCategoryBody = {
  type: 'object',
  required: ['displayName', 'type'],
  properties: {
    displayName: { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' },
    parentCategoryId: { type: 'null' },
    type: { type: 'string', enum: [ROOT_CATEGORY.type] },
    pageRendering: { type: 'string', enum: [ROOT_CATEGORY.pageRendering] },
    displayIndex: { type: 'integer', enum: [ROOT_CATEGORY.displayIndex] },
  },
  additionalProperties: false,
} as const;

interface RootCategoryBody {
  displayName: string;
}


/** Ids in the platform's style: 24 hex digits. */
const newId = () => randomBytes(12).toString('hex');

export const storeSetupRoutes: FastifyPluginAsync<{ store: Store }> = async (app, { store }) => {
  const guard = requirePermission(store, 'storeSetup');

  /** The caller's website when `websiteId` names it; otherwise answers 404 and returns null. */
  const ownWebsite = async (request: FastifyRequest, reply: FastifyReply, websiteId: string): Promise<string | null> => {
    const contributor = signedInContributor(request);
    const { db, t } = app.reads;
    const [site] = contributor.websiteId === websiteId ? await db.select({ id: t.websites.id }).from(t.websites).where(eq(t.websites.id, websiteId)) : [];
    if (site === undefined) {
      void reply.code(404).send({ message: WEBSITE_NOT_FOUND });
      return null;
    }
    return site.id;
  };

  app.post<{ Params: { websiteId: string }; Body: StoreCollectionBody }>(
    '/api/content-service/product/1.1/websites/:websiteId/products',
    {
      schema: { params: { type: 'object', required: ['websiteId'], properties: { websiteId: id } }, body: storeCollectionBody },
      preValidation: guard,
      config: { rateLimit: 'owner' },
    },
    async (request, reply) => {
      const websiteId = await ownWebsite(request, reply, request.params.websiteId);
      if (websiteId === null) return reply;
      const { title, navigationTitle, urlId, description } = request.body;
      // one transaction: the free URL id is chosen and taken with no other write in between
      const created = await app.stores.transactions.write(function* (q) {
        const { db, t } = q;
        const { collections } = t;
        // on PostgreSQL two stores created at once take turns from here (the website's row locked): one free URL id each
        yield* lockRows(q, db.select({ id: t.websites.id }).from(t.websites).where(eq(t.websites.id, websiteId)));
        const used = new Set((yield* all(db.select({ urlId: collections.urlId }).from(collections).where(eq(collections.websiteId, websiteId)))).map((c) => c.urlId.toLowerCase()));
        const chosen = storeUrlId(urlId !== undefined && urlId.trim() !== '' ? urlId : title, (candidate) => used.has(candidate) || RESERVED_URL_IDS.has(candidate));
        const last = yield* get(db.select({ n: sql<number | null>`max(${collections.ordering})` }).from(collections).where(eq(collections.websiteId, websiteId)));
        const row = {
          id: newId(),
          websiteId,
          urlId: chosen,
          title: title.trim(),
          navigationTitle: navigationTitle !== undefined && navigationTitle.trim() !== '' ? navigationTitle.trim() : null,
          description: description ?? '',
          type: PRODUCTS_COLLECTION_TYPE,
          enabled: true,
          ordering: (last?.n ?? -1) + 1,
        };
        yield* run(db.insert(collections).values(row));
        return yield* get(db.select().from(collections).where(eq(collections.id, row.id)));
      });
      return reply.code(201).send(baseCollectionJson(created!));
    },
  );

  app.post<{ Params: { websiteId: string; collectionId: string }; Body: RootCategoryBody }>(
    '/api/content-service/product/1.1/websites/:websiteId/products/:collectionId/categories',
    {
      schema: {
        params: { type: 'object', required: ['websiteId', 'collectionId'], properties: { websiteId: id, collectionId: id } },
        body: rootCategoryBody,
      },
      preValidation: guard,
      config: { rateLimit: 'owner' },
    },
    async (request, reply) => {
      const websiteId = await ownWebsite(request, reply, request.params.websiteId);
      if (websiteId === null) return reply;
      const collectionId = request.params.collectionId;
      const result = await app.stores.transactions.write(function* ({ db, t }) {
        const { categories, collections } = t;
        const collection = yield* get(
          db
            .select({ id: collections.id })
            .from(collections)
            .where(and(eq(collections.id, collectionId), eq(collections.websiteId, websiteId), eq(collections.type, PRODUCTS_COLLECTION_TYPE))),
        );
        if (collection === undefined) return 'no store' as const;
        const root = yield* get(db.select({ id: categories.id }).from(categories).where(and(eq(categories.collectionId, collectionId), eq(categories.type, ROOT_CATEGORY.type))));
        if (root !== undefined) return 'exists' as const;
        const row = { id: newId(), collectionId, displayName: request.body.displayName.trim(), parentCategoryId: null, ...ROOT_CATEGORY };
        yield* run(db.insert(categories).values(row));
        return row;
      });
      if (result === 'no store') return reply.code(404).send({ message: STORE_NOT_FOUND });
      if (result === 'exists') return reply.code(409).send({ message: ROOT_EXISTS });
      return reply.code(201).send(result);
    },
  );
};
