/** The owner's APIs (issue 4 "Store setup and settings"), one plugin per family, registered together. */
import type { FastifyPluginAsync } from 'fastify';
import type { Store } from '../db/database.js';
import { commercePreferencesRoutes } from './commerce-preferences.js';
import { headerFooterRoutes } from './header-footer.js';
import { multilingualRoutes } from './multilingual.js';
import { ownerSessionRoutes } from './owner-session.js';
import { siteLayoutRoutes } from './site-layout.js';
import { storeSetupRoutes } from './store-setup.js';
import { templateSchemaRoutes } from './template-schema.js';

export const ownerApiRoutes: FastifyPluginAsync<{ store: Store }> = async (app, options) => {
  for (const plugin of [ownerSessionRoutes, storeSetupRoutes, siteLayoutRoutes, commercePreferencesRoutes, headerFooterRoutes, multilingualRoutes, templateSchemaRoutes]) {
    await app.register(plugin, options);
  }
};
