/**
 * How a route takes a file as its request body (the product picture, the site icon, a digital product's file):
 * the upload's content types parsed as raw bytes up to a limit, the `?fileName=` query every upload names itself with, and
 * a body past the limit refused with the editor's own words (spec 001), naming the file. Call it inside the
 * plugin that holds the upload routes: Fastify keeps the parser and the error handler to that plugin.
 */
import type { FastifyInstance } from 'fastify';
import type { FileStorage } from '../../storage/file-storage.js';
import { MAX_PICTURE_BYTES, PICTURE_MESSAGES, readUpload } from './picture.js';
import { originalKey, pictureUrl } from './picture-url.js';

const UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif', 'application/octet-stream'];

export const uploadQuery = {
  type: 'object',
  required: ['fileName'],
  properties: { fileName: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[^\\u0000-\\u001f/\\\\]+$' } },
  additionalProperties: false,
} as const;

export interface UploadRule {
  /** The content types taken as raw bytes ('*': any). */
  readonly types: string | string[];
  readonly maxBytes: number;
  /** The refusal of a body past `maxBytes`, naming the file. */
  readonly tooLarge: (fileName: string) => string;
}

/** The upload routes of the calling plugin take their body as bytes by `rule`. */
export function acceptUploads(app: FastifyInstance, rule: UploadRule): void {
  app.addContentTypeParser(rule.types, { parseAs: 'buffer', bodyLimit: rule.maxBytes }, (_request, body, done) => done(null, body));
  app.setErrorHandler((error, request, reply) => {
    const fileName = (request.query as { fileName?: unknown } | undefined)?.fileName;
    if ((error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE' && typeof fileName === 'string') {
      return reply.code(413).send({ message: rule.tooLarge(fileName) });
    }
    throw error;
  });
}

/** A picture as the body (the product picture, the site icon). */
export function acceptPictureUploads(app: FastifyInstance): void {
  acceptUploads(app, { types: UPLOAD_TYPES, maxBytes: MAX_PICTURE_BYTES, tooLarge: PICTURE_MESSAGES.tooLarge });
}

/** The uploaded body read as a picture and its original stored: its address, or the editor's refusal. */
export async function storeUpload(files: FileStorage, body: unknown, fileName: string): Promise<{ ok: true; url: string } | { ok: false; message: string }> {
  if (!Buffer.isBuffer(body) || body.length === 0) return { ok: false, message: PICTURE_MESSAGES.unsupported(fileName) };
  const picture = await readUpload(body);
  if (picture === null) return { ok: false, message: PICTURE_MESSAGES.unsupported(fileName) };
  await files.put(originalKey(picture.hash, picture.kind), picture.bytes);
  return { ok: true, url: pictureUrl(picture, fileName) };
}
