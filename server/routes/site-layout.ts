/**
 * The site layout and main navigation (spec 001 §7 "Store setup"): GET /api/commondata/GetSiteLayout answers
 * `{ layout }`; POST /api/widget/UpdateNavigation {fieldName, templateId, navigation: {items}} replaces the
 * main navigation's links and answers the new `{ layout }`. A layout without a first entry is answered 404
 * 'Unable to find site main navigation' (the spec gives the message, not the status).
 */
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Store } from '../db/database.js';
import { type NavigationItem, navigationItemsSchema, navigationProblem } from '../navigation-items.js';
import { requirePermission, signedInContributor } from '../owner/guard.js';
import { writeSiteDocumentStep } from '../site-documents.js';
import { LAYOUT_DOCUMENT, NO_MAIN_NAVIGATION, mainNavigation, siteLayoutStep } from '../site-layout.js';

export const updateNavigationBody = {
  type: 'object',
  required: ['navigation'],
  properties: {
    // accepted as the platform's editor sends them; this storefront has one theme and one main navigation
    fieldName: { type: 'string', maxLength: 100 },
    templateId: { type: 'string', maxLength: 100 },
    navigation: { type: 'object', required: ['items'], properties: { items: navigationItemsSchema }, additionalProperties: false },
  },
  additionalProperties: false,
} as const;

interface UpdateNavigationBody {
  fieldName?: string;
  templateId?: string;
  navigation: { items: NavigationItem[] };
}

export const siteLayoutRoutes: FastifyPluginAsync<{ store: Store }> = async (app, { store }) => {
  app.get('/api/commondata/GetSiteLayout', { preValidation: requirePermission(store, 'readNavigation') }, async (request, reply) => {
    // the first read stores the layout derived from the collections: a write, so a transaction
    const layout = await app.stores.transactions.write((q) => siteLayoutStep(q, signedInContributor(request).websiteId));
    if (mainNavigation(layout) === null) return reply.code(404).send({ message: NO_MAIN_NAVIGATION });
    return { layout };
  });

  app.post<{ Body: UpdateNavigationBody }>(
    '/api/widget/UpdateNavigation',
    { schema: { body: updateNavigationBody }, preValidation: requirePermission(store, 'writeNavigation'), config: { rateLimit: 'owner' } },
    async (request, reply) => {
      const websiteId = signedInContributor(request).websiteId;
      const items = request.body.navigation.items;
      const { db, t } = app.reads;
      const ids = new Set((await db.select({ id: t.collections.id }).from(t.collections).where(eq(t.collections.websiteId, websiteId))).map((c) => c.id));
      const problem = navigationProblem(items, (id) => ids.has(id));
      if (problem !== null) return reply.code(400).send({ message: problem });
      const updated = await app.stores.transactions.write(function* (q) {
        const layout = yield* siteLayoutStep(q, websiteId);
        const main = mainNavigation(layout);
        if (main === null) return null;
        const next = [{ ...main, links: items }, ...layout.slice(1)];
        yield* writeSiteDocumentStep(q, websiteId, LAYOUT_DOCUMENT, next);
        return next;
      });
      if (updated === null) return reply.code(404).send({ message: NO_MAIN_NAVIGATION });
      return { layout: updated };
    },
  );
};
