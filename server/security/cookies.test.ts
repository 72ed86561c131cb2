/**
 * Every session cookie is Secure whenever the site is served over TLS (issue 30): the request's protocol after
 * the trusted-proxy rule (a trusted proxy's `X-Forwarded-Proto: https`), or `TESSERA_PUBLIC_URL` starting with
 * https. Before, only the owner's and the customer's were, and only on a direct TLS connection.
 */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureSiteOwner } from '../owner/site-owner.js';
import type { TrustProxy } from './trust-proxy.js';
import { demoApp, FORM_HEADERS, TEST_COOKIES, testCrumbFor, withCrumb } from '../test-support.js';
import { publicTlsFromEnv } from './cookies.js';

const OWNER = { email: 'owner@example.com', password: 'owner password' };
const GENEROUS = { burst: 100_000, perMinute: 100_000 };
const DETAILS = { email: 'ada@example.com', name: 'Ada Lovelace', address1: '12 St James Sq', city: 'London', postalCode: 'SW1Y 4JH', country: 'GB' };

const apps: FastifyInstance[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
});

async function app(options: { trustProxy?: TrustProxy; publicTls?: boolean }): Promise<FastifyInstance> {
  const rateLimits = { cart: GENEROUS, owner: GENEROUS, visitor: GENEROUS, 'site-user': GENEROUS };
  const { app } = await demoApp({ guards: { rateLimits }, ...options });
  apps.push(app);
  // the owner, as a node makes it at start from the environment (either database)
  await ensureSiteOwner(app.stores.transactions, { TESSERA_OWNER_EMAIL: OWNER.email, TESSERA_OWNER_PASSWORD: OWNER.password }, () => {});
  return app;
}

/**
 * The cookies a visitor collects on the way through the site: the visitor id and crumb (first page), the cart
 * (an add), the order (a checkout), the owner's session and known device (a sign-in).
 */
async function journey(site: FastifyInstance, extra: Partial<InjectOptions>): Promise<LightMyRequestResponse['cookies']> {
  const cookies: LightMyRequestResponse['cookies'] = [];
  const send = async (options: InjectOptions) => {
    const res = await site.inject({ ...options, ...extra, headers: { ...options.headers, ...extra.headers } });
    expect(res.statusCode, `${options.method ?? 'GET'} ${String(options.url)}: ${res.body.slice(0, 200)}`).toBeLessThan(400);
    cookies.push(...res.cookies);
    return res;
  };
  await send({ url: '/' });
  const added = await send(withCrumb({ method: 'POST', url: '/api/commerce/shopping-cart/entries', payload: { itemId: 'p01', quantity: 1 } }));
  const cart = added.cookies.find((c) => c.name === 'tessera_cart')!.value;
  const payload = new URLSearchParams({ crumb: testCrumbFor({ tessera_cart: cart }), ...DETAILS }).toString();
  await send({ method: 'POST', url: '/checkout', payload, headers: FORM_HEADERS, cookies: { ...TEST_COOKIES, tessera_cart: cart } });
  await send(withCrumb({ method: 'POST', url: '/api/owner/session', payload: OWNER }));
  return cookies;
}

const NAMES = ['tessera_visitor', 'crumb', 'tessera_cart', 'tessera_order', 'tessera_owner', 'tessera_known_owner'];

function expectEvery(cookies: LightMyRequestResponse['cookies'], secure: boolean) {
  const set = cookies.filter((c) => c.maxAge !== 0 && c.value !== '');
  for (const name of NAMES) expect(set.map((c) => c.name), name).toContain(name);
  for (const c of cookies) {
    expect(Boolean(c.secure), `${c.name} secure`).toBe(secure);
    expect(c.sameSite, c.name).toBe('Lax');
  }
}

describe('cookies behind TLS', () => {
  it("are all Secure behind a trusted proxy that says https (X-Forwarded-Proto)", async () => {
    const site = await app({ trustProxy: 1 });
    expectEvery(await journey(site, { remoteAddress: '10.0.0.2', headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' } }), true);
  });

  it('are all Secure when TESSERA_PUBLIC_URL is https, whatever the request says', async () => {
    expectEvery(await journey(await app({ publicTls: true }), {}), true);
  });

  it('are not Secure over plain HTTP, nor when an untrusted sender claims https', async () => {
    const site = await app({});
    expectEvery(await journey(site, {}), false);
    expectEvery(await journey(site, { headers: { 'x-forwarded-proto': 'https' } }), false);
  });
});

describe('TESSERA_PUBLIC_URL', () => {
  it('is https or not; anything else stops the start with one line', () => {
    expect(publicTlsFromEnv({})).toBe(false);
    expect(publicTlsFromEnv({ TESSERA_PUBLIC_URL: 'https://shop.example.com' })).toBe(true);
    expect(publicTlsFromEnv({ TESSERA_PUBLIC_URL: ' http://shop.example.com ' })).toBe(false);
    expect(() => publicTlsFromEnv({ TESSERA_PUBLIC_URL: 'shop.example.com' })).toThrow('TESSERA_PUBLIC_URL: "shop.example.com" is not an address');
    expect(() => publicTlsFromEnv({ TESSERA_PUBLIC_URL: 'ftp://shop.example.com' })).toThrow('is not an http or https address');
    // one rule with the e-mail links (public-url.ts): an origin, no path, query or credentials
    expect(publicTlsFromEnv({ TESSERA_PUBLIC_URL: 'https://shop.example.com:8443/' })).toBe(true);
    for (const bad of ['https://shop.example.com/shop', 'https://shop.example.com/?a=1', 'https://u:p@shop.example.com', 'https://shop.example.com/#x']) {
      expect(() => publicTlsFromEnv({ TESSERA_PUBLIC_URL: bad }), bad).toThrow('is not an origin');
    }
  });
});
