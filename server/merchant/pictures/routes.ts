/**
 * Product pictures (issue 26), one Fastify plugin:
 * - POST /api/merchant/products/:id/picture?fileName=… with the picture as the body (`image/*` or
 *   `application/octet-stream`, at most 20 MB) → the product, its `imageUrl` the new picture's address;
 *   `writeProducts`, crumb-checked, owner rate limit. Refusals are the editor's upload messages of spec 001.
 * - DELETE /api/merchant/products/:id/picture → the product, without a picture.
 * - GET /s/pictures/:hash/:size/:name[?format=100w…2500w|original]: the picture at a responsive width, in AVIF or
 *   WebP when the browser's Accept header takes them, else in the original's format (`Vary: Accept`). The address
 *   names the bytes, so answers are cached for a year. Resized copies are made on first request and kept in the
 *   file storage; two requests for the same copy at once make it once.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Store } from '../../db/database.js';
import { formatWidth, unknownFormatMessage } from '../../images.js';
import { requirePermission, signedInContributor } from '../../owner/guard.js';
import { etagMatches } from '../../routes/images.js';
import type { FileStorage } from '../../storage/file-storage.js';
import { productParams } from '../products/schemas.js';
import { setPicture } from '../products/service.js';
import { MAX_PICTURE_BYTES, negotiateKind, resizePicture } from './picture.js';
import { acceptPictureUploads, storeUpload, uploadQuery } from './upload-body.js';
import { CONTENT_TYPE, isPictureHash, kindOfExtension, originalKey, PICTURE_PATH, type PictureKind, resizedKey } from './picture-url.js';

const YEAR = 'public, max-age=31536000, immutable';
const NAME = /^[a-z0-9-]{1,80}\.(jpg|png|webp|avif)$/;
const SIZE = /^\d{1,5}x\d{1,5}$/;

export interface PictureRoutesOptions {
  readonly store: Store;
  readonly files: FileStorage;
}

export const pictureRoutes: FastifyPluginAsync<PictureRoutesOptions> = async (app, { store, files }) => {
  // encapsulated here: only this plugin's routes take a picture as their body
  acceptPictureUploads(app);

  const write = requirePermission(store, 'writeProducts');
  const url = '/api/merchant/products/:id/picture';

  app.post<{ Params: { id: string }; Querystring: { fileName: string } }>(
    url,
    { preValidation: write, config: { rateLimit: 'owner' }, schema: { params: productParams, querystring: uploadQuery }, bodyLimit: MAX_PICTURE_BYTES },
    async (request, reply) => {
      const stored = await storeUpload(files, request.body, request.query.fileName);
      if (!stored.ok) return reply.code(400).send({ message: stored.message });
      const outcome = await setPicture(app.stores.transactions, signedInContributor(request).websiteId, request.params.id, stored.url);
      return outcome.ok ? outcome.product : reply.code(outcome.status).send({ message: outcome.message });
    },
  );

  app.delete<{ Params: { id: string } }>(url, { preValidation: write, config: { rateLimit: 'owner' }, schema: { params: productParams } }, async (request, reply) => {
    const outcome = await setPicture(app.stores.transactions, signedInContributor(request).websiteId, request.params.id, null);
    return outcome.ok ? outcome.product : reply.code(outcome.status).send({ message: outcome.message });
  });

  /** Copies being made now, by storage key: a second request waits for the first. */
  const making = new Map<string, Promise<Buffer | null>>();

  async function copyOf(hash: string, original: PictureKind, width: number | 'original', kind: PictureKind): Promise<Buffer | null> {
    if (width === 'original' && kind === original) return files.get(originalKey(hash, original));
    const key = resizedKey(hash, width === 'original' ? 'full' : width, kind);
    const stored = await files.get(key);
    if (stored !== null) return stored;
    const pending = making.get(key);
    if (pending !== undefined) return pending;
    const made = (async () => {
      const source = await files.get(originalKey(hash, original));
      if (source === null) return null;
      const bytes = await resizePicture(source, width === 'original' ? Number.MAX_SAFE_INTEGER : width, kind);
      await files.put(key, bytes);
      return bytes;
    })().finally(() => making.delete(key));
    making.set(key, made);
    return made;
  }

  app.get<{ Params: { hash: string; size: string; name: string }; Querystring: { format?: string } }>(`${PICTURE_PATH}/:hash/:size/:name`, async (request, reply) => {
    const { hash, size, name } = request.params;
    const match = NAME.exec(name);
    const original = match === null ? null : kindOfExtension(match[1]!);
    if (!isPictureHash(hash) || !SIZE.test(size) || original === null) return reply.code(404).send({ message: 'Not found' });
    const format: unknown = request.query.format;
    const width = format === undefined || format === 'original' ? 'original' : typeof format === 'string' ? formatWidth(format) : null;
    if (width === null) {
      return reply.code(400).send({ message: unknownFormatMessage(format) });
    }
    const kind = negotiateKind(request.headers.accept, original);
    const etag = `"pic-${hash}-${width}-${kind}"`;
    reply.header('cache-control', YEAR).header('vary', 'Accept').header('etag', etag);
    if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
    const bytes = await copyOf(hash, original, width, kind);
    if (bytes === null) return reply.code(404).header('cache-control', 'no-store').send({ message: 'Not found' });
    return reply.type(CONTENT_TYPE[kind]).send(bytes);
  });
};
