/** Checkout in test mode, orders and subscription carts, in-process on fresh in-memory stores. */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { CHECKOUT_MESSAGES } from '../../commerce/checkout-form.js';
import { FLAT_SHIPPING_MINOR } from '../../commerce/order-amounts.js';
import { SUBSCRIBE_MESSAGES } from '../../commerce/subscribe.js';
import { CART_PURCHASED_MESSAGE } from './cart-service.js';
import { addToCartApi, cookieOf, demoApp, FORM_HEADERS, postCheckoutForm, TEST_COOKIES, TEST_CRUMB, withCrumb, writeBeside } from '../test-support.js';

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

async function fresh(): Promise<{ app: FastifyInstance; problems: string[] }> {
  const problems: string[] = [];
  const { app } = await demoApp({ log: (p) => problems.push(p), guards: { rateLimits: { cart: { burst: 1000, perMinute: 1000 } } } });
  apps.push(app);
  return { app, problems };
}

const cookie = cookieOf;
const FORM = FORM_HEADERS;
const DETAILS = { email: 'ada@example.com', name: 'Ada Lovelace', address1: '12 St James Sq', city: 'London', postalCode: 'SW1Y 4JH', country: 'GB' };

const addToCart = addToCartApi;

const postCheckout = postCheckoutForm;

const stockOf = async (app: FastifyInstance, variantId: string) => {
  const { db, t } = app.reads;
  return (await db.select().from(t.variants).where(eq(t.variants.id, variantId)))[0]!.qtyInStock;
};
/** The app's orders and carts as stored (either database). */
const ordersOf = (app: FastifyInstance) => app.reads.db.select().from(app.reads.t.orders);
const cartsOf = (app: FastifyInstance) => app.reads.db.select().from(app.reads.t.carts);

describe('checkout page', () => {
  it('shows the lines, the amounts and a form that works without JavaScript', async () => {
    const { app, problems } = await fresh();
    const cart = await addToCart(app, { itemId: 'p01', quantity: 2 });
    await addToCart(app, { itemId: 'p09', quantity: 1 }, cart);
    const cartPage = await app.inject({ url: '/cart', cookies: { tessera_cart: cart } });
    expect(cartPage.body).toContain('<a class="button" href="/checkout">Checkout</a>');
    expect((await app.inject('/cart')).body).not.toContain('href="/checkout"');

    const res = await app.inject({ url: '/checkout', cookies: { tessera_cart: cart, ...TEST_COOKIES } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('data-page-type="201"');
    expect(res.body).toContain('<form class="checkout-form" method="post" action="/checkout" novalidate>');
    expect(res.body).toContain(`<input type="hidden" name="crumb" value="${TEST_CRUMB}">`);
    expect(res.body).toContain('Linen Apron');
    expect(res.body).toContain('Field Guide (PDF)');
    expect(res.body).toContain('name="address1"'); // the apron is shipped
    expect(res.body).toContain('<dd class="checkout-shipping">$5.00</dd>');
    expect(res.body).toContain('<dd class="checkout-grand-total">$110.00</dd>');
    expect(res.body).not.toContain('name="cartToken"');
    expect(problems).toEqual([]);

    const json = await app.inject({ url: '/checkout?format=json', cookies: { tessera_cart: cart } });
    const { checkout, pageType } = json.json();
    expect(pageType).toBe(201);
    expect(checkout).toMatchObject({
      requiresShipping: true,
      subtotalMoney: { value: '105.00', currency: 'USD' },
      shippingMoney: { value: '5.00', currency: 'USD' },
      taxMoney: { value: '0.00', currency: 'USD' },
      grandTotalMoney: { value: '110.00', currency: 'USD' },
    });
    expect(checkout.cart.entries).toHaveLength(2);
  });

  it('asks for no address when nothing is shipped', async () => {
    const { app } = await fresh();
    const cart = await addToCart(app, { itemId: 'p11', quantity: 1 }); // a service
    const res = await app.inject({ url: '/checkout', cookies: { tessera_cart: cart } });
    expect(res.body).not.toContain('name="address1"');
    const placed = await postCheckout(app, { email: 'ada@example.com', name: 'Ada' }, { tessera_cart: cart });
    expect(placed.statusCode).toBe(303);
  });

  it('sends an empty cart back to the cart page with a message', async () => {
    const { app } = await fresh();
    for (const res of [await app.inject('/checkout'), await postCheckout(app, DETAILS)]) {
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/cart?message=checkout.emptyCart');
    }
    // a cart whose only entry was removed
    const add = await app.inject(withCrumb({ method: 'POST', url: '/api/commerce/shopping-cart/entries', payload: { itemId: 'p01', quantity: 1 } }));
    const cart = cookie(add, 'tessera_cart')!.value;
    await app.inject(withCrumb({ method: 'DELETE', url: `/api/commerce/shopping-cart/entries/${add.json().newlyAdded.id}`, cookies: { tessera_cart: cart } }));
    expect((await app.inject({ url: '/checkout', cookies: { tessera_cart: cart } })).headers.location).toContain('/cart?message=');
    expect(await ordersOf(app)).toEqual([]);
  });
});

describe('placing an order', () => {
  it('creates the order in one go, decrements stock, clears the cart cookie and confirms to this browser only', async () => {
    const { app, problems } = await fresh();
    const before = await stockOf(app, 'p01-v1');
    const cart = await addToCart(app, { itemId: 'p01', quantity: 2 });
    await addToCart(app, { itemId: 'p08', sku: 'SQP082', quantity: 1 }, cart); // gift card: unlimited

    const res = await postCheckout(app, { ...DETAILS, address2: '' }, { tessera_cart: cart });
    expect(res.statusCode).toBe(303);
    const location = res.headers.location as string;
    expect(location).toMatch(/^\/checkout\/order-confirmed\/[0-9a-f-]{36}$/);
    const cleared = cookie(res, 'tessera_cart')!;
    expect(cleared.value).toBe('');
    expect(new Date(cleared.expires!).getTime()).toBeLessThan(Date.now());
    const orderCookie = cookie(res, 'tessera_order')!;
    expect(orderCookie.httpOnly).toBe(true);

    const row = (await ordersOf(app))[0]!;
    expect(row).toMatchObject({ orderNumber: 1, purchasedCartId: cart, testMode: true, email: 'ada@example.com', websiteId: 'demo', currency: 'USD' });
    expect(row).toMatchObject({ subtotalCents: 14600, shippingCents: FLAT_SHIPPING_MINOR, taxCents: 0, discountCents: 0, grandTotalCents: 15100 });
    expect(JSON.parse(row.items)).toEqual([
      expect.objectContaining({ sku: 'SQP011', productName: 'Linen Apron', quantity: 2, unitPriceCents: 4800, additionalFields: null }),
      expect.objectContaining({ sku: 'SQP082', productName: 'Gift Card', quantity: 1, unitPriceCents: 5000 }),
    ]);
    expect(await stockOf(app, 'p01-v1')).toBe(before - 2);
    expect((await cartsOf(app).where(eq(app.reads.t.carts.id, cart)))[0]!.orderId).toBe(row.id);

    const page = await app.inject({ url: location, cookies: { tessera_order: orderCookie.value } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('data-page-type="202"');
    expect(page.body).toContain('Order #1');
    expect(page.body).toContain('12 St James Sq');
    expect(page.body).toContain('<dd class="order-grand-total">$151.00</dd>');
    expect(problems).toEqual([]);
    const json = (await app.inject({ url: `${location}?format=json`, cookies: { tessera_order: orderCookie.value } })).json();
    expect(json.pageType).toBe(202);
    expect(json.order).toMatchObject({ id: row.id, orderNumber: 1, grandTotal: { value: '151.00', currency: 'USD' }, items: [{ sku: 'SQP011', unitPrice: { value: '48.00', currency: 'USD' } }, { sku: 'SQP082' }] });

    // anyone else — no cookie, or the cookie of another order — gets the plain 404 page
    for (const cookies of [{}, { tessera_order: '00000000-0000-4000-8000-000000000000' }] as Record<string, string>[]) {
      const other = await app.inject({ url: location, cookies });
      expect(other.statusCode).toBe(404);
      expect(other.body).toContain('Page not found');
    }
    expect((await app.inject('/checkout/order-confirmed/nope')).statusCode).toBe(404);
    expect((await app.inject(`/checkout/order-confirmed/${'x'.repeat(300)}`)).statusCode).toBe(414); // Fastify's parameter length limit

    // the next order gets the next number
    const second = await addToCart(app, { itemId: 'p01', quantity: 1 });
    expect((await postCheckout(app, DETAILS, { tessera_cart: second })).statusCode).toBe(303);
    expect((await ordersOf(app)).map((o) => o.orderNumber).sort()).toEqual([1, 2]);
  });

  it('re-renders the form with clear messages and what was typed, status 400, without touching stock', async () => {
    const { app } = await fresh();
    const cart = await addToCart(app, { itemId: 'p01', quantity: 1 });
    const res = await postCheckout(app, { email: 'ada.example.com', name: 'Ada <b>', address1: '', city: 'London', postalCode: '', country: '' }, { tessera_cart: cart });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('data-page-type="201"');
    expect(res.body).toContain(`<p class="cart-message" role="alert">${CHECKOUT_MESSAGES.invalidForm}</p>`);
    expect(res.body).toContain('<span class="field-error" id="checkout-email-error">Email is not valid. Email addresses should follow the format user@domain.com.</span>');
    expect(res.body).toContain('Address is required.');
    expect(res.body).toContain('Postal code is required.');
    expect(res.body).toContain('Country is required.');
    expect(res.body).toContain('value="ada.example.com" aria-invalid="true"');
    expect(res.body).toContain('value="Ada &lt;b&gt;"');
    expect(res.body).toContain('value="London"');
    expect(await stockOf(app, 'p01-v1')).toBe(25);
    expect(await ordersOf(app)).toEqual([]);

    // a body the schema refuses (a field missing, a field far too long): the same page, a general message
    for (const fields of [{ name: 'Ada' }, { ...DETAILS, name: 'x'.repeat(3000) }]) {
      const bad = await postCheckout(app, fields, { tessera_cart: cart });
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toContain(CHECKOUT_MESSAGES.invalidForm);
    }
    const tooLong = await postCheckout(app, { ...DETAILS, name: 'x'.repeat(101) }, { tessera_cart: cart });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.body).toContain('Name must be at most 100 characters.');
  });

  it('refuses every change to a purchased cart with 409, and sends its checkout back to the cart', async () => {
    const { app } = await fresh();
    const add = await app.inject(withCrumb({ method: 'POST', url: '/api/commerce/shopping-cart/entries', payload: { itemId: 'p01', quantity: 1 } }));
    const cart = cookie(add, 'tessera_cart')!.value;
    const entryId = add.json().newlyAdded.id as string;
    expect((await postCheckout(app, DETAILS, { tessera_cart: cart })).statusCode).toBe(303);

    const cookies = { tessera_cart: cart };
    const writes = [
      withCrumb({ method: 'POST', url: '/api/commerce/shopping-cart/entries', payload: { itemId: 'p01', quantity: 1 }, cookies }),
      withCrumb({ method: 'PUT', url: `/api/commerce/shopping-cart/entries/${entryId}`, payload: { quantity: 2 }, cookies }),
      withCrumb({ method: 'PUT', url: `/api/commerce/shopping-cart/entries/${entryId}/additionalFields`, payload: { additionalFields: '{}' }, cookies }),
      withCrumb({ method: 'DELETE', url: `/api/commerce/shopping-cart/entries/${entryId}`, cookies }),
    ];
    for (const w of writes) {
      const res = await app.inject(w);
      expect(res.statusCode, `${w.method} ${w.url}`).toBe(409);
      expect(res.json()).toEqual({ message: CART_PURCHASED_MESSAGE });
    }
    const read = (await app.inject({ url: '/api/commerce/shopping-cart', cookies })).json();
    expect(read).toMatchObject({ isPurchased: true, totalQuantity: 1 });
    expect(typeof read.orderId).toBe('string');

    const again = await app.inject({ url: '/checkout', cookies });
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe('/cart?message=checkout.purchased');
    const twice = await app.inject(withCrumb({ method: 'POST', url: '/api/commerce/orders', payload: DETAILS_API, cookies }));
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ message: CHECKOUT_MESSAGES.purchased });
  });

  it('never sells beyond stock when carts holding the last units check out at once', async () => {
    const { app } = await fresh();
    await writeBeside(app, async ({ db, t }) => {
      await db.update(t.variants).set({ qtyInStock: 5 }).where(eq(t.variants.id, 'p01-v1'));
    });
    const cartIds: string[] = [];
    for (let i = 0; i < 20; i++) cartIds.push(await addToCart(app, { itemId: 'p01', quantity: 1 }));
    // half through the HTML form, half through the API
    const results = await Promise.all(
      cartIds.map((cart, i) =>
        i % 2 === 0
          ? postCheckout(app, DETAILS, { tessera_cart: cart })
          : app.inject(withCrumb({ method: 'POST', url: '/api/commerce/orders', payload: DETAILS_API, cookies: { tessera_cart: cart } })),
      ),
    );
    const placed = results.filter((r) => r.statusCode === 303 || r.statusCode === 201);
    expect(placed).toHaveLength(5);
    const refused = results.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(15);
    for (const r of refused) expect(r.body).toContain('Linen Apron: Sorry, we do not have enough of that item available.');
    expect(await stockOf(app, 'p01-v1')).toBe(0);
    const rows = await ordersOf(app);
    expect(rows).toHaveLength(5);
    expect(rows.map((o) => o.orderNumber).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5]);
  });

  it('requires the crumb for every checkout write', async () => {
    const { app } = await fresh();
    const cart = await addToCart(app, { itemId: 'p01', quantity: 1 });
    const form = await app.inject({ method: 'POST', url: '/checkout', payload: new URLSearchParams(DETAILS).toString(), headers: FORM, cookies: { ...TEST_COOKIES, tessera_cart: cart } });
    expect(form.statusCode).toBe(403);
    for (const url of ['/api/commerce/orders', '/api/3/commerce/cart/subscription']) {
      const res = await app.inject({ method: 'POST', url, payload: url.includes('orders') ? DETAILS_API : { itemId: 'p06' }, cookies: { tessera_cart: cart } });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toMatchObject({ crumbFail: true });
    }
  });
});

const DETAILS_API = {
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  shippingAddress: { address1: '12 St James Sq', city: 'London', postalCode: 'SW1Y 4JH', country: 'GB' },
};

describe('orders API', () => {
  it('returns the order in the spec shape, and this browser may then see its page', async () => {
    const { app } = await fresh();
    const cart = await addToCart(app, { itemId: 'p03', quantity: 2 }); // the mug, on sale at 18.00
    const res = await app.inject(withCrumb({ method: 'POST', url: '/api/commerce/orders', payload: DETAILS_API, cookies: { tessera_cart: cart } }));
    expect(res.statusCode).toBe(201);
    const { order } = res.json();
    expect(order).toMatchObject({
      purchasedCartId: cart,
      testMode: true,
      websiteId: 'demo',
      items: [{ sku: 'SQP031', productName: 'Enamel Mug', quantity: 2, unitPrice: { value: '18.00', currency: 'USD' } }],
      subtotal: { value: '36.00', currency: 'USD' },
      shippingTotal: { value: '5.00', currency: 'USD' },
      taxTotal: { value: '0.00', currency: 'USD' },
      grandTotal: { value: '41.00', currency: 'USD' },
      grandTotalCents: 4100,
      customer: { email: 'ada@example.com', shippingAddress: { city: 'London', address2: '' } },
    });
    expect(cookie(res, 'tessera_cart')!.value).toBe('');
    const page = await app.inject({ url: `/checkout/order-confirmed/${order.id}`, cookies: { tessera_order: cookie(res, 'tessera_order')!.value } });
    expect(page.statusCode).toBe(200);
  });

  it('answers bad bodies with 400 and field messages, an empty cart with 409', async () => {
    const { app } = await fresh();
    const cart = await addToCart(app, { itemId: 'p01', quantity: 1 });
    const post = (payload: unknown, cookies: Record<string, string> = { tessera_cart: cart }) =>
      app.inject(withCrumb({ method: 'POST', url: '/api/commerce/orders', payload: payload as object, headers: { 'content-type': 'application/json' }, cookies }));
    const invalid = await post({ email: 'nope', name: 'Ada', shippingAddress: { address1: '1 Main St' } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({
      message: CHECKOUT_MESSAGES.invalidForm,
      errors: { email: CHECKOUT_MESSAGES.invalidEmail, city: 'City is required.', postalCode: 'Postal code is required.', country: 'Country is required.' },
    });
    for (const payload of [{}, { email: 5, name: 'Ada' }, { ...DETAILS_API, total: 0 }, { ...DETAILS_API, shippingAddress: 'x' }, 'not json', []]) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
    const empty = await post(DETAILS_API, {});
    expect(empty.statusCode).toBe(409);
    expect(empty.json()).toEqual({ message: CHECKOUT_MESSAGES.emptyCart });
    const unknown = await post({ ...DETAILS_API, cartToken: 'x'.repeat(43) });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('subscription carts', () => {
  const subscribe = (app: FastifyInstance, payload: unknown, cookies: Record<string, string> = {}) =>
    app.inject(withCrumb({ method: 'POST', url: '/api/3/commerce/cart/subscription', payload: payload as object, headers: { 'content-type': 'application/json' }, cookies }));

  it('gives a token for a separate one-product cart, checked out by that token', async () => {
    const { app, problems } = await fresh();
    const visitorCart = await addToCart(app, { itemId: 'p01', quantity: 1 });
    const res = await subscribe(app, { itemId: 'p06', qty: 2 }, { tessera_cart: visitorCart });
    expect(res.statusCode).toBe(200);
    const { cartToken } = res.json();
    expect(Object.keys(res.json())).toEqual(['cartToken']);
    expect(cartToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie(res, 'tessera_cart')).toBeUndefined();
    // the store keeps the token's hash only
    const row = (await cartsOf(app).where(eq(app.reads.t.carts.kind, 'subscription')))[0]!;
    expect(row.id).toBe(createHash('sha256').update(cartToken).digest('hex'));
    expect(JSON.stringify(await cartsOf(app))).not.toContain(cartToken);

    const page = await app.inject({ url: `/checkout?cartToken=${cartToken}`, cookies: { tessera_cart: visitorCart } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Coffee Subscription');
    expect(page.body).not.toContain('Linen Apron');
    expect(page.body).toContain('Subscription: Every 2 weeks, until cancelled');
    expect(page.body).toContain(`<input type="hidden" name="cartToken" value="${cartToken}">`);
    expect(page.body).toContain('<span class="sqs-cart-quantity" data-count="1">1</span>'); // the header still counts the visitor's own cart
    expect(problems).toEqual([]);

    const placed = await postCheckout(app, { ...DETAILS, cartToken }, { tessera_cart: visitorCart });
    expect(placed.statusCode).toBe(303);
    expect(cookie(placed, 'tessera_cart')).toBeUndefined(); // the visitor's own cart is untouched
    const confirmation = await app.inject({ url: `${placed.headers.location as string}?format=json`, cookies: { tessera_order: cookie(placed, 'tessera_order')!.value } });
    expect(confirmation.json().order.items).toEqual([
      expect.objectContaining({ sku: 'SQP061', productName: 'Coffee Subscription', quantity: 2, subscriptionPlan: { unit: 'WEEK', every: 2, cycles: 0, label: 'Every 2 weeks, until cancelled' } }),
    ]);
    expect(confirmation.json().order.purchasedCartId).toBe(row.id);

    const again = await app.inject(`/checkout?cartToken=${cartToken}`);
    expect(again.headers.location).toBe('/cart?message=checkout.purchased');
    expect((await app.inject(`/checkout?cartToken=${'A'.repeat(43)}`)).statusCode).toBe(404);
    expect((await app.inject('/checkout?cartToken=short')).statusCode).toBe(404);
    expect((await app.inject(`/checkout?cartToken=${'x'.repeat(300)}`)).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/commerce/shopping-cart', cookies: { tessera_cart: visitorCart } })).json().totalQuantity).toBe(1);
  });

  it('checks out through the orders API with the token', async () => {
    const { app } = await fresh();
    const { cartToken } = (await subscribe(app, { itemId: 'p06' })).json();
    const res = await app.inject(withCrumb({ method: 'POST', url: '/api/commerce/orders', payload: { ...DETAILS_API, cartToken } }));
    expect(res.statusCode).toBe(201);
    expect(res.json().order.items[0]).toMatchObject({ quantity: 1, subscriptionPlan: { unit: 'WEEK', every: 2 } });
  });

  it('refuses products that cannot be subscribed to, and bad bodies, storing nothing', async () => {
    const { app } = await fresh();
    const plan = JSON.stringify({ billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 });
    await writeBeside(app, async ({ db, t }) => {
      await db.update(t.products).set({ isSubscribable: true, subscriptionPlan: plan }).where(eq(t.products.id, 'p09'));
      await db.update(t.variants).set({ unlimited: false, qtyInStock: 1 }).where(eq(t.variants.id, 'p06-v1'));
    });
    const cases: [unknown, number, string | null][] = [
      [{ itemId: 'p01' }, 400, SUBSCRIBE_MESSAGES.notSubscribable],
      [{ itemId: 'p09' }, 400, SUBSCRIBE_MESSAGES.wrongType],
      [{ itemId: 'p08', sku: 'SQP081' }, 400, SUBSCRIBE_MESSAGES.wrongType],
      [{ itemId: 'nope' }, 404, 'Sorry, that item variant is unavailable. Please select another variant.'],
      [{ itemId: 'p06', quantity: 'x' }, 400, 'Quantity must be a number.'],
      [{ itemId: 'p06', qty: 1.5 }, 400, 'Quantity must be a whole number'],
      [{ itemId: 'p06', qty: 2 }, 409, 'Sorry, we do not have enough of that item available.'],
      [{ itemId: 'p06', sku: 'NOPE' }, 400, 'Sorry, that item variant is unavailable. Please select another variant.'],
      [{ itemId: 'p06', qty: 1, quantity: 1 }, 400, 'Send the quantity as qty or quantity, not both.'],
      [{}, 400, null],
      [{ itemId: 6 }, 400, null],
      [{ itemId: 'p06', price: 0 }, 400, null],
      ['not json', 400, null],
    ];
    for (const [payload, status, message] of cases) {
      const res = await subscribe(app, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      if (message !== null) expect(res.json(), JSON.stringify(payload)).toEqual({ message });
      else expect(typeof res.json().message).toBe('string');
    }
    expect(await cartsOf(app)).toEqual([]);
    expect((await subscribe(app, { itemId: 'p06' })).statusCode).toBe(200);
  });
});
