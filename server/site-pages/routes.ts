/**
 * The site's pages for the admin (issue 26: the navigation screen and the store pages screen), one Fastify plugin:
 * - GET /api/owner/pages → { websiteId, pages: [{ id, title, navigationTitle, urlId, url, type, isStore, enabled,
 *   productCount }] } in the site's order; `readPages` (server/owner/roles.ts).
 * A new store is made with the store setup calls of spec 001 (server/routes/store-setup.ts), which take the
 * website's id: this answer gives it.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Store } from '../db/database.js';
import { requirePermission, signedInContributor } from '../owner/guard.js';
import { listSitePages } from './queries.js';

export const sitePageRoutes: FastifyPluginAsync<{ store: Store }> = async (app, { store }) => {
  app.get('/api/owner/pages', { preValidation: requirePermission(store, 'readPages') }, async (request) => {
    const { websiteId } = signedInContributor(request);
    return { websiteId, pages: await listSitePages(app.reads, websiteId) };
  });
};
