/**
 * `/static/islands/{file}`: the islands' scripts, content-hashed and so cached for good, sent precompressed
 * (brotli, else gzip, else as they are) by what the browser accepts.
 */
import type { FastifyPluginAsync } from 'fastify';
import { type IslandAssets, ISLANDS_PATH } from '../islands/assets.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The encodings a request accepts (q=0 refuses one). */
function accepts(header: string | undefined, encoding: string): boolean {
  if (header === undefined) return false;
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().split(';');
    if (name?.trim().toLowerCase() !== encoding) return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

export const islandRoutes: FastifyPluginAsync<{ assets: IslandAssets }> = async (app, { assets }) => {
  app.get<{ Params: { file: string } }>(`${ISLANDS_PATH}:file`, async (request, reply) => {
    const asset = assets.file(request.params.file);
    if (asset === undefined) return reply.code(404).send({ message: 'Not found' });
    const header = request.headers['accept-encoding'];
    reply.header('cache-control', IMMUTABLE).header('vary', 'accept-encoding').type('text/javascript; charset=utf-8');
    if (accepts(header, 'br')) return reply.header('content-encoding', 'br').send(asset.brotli);
    if (accepts(header, 'gzip')) return reply.header('content-encoding', 'gzip').send(asset.gzip);
    return reply.send(asset.raw);
  });
};
