/**
 * `/static/theme/{file}`: the theme's hashed stylesheet (one per site's tweak values), cached for good and sent
 * precompressed.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Theme } from '../theme.js';
import { THEME_ASSETS_PATH } from '../theme-stylesheet.js';
import { sendPrecompressed } from './precompressed.js';

export const themeAssetRoutes: FastifyPluginAsync<{ theme: Theme }> = async (app, { theme }) => {
  app.get<{ Params: { file: string } }>(`${THEME_ASSETS_PATH}:file`, async (request, reply) => {
    const sheet = theme.stylesheetFile(request.params.file);
    if (sheet === null) return reply.code(404).send({ message: 'Not found' });
    return sendPrecompressed(request, reply, sheet, 'text/css; charset=utf-8');
  });
};
