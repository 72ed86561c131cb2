/**
 * Customer accounts (issue 22) as one plugin: the session API (api-routes.ts) and the account pages
 * (page-routes.ts), sharing one sign-in (sign-in.ts) and the app's per-account sign-in throttle
 * (`app.signInThrottle`, its rule and clock from the app's guard options).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Store } from '../db/database.js';
import type { Theme } from '../theme.js';
import { siteUserApiRoutes } from './api-routes.js';
import { siteUserPageRoutes } from './page-routes.js';
import { SignIn } from './sign-in.js';

export const siteUserRoutes: FastifyPluginAsync<{ store: Store; theme: Theme }> = async (app, { store, theme }) => {
  const signIn = new SignIn(app.stores.accounts, app.stores.cart, app.signInThrottle);
  await app.register(siteUserApiRoutes, { store, signIn });
  await app.register(siteUserPageRoutes, { store, theme, signIn });
};
