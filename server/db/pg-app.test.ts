/**
 * The server on PostgreSQL (issue 25): the whole app built over a PostgreSQL database prepared as a node
 * prepares it at start (migrations, the demo store seeded into it), serving the shop's pages, the cart by JSON
 * and by plain form, and an order; the same body on SQLite (the visitor's other routes: pg-visitor.test.ts).
 * One cluster per test run (describePg), one app per dialect.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoApp, FORM_HEADERS, TEST_COOKIES, TEST_CRUMB, withCrumb } from '../test-support.js';
import { describePg } from './describe-pg.js';
import { pgApp, type PgApp } from './pg-app.js';
import { openPgStore, type PgStore } from './pg-store.js';
import { preparePgStore } from './seed-pg.js';
import { testDialects } from './describe-stores.js';

const cartCookie = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === 'tessera_cart')?.value;

/** The shop's visit, from the home page to an order, on the app `current()` gives. */
function shopVisit(current: () => FastifyInstance) {
  it('serves the home page, the store list, a product page, the journal, a post, search and a page with a form', async () => {
    const app = current();
    for (const [url, words] of [
      ['/', 'Linen Apron'],
      ['/shop', 'Field Shirt'],
      ['/shop/p/field-shirt', 'Heavy cotton twill'],
      ['/blog', 'Caring for linen'],
      ['/blog/caring-for-linen', 'Caring for linen'],
      ['/search?q=shirt', 'Field Shirt'],
      ['/contact', 'name="email"'],
    ] as const) {
      const res = await app.inject({ url, cookies: TEST_COOKIES });
      expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
      expect(res.body).toContain(words);
    }
    // a second visit is the kept page, the same bytes but the crumb
    expect((await app.inject({ url: '/shop/p/field-shirt', cookies: TEST_COOKIES })).statusCode).toBe(200);
  });

  it('adds to the cart by JSON and by plain form, shows the cart and places the order', async () => {
    const app = current();
    const added = await app.inject(withCrumb({ method: 'POST', url: '/api/commerce/shopping-cart/entries', payload: { itemId: 'p01', quantity: 2 } }));
    expect(added.statusCode, added.body).toBe(200);
    const cart = cartCookie(added)!;
    expect(added.json().shoppingCart.totalQuantity).toBe(2);
    // read (and kept in the node's cart cache) before the next add, which this node's next read must show at once
    const read = async () => (await app.inject({ url: '/api/commerce/shopping-cart', cookies: { tessera_cart: cart } })).json().totalQuantity;
    expect(await read()).toBe(2);
    const payload = new URLSearchParams({ crumb: TEST_CRUMB, itemId: 'p02', 'option:Color': 'Olive', 'option:Size': 'M', quantity: '1' }).toString();
    const form = await app.inject({ method: 'POST', url: '/cart/add', payload, headers: FORM_HEADERS, cookies: { ...TEST_COOKIES, tessera_cart: cart } });
    expect(form.statusCode, form.body).toBe(303);
    expect(form.headers.location).toBe('/cart');
    expect(await read()).toBe(3);

    const page = await app.inject({ url: '/cart', cookies: { ...TEST_COOKIES, tessera_cart: cart } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Linen Apron');
    expect(page.body).toContain('Field Shirt');
    const stock = await app.inject({ url: '/api/commerce/inventory/stock/?itemId=p01' });
    expect(stock.statusCode).toBe(200);
    expect(stock.json().results[0]).toMatchObject({ itemId: 'p01', variantId: 'p01-v1' });
    expect((await app.inject({ url: '/checkout', cookies: { ...TEST_COOKIES, tessera_cart: cart } })).statusCode).toBe(200);

    const order = await app.inject(withCrumb({ method: 'POST', url: '/api/commerce/orders', payload: { email: 'ada@example.com', name: 'Ada Lovelace', shippingAddress: { address1: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'US' } }, cookies: { tessera_cart: cart } }));
    expect(order.statusCode, order.body).toBe(201);
    expect(order.json().order.orderNumber).toBe(1);
    // the bought cart reads as it was bought, and cannot be bought twice
    const after = await app.inject({ url: '/api/commerce/shopping-cart', cookies: { tessera_cart: cart } });
    expect(after.json().totalQuantity).toBe(3);
    const again = await app.inject(withCrumb({ method: 'POST', url: '/api/commerce/orders', payload: { email: 'ada@example.com', name: 'Ada' }, cookies: { tessera_cart: cart } }));
    expect(again.statusCode).toBe(409);
  });
}

if (testDialects().includes('sqlite')) {
  describe('the shop [sqlite]', () => {
    let app: FastifyInstance;
    beforeAll(async () => void ({ app } = await demoApp({ guards: { rateLimits: { cart: { burst: 1_000, perMinute: 1_000 } } } })));
    afterAll(() => app.close());
    shopVisit(() => app);
  });
}

if (testDialects().includes('postgresql')) {
  describePg('the shop [postgresql]', (cluster) => {
    let pg: PgStore;
    let parts: PgApp;
    let app: FastifyInstance;
    beforeAll(async () => {
      pg = openPgStore(cluster().url);
      // as a node starts: migrations and the demo store into the empty database; a second start seeds nothing
      expect(await preparePgStore(pg)).toBe(true);
      expect(await preparePgStore(pg)).toBe(false);
      parts = await pgApp(pg);
      ({ app } = await demoApp({ store: parts.store, stores: parts.stores, readAhead: parts.readAhead, guards: { rateLimits: { cart: { burst: 1_000, perMinute: 1_000 } } } }));
    }, 60_000);
    afterAll(async () => {
      await app?.close();
      await parts?.close();
      await pg?.$client.end();
    });
    shopVisit(() => app);
  });
}
