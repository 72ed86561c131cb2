/**
 * Helpers for server tests: the crumb a browser would echo. Any 32-hex-digit value is a valid crumb as long
 * as cookie and header agree, so tests can use a fixed one.
 */
import { signCrumb } from './security/crumb.js';
import { resolve } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from './app.js';
import { openStore, repoRoot, type Store } from './db/database.js';
import { seedDemoStore } from './db/seed.js';
import type { GuardOptions } from './security/install.js';
import type { TrustProxy } from './security/trust-proxy.js';
import { Theme } from './theme.js';

/** The secret the tests' servers sign crumbs with (vitest.config.ts sets `TESSERA_CRUMB_SECRET` to it). */
export const TEST_CRUMB_SECRET = 'tessera-test-crumb-secret';
/** A crumb those servers issued. */
export const TEST_CRUMB = signCrumb(TEST_CRUMB_SECRET, '0123456789abcdef');

/** `options` with the crumb cookie and the matching X-CSRF-Token header added (existing cookies kept). */
export function withCrumb(options: InjectOptions): InjectOptions {
  return {
    ...options,
    cookies: { ...options.cookies, crumb: TEST_CRUMB },
    headers: { ...options.headers, 'x-csrf-token': TEST_CRUMB },
  };
}

export interface DemoAppOptions {
  /** The store to serve; default a fresh in-memory store seeded with the demo shop. */
  readonly store?: Store;
  readonly guards?: GuardOptions;
  /** Where theme problems go (tests usually collect them and expect none). */
  readonly log?: (problem: string) => void;
  /** The theme to serve (default: the default theme in templates/), e.g. a fixture or a corpus theme. */
  readonly themeDir?: string;
  /** A platform theme's allowed origins (default: none, whatever the environment says). */
  readonly allowedOrigins?: readonly string[];
  /** Which proxies may name the visitor's address (default: none, whatever the environment says). */
  readonly trustProxy?: TrustProxy;
}

/** The storefront in-process, with the default theme or `themeDir` (not watched), as the server tests use it. */
export async function demoApp(options: DemoAppOptions = {}): Promise<{ app: FastifyInstance; store: Store }> {
  let store = options.store;
  if (store === undefined) {
    store = openStore(':memory:');
    seedDemoStore(store);
  }
  const theme = new Theme(options.themeDir ?? resolve(repoRoot(), 'templates'), false, options.log);
  const app = await buildApp({ store, theme, allowedOrigins: options.allowedOrigins ?? [], trustProxy: options.trustProxy ?? false, ...(options.guards === undefined ? {} : { guards: options.guards }) });
  return { app, store };
}

/** A cookie the answer set, by name. */
export const cookieOf = (res: LightMyRequestResponse, name: string) => res.cookies.find((c) => c.name === name);

export const FORM_HEADERS = { 'content-type': 'application/x-www-form-urlencoded' } as const;

/** Add through the cart API (into `cart` when given, else a new cart); answers the cart id. */
export async function addToCartApi(app: FastifyInstance, body: Record<string, unknown>, cart?: string): Promise<string> {
  const res = await app.inject(withCrumb({ method: 'POST', url: '/api/commerce/shopping-cart/entries', payload: body, cookies: cart === undefined ? {} : { tessera_cart: cart } }));
  if (res.statusCode !== 200) throw new Error(`adding to the cart answered ${res.statusCode}: ${res.body}`);
  return cart ?? cookieOf(res, 'tessera_cart')!.value;
}

/** The plain HTML checkout post a browser makes: crumb as a form field, cookies as the browser holds them. */
export function postCheckoutForm(app: FastifyInstance, fields: Record<string, string>, cookies: Record<string, string> = {}) {
  const payload = new URLSearchParams({ crumb: TEST_CRUMB, ...fields }).toString();
  return app.inject({ method: 'POST', url: '/checkout', payload, headers: FORM_HEADERS, cookies: { crumb: TEST_CRUMB, ...cookies } });
}
