/**
 * Merchant APIs for orders (issue 26), one Fastify plugin:
 * - GET /api/merchant/orders?q=&status=open|fulfilled|cancelled|all&page= → { orders, total, page, pageSize,
 *   hasNextPage }, newest first, 50 a page; `q` finds an order number (`1042`, `#1042`), an e-mail, a customer's
 *   name, a product name or SKU
 * - GET /api/merchant/orders.csv?q=&status= → every order found, one row per line (csv.ts), as a download
 * - GET /api/merchant/orders/:id → the order, with its lines, customer, fulfilment and notes
 * - POST /api/merchant/orders/:id/fulfil { carrier?, trackingNumber? } → the order; the shipping e-mail is queued
 * - POST /api/merchant/orders/:id/cancel → the order; its stock goes back
 * - POST /api/merchant/orders/:id/notes { text } → 201, the order with the new note
 * Reads (and the export) need `readOrders`, changes `writeOrders` (server/owner/roles.ts); writes are
 * crumb-checked like every write (server/security/) and rate-limited in the owner bucket. Rules in service.ts.
 */
import { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Store } from '../../db/database.js';
import type { Reads } from '../../db/reads.js';
import { runRead } from '../../db/work.js';
import { requirePermission, signedInContributor } from '../../owner/guard.js';
import { CSV_BOM, CSV_CONTENT_TYPE, csvRow } from '../csv.js';
import { CSV_HEADER, orderCsvRows } from './csv.js';
import { eachOrder, listOrders, orderDetail, ownOrder } from './queries.js';
import { exportQuery, type Filters, type FulfilBody, fulfilBody, type ListQuery, listQuery, noteBody, orderParams } from './schemas.js';
import { addNote, cancel, fulfil, ORDER_MESSAGES, type Outcome } from './service.js';

const BASE = '/api/merchant/orders';

type Params = { id: string };

function answer(reply: FastifyReply, outcome: Outcome, created = false) {
  if (!outcome.ok) return reply.code(outcome.status).send({ message: outcome.message });
  return reply.code(created ? 201 : 200).send(outcome.order);
}

/** The export's rows, a batch of orders at a time, after a byte-order mark (spreadsheets then read UTF-8 as UTF-8). */
async function* csvChunks(reads: Reads, websiteId: string, filters: Filters): AsyncGenerator<string> {
  yield `${CSV_BOM}${csvRow(CSV_HEADER)}`;
  for await (const row of eachOrder(reads, websiteId, filters)) yield orderCsvRows(row);
}

export const merchantOrderRoutes: FastifyPluginAsync<{ store: Store }> = async (app, { store }) => {
  const read = requirePermission(store, 'readOrders');
  const write = requirePermission(store, 'writeOrders');
  const writeConfig = { rateLimit: 'owner' } as const;
  const site = (request: FastifyRequest) => signedInContributor(request).websiteId;

  app.get<{ Querystring: ListQuery }>(BASE, { preValidation: read, schema: { querystring: listQuery } }, async (request) => runRead(app.reads, (q) => listOrders(q, site(request), request.query)));

  app.get<{ Querystring: Filters }>(`${BASE}.csv`, { preValidation: read, schema: { querystring: exportQuery } }, async (request, reply) => {
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="orders-${day}.csv"`)
      .type(CSV_CONTENT_TYPE)
      .send(Readable.from(csvChunks(app.reads, site(request), request.query)));
  });

  app.get<{ Params: Params }>(`${BASE}/:id`, { preValidation: read, schema: { params: orderParams } }, async (request, reply) => {
    const order = await runRead(app.reads, function* (q) {
      const row = yield* ownOrder(q, site(request), request.params.id);
      return row === null ? null : yield* orderDetail(q, row);
    });
    return order === null ? reply.code(404).send({ message: ORDER_MESSAGES.notFound }) : order;
  });

  app.post<{ Params: Params; Body: FulfilBody }>(
    `${BASE}/:id/fulfil`,
    { preValidation: write, config: writeConfig, schema: { params: orderParams, body: fulfilBody } },
    async (request, reply) => answer(reply, await fulfil(app.stores.transactions, site(request), request.params.id, request.body ?? {})),
  );

  app.post<{ Params: Params }>(`${BASE}/:id/cancel`, { preValidation: write, config: writeConfig, schema: { params: orderParams } }, async (request, reply) =>
    answer(reply, await cancel(app.stores.transactions, site(request), request.params.id)),
  );

  app.post<{ Params: Params; Body: { text: string } }>(
    `${BASE}/:id/notes`,
    { preValidation: write, config: writeConfig, schema: { params: orderParams, body: noteBody } },
    async (request, reply) => answer(reply, await addNote(app.stores.transactions, signedInContributor(request), request.params.id, request.body.text), true),
  );
};
