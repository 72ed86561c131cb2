/**
 * Sending a file kept in memory with its precompressed forms: brotli, else gzip, else as it is, by what the
 * browser accepts, with `Vary: Accept-Encoding`. Content-hashed files are cached for good.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

export interface Precompressed {
  readonly raw: Buffer;
  readonly gzip: Buffer;
  readonly brotli: Buffer;
}

export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Whether an Accept-Encoding header takes `encoding` (q=0 refuses it). */
export function accepts(header: string | undefined, encoding: string): boolean {
  if (header === undefined) return false;
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().split(';');
    if (name?.trim().toLowerCase() !== encoding) return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

export function sendPrecompressed(request: FastifyRequest, reply: FastifyReply, asset: Precompressed, type: string, cacheControl = IMMUTABLE) {
  const header = request.headers['accept-encoding'];
  reply.header('cache-control', cacheControl).header('vary', 'accept-encoding').type(type);
  if (accepts(header, 'br')) return reply.header('content-encoding', 'br').send(asset.brotli);
  if (accepts(header, 'gzip')) return reply.header('content-encoding', 'gzip').send(asset.gzip);
  return reply.send(asset.raw);
}
