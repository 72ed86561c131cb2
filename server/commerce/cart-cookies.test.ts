import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { HAS_CART_COOKIE } from '../../commerce/cookies.js';
import { demoApp, withCrumb } from '../test-support.js';

describe('the cart cookies', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    ({ app } = await demoApp());
  });
  afterAll(() => app.close());

  it('sets a readable companion of the HttpOnly cart cookie with the cart, and clears both at checkout', async () => {
    const add = await app.inject(withCrumb({ method: 'POST', url: '/api/commerce/shopping-cart/entries', payload: { itemId: 'p01', quantity: 1 } }));
    expect(add.statusCode).toBe(200);
    const cart = add.cookies.find((c) => c.name === 'tessera_cart');
    const has = add.cookies.find((c) => c.name === HAS_CART_COOKIE);
    expect(cart?.httpOnly).toBe(true);
    expect(has).toMatchObject({ value: '1', path: '/', sameSite: 'Lax' });
    expect(has?.httpOnly).toBeFalsy();
    expect(has?.value).not.toContain(cart!.value);

    const order = await app.inject(
      withCrumb({
        method: 'POST',
        url: '/checkout',
        cookies: { tessera_cart: cart!.value },
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ email: 'ada@example.com', name: 'Ada', address1: '1 Loom St', city: 'Leeds', postalCode: 'LS1 1AA', country: 'GB' }).toString(),
      }),
    );
    expect(order.statusCode).toBe(303);
    const cleared = (name: string) => order.cookies.find((c) => c.name === name);
    expect(cleared('tessera_cart')?.value).toBe('');
    expect(cleared(HAS_CART_COOKIE)?.value).toBe('');
  });
});
