/**
 * Messages a link may ask a page to say (issue 30): `/cart?message=`, the checkout's `?message=` and a product
 * page's `?restock=…&message=` carry a code of commerce/visitor-messages.ts and show the store's wording for it;
 * free text (an old link, a link an attacker wrote) and unknown codes show nothing.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VISITOR_MESSAGES } from '../commerce/visitor-messages.js';
import { addToCartApi, demoApp, withCrumb } from './test-support.js';

const PHISH = 'Your order failed. Call +1 555 0100 to pay by phone.';

let app: FastifyInstance;
beforeAll(async () => {
  ({ app } = await demoApp());
});
afterAll(() => app.close());

const page = async (url: string, cookies: Record<string, string> = {}) => {
  const res = await app.inject(withCrumb({ url, cookies }));
  expect(res.statusCode, url).toBe(200);
  return res.body;
};

describe('messages carried by a link', () => {
  it("the cart shows the store's wording of a code, and nothing for free text or an unknown code", async () => {
    expect(await page('/cart?message=cart.notEnoughStock')).toContain(`<p class="cart-message" role="alert">${VISITOR_MESSAGES['cart.notEnoughStock']}</p>`);
    for (const message of [encodeURIComponent(PHISH), 'cart.nope', 'toString', '__proto__', 'constructor']) {
      const body = await page(`/cart?message=${message}`);
      expect(body, message).not.toContain('class="cart-message"');
      expect(body, message).not.toContain('Call +1');
    }
  });

  it('the checkout shows a code and never free text', async () => {
    const cookies = { tessera_cart: await addToCartApi(app, { itemId: 'p01', quantity: 1 }) };
    expect(await page('/checkout?message=checkout.invalidForm', cookies)).toContain(VISITOR_MESSAGES['checkout.invalidForm']);
    expect(await page(`/checkout?message=${encodeURIComponent(PHISH)}`, cookies)).not.toContain('Call +1');
  });

  it("a restock signup's outcome: the store's success text for its code, an error's wording for its code, nothing else", async () => {
    expect(await page('/shop/p/canvas-tote?message=restock.signedUp&restock=signed-up')).toContain('&quot;message&quot;:&quot;Signed up!&quot;');
    expect(await page('/shop/p/canvas-tote?message=restock.emailInvalid&restock=error')).toContain('&quot;message&quot;:&quot;Email is invalid&quot;');
    for (const query of [`message=${encodeURIComponent(PHISH)}&restock=error`, `message=${encodeURIComponent(PHISH)}&restock=signed-up`, 'message=restock.emailInvalid&restock=signed-up', 'message=cart.notEnoughStock&restock=error']) {
      const body = await page(`/shop/p/canvas-tote?${query}`);
      expect(body, query).toContain('&quot;outcome&quot;:null');
      expect(body, query).not.toContain('Call +1');
    }
  });
});
