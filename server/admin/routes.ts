/**
 * The admin app's page (issue 26), one Fastify plugin:
 * - GET /config and GET /config/{screen…} → the app's shell (shell.ts): the React app (hydrate/admin/) reads the
 *   path and shows its sign-in screen or the screen asked for. Who is signed in (as GET /api/owner/session says
 *   it) is in the shell, so the app starts without asking, and a signed-out start shows no failed request.
 *   The pages drawn by the server (/config/login, /config/analytics, POST /config/logout) are more specific
 *   routes and keep answering themselves.
 * The shell holds no shop data, so it needs no role: every call the app makes is role-checked by its API.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Store } from '../db/database.js';
import type { IslandAssets } from '../islands/assets.js';
import { contributorView } from '../owner/roles.js';
import { requestContributor } from '../owner/sessions.js';
import { adminShell } from './shell.js';

export const ADMIN_PATH = '/config';

export const adminRoutes: FastifyPluginAsync<{ store: Store; assets: IslandAssets }> = async (app, { store, assets }) => {
  const shell = async (request: FastifyRequest, reply: FastifyReply) => {
    // who is signed in, as looked up when the request arrived (either database: server/security/request-sessions.ts)
    const signedIn = requestContributor(store, request);
    const contributor = signedIn === null ? null : contributorView(signedIn);
    const { db, t } = request.server.reads;
    const [site] = await db.select({ title: t.websites.title, currency: t.websites.currency }).from(t.websites).limit(1);
    return reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(adminShell({ siteTitle: site?.title ?? 'Tessera', currency: site?.currency ?? 'USD', contributor, entry: assets.manifest?.admin ?? null }));
  };
  app.get(ADMIN_PATH, shell);
  app.get(`${ADMIN_PATH}/*`, shell);
};
