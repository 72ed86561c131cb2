/**
 * `/static/islands/{file}`: the islands' scripts, content-hashed and so cached for good, sent precompressed
 * (brotli, else gzip, else as they are) by what the browser accepts.
 */
import type { FastifyPluginAsync } from 'fastify';
import { type IslandAssets, ISLANDS_PATH } from '../islands/assets.js';
import { sendPrecompressed } from './precompressed.js';

export const islandRoutes: FastifyPluginAsync<{ assets: IslandAssets }> = async (app, { assets }) => {
  app.get<{ Params: { file: string } }>(`${ISLANDS_PATH}:file`, async (request, reply) => {
    const asset = assets.file(request.params.file);
    if (asset === undefined) return reply.code(404).send({ message: 'Not found' });
    return sendPrecompressed(request, reply, asset, 'text/javascript; charset=utf-8');
  });
};
