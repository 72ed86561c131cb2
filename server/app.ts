/**
 * The storefront: a Fastify app with one plugin per feature (pages, cart API). Bad input of any kind gets a
 * clear answer; no visitor ever sees a stack trace.
 */
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Store } from './db/database.js';
import { PageType, pageContext } from './page-context.js';
import { cartRoutes } from './routes/cart.js';
import { ownerApiRoutes } from './routes/owner-apis.js';
import { checkoutRoutes } from './routes/checkout.js';
import { imageRoutes } from './routes/images.js';
import { type GuardOptions, installGuards } from './security/install.js';
import { pageRoutes } from './routes/pages.js';
import { subscriptionRoutes } from './routes/subscription.js';
import { emptyCart } from './routes/visitor-cart.js';
import type { Theme } from './theme.js';

export interface AppOptions {
  readonly store: Store;
  readonly theme: Theme;
  readonly logger?: FastifyServerOptions['logger'];
  /** Rate limits and clock of the request guards (tests tighten or loosen them). */
  readonly guards?: GuardOptions;
}

export async function buildApp({ store, theme, logger = false, guards }: AppOptions): Promise<FastifyInstance> {
  // Strict validation: no silent type coercion or dropping of unknown fields; a bad body is a 400.
  const app = Fastify({ logger, ajv: { customOptions: { coerceTypes: false, removeAdditional: false, allErrors: false, allowUnionTypes: true } } });
  await app.register(cookie);
  await app.register(formbody);
  installGuards(app, guards);
  await app.register(pageRoutes, { store, theme });
  await app.register(cartRoutes, { store });
  await app.register(ownerApiRoutes, { store });
  await app.register(checkoutRoutes, { store, theme });
  await app.register(subscriptionRoutes, { store });
  await app.register(imageRoutes, { store });

  const wantsJson = (url: string) => url.startsWith('/api/');

  app.setNotFoundHandler((request, reply) => {
    if (wantsJson(request.url)) return reply.code(404).send({ message: 'Not found' });
    const context = pageContext(store, { pageType: PageType.NOT_FOUND, pageId: 'not-found', shoppingCart: emptyCart() });
    return reply.code(404).type('text/html; charset=utf-8').send(theme.renderPage('pages/404.page', context));
  });

  app.setErrorHandler((error: { statusCode?: number; message?: string }, request, reply) => {
    const code = error.statusCode;
    const status = typeof code === 'number' && code >= 400 && code < 500 ? code : 500;
    if (status === 500) request.log.error(error);
    if (wantsJson(request.url) || status < 500) {
      return reply.code(status).send({ message: status === 500 ? 'Something went wrong' : (error.message ?? 'Bad request') });
    }
    try {
      const context = pageContext(store, { pageType: PageType.ERROR, pageId: 'error', shoppingCart: emptyCart() });
      return reply.code(500).type('text/html; charset=utf-8').send(theme.renderPage('pages/error.page', context));
    } catch {
      return reply.code(500).type('text/plain; charset=utf-8').send('Something went wrong');
    }
  });
  return app;
}
