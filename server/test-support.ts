/**
 * Helpers for server tests: the crumb a browser would echo. Crumbs are bound to the browser's sessions
 * (server/security/crumb.ts), so the tests' visitor has a fixed id (the `tessera_visitor` cookie) and the crumb
 * of that id, or of that id and the owner's or customer's session among a request's cookies (`withCrumb`).
 */
import { eq } from 'drizzle-orm';
import { crumbFor, crumbSessions, VISITOR_COOKIE } from './security/crumb.js';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { tmpdir } from 'node:os';
import { randomUUID } from 'node:crypto';
import { type FileStorage, folderStorage } from './storage/file-storage.js';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { type AppOptions, buildApp } from './app.js';
import { openStore, repoRoot, type Store } from './db/database.js';
import { seedDemoStore } from './db/seed.js';
import { NotOnPostgresError, pgApp, type PgApp, sqliteStandIn } from './db/pg-app.js';
import { openPgStore, type PgStore } from './db/pg-store.js';
import { preparePgStore } from './db/seed-pg.js';
import { freshPgDatabase, freshPgDemoDatabase, testDatabase } from './db/pg-test-database.js';
import { CHANGE_BOUND_MS, type ChangeSignal } from './db/change-feed.js';
import type { Reads } from './db/reads.js';
import { runRead } from './db/work.js';
import { deleteSiteDocumentStep, writeSiteDocumentStep } from './site-documents.js';
import { hashPassword } from './owner/password.js';
import type { GuardOptions } from './security/install.js';
import type { TrustProxy } from './security/trust-proxy.js';
import { Theme } from './theme.js';

/** The secret the tests' servers sign crumbs with (vitest.config.ts sets `TESSERA_CRUMB_SECRET` to it). */
export const TEST_CRUMB_SECRET = 'tessera-test-crumb-secret';
/** The tests' visitor id (its `tessera_visitor` cookie). */
export const TEST_VISITOR = '0123456789abcdef0123456789abcdef';
/** The crumb those servers give the tests' visitor while signed out. */
export const TEST_CRUMB = crumbFor(TEST_CRUMB_SECRET, { visitor: TEST_VISITOR, owner: null, siteUser: null });
/** The cookies of the tests' visitor: its id and its crumb (for a form post, which carries the crumb as a field). */
export const TEST_COOKIES: Readonly<Record<string, string>> = { [VISITOR_COOKIE]: TEST_VISITOR, crumb: TEST_CRUMB };
/** The same as a Cookie header (for `fetch`). */
export const TEST_COOKIE_HEADER = `${VISITOR_COOKIE}=${TEST_VISITOR}; crumb=${TEST_CRUMB}`;

/** The crumb of the tests' visitor with these cookies (an owner's or a customer's session among them). */
export function testCrumbFor(cookies: Readonly<Record<string, string | undefined>> = {}): string {
  return crumbFor(TEST_CRUMB_SECRET, crumbSessions(cookies, cookies[VISITOR_COOKIE] ?? TEST_VISITOR));
}

/** The cookies of another visitor, by its id (32 hex digits): its id and its crumb. */
export const visitorCookies = (visitor: string): Record<string, string> => ({ [VISITOR_COOKIE]: visitor, crumb: testCrumbFor({ [VISITOR_COOKIE]: visitor }) });

/**
 * `options` as the tests' visitor sends them: its visitor cookie (unless given), and the crumb of the request's
 * sessions as cookie and X-CSRF-Token header (existing cookies kept).
 */
export function withCrumb(options: InjectOptions): InjectOptions {
  const cookies = { [VISITOR_COOKIE]: TEST_VISITOR, ...(options.cookies as Record<string, string> | undefined) };
  const crumb = testCrumbFor(cookies);
  return { ...options, cookies: { ...cookies, crumb }, headers: { ...options.headers, 'x-csrf-token': crumb } };
}

export interface DemoAppOptions {
  /** The store to serve; default a fresh in-memory store seeded with the demo shop. */
  readonly store?: Store;
  /** The demo shop seeded in this language (a shipped catalog's tag, as `TESSERA_DEMO_LANGUAGE` seeds it), on either database. */
  readonly demoLanguage?: string;
  /** Where uploads go; default a folder under the system's temporary folder, made only if a test uploads. */
  readonly files?: FileStorage;
  readonly guards?: GuardOptions;
  /** Where theme problems go (tests usually collect them and expect none). */
  readonly log?: (problem: string) => void;
  /** The theme to serve (default: the default theme in templates/), e.g. a fixture or a corpus theme. */
  readonly themeDir?: string;
  /** The theme itself (a platform theme a test also asks of), instead of `themeDir`'s. */
  readonly theme?: Theme;
  /** A platform theme's allowed origins (default: none, whatever the environment says). */
  readonly allowedOrigins?: readonly string[];
  /** Which proxies may name the visitor's address (default: none, whatever the environment says). */
  readonly trustProxy?: TrustProxy;
  /** The e-mail sender (default: none, whatever the environment says, so no test mails a real SMTP server). */
  readonly mail?: AppOptions['mail'];
  /** The site's public address is https (default: no, whatever the environment says). */
  readonly publicTls?: boolean;
  /** PostgreSQL (server/db/pg-app.ts): its stores and page reads, with its stand-in as `store`. */
  readonly stores?: AppOptions['stores'];
  readonly readAhead?: AppOptions['readAhead'];
}

/** The demo app listening on a free loopback port, for tests that need a real socket (close it after). */
export async function listeningDemoApp(options: DemoAppOptions = {}): Promise<{ app: FastifyInstance; port: number }> {
  const { app } = await demoApp(options);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, port: (app.server.address() as AddressInfo).port };
}

/**
 * The demo app: on a fresh in-memory SQLite store seeded with the demo shop, or on `options.store`. Under
 * `TESSERA_TEST_DATABASE=postgresql` (server/db/pg-test-database.ts) it is built on a fresh PostgreSQL copy of the
 * demo shop instead, and the `store` answered is a SQLite stand-in whose every statement throws
 * `NotOnPostgresError` (read through `app.reads` or the API to run on both); a test giving its own SQLite store
 * is refused the same way. Closing the app ends its pool and drops the database. `pgDemoApp` (given `stores`)
 * is the same on either setting.
 */
export async function demoApp(options: DemoAppOptions = {}): Promise<{ app: FastifyInstance; store: Store }> {
  if (options.stores === undefined && testDatabase() === 'postgresql') {
    // a test's own SQLite store would run it on SQLite and pass as if on PostgreSQL: said instead
    if (options.store !== undefined) throw new NotOnPostgresError(TEST_OWN_STORE_ON_POSTGRES);
    return pgDemoAppOnFreshDatabase(options);
  }
  let store = options.store;
  if (store === undefined) {
    store = openStore(':memory:');
    if (options.demoLanguage === undefined) seedDemoStore(store);
    else seedDemoStore(store, Date.now(), options.demoLanguage);
  }
  const theme = options.theme ?? new Theme(options.themeDir ?? resolve(repoRoot(), 'templates'), false, options.log);
  const app = await buildApp({ store, theme, allowedOrigins: options.allowedOrigins ?? [], trustProxy: options.trustProxy ?? false, publicTls: options.publicTls ?? false, mail: options.mail ?? { worker: false }, files: options.files ?? folderStorage(join(tmpdir(), `tessera-test-files-${randomUUID()}`)), ...(options.guards === undefined ? {} : { guards: options.guards }), ...(options.stores === undefined ? {} : { stores: options.stores }), ...(options.readAhead === undefined ? {} : { readAhead: options.readAhead }) });
  if (options.stores === undefined) dataOf.set(app, { store });
  return { app, store };
}

/** Where each demo app's shop is kept, for `demoAppBeside`: its SQLite store, or its PostgreSQL database's URL. */
const dataOf = new WeakMap<FastifyInstance, { store: Store } | { url: string }>();

/**
 * Another node of `app`'s shop (a restarted server, a second process): a new app, with `options`, on the same
 * SQLite store or PostgreSQL database (there with its own pool and change feed). Close it before `app`.
 */
export async function demoAppBeside(app: FastifyInstance, options: Omit<DemoAppOptions, 'store' | 'stores' | 'readAhead'> = {}): Promise<FastifyInstance> {
  const data = dataOf.get(app);
  if (data === undefined) throw new Error('demoAppBeside: this app was not made by demoApp()');
  if ('store' in data) return (await demoApp({ ...options, store: data.store })).app;
  const pg = openPgStore(data.url);
  const { app: other, parts } = await demoAppOnPg(pg, options);
  other.addHook('onClose', async () => {
    await parts.close();
    await pg.$client.end();
  });
  return other;
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
  const payload = new URLSearchParams({ crumb: testCrumbFor(cookies), ...fields }).toString();
  return app.inject({ method: 'POST', url: '/checkout', payload, headers: FORM_HEADERS, cookies: { ...TEST_COOKIES, ...cookies } });
}

/**
 * A page with each answer's own nonce (server/security/nonce.ts) written as `{nonce}`, to compare two answers: in
 * the tags' attributes, and in a page context a theme prints as JSON (boxen).
 */
export const withoutNonce = (html: string) => html.replace(/ nonce="[^"]+"/g, ' nonce="{nonce}"').replace(/"csp-nonce":"[^"]+"/g, '"csp-nonce":"{nonce}"');

/**
 * The demo app on a PostgreSQL database prepared as a node prepares it at start (migrations, the demo store), as
 * the tests on both databases build it (server/db/pg-app.ts); `close` stops the app, the change feed and the pool.
 */
export async function pgDemoApp(url: string, options: Omit<DemoAppOptions, 'store' | 'stores' | 'readAhead'> = {}): Promise<{ app: FastifyInstance; parts: PgApp; pg: PgStore; close(): Promise<void> }> {
  const pg = openPgStore(url);
  await preparePgStore(pg);
  const { app, parts } = await demoAppOnPg(pg, options);
  return {
    app,
    parts,
    pg,
    async close() {
      await app.close();
      await parts.close();
      await pg.$client.end();
    },
  };
}

/** `demoApp(options)` on the prepared database `pg`, with its change signal noted for `writeBeside`. */
async function demoAppOnPg(pg: PgStore, options: DemoAppOptions): Promise<{ app: FastifyInstance; parts: PgApp }> {
  const parts = await pgApp(pg);
  const { app } = await demoApp({ ...options, store: parts.store, stores: parts.stores, readAhead: parts.readAhead });
  pgChanges.set(app, parts.readAhead.changes);
  return { app, parts };
}

/** `demoApp(options)` on a fresh PostgreSQL copy of the demo shop, dropped when the app closes. */
async function pgDemoAppOnFreshDatabase(options: DemoAppOptions): Promise<{ app: FastifyInstance; store: Store }> {
  const language = options.demoLanguage;
  // the prepared demo's copy, or an empty database seeded in the language asked (as a node seeds it at start)
  const database = language === undefined ? await freshPgDemoDatabase() : await freshPgDatabase();
  const pg = openPgStore(database.url);
  if (language !== undefined) await preparePgStore(pg, (store) => seedDemoStore(store, Date.now(), language));
  const { app, parts } = await demoAppOnPg(pg, options);
  dataOf.set(app, { url: database.url });
  app.addHook('onClose', async () => {
    await parts.close();
    await pg.$client.end();
    database.drop();
  });
  // the test's own stand-in, apart from the app's, so a failure says whether the test or a route read SQLite
  return { app, store: sqliteStandIn(TEST_STORE_ON_POSTGRES) };
}

/** What a test that gives `demoApp()` its own SQLite store meets under `TESSERA_TEST_DATABASE=postgresql`. */
export const TEST_OWN_STORE_ON_POSTGRES = 'This test gives demoApp() its own SQLite store, but its apps run on PostgreSQL (TESSERA_TEST_DATABASE=postgresql): set the shop up through the API or app.reads instead.';

/** What a test reading the `store` handle `demoApp()` gave it meets under `TESSERA_TEST_DATABASE=postgresql`. */
export const TEST_STORE_ON_POSTGRES = 'This test reads or writes the SQLite store directly, but its app runs on PostgreSQL (TESSERA_TEST_DATABASE=postgresql): demoApp() answered the SQLite stand-in. Read through app.reads ({ db, t }) or the API to run on both databases.';

/** The change signal of each app on PostgreSQL, for `writeBeside` to wait on. */
const pgChanges = new WeakMap<FastifyInstance, ChangeSignal>();

/**
 * A write made beside `app` (as another node or the owner's tools would), through `app.reads` on either database,
 * resolved once `app` will show it: at once on SQLite, once the change notification reached `app` on PostgreSQL
 * (at most `CHANGE_BOUND_MS`, which the change feed is held to). For tests that set a store state the API cannot.
 */
export async function writeBeside<T>(app: FastifyInstance, write: (reads: Reads) => Promise<T>): Promise<T> {
  const changes = pgChanges.get(app);
  const before = changes?.generation();
  const result = await write(app.reads);
  if (changes !== undefined) {
    const until = Date.now() + CHANGE_BOUND_MS;
    while (changes.generation() === before) {
      if (Date.now() > until) throw new Error(`the app did not hear of the write within ${CHANGE_BOUND_MS} ms`);
      await new Promise((done) => setTimeout(done, 5));
    }
  }
  return result;
}

/** The site's settings (JSON text on both databases) changed beside `app` by `change`, as `writeBeside`. */
export function changeSiteSettings(app: FastifyInstance, change: (settings: Record<string, unknown>) => Record<string, unknown>): Promise<void> {
  return writeBeside(app, async ({ db, t }) => {
    const [site] = await db.select({ id: t.websites.id, settings: t.websites.settings }).from(t.websites).limit(1);
    const settings = change(JSON.parse(site!.settings) as Record<string, unknown>);
    await db.update(t.websites).set({ settings: JSON.stringify(settings) }).where(eq(t.websites.id, site!.id));
  });
}

/** A contributor to add with `contributorSessions`. */
export interface TestContributor {
  readonly id: string;
  readonly email: string;
  readonly displayName: string;
  readonly roles: readonly string[];
}

/** How long a test contributor's session lasts: longer than any test file runs. */
const TEST_SESSION_MS = 60 * 60 * 1000;

/** Contributors added beside `app` in one write with these roles, and a session opened for each: the owner cookies' tokens, in order. */
export async function contributorSessions(app: FastifyInstance, contributors: readonly TestContributor[]): Promise<string[]> {
  const websiteId = await siteIdOf(app);
  await writeBeside(app, async ({ db, t }) => {
    await db.insert(t.contributors).values(contributors.map((c) => ({ ...c, websiteId, passwordHash: 'unused', roles: JSON.stringify(c.roles), createdAt: 0 })));
  });
  return Promise.all(contributors.map((c) => app.stores.ownerSessions.open(c.id, TEST_SESSION_MS, Date.now())));
}

/** One contributor, as `contributorSessions`: the owner cookie's token. */
export async function contributorSession(app: FastifyInstance, contributor: TestContributor): Promise<string> {
  return (await contributorSessions(app, [contributor]))[0]!;
}

/** An administrator who signs in with `password` (as a person would, through the sign-in page), added beside `app`. */
export async function ownerBeside(app: FastifyInstance, owner: { readonly email: string; readonly password: string }): Promise<void> {
  const passwordHash = await hashPassword(owner.password);
  const websiteId = await siteIdOf(app);
  await writeBeside(app, async ({ db, t }) => {
    await db.insert(t.contributors).values({ id: randomUUID(), websiteId, email: owner.email, displayName: 'Owner', passwordHash, roles: '["admin"]', createdAt: 0 });
  });
}

/** The demo site's id, read through `app.reads`. */
export async function siteIdOf(app: FastifyInstance): Promise<string> {
  const { db, t } = app.reads;
  return (await db.select({ id: t.websites.id }).from(t.websites).limit(1))[0]!.id;
}

/** The site document `name` of `websiteId` written as `value`, or deleted (`undefined`), beside `app`, as `writeBeside`. */
export function siteDocumentBeside(app: FastifyInstance, websiteId: string, name: string, value: unknown): Promise<void> {
  return writeBeside(app, (reads) => runRead(reads, (q) => (value === undefined ? deleteSiteDocumentStep(q, websiteId, name) : writeSiteDocumentStep(q, websiteId, name, value))));
}
