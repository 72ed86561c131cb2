/**
 * `/static/libraries/{file}`: the well-known libraries served here in place of a public CDN
 * (server/libraries/library-files.ts), content-hashed and so cached for good, sent precompressed.
 */
import type { FastifyPluginAsync } from 'fastify';
import { LIBRARIES_PATH, localLibraries } from '../libraries/library-files.js';
import { sendPrecompressed } from './precompressed.js';

export const libraryRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { file: string } }>(`${LIBRARIES_PATH}:file`, async (request, reply) => {
    const file = localLibraries().file(request.params.file);
    if (file === undefined) return reply.code(404).send({ message: 'Not found' });
    return sendPrecompressed(request, reply, file, 'text/javascript; charset=utf-8');
  });
};
