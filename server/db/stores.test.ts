/**
 * The app's routes make the contention-critical writes through the stores they are given (`buildApp({ stores })`),
 * never around them: each store function is wrapped to count its calls, and the routes that write are asked once.
 */
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { cookieOf, FORM_HEADERS, TEST_COOKIES, testCrumbFor, withCrumb } from '../test-support.js';
import { Theme } from '../theme.js';
import { openStore, repoRoot, type Store } from './database.js';
import { seedDemoStore } from './seed.js';
import { type CommerceStores, sqliteStores } from './stores.js';

/** Every function of every store wrapped to count its calls by `store.function`. */
function counted(stores: CommerceStores, calls: Map<string, number>): CommerceStores {
  const wrap = <T extends object>(name: string, store: T): T =>
    Object.fromEntries(
      Object.entries(store).map(([fn, f]) => [fn, (...args: unknown[]) => (calls.set(`${name}.${fn}`, (calls.get(`${name}.${fn}`) ?? 0) + 1), (f as (...a: unknown[]) => unknown)(...args))]),
    ) as T;
  return { ...stores, cart: wrap('cart', stores.cart), checkout: wrap('checkout', stores.checkout), restock: wrap('restock', stores.restock), forms: wrap('forms', stores.forms) };
}

describe('routes write through the stores', () => {
  let store: Store;
  let app: FastifyInstance;
  const calls = new Map<string, number>();
  beforeAll(async () => {
    store = openStore(':memory:');
    seedDemoStore(store);
    app = await buildApp({ store, stores: counted(sqliteStores(store), calls), theme: new Theme(resolve(repoRoot(), 'templates'), false), allowedOrigins: [], trustProxy: false });
  });
  afterAll(async () => {
    await app.close();
    store.$client.close();
  });

  it('adds, changes, token carts, checkout, restock signups and form keys', async () => {
    const added = await app.inject(withCrumb({ method: 'POST', url: '/api/commerce/shopping-cart/entries', payload: { itemId: 'p01', quantity: 1 } }));
    expect(added.statusCode).toBe(200);
    const cart = cookieOf(added, 'tessera_cart')!.value;
    const entryId = added.json().newlyAdded.id as string;
    const put = await app.inject(withCrumb({ method: 'PUT', url: `/api/commerce/shopping-cart/entries/${entryId}`, payload: { quantity: 2 }, cookies: { tessera_cart: cart } }));
    expect(put.statusCode).toBe(200);
    const gift = await app.inject(withCrumb({ method: 'POST', url: '/api/3/commerce/cart/gift-card', payload: { itemId: 'p08', sku: 'SQP081' } }));
    expect(gift.statusCode).toBe(200);
    const payload = new URLSearchParams({ crumb: testCrumbFor({ tessera_cart: cart }), email: 'ada@example.com', name: 'Ada', address1: '1 Road', city: 'London', postalCode: 'N1', country: 'GB' }).toString();
    const order = await app.inject({ method: 'POST', url: '/checkout', payload, headers: FORM_HEADERS, cookies: { ...TEST_COOKIES, tessera_cart: cart } });
    expect(order.statusCode).toBe(303);
    const signup = await app.inject(withCrumb({ method: 'POST', url: '/api/site-users/account/notifications/restock', payload: { productId: 'p04', variantId: 'p04-v1', siteVisitorEmail: 'ada@example.com' } }));
    expect(signup.statusCode).toBe(200);
    const key = await app.inject(withCrumb({ method: 'POST', url: '/api/form/FormSubmissionKey' }));
    expect(key.statusCode).toBe(200);
    expect(Object.fromEntries([...calls].filter(([name]) => !name.endsWith('cartExists')))).toEqual({
      'cart.createCart': 1,
      'cart.addEntry': 1,
      'cart.cartJson': 2,
      'cart.setEntryQuantity': 1,
      'cart.createTokenCart': 1,
      'checkout.placeOrder': 1,
      // the order placed, read back for its member cookies
      'checkout.order': 1,
      'restock.signUp': 1,
      'forms.issueKey': 1,
    });
  });
});
