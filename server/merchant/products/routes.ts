/**
 * Merchant APIs for products, variants, prices and stock (issue 26), one Fastify plugin:
 * - GET /api/merchant/products?q=&type=&archived=false|true|all&storeId=&page= → { products, total, page,
 *   pageSize, hasNextPage }, 50 a page in store order; `q` matches a title or a variant's SKU
 * - GET /api/merchant/products/:id → the product
 * - POST /api/merchant/products { title, type, storeId?, urlId?, description?, featured?, price, sku?,
 *   qtyInStock?, unlimited?, weightGrams?, subscriptionPlan?, customAddButtonText?, categories?, tags?,
 *   additionalFieldsForm? } → 201, the product (`additionalFieldsForm`: `{ name?, fields: [{ id?, kind, title,
 *   required?, options?, … }] }` or null, the questions for the buyer: additional-fields-form.ts)
 * - PUT /api/merchant/products/:id { any of title, urlId, description, featured, type, price, subscriptionPlan,
 *   customAddButtonText, categories, tags, additionalFieldsForm } → the product (fields not sent are kept)
 * - POST /api/merchant/products/:id/archive, …/unarchive → the product
 * - PUT /api/merchant/products/:id/variants { options: [{ name, values }], variants: [{ id?, sku, attributes,
 *   priceCents, salePriceCents?, onSale?, unlimited?, qtyInStock?, weightGrams? }] } → the product
 * - PATCH /api/merchant/products/:id/variants/:variantId/stock { qtyInStock } | { delta } | { unlimited } → the product
 * - POST /api/merchant/products/order { ids } → { ids }: the store's products in their new order
 * Reads need `readProducts`, writes `writeProducts` (server/owner/roles.ts); writes are crumb-checked like every
 * write (server/security/) and rate-limited in the owner bucket. The rules are in service.ts.
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Store } from '../../db/database.js';
import { runRead } from '../../db/work.js';
import { requirePermission, signedInContributor } from '../../owner/guard.js';
import { listProducts, readProduct } from './queries.js';
import {
  type CreateBody,
  createBody,
  type EditBody,
  editBody,
  type ListQuery,
  listQuery,
  orderBody,
  productParams,
  type StockBody,
  stockBody,
  variantParams,
  type VariantsBody,
  variantsBody,
} from './schemas.js';
import { changeStock, createProduct, editProduct, type Outcome, PRODUCT_MESSAGES, reorderProducts, replaceVariants, setArchived } from './service.js';

const BASE = '/api/merchant/products';

type Params = { id: string };

function answer(reply: FastifyReply, outcome: Outcome, created = false) {
  if (!outcome.ok) return reply.code(outcome.status).send({ message: outcome.message });
  return reply.code(created ? 201 : 200).send(outcome.product);
}

export const merchantProductRoutes: FastifyPluginAsync<{ store: Store }> = async (app, { store }) => {
  const read = requirePermission(store, 'readProducts');
  const write = requirePermission(store, 'writeProducts');
  const writeConfig = { rateLimit: 'owner' } as const;
  const site = (request: Parameters<typeof signedInContributor>[0]) => signedInContributor(request).websiteId;

  app.get<{ Querystring: ListQuery }>(BASE, { preValidation: read, schema: { querystring: listQuery } }, async (request) => runRead(app.reads, (q) => listProducts(q, site(request), request.query)));

  app.get<{ Params: Params }>(`${BASE}/:id`, { preValidation: read, schema: { params: productParams } }, async (request, reply) => {
    const product = await runRead(app.reads, (q) => readProduct(q, site(request), request.params.id));
    return product === null ? reply.code(404).send({ message: PRODUCT_MESSAGES.notFound }) : product;
  });

  app.post<{ Body: CreateBody }>(BASE, { preValidation: write, config: writeConfig, schema: { body: createBody } }, async (request, reply) =>
    answer(reply, await createProduct(app.stores.transactions, site(request), request.body), true),
  );

  // declared before `/:id/…` routes cannot take it: `order` is no product id
  app.post<{ Body: { ids: string[] } }>(`${BASE}/order`, { preValidation: write, config: writeConfig, schema: { body: orderBody } }, async (request, reply) => {
    const result = await reorderProducts(app.stores.transactions, site(request), request.body.ids);
    return result.ok ? { ids: result.ids } : reply.code(result.status).send({ message: result.message });
  });

  app.put<{ Params: Params; Body: EditBody }>(`${BASE}/:id`, { preValidation: write, config: writeConfig, schema: { params: productParams, body: editBody } }, async (request, reply) =>
    answer(reply, await editProduct(app.stores.transactions, site(request), request.params.id, request.body)),
  );

  for (const [action, archived] of [['archive', true], ['unarchive', false]] as const) {
    app.post<{ Params: Params }>(`${BASE}/:id/${action}`, { preValidation: write, config: writeConfig, schema: { params: productParams } }, async (request, reply) =>
      answer(reply, await setArchived(app.stores.transactions, site(request), request.params.id, archived)),
    );
  }

  app.put<{ Params: Params; Body: VariantsBody }>(
    `${BASE}/:id/variants`,
    { preValidation: write, config: writeConfig, schema: { params: productParams, body: variantsBody } },
    async (request, reply) => answer(reply, await replaceVariants(app.stores.transactions, site(request), request.params.id, request.body)),
  );

  app.patch<{ Params: Params & { variantId: string }; Body: StockBody }>(
    `${BASE}/:id/variants/:variantId/stock`,
    { preValidation: write, config: writeConfig, schema: { params: variantParams, body: stockBody } },
    async (request, reply) => answer(reply, await changeStock(app.stores.transactions, site(request), request.params.id, request.params.variantId, request.body)),
  );
};
