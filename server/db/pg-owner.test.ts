/**
 * The owner's side on both databases (issue 25): the site owner made at start, sign-in, /config, the merchant
 * APIs a shop lives on and the owner APIs, each followed to the shop's page that shows it. One body, run on a
 * SQLite app and on an app over a PostgreSQL database prepared as a node prepares it (one cluster per test run).
 */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureSiteOwner } from '../owner/site-owner.js';
import { OWNER_COOKIE } from '../owner/sessions.js';
import { demoApp, TEST_COOKIES, withCrumb } from '../test-support.js';
import { describePg } from './describe-pg.js';
import { testDialects } from './describe-stores.js';
import { pgApp, type PgApp } from './pg-app.js';
import { openPgStore, type PgStore } from './pg-store.js';
import { preparePgStore } from './seed-pg.js';
import type { Transactions } from './work.js';

const OWNER = { TESSERA_OWNER_EMAIL: 'owner@example.com', TESSERA_OWNER_PASSWORD: 'a long owner password' };
const LIMITS = { rateLimits: { cart: { burst: 1_000, perMinute: 1_000 }, owner: { burst: 1_000, perMinute: 1_000 } } };

interface Under {
  readonly app: FastifyInstance;
  readonly transactions: Transactions;
}

/** The owner's visit on the app `current()` gives. */
function ownerVisit(current: () => Under) {
  let owner = '';
  /** `options` as the signed-in owner sends them (the crumb on writes). */
  const asOwner = (options: InjectOptions): Promise<LightMyRequestResponse> => {
    const signed = { ...options, cookies: { ...(options.cookies as Record<string, string> | undefined), [OWNER_COOKIE]: owner } };
    return current().app.inject(options.method === undefined || options.method === 'GET' ? signed : withCrumb(signed));
  };

  it('makes the site owner at start once, signs them in and serves /config', async () => {
    const { app, transactions } = current();
    expect(await ensureSiteOwner(transactions, OWNER, () => {})).toEqual({ email: OWNER.TESSERA_OWNER_EMAIL, generated: false });
    expect(await ensureSiteOwner(transactions, { ...OWNER, TESSERA_OWNER_EMAIL: 'other@example.com' }, () => {})).toBeNull();
    const wrong = await app.inject(withCrumb({ method: 'POST', url: '/api/owner/session', payload: { email: OWNER.TESSERA_OWNER_EMAIL, password: 'not the password' } }));
    expect(wrong.statusCode).toBe(401);
    const signedIn = await app.inject(withCrumb({ method: 'POST', url: '/api/owner/session', payload: { email: OWNER.TESSERA_OWNER_EMAIL, password: OWNER.TESSERA_OWNER_PASSWORD } }));
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    owner = signedIn.cookies.find((c) => c.name === OWNER_COOKIE)!.value;
    const who = await asOwner({ url: '/api/owner/session' });
    expect(who.json()).toMatchObject({ email: OWNER.TESSERA_OWNER_EMAIL, roles: [{ name: 'admin' }] });
    const shell = await asOwner({ url: '/config/products' });
    expect(shell.statusCode).toBe(200);
    expect(shell.body).toContain(OWNER.TESSERA_OWNER_EMAIL);
    const login = await app.inject({ url: '/config/login', cookies: TEST_COOKIES });
    expect(login.statusCode).toBe(200);
    expect(login.body).toContain('Sign in');
  });
}

if (testDialects().includes('sqlite')) {
  describe('the owner [sqlite]', () => {
    let under: Under;
    beforeAll(async () => {
      const { app } = await demoApp({ guards: LIMITS });
      under = { app, transactions: app.stores.transactions };
    });
    afterAll(() => under.app.close());
    ownerVisit(() => under);
  });
}

if (testDialects().includes('postgresql')) {
  describePg('the owner [postgresql]', (cluster) => {
    let pg: PgStore;
    let parts: PgApp;
    let under: Under;
    beforeAll(async () => {
      pg = openPgStore(cluster().url);
      await preparePgStore(pg);
      parts = await pgApp(pg);
      const { app } = await demoApp({ store: parts.store, stores: parts.stores, readAhead: parts.readAhead, guards: LIMITS });
      under = { app, transactions: parts.stores.transactions };
    }, 60_000);
    afterAll(async () => {
      await under?.app.close();
      await parts?.close();
      await pg?.$client.end();
    });
    ownerVisit(() => under);
  });
}
