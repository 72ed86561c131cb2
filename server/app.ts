/**
 * The storefront: a Fastify app with one plugin per feature (pages, cart API). Bad input of any kind gets a
 * clear answer; no visitor ever sees a stack trace.
 */
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifySchemaValidationError, type FastifyServerOptions } from 'fastify';
import type { Store } from './db/database.js';
import { type CommerceStores, sqliteStores } from './db/stores.js';
import { PageType, pageContext, websiteSettings } from './page-context.js';
import { isRecord } from '../commerce/json.js';
import { modalOrigins } from '../commerce/installments.js';
import { cartRoutes } from './commerce/cart-routes.js';
import { ownerApiRoutes } from './routes/owner-apis.js';
import { checkoutRoutes } from './commerce/checkout-routes.js';
import { formRoutes } from './forms/routes.js';
import { restockRoutes } from './restock/routes.js';
import { type EmailPluginOptions, emailRoutes } from './email/routes.js';
import { analyticsRoutes } from './analytics/routes.js';
import { merchantProductRoutes } from './merchant/products/routes.js';
import { pictureRoutes } from './merchant/pictures/routes.js';
import { digitalFileRoutes } from './merchant/digital-files/routes.js';
import { formSubmissionRoutes } from './merchant/form-submissions/routes.js';
import { type FileStorage, fileStorageFromEnv } from './storage/file-storage.js';
import { adminRoutes } from './admin/routes.js';
import { merchantOrderRoutes } from './merchant/orders/routes.js';
import { downloadRoutes } from './orders/download-routes.js';
import { accountLinkFor } from './site-users/account-link.js';
import { siteUserRoutes } from './site-users/routes.js';
import { siteIconRoutes } from './site-icon/routes.js';
import { siteSettingsRoutes } from './site-settings/routes.js';
import { sitePageRoutes } from './site-pages/routes.js';
import { contributorRoutes } from './contributors/routes.js';
import { imageRoutes } from './routes/images.js';
import { islandRoutes } from './routes/islands.js';
import { platformRuntimeRoutes } from './routes/platform-runtime.js';
import { libraryRoutes } from './routes/libraries.js';
import { templateTweakRoutes } from './routes/template-tweaks.js';
import { themeAssetRoutes } from './routes/theme-assets.js';
import { isSafeMethod } from './security/crumb.js';
import { installRouteTable } from './route-table.js';
import { cartMessageUrl } from '../commerce/visitor-messages.js';
import { type GuardOptions, installGuards } from './security/install.js';
import { installSessionLookups } from './security/request-sessions.js';
import { allowedOriginsFromEnv } from './security/allowed-origins.js';
import { securityHeaders } from './security/headers.js';
import { NONCE_ATTRIBUTE } from './security/nonce.js';
import { type TrustProxy, trustProxyFromEnv } from './security/trust-proxy.js';
import { publicTlsFromEnv } from './security/cookies.js';
import { installRequestLog, quietLogController } from './logging.js';
import { applyHeadersTimeout, type HttpLimits, httpLimitsFromEnv, installBodyChecks, installTextCheck, serverOptions } from './http-limits.js';
import { installJsonBodies } from './json-body.js';
import { answerClientError } from './client-errors.js';
import { pageRoutes } from './routes/pages.js';
import { subscriptionRoutes } from './commerce/subscription-routes.js';
import { emptyCart } from './commerce/visitor-cart.js';
import { answerStatus, backLink, tryAgainPage } from './error-page.js';
import { Theme } from './theme.js';
import { themeDirFromEnv } from './theme/theme-dir.js';
import { ensureThemeContentSafely } from './theme-content/ensure-theme-content.js';
import { installTagDataAhead } from './theme/platform-ahead.js';
import type { ReadAhead } from './db/pg-app.js';
import { sqliteReads } from './db/reads.js';
import { ReadCache, useReadCache } from './read-cache.js';
import { installSiteAhead } from './site-data.js';
import { readCartsAhead } from './commerce/visitor-cart.js';
import { themeStaticFiles } from './theme/static-files.js';
import { languageRewrite, requestServedLanguage } from './multilingual/request-language.js';
import { installLanguagePaths } from './multilingual/language-paths.js';

export interface AppOptions {
  readonly store: Store;
  /**
   * The stores of the contention-critical writes (cart adds, checkout, restock, form keys: server/db/stores.ts);
   * default: on `store` (SQLite).
   */
  readonly stores?: CommerceStores;
  /** The compiled theme; when omitted one is built from `themeDir` (recompiled on change outside production). */
  readonly theme?: Theme;
  /**
   * The theme folder in the platform's layout, used when `theme` is omitted (the dev server passes it);
   * default: `TESSERA_THEME`, else the default theme in `templates/` (server/theme/theme-dir.ts).
   */
  readonly themeDir?: string;
  readonly logger?: FastifyServerOptions['logger'];
  /** Rate limits and clock of the request guards (tests tighten or loosen them). */
  readonly guards?: GuardOptions;
  /** Timeouts and keep-alive of the HTTP server (default: from the environment, docs/limits-and-security.md "Server limits"). */
  readonly httpLimits?: HttpLimits;
  /**
   * Origins a platform theme's pages may load from besides this server (server/security/content-policy.ts);
   * default: `TESSERA_ALLOWED_ORIGINS` (server/security/allowed-origins.ts, which throws on a bad one).
   */
  readonly allowedOrigins?: readonly string[];
  /** How long analytics are kept, in months (default: `TESSERA_ANALYTICS_RETENTION_MONTHS`, else 13; server/analytics/retention.ts). */
  readonly analyticsRetentionMonths?: number;
  /**
   * The reverse proxies allowed to name the visitor's address in X-Forwarded-For (server/security/trust-proxy.ts);
   * default: `TESSERA_TRUST_PROXY`, else none.
   */
  readonly trustProxy?: TrustProxy;
  /** The e-mail sender's environment and timing (default: `process.env`, server/email/routes.ts); `worker: false` sends nothing. */
  readonly mail?: Omit<EmailPluginOptions, 'store'>;
  /**
   * The site is served over TLS whatever the request's protocol says, so every cookie is Secure
   * (server/security/cookies.ts); default: `TESSERA_PUBLIC_URL` starts with `https:`.
   */
  readonly publicTls?: boolean;
  /**
   * PostgreSQL (server/db/pg-app.ts): pages load their site and cart ahead through these reads, kept in caches
   * on the change feed; `store` is then the stand-in that answers 503 for what still reads SQLite.
   */
  readonly readAhead?: ReadAhead;
  /** Where uploaded files go (server/storage/file-storage.ts); default: the folder of `TESSERA_FILES`, else `data/files`. */
  readonly files?: FileStorage;
}

/** What a schema covers, in words, for a message about the whole of it. */
const PART_NAMES: Readonly<Record<string, string>> = { body: 'The request body', querystring: 'The query', params: 'The address', headers: 'The request headers' };

const TYPE_WORDS: Readonly<Record<string, string>> = {
  string: 'a string',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  null: 'null',
};

/** A JSON pointer (`/shippingAddress/city`) as a field name (`shippingAddress.city`). */
const fieldName = (pointer: string) => pointer.replace(/^\//, '').split('/').map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~')).join('.');

/**
 * One schema error in words: `itemId is required.`, `additionalFields must be a string or null.`, `price is
 * not an accepted field.`, `name must be at most 100 characters.` The field is named as the client sent it.
 */
export function schemaErrorMessage(error: FastifySchemaValidationError, part: string): string {
  const at = error.instancePath === '' ? '' : fieldName(error.instancePath);
  const subject = at === '' ? (PART_NAMES[part] ?? 'The request') : at;
  const inner = (name: unknown) => (at === '' ? String(name) : `${at}.${String(name)}`);
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `${inner(p['missingProperty'])} is required.`;
    case 'additionalProperties':
      return `${inner(p['additionalProperty'])} is not an accepted field.`;
    case 'type': {
      let types = String(p['type']).split(',');
      // 'a whole number or a number' says no more than 'a number'
      if (types.includes('number')) types = types.filter((t) => t !== 'integer');
      return `${subject} must be ${types.map((t) => TYPE_WORDS[t] ?? t).join(' or ')}.`;
    }
    case 'maxLength':
      return `${subject} must be at most ${String(p['limit'])} characters.`;
    case 'minLength':
      return p['limit'] === 1 ? `${subject} must not be empty.` : `${subject} must be at least ${String(p['limit'])} characters.`;
    case 'enum':
      return `${subject} must be one of: ${(p['allowedValues'] as unknown[]).map(String).join(', ')}.`;
    case 'pattern':
    case 'format':
      return `${subject} is not in the expected format.`;
    case 'maximum':
    case 'minimum':
    case 'exclusiveMaximum':
    case 'exclusiveMinimum':
      return `${subject} must be ${String(p['comparison'])} ${String(p['limit'])}.`;
    case 'maxItems':
      return `${subject} may hold at most ${String(p['limit'])} entries.`;
    case 'minItems':
      return `${subject} must hold at least ${String(p['limit'])} entries.`;
    case 'maxProperties':
      return `${subject} may hold at most ${String(p['limit'])} fields.`;
    default:
      return `${subject} ${error.message ?? 'is not valid'}.`;
  }
}

/** The messages of Fastify's own body errors (before any schema runs), in the same words as the rest. */
const FASTIFY_MESSAGES: Readonly<Record<string, string>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not accepted here.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its length.',
  // a path Fastify cannot decode (before any route): `/%E0%A4%A`
  FST_ERR_BAD_URL: 'The page address is not valid: each % in it must start a percent-encoded UTF-8 character.',
  FST_ERR_MAX_PARAM_LENGTH: 'The page address is too long.',
};

/** The 500 page when even the theme's error page cannot be rendered. */
const PLAIN_ERROR_PAGE =
  '<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Something went wrong</title>' +
  `<style${NONCE_ATTRIBUTE}>body{font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;line-height:1.5}</style><body><h1>Something went wrong</h1>` +
  '<p>This page could not be shown. Please try again in a moment.</p><p><a href="/">Go to the home page</a></p></body></html>';

/** Where the instalment pill may look up the provider's page: the providers' hosts and the store's own (`installmentModalHost`). */
function installmentConnectOrigins(store: Store): readonly string[] {
  const settings = websiteSettings(store)['storeSettings'];
  const host = isRecord(settings) && typeof settings['installmentModalHost'] === 'string' ? settings['installmentModalHost'] : undefined;
  // every answer asks (headers.ts), the host rarely changes: parse its URLs again only when it does
  if (lastModalHost === null || lastModalHost.host !== host) lastModalHost = { host, origins: modalOrigins(host) };
  return lastModalHost.origins;
}
let lastModalHost: { readonly host: string | undefined; readonly origins: readonly string[] } | null = null;

/** A page's own JSON (`?format=json`, `?format=json-pretty`): answered as JSON even when it fails. */
const ASKS_FOR_JSON = /[?&]format=json/;


/** Pages on PostgreSQL: the node's page and cart caches on the change feed, the site loaded ahead of each request. */
function installReadAhead(app: FastifyInstance, store: Store, stores: CommerceStores, { reads, changes }: ReadAhead): void {
  useReadCache(store, new ReadCache(changes));
  readCartsAhead(store, stores.cart, new ReadCache(changes));
  installSiteAhead(app, store, reads);
}

export async function buildApp({
  store,
  stores = sqliteStores(store),
  theme: givenTheme,
  themeDir,
  logger = false,
  guards,
  httpLimits = httpLimitsFromEnv(),
  allowedOrigins = allowedOriginsFromEnv(),
  analyticsRetentionMonths,
  trustProxy = trustProxyFromEnv(),
  mail = {},
  publicTls = publicTlsFromEnv(),
  files = fileStorageFromEnv(),
  readAhead,
}: AppOptions): Promise<FastifyInstance> {
  // Strict validation: no silent type coercion or dropping of unknown fields; a bad body is a 400.
  const app = Fastify({
    logger,
    // one line per request, at info (off in production): installRequestLog
    logController: quietLogController(),
    ...serverOptions(httpLimits),
    // request.ip (the per-address limits' key) from X-Forwarded-For only when sent by a trusted proxy
    // (a hop count as the function Fastify makes of one: the `n` nearest hops are trusted)
    trustProxy: trustProxy === false ? false : typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : [...trustProxy],
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, allErrors: false, allowUnionTypes: true } },
    schemaErrorFormatter: (errors, part) => new Error(errors.map((e) => schemaErrorMessage(e, part)).join(' ')),
    // errors raised before routing (a path that does not decode) go through the same handler as the rest
    frameworkErrors: (error, request, reply) => answerError(error, request, reply),
    // requests Node's parser refuses (bad method or line, length twice, bad or huge headers): { message } too
    clientErrorHandler: answerClientError,
    // a multilingual site's language prefix (`/de/…`) off before routing; the request keeps its language (server/multilingual/)
    rewriteUrl: languageRewrite(store),
  });
  // first of all hooks: every later one may read the site (server/site-data.ts)
  if (readAhead !== undefined) installReadAhead(app, store, stores, readAhead);
  const theme =
    givenTheme ?? new Theme(themeDir ?? themeDirFromEnv(process.env), process.env['NODE_ENV'] !== 'production', (p) => app.log.warn(p));
  // a watching theme looks at its files once per request (server/theme/disk-look.ts)
  if (!theme.cacheable) app.addHook('onRequest', (_request, _reply, done) => (theme.lookAgain(), done()));
  // a platform theme's own collection types, index and navigations in the store (server/theme-content/)
  // (on either database, server/theme-content/ensure-theme-content.ts), and on PostgreSQL its tags' data loaded
  // ahead of each request, after the site (server/theme/platform-ahead.ts)
  if (theme.isPlatformTheme) {
    await ensureThemeContentSafely(stores.transactions, theme, (message) => app.log.warn(message));
    if (readAhead !== undefined) installTagDataAhead(app, store, readAhead.reads, stores.catalog);
  }
  await app.register(cookie);
  app.decorate('publicTls', publicTls);
  await app.register(formbody);
  applyHeadersTimeout(app, httpLimits);
  installRequestLog(app);
  installBodyChecks(app);
  installTextCheck(app);
  // every JSON body: refused by size, depth and count of values before it is parsed (server/json-body.ts)
  installJsonBodies(app);
  app.decorate('stores', stores);
  app.decorate('reads', readAhead?.reads ?? sqliteReads(store));
  // who is signed in, looked up once per request through the stores (server/security/request-sessions.ts)
  installSessionLookups(app, stores);
  await installGuards(app, store, stores, guards);
  // every route from here on, as declared: what docs/http-api.md is generated from
  installRouteTable(app);
  // links and redirects of a page asked under a language's prefix stay under it (server/multilingual/language-paths.ts)
  installLanguagePaths(app, store);
  // nosniff, referrer and frame rules, HSTS over TLS and the content policy: the default theme's strict one with
  // a nonce per page, a platform theme's looser one (server/security/headers.ts)
  await app.register(securityHeaders, { platform: theme.isPlatformTheme, allowedOrigins, connectOrigins: () => installmentConnectOrigins(store) });

  const wantsJson = (url: string) => url.startsWith('/api/');

  /*
   * Set before the feature plugins are registered: a plugin takes the error handler its parent has when it is
   * registered, so one set afterwards would leave every plugin route with Fastify's raw error objects.
   * Every error is `{ message }`: schema violations in words (schemaErrorMessage), others with their message;
   * unexpected failures say nothing more than that. A plain HTML form post (a write outside /api/) is answered
   * for a browser: the cart forms (/cart/…) go back to the cart with the message, any other a short page.
   */
  const answerError = (error: { statusCode?: number; message?: string; code?: string }, request: FastifyRequest, reply: FastifyReply) => {
    const status = answerStatus(error);
    if (status === 500) request.log.error(error);
    const message = status === 500 ? 'Something went wrong' : ((error.code === undefined ? undefined : FASTIFY_MESSAGES[error.code]) ?? error.message ?? 'Bad request');
    if (!wantsJson(request.url) && !isSafeMethod(request.method) && status < 500) {
      // cut to the 500 characters the cart page takes (a field name in the message may be long)
      if (request.url.startsWith('/cart/')) return reply.redirect(cartMessageUrl(message), 303);
      return reply
        .code(status)
        .type('text/html; charset=utf-8')
        .send(tryAgainPage(message, backLink(request)));
    }
    // a page asked for by a browser (a bad ?page=, a filter too long) gets the theme's page, not bare JSON
    const pageRequest = !wantsJson(request.url) && isSafeMethod(request.method) && !ASKS_FOR_JSON.test(request.url);
    if (!pageRequest) return reply.code(status).send({ message });
    try {
      // the 4xx page says what was wrong with the address; a 500 says nothing of what failed
      const extra = status !== 500 ? { error: { status, message } } : undefined;
      const context = pageContext(store, { pageType: PageType.ERROR, pageId: 'error', shoppingCart: emptyCart(), accountLink: accountLinkFor(store, request), extra, language: requestServedLanguage(request)?.language });
      return reply.code(status).type('text/html; charset=utf-8').send(theme.renderPage('pages/error.page', context));
    } catch (themeError) {
      // the theme itself cannot frame a page (a region missing, a broken layout): a plain page that names nothing
      request.log.error(themeError);
      return reply.code(500).type('text/html; charset=utf-8').send(PLAIN_ERROR_PAGE);
    }
  };
  app.setErrorHandler(answerError);

  await app.register(pageRoutes, { store, theme });
  await app.register(cartRoutes, { store, stores, theme });
  await app.register(ownerApiRoutes, { store });
  await app.register(templateTweakRoutes, { store, theme });
  await app.register(checkoutRoutes, { store, stores, theme });
  await app.register(subscriptionRoutes, { stores });
  await app.register(imageRoutes, { reads: app.reads });
  await app.register(siteIconRoutes, { store });
  await app.register(islandRoutes, { assets: theme.islands });
  await app.register(platformRuntimeRoutes, { assets: theme.runtime });
  await app.register(libraryRoutes);
  await app.register(themeAssetRoutes, { theme });
  await app.register(themeStaticFiles, { themeDir: theme.dir });
  await app.register(formRoutes, { store, stores, theme });
  await app.register(restockRoutes, { store, stores });
  await app.register(emailRoutes, { store, ...mail });
  await app.register(merchantProductRoutes, { store });
  await app.register(pictureRoutes, { store, files });
  await app.register(digitalFileRoutes, { store, files });
  await app.register(formSubmissionRoutes, { store });
  await app.register(merchantOrderRoutes, { store });
  await app.register(siteSettingsRoutes, { store, files });
  await app.register(sitePageRoutes, { store });
  await app.register(contributorRoutes, { store });
  await app.register(adminRoutes, { store, assets: theme.islands });
  await app.register(analyticsRoutes, { store, sweep: readAhead === undefined, ...(analyticsRetentionMonths === undefined ? {} : { retentionMonths: analyticsRetentionMonths }) });
  // this server stores what the visitor tracker sends (stores.analytics, either database), so its recorded pages
  // carry it (server/tracker/)
  theme.tracking = true;
  await app.register(downloadRoutes, { store, theme, files });
  await app.register(siteUserRoutes, { store, theme });

  app.setNotFoundHandler((request, reply) => {
    if (wantsJson(request.url)) return reply.code(404).send({ message: 'Not found' });
    const context = pageContext(store, { pageType: PageType.NOT_FOUND, pageId: 'not-found', shoppingCart: emptyCart(), accountLink: accountLinkFor(store, request), language: requestServedLanguage(request)?.language });
    return reply.code(404).type('text/html; charset=utf-8').send(theme.renderPage('pages/404.page', context));
  });
  return app;
}
