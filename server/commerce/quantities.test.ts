/**
 * A quantity is a whole number as written (issue 24, point 4), on every route that takes one: a JSON integer on
 * the JSON APIs (cart entries, a cart line, a subscription's `quantity` or `qty`), decimal digits in a form post
 * (`/cart/add`, `/cart/update`, `/cart/subscribe`). `0x10`, `1e1`, ` 3`, `+2`, `3.0` were once read as 16, 10, 3,
 * 2 and 3; each is now the spec's message, and nothing is added or changed.
 */
import { visitorMessage } from '../../commerce/visitor-messages.js';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoApp, FORM_HEADERS, TEST_COOKIES, testCrumbFor, withCrumb } from '../test-support.js';

const NOT_NUMBER = 'Quantity must be a number.';
const NOT_WHOLE = 'Quantity must be a whole number';

/** What a JSON API must refuse, and with which of the spec's two messages. */
const JSON_REFUSED: readonly [unknown, string][] = [
  ['0x10', NOT_NUMBER],
  ['1e1', NOT_NUMBER],
  [' 3', NOT_NUMBER],
  ['+2', NOT_NUMBER],
  ['3.0', NOT_NUMBER],
  ['3', NOT_NUMBER],
  [3.5, NOT_WHOLE],
];
/** What a form post must refuse. */
const TEXT_REFUSED: readonly [string, string][] = [
  ['0x10', NOT_NUMBER],
  ['1e1', NOT_NUMBER],
  [' 3', NOT_NUMBER],
  ['+2', NOT_NUMBER],
  ['3.0', NOT_WHOLE],
  ['2.5', NOT_WHOLE],
];

let app: FastifyInstance;
beforeAll(async () => {
  ({ app } = await demoApp({ guards: { rateLimits: { cart: { burst: 10_000, perMinute: 10_000 } } } }));
});
afterAll(() => app.close());

const api = (method: 'POST' | 'PUT', url: string, payload: object, cookies: Record<string, string> = {}) =>
  app.inject(withCrumb({ method, url, payload, headers: { 'content-type': 'application/json' }, cookies }));

function form(url: string, fields: Record<string, string>, cookies: Record<string, string> = {}) {
  const all = { ...TEST_COOKIES, ...cookies };
  const payload = new URLSearchParams({ crumb: testCrumbFor(all), ...fields }).toString();
  return app.inject({ method: 'POST', url, payload, headers: FORM_HEADERS, cookies: all });
}

const cartOf = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === 'tessera_cart')?.value;
const readCart = async (cart: string) => (await app.inject({ url: '/api/commerce/shopping-cart', cookies: { tessera_cart: cart } })).json() as { entries: { id: string; quantity: number }[] };
const cartMessage = (res: LightMyRequestResponse) => {
  expect(res.statusCode, res.body).toBe(303);
  // the link carries a code; the cart page shows the store's wording for it
  return visitorMessage(new URL(String(res.headers.location), 'http://x').searchParams.get('message')) ?? null;
};

/** A cart holding one line of p01 (quantity 2), and that line's id. */
async function cartWithLine(): Promise<{ cart: string; entryId: string }> {
  const res = await api('POST', '/api/commerce/shopping-cart/entries', { itemId: 'p01', quantity: 2 });
  expect(res.statusCode, res.body).toBe(200);
  const cart = cartOf(res)!;
  return { cart, entryId: (await readCart(cart)).entries[0]!.id };
}

describe('JSON APIs take a JSON integer only', () => {
  it.each(JSON_REFUSED)('POST /api/commerce/shopping-cart/entries refuses quantity %j', async (quantity, message) => {
    const { cart } = await cartWithLine();
    const res = await api('POST', '/api/commerce/shopping-cart/entries', { itemId: 'p01', quantity }, { tessera_cart: cart });
    expect([res.statusCode, res.json()]).toEqual([400, { message }]);
    expect((await readCart(cart)).entries.map((e) => e.quantity)).toEqual([2]);
  });

  it.each(JSON_REFUSED)('PUT /api/commerce/shopping-cart/entries/{id} refuses quantity %j', async (quantity, message) => {
    const { cart, entryId } = await cartWithLine();
    const res = await api('PUT', `/api/commerce/shopping-cart/entries/${entryId}`, { quantity }, { tessera_cart: cart });
    expect([res.statusCode, res.json()]).toEqual([400, { message }]);
    expect((await readCart(cart)).entries.map((e) => e.quantity)).toEqual([2]);
  });

  it.each(JSON_REFUSED)('POST /api/3/commerce/cart/subscription refuses qty and quantity %j', async (quantity, message) => {
    for (const field of ['qty', 'quantity']) {
      const res = await api('POST', '/api/3/commerce/cart/subscription', { itemId: 'p06', [field]: quantity });
      expect([res.statusCode, res.json()], field).toEqual([400, { message }]);
    }
  });

  it('takes a JSON integer on each', async () => {
    const { cart, entryId } = await cartWithLine();
    expect((await api('PUT', `/api/commerce/shopping-cart/entries/${entryId}`, { quantity: 3 }, { tessera_cart: cart })).statusCode).toBe(200);
    expect((await readCart(cart)).entries.map((e) => e.quantity)).toEqual([3]);
    expect((await api('POST', '/api/3/commerce/cart/subscription', { itemId: 'p06', qty: 1 })).statusCode).toBe(200);
  });
});

describe('form posts take decimal digits only', () => {
  it.each(TEXT_REFUSED)('/cart/add refuses quantity %j', async (quantity, message) => {
    const { cart } = await cartWithLine();
    expect(cartMessage(await form('/cart/add', { itemId: 'p01', quantity }, { tessera_cart: cart }))).toBe(message);
    expect((await readCart(cart)).entries.map((e) => e.quantity)).toEqual([2]);
  });

  it.each(TEXT_REFUSED)('/cart/update refuses quantity %j', async (quantity, message) => {
    const { cart, entryId } = await cartWithLine();
    expect(cartMessage(await form('/cart/update', { entryId, quantity }, { tessera_cart: cart }))).toBe(message);
    expect((await readCart(cart)).entries.map((e) => e.quantity)).toEqual([2]);
  });

  it.each(TEXT_REFUSED)('/cart/subscribe refuses quantity %j', async (quantity, message) => {
    expect(cartMessage(await form('/cart/subscribe', { itemId: 'p06', quantity }))).toBe(message);
  });

  it('takes digits on each', async () => {
    const { cart, entryId } = await cartWithLine();
    expect(cartMessage(await form('/cart/add', { itemId: 'p01', quantity: '1' }, { tessera_cart: cart }))).toBeNull();
    expect((await readCart(cart)).entries.map((e) => e.quantity)).toEqual([3]);
    expect(cartMessage(await form('/cart/update', { entryId, quantity: '05' }, { tessera_cart: cart }))).toBeNull();
    expect((await readCart(cart)).entries.map((e) => e.quantity)).toEqual([5]);
    const sub = await form('/cart/subscribe', { itemId: 'p06', quantity: '1' });
    expect(sub.statusCode).toBe(303);
    expect(String(sub.headers.location)).toMatch(/^\/checkout\?cartToken=/);
  });
});
