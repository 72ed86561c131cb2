/**
 * The admin app's page (issue 26), one Fastify plugin:
 * - GET /config and GET /config/{screen…} → the app's shell (shell.ts): the React app (hydrate/admin/) reads the
 *   path, asks GET /api/owner/session who is signed in, and shows its sign-in screen or the screen asked for.
 *   The pages drawn by the server (/config/login, /config/analytics, POST /config/logout) are more specific
 *   routes and keep answering themselves.
 * The shell holds no data, so it needs no session: every call the app makes is role-checked by its API.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Store } from '../db/database.js';
import { websites } from '../db/schema.js';
import type { IslandAssets } from '../islands/assets.js';
import { adminShell } from './shell.js';

export const ADMIN_PATH = '/config';

export const adminRoutes: FastifyPluginAsync<{ store: Store; assets: IslandAssets }> = async (app, { store, assets }) => {
  const shell = async (_request: FastifyRequest, reply: FastifyReply) => {
    const site = store.select({ title: websites.title, currency: websites.currency }).from(websites).get();
    return reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(adminShell({ siteTitle: site?.title ?? 'Tessera', currency: site?.currency ?? 'USD', entry: assets.manifest?.admin ?? null }));
  };
  app.get(ADMIN_PATH, shell);
  app.get(`${ADMIN_PATH}/*`, shell);
};
