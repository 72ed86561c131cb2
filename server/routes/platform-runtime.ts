/**
 * `/static/runtime/{file}`: the platform runtime's script and YUI 3's module tree (server/runtime/assets.ts),
 * content-hashed and so cached for good, sent precompressed (brotli, else gzip, else as they are) by what the
 * browser accepts. Nothing a platform page's runtime loads comes from anywhere else.
 */
import type { FastifyPluginAsync } from 'fastify';
import { RUNTIME_PATH, type RuntimeAssets } from '../runtime/assets.js';
import { IMMUTABLE, sendPrecompressed } from './precompressed.js';

export const platformRuntimeRoutes: FastifyPluginAsync<{ assets: RuntimeAssets }> = async (app, { assets }) => {
  app.get<{ Params: { '*': string } }>(`${RUNTIME_PATH}*`, async (request, reply) => {
    const file = assets.file(request.params['*']);
    if (file === undefined) return reply.code(404).send({ message: 'Not found' });
    if ('precompressed' in file.body) return sendPrecompressed(request, reply, file.body.precompressed, file.type);
    return reply.header('cache-control', IMMUTABLE).type(file.type).send(file.body.raw);
  });
};
