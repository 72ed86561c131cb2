/**
 * The cart page of a fixed cart (issue 24): byte for byte the page the server answered before its cart and its
 * lines were kept (`fixtures/cart-page.html`, written by the code before that change, the visitor's crumb
 * written as `{crumb}`, the islands' content hashes as `{hash}`, the answer's nonce as `{nonce}`), on a first request and on a repeated one, and a change to the cart shows at once.
 * A deliberate change to the default theme or the cart's markup rewrites the fixture with
 * `TESSERA_WRITE_FIXTURE=1 npx vitest run server/commerce/cart-page.test.ts` (and the diff is reviewed).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../db/database.js';
import { demoApp, TEST_CRUMB, withCrumb, writeBeside } from '../test-support.js';

const FIXTURE = resolve(repoRoot(), 'fixtures/cart-page.html');
const CART = '00000000-0000-4000-8000-000000000024';
const AT = Date.UTC(2026, 10, 27, 12, 0, 0);

let app: FastifyInstance;
beforeAll(async () => {
  ({ app } = await demoApp());
  await writeBeside(app, async ({ db, t }) => {
    await db.insert(t.carts).values({ id: CART, createdAt: AT, updatedAt: AT });
    await db.insert(t.cartEntries).values([
      // an option line ("Color: Olive · Size: M": text beyond ASCII) and a plain one
      { id: '00000000-0000-4000-8000-0000000000e1', cartId: CART, productId: 'p02', variantId: 'p02-v2', quantity: 2, createdAt: AT },
      { id: '00000000-0000-4000-8000-0000000000e2', cartId: CART, productId: 'p01', variantId: 'p01-v1', quantity: 1, createdAt: AT + 1 },
    ]);
  });
});

const cartPage = async () => {
  const res = await app.inject(withCrumb({ url: '/cart', cookies: { tessera_cart: CART } }));
  expect(res.statusCode).toBe(200);
  // the islands' file names carry a hash of their code, which changes with any island; the page around them is what is compared
  return res.body
    .replaceAll(TEST_CRUMB, '{crumb}')
    .replace(/(\/static\/islands\/[\w-]+?)-[A-Z0-9]{8}\.js/g, '$1-{hash}.js')
    // each answer's own nonce (server/security/nonce.ts)
    .replace(/ nonce="[^"]+"/g, ' nonce="{nonce}"');
};

describe('the cart page of a fixed cart', () => {
  it('is the page it was before the cart was kept, on a first and a repeated request', async () => {
    const first = await cartPage();
    if (process.env['TESSERA_WRITE_FIXTURE'] === '1') writeFileSync(FIXTURE, first);
    expect(first).toContain('Color: Olive');
    expect(first).toBe(readFileSync(FIXTURE, 'utf8'));
    expect(await cartPage()).toBe(first);
  });

  it('shows a change to the cart at once', async () => {
    const before = await cartPage();
    const res = await app.inject(withCrumb({ method: 'PUT', url: '/api/commerce/shopping-cart/entries/00000000-0000-4000-8000-0000000000e1', cookies: { tessera_cart: CART }, payload: { quantity: 3 } }));
    expect(res.statusCode).toBe(200);
    const after = await cartPage();
    expect(after).not.toBe(before);
    expect(after).toContain('&quot;quantity&quot;:3');
    expect(after).not.toContain('&quot;quantity&quot;:2');
  });
});

describe('a bad value stored in a cart line (issue 30)', () => {
  it('leaves the other lines and the buttons on the page, and shows the bad line without the bad answer', async () => {
    const cart = '00000000-0000-4000-8000-000000000030';
    await writeBeside(app, async ({ db, t }) => {
      await db.insert(t.carts).values({ id: cart, createdAt: AT, updatedAt: AT });
      await db.insert(t.cartEntries).values([
        // written straight into the store, as an older version or a hand edit could leave them
        { id: '00000000-0000-4000-8000-0000000000f1', cartId: cart, productId: 'p02', variantId: 'p02-v2', quantity: 1, additionalFields: '{"q":null,"note":"gift"}', createdAt: AT },
        { id: '00000000-0000-4000-8000-0000000000f2', cartId: cart, productId: 'p01', variantId: 'p01-v1', quantity: 1, additionalFields: '{"q":{"a":null},"r":[null]}', createdAt: AT + 1 },
        { id: '00000000-0000-4000-8000-0000000000f3', cartId: cart, productId: 'p05', variantId: 'p05-v1', quantity: 1, additionalFields: 'not json', createdAt: AT + 2 },
      ]);
    });
    const res = await app.inject(withCrumb({ url: '/cart', cookies: { tessera_cart: cart } }));
    expect(res.statusCode).toBe(200);
    for (const title of ['Field Shirt', 'Linen Apron']) expect(res.body).toContain(`>${title}</a>`);
    expect(res.body).toContain('href="/checkout">Checkout</a>');
    expect(res.body.match(/class="cart-entry-remove-button"/g)).toHaveLength(3);
    // the good answer of the first line is shown, the null one is not
    expect(res.body).toContain('&quot;answers&quot;:[{&quot;label&quot;:&quot;note&quot;,&quot;value&quot;:&quot;gift&quot;}]');
    const api = await app.inject(withCrumb({ url: '/api/commerce/shopping-cart', cookies: { tessera_cart: cart } }));
    expect(api.statusCode).toBe(200);
    expect(api.json().entries).toHaveLength(3);
  });
});
