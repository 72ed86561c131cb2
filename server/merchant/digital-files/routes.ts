/**
 * A digital product's file (issue 26), one Fastify plugin:
 * - POST /api/merchant/products/:id/file?fileName=… with the file as the body (any type, at most 100 MB) → the
 *   product, its `digitalFile` { fileName, contentType, bytes } the new file; only a digital product takes one
 * - DELETE /api/merchant/products/:id/file → the product without a file (its buyers then get the PDF made from
 *   its description)
 * `writeProducts`, crumb-checked, owner rate limit. A body past the limit is refused with spec 001's upload
 * message naming the file. Orders placed before a change keep the file they were sold with.
 */
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Store } from '../../db/database.js';
import { run, runRead, type Transactions, type Work } from '../../db/work.js';
import { requirePermission, signedInContributor } from '../../owner/guard.js';
import type { FileStorage } from '../../storage/file-storage.js';
import { acceptUploads, uploadQuery } from '../pictures/upload-body.js';
import { ownProduct, readProduct } from '../products/queries.js';
import { typeName } from '../products/product-types.js';
import { productParams } from '../products/schemas.js';
import { type Outcome, PRODUCT_MESSAGES } from '../products/service.js';
import { DIGITAL_FILE_MESSAGES, type DigitalFile, digitalFileOf, MAX_DIGITAL_BYTES } from './digital-file.js';

function setDigitalFile(transactions: Transactions, websiteId: string, productId: string, file: DigitalFile | null): Promise<Outcome> {
  return transactions.write(function* (q): Work<Outcome> {
    const found = yield* ownProduct(q, websiteId, productId);
    if (found === null) return { ok: false, status: 404, message: PRODUCT_MESSAGES.notFound };
    if (typeName(found.row) !== 'digital') return { ok: false, status: 400, message: DIGITAL_FILE_MESSAGES.notDigital };
    yield* run(q.db.update(q.t.products).set({ digitalFile: file === null ? null : JSON.stringify(file) }).where(eq(q.t.products.id, productId)));
    return { ok: true, product: (yield* readProduct(q, websiteId, productId))! };
  });
}

const answer = (reply: FastifyReply, outcome: Outcome) => (outcome.ok ? outcome.product : reply.code(outcome.status).send({ message: outcome.message }));

export const digitalFileRoutes: FastifyPluginAsync<{ store: Store; files: FileStorage }> = async (app, { store, files }) => {
  // encapsulated here: only this plugin's routes take any file as their body
  acceptUploads(app, { types: '*', maxBytes: MAX_DIGITAL_BYTES, tooLarge: DIGITAL_FILE_MESSAGES.tooLarge });

  const write = requirePermission(store, 'writeProducts');
  const url = '/api/merchant/products/:id/file';

  app.post<{ Params: { id: string }; Querystring: { fileName: string } }>(
    url,
    { preValidation: write, config: { rateLimit: 'owner' }, schema: { params: productParams, querystring: uploadQuery }, bodyLimit: MAX_DIGITAL_BYTES },
    async (request, reply) => {
      const { fileName } = request.query;
      const body: unknown = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0) return reply.code(400).send({ message: DIGITAL_FILE_MESSAGES.empty(fileName) });
      const websiteId = signedInContributor(request).websiteId;
      // checked before the bytes are stored, so a refused upload leaves nothing behind
      const found = await runRead(app.reads, (q) => ownProduct(q, websiteId, request.params.id));
      if (found === null) return reply.code(404).send({ message: PRODUCT_MESSAGES.notFound });
      if (typeName(found.row) !== 'digital') return reply.code(400).send({ message: DIGITAL_FILE_MESSAGES.notDigital });
      const file = digitalFileOf(body, fileName, request.headers['content-type']);
      await files.put(file.key, body);
      return answer(reply, await setDigitalFile(app.stores.transactions, websiteId, request.params.id, file));
    },
  );

  app.delete<{ Params: { id: string } }>(url, { preValidation: write, config: { rateLimit: 'owner' }, schema: { params: productParams } }, async (request, reply) =>
    answer(reply, await setDigitalFile(app.stores.transactions, signedInContributor(request).websiteId, request.params.id, null)),
  );
};
