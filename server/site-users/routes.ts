/**
 * Customer accounts (issue 22) as one plugin: the session API (api-routes.ts) and the account pages
 * (page-routes.ts), sharing one sign-in (sign-in.ts) and so one per-account limiter. Its rule and clock come
 * from the app's guard options (`guards.rateLimits['site-user-account']`, `guards.now`), like the per-address
 * limits.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Store } from '../db/database.js';
import type { GuardOptions } from '../security/install.js';
import type { Theme } from '../theme.js';
import { siteUserApiRoutes } from './api-routes.js';
import { siteUserPageRoutes } from './page-routes.js';
import { ACCOUNT_GROUP, DEFAULT_ACCOUNT_LIMIT, SignIn } from './sign-in.js';

export const siteUserRoutes: FastifyPluginAsync<{ store: Store; theme: Theme; guards?: GuardOptions }> = async (app, { store, theme, guards }) => {
  const signIn = new SignIn(store, guards?.rateLimits?.[ACCOUNT_GROUP] ?? DEFAULT_ACCOUNT_LIMIT, guards?.now);
  await app.register(siteUserApiRoutes, { store, signIn });
  await app.register(siteUserPageRoutes, { store, theme, signIn });
};
