/**
 * Issue 9, server half: buying with and without JavaScript. The form posts (add to cart with option fields,
 * gift card, subscription, cart lines), gift-card token carts, schema errors in words, `/` as the shop, and
 * prices with their currency on every page.
 */
import { isVisitorMessageCode, VISITOR_MESSAGES, visitorMessage } from '../../commerce/visitor-messages.js';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADD_TO_CART_MESSAGES } from '../../commerce/add-to-cart.js';
import { SUBSCRIBE_MESSAGES } from '../../commerce/subscribe.js';
import { schemaErrorMessage } from '../app.js';
import { demoApp, TEST_COOKIES, TEST_CRUMB, withCrumb } from '../test-support.js';
import { NOT_A_GIFT_CARD } from './token-carts.js';

let app: FastifyInstance;
const problems: string[] = [];

beforeAll(async () => {
  ({ app } = await demoApp({ log: (p) => problems.push(p), guards: { rateLimits: { cart: { burst: 10_000, perMinute: 10_000 } } } }));
});
afterAll(() => app.close());

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const cartCookie = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === 'tessera_cart')?.value;

/** A plain HTML form post: the crumb as a form field, as the theme's forms send it. */
function form(url: string, fields: Record<string, string>, cookies: Record<string, string> = {}) {
  const payload = new URLSearchParams({ crumb: TEST_CRUMB, ...fields }).toString();
  return app.inject({ method: 'POST', url, payload, headers: FORM, cookies: { ...TEST_COOKIES, ...cookies } });
}

const api = (url: string, payload: unknown, cookies: Record<string, string> = {}) =>
  app.inject(withCrumb({ method: 'POST', url, payload: payload as object, headers: { 'content-type': 'application/json' }, cookies }));

/** The wording of the message code a redirect to `/cart?message=<code>` carries (null for a plain `/cart`). */
function cartMessage(res: LightMyRequestResponse): string | null {
  expect(res.statusCode, res.body).toBe(303);
  const location = new URL(String(res.headers.location), 'http://x');
  expect(location.pathname).toBe('/cart');
  const code = location.searchParams.get('message');
  if (code === null) return null;
  expect(isVisitorMessageCode(code), code).toBe(true);
  return visitorMessage(code)!;
}

const readCart = async (cart: string) => (await app.inject({ url: '/api/commerce/shopping-cart', cookies: { tessera_cart: cart } })).json();

describe('add to cart by form, with option fields', () => {
  it('honours the posted quantity', async () => {
    const res = await form('/cart/add', { itemId: 'p01', quantity: '3' });
    expect(cartMessage(res)).toBeNull();
    const cart = await readCart(cartCookie(res)!);
    expect(cart.entries).toHaveLength(1);
    expect(cart.entries[0]).toMatchObject({ itemId: 'p01', quantity: 3 });
  });

  it('picks the variant whose attributes match every option field', async () => {
    const res = await form('/cart/add', { itemId: 'p02', 'option:Color': 'Navy', 'option:Size': 'XL', quantity: '2' });
    expect(cartMessage(res)).toBeNull();
    const cart = await readCart(cartCookie(res)!);
    expect(cart.entries[0].chosenVariant).toMatchObject({ sku: 'SQP028', attributes: { Color: 'Navy', Size: 'XL' } });
    expect(cart.entries[0]).toMatchObject({ quantity: 2, subTotal: 18800 });
    // the option fields win over a variantId sent beside them
    const both = await form('/cart/add', { itemId: 'p02', variantId: 'p02-v2', 'option:Color': 'Sand', 'option:Size': 'S' });
    expect((await readCart(cartCookie(both)!)).entries[0].chosenVariant.attributes).toEqual({ Color: 'Sand', Size: 'S' });
  });

  it('asks for the options left empty (a code cannot carry their names: the islands name them)', async () => {
    for (const body of [{ 'option:Color': 'Navy', 'option:Size': '' }, { 'option:Size': '', 'option:Color': '' }, { 'option:Size': 'M' }] as Record<string, string>[]) {
      expect(cartMessage(await form('/cart/add', { itemId: 'p02', ...body }))).toBe(VISITOR_MESSAGES['cart.selectOptions']);
    }
  });

  it('refuses a combination no variant has, and more than there is, storing nothing', async () => {
    const none = await form('/cart/add', { itemId: 'p02', 'option:Color': 'Red', 'option:Size': 'S' });
    expect(cartMessage(none)).toBe('Sorry, that item variant is unavailable. Please select another variant.');
    expect(cartCookie(none)).toBeUndefined();
    const tooMany = await form('/cart/add', { itemId: 'p02', 'option:Color': 'Navy', 'option:Size': 'XL', quantity: '999' });
    expect(cartMessage(tooMany)).toBe('Sorry, we do not have enough of that item available.');
    expect((await readCart(cartCookie(tooMany)!)).entries).toEqual([]);
    const page = await app.inject(String(tooMany.headers.location));
    expect(page.body).toContain('<p class="cart-message" role="alert">Sorry, we do not have enough of that item available.</p>');
  });

  it('a sold-out choice goes back to the product page, that variant chosen, with its back-in-stock signup', async () => {
    // Navy / M has none in stock
    const soldOut = await form('/cart/add', { itemId: 'p02', 'option:Color': 'Navy', 'option:Size': 'M' });
    expect(soldOut.statusCode).toBe(303);
    expect(soldOut.headers.location).toBe('/shop/p/field-shirt?variant=p02-v6#restock-p02');
    expect(cartCookie(soldOut)).toBeUndefined();
    const page = (await app.inject(String(soldOut.headers.location).replace(/#.*/, ''))).body;
    expect(page).toMatch(/<option value="Navy" selected="">Navy \(sold out\)<\/option>/);
    expect(page).toMatch(/<option value="M" selected="">M \(sold out\)<\/option>/);
    expect(page).not.toContain('cart-message');
    // the restock form for that variant, posting without JavaScript
    expect(page).toContain('<div class="product-restock-notification" id="restock-p02" data-product-id="p02">');
    expect(page).toContain('<p class="product-restock-variant-name">Navy / M</p>');
    expect(page).toContain('<input type="hidden" name="variantId" value="p02-v6"/>');
    // the same product without a choice: no restock block (its other variants are in stock)
    expect((await app.inject('/shop/p/field-shirt')).body).not.toContain('product-restock-notification');
    // a signup from there comes back to the same variant, the block saying how it went
    const signup = await form('/restock', { productId: 'p02', variantId: 'p02-v6', email: 'size-m@example.com' });
    expect(signup.headers.location).toBe('/shop/p/field-shirt?variant=p02-v6&message=restock.signedUp&restock=signed-up#restock-p02');
    const back = (await app.inject(String(signup.headers.location).replace(/#.*/, ''))).body;
    expect(back).toContain('<p class="product-restock-variant-name">Navy / M</p>');
  });

  it('asks a gift card for its denomination', async () => {
    expect(cartMessage(await form('/cart/add', { itemId: 'p08', 'option:Value': '' }))).toBe('Select a denomination for the Gift Card');
  });

  it('answers a bad form body with a redirect to the cart and a message, not JSON', async () => {
    // no form of ours sends these: the cart says in general that it could not be updated
    expect(cartMessage(await form('/cart/add', { quantity: '1' }))).toBe(VISITOR_MESSAGES['cart.notUpdated']);
    expect(cartMessage(await form('/cart/add', { itemId: 'p02', 'option:Color': 'x'.repeat(201) }))).toBe(VISITOR_MESSAGES['cart.notUpdated']);
    const repeated = await app.inject({ method: 'POST', url: '/cart/add', payload: `crumb=${TEST_CRUMB}&itemId=a&itemId=b`, headers: FORM, cookies: TEST_COOKIES });
    expect(cartMessage(repeated)).toBe(VISITOR_MESSAGES['cart.notUpdated']);
    const long = await form('/cart/add', { itemId: 'p02', [`option:${'x'.repeat(600)}`]: 'y'.repeat(300) });
    expect(cartMessage(long)).toBe(VISITOR_MESSAGES['cart.notUpdated']);
    expect((await app.inject(String(long.headers.location))).statusCode).toBe(200);
  });
});

describe('cart lines without JavaScript', () => {
  it('changes a quantity and removes a line, with the server message on failure', async () => {
    const added = await form('/cart/add', { itemId: 'p05', variantId: 'p05-v1', quantity: '1' });
    const cart = cartCookie(added)!;
    const entryId = (await readCart(cart)).entries[0].id as string;
    expect(cartMessage(await form('/cart/update', { entryId, quantity: '4' }, { tessera_cart: cart }))).toBeNull();
    expect((await readCart(cart)).entries[0].quantity).toBe(4);
    expect(cartMessage(await form('/cart/update', { entryId, quantity: '26' }, { tessera_cart: cart }))).toBe(ADD_TO_CART_MESSAGES.notEnoughStock);
    expect(cartMessage(await form('/cart/update', { entryId, quantity: 'lots' }, { tessera_cart: cart }))).toBe('Quantity must be a number.');
    expect(cartMessage(await form('/cart/update', { entryId: 'nope', quantity: '1' }, { tessera_cart: cart }))).toBe('That cart entry does not exist.');
    expect(cartMessage(await form('/cart/update', { entryId, quantity: '1' }))).toBe('That cart entry does not exist.');
    expect(cartMessage(await form('/cart/update', { entryId }, { tessera_cart: cart }))).toBe(VISITOR_MESSAGES['cart.notUpdated']);
    expect((await readCart(cart)).entries[0].quantity).toBe(4);
    expect(cartMessage(await form('/cart/remove', { entryId }, { tessera_cart: cart }))).toBeNull();
    expect((await readCart(cart)).entries).toEqual([]);
    expect(cartMessage(await form('/cart/remove', { entryId }, { tessera_cart: cart }))).toBe('That cart entry does not exist.');
  });

  it('needs the crumb', async () => {
    const res = await app.inject({ method: 'POST', url: '/cart/remove', payload: 'entryId=x', headers: FORM, cookies: TEST_COOKIES });
    expect(res.statusCode).toBe(403);
  });
});

describe('gift cards bought on their own', () => {
  it('makes a one-item gift-card cart reached by its token, which checkout checks out', async () => {
    const visitor = cartCookie(await form('/cart/add', { itemId: 'p01', quantity: '1' }))!;
    const res = await api('/api/3/commerce/cart/gift-card', { itemId: 'p08', sku: 'SQP082' });
    expect(res.statusCode, res.body).toBe(200);
    expect(Object.keys(res.json())).toEqual(['cartToken']);
    const { cartToken } = res.json() as { cartToken: string };
    expect(cartToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const { db, t } = app.reads;
    const [row] = await db.select().from(t.carts).where(eq(t.carts.id, createHash('sha256').update(cartToken).digest('hex')));
    expect(row?.kind).toBe('gift-card');

    const page = await app.inject({ url: `/checkout?cartToken=${cartToken}`, cookies: { tessera_cart: visitor } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Gift Card');
    expect(page.body).toContain('$50.00');
    expect(page.body).not.toContain('Linen Apron');
    expect(page.body).not.toContain('name="address1"'); // nothing to ship

    const placed = await form('/checkout', { email: 'ada@example.com', name: 'Ada Lovelace', cartToken }, { tessera_cart: visitor });
    expect(placed.statusCode, placed.body).toBe(303);
    expect(placed.cookies.find((c) => c.name === 'tessera_cart')).toBeUndefined(); // the visitor's own cart stays
    expect((await readCart(visitor)).entries).toHaveLength(1);
    const order = placed.cookies.find((c) => c.name === 'tessera_order')!.value;
    const confirmed = await app.inject({ url: String(placed.headers.location), cookies: { tessera_order: order } });
    expect(confirmed.body).toContain('Gift Card');
    expect(confirmed.body).toContain('$50.00');
  });

  it('refuses without a denomination, for other products and for bad bodies, storing nothing', async () => {
    const cartCount = async () => (await app.reads.db.select().from(app.reads.t.carts)).length;
    const before = await cartCount();
    const cases: [unknown, number, string][] = [
      [{ itemId: 'p08' }, 400, 'Select a denomination for the Gift Card'],
      [{ itemId: 'p08', sku: null }, 400, 'Select a denomination for the Gift Card'],
      [{ itemId: 'p08', sku: '' }, 400, 'Select a denomination for the Gift Card'],
      [{ itemId: 'p08', sku: 'SQP011' }, 400, 'Select a denomination for the Gift Card'],
      [{ itemId: 'p01', sku: 'SQP011' }, 400, NOT_A_GIFT_CARD],
      [{ itemId: 'nope', sku: 'SQP081' }, 404, ADD_TO_CART_MESSAGES.variantUnavailable],
      [{ itemId: 'p08', sku: 'SQP081', quantity: 2 }, 400, 'quantity is not an accepted field.'],
      [{ sku: 'SQP081' }, 400, 'itemId is required.'],
    ];
    for (const [payload, status, message] of cases) {
      const res = await api('/api/3/commerce/cart/gift-card', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json(), JSON.stringify(payload)).toEqual({ message });
    }
    expect(await cartCount()).toBe(before);
  });

  it('goes from the form to a checkout page that renders the one card', async () => {
    const res = await form('/cart/gift-card', { itemId: 'p08', 'option:Value': '100' });
    expect(res.statusCode).toBe(303);
    const location = String(res.headers.location);
    expect(location).toMatch(/^\/checkout\?cartToken=[A-Za-z0-9_-]{43}$/);
    const page = await app.inject(location);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Gift Card');
    expect(page.body).toContain('$100.00');
    const byId = await form('/cart/gift-card', { itemId: 'p08', variantId: 'p08-v1' });
    expect((await app.inject(String(byId.headers.location))).body).toContain('$25.00');
    expect(cartMessage(await form('/cart/gift-card', { itemId: 'p08', 'option:Value': '' }))).toBe('Select a denomination for the Gift Card');
    expect(cartMessage(await form('/cart/gift-card', { itemId: 'p08' }))).toBe('Select a denomination for the Gift Card');
    expect(cartMessage(await form('/cart/gift-card', { itemId: 'p01' }))).toBe(NOT_A_GIFT_CARD);
  });
});

describe('subscriptions by form', () => {
  it('goes to a checkout page that renders the one subscription, with the posted quantity', async () => {
    const res = await form('/cart/subscribe', { itemId: 'p06', quantity: '2' });
    expect(res.statusCode).toBe(303);
    const location = String(res.headers.location);
    expect(location).toMatch(/^\/checkout\?cartToken=[A-Za-z0-9_-]{43}$/);
    const page = await app.inject(location);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Coffee Subscription');
    expect(page.body).toContain('Subscription: Every 2 weeks, until cancelled');
    expect(page.body).toContain('$32.00');
    const json = (await app.inject(`${location}&format=json`)).json();
    expect(json.checkout.cart.entries).toEqual([expect.objectContaining({ itemId: 'p06', quantity: 2 })]);
  });

  it('sends refusals to the cart with the message', async () => {
    expect(cartMessage(await form('/cart/subscribe', { itemId: 'p01', quantity: '1' }))).toBe(SUBSCRIBE_MESSAGES.notSubscribable);
    expect(cartMessage(await form('/cart/subscribe', { itemId: 'p06', quantity: '0.5' }))).toBe('Quantity must be a whole number');
  });
});

describe('the cart and subscription APIs accept additionalFields null or missing', () => {
  it('adds with null and without the field', async () => {
    const withNull = await api('/api/commerce/shopping-cart/entries', { itemId: 'p01', sku: 'SQP011', quantity: 1, additionalFields: null });
    expect(withNull.statusCode, withNull.body).toBe(200);
    expect(withNull.json().newlyAdded).toMatchObject({ quantity: 1, additionalFields: null });
    const cart = cartCookie(withNull)!;
    const without = await api('/api/commerce/shopping-cart/entries', { itemId: 'p01', quantity: 2 }, { tessera_cart: cart });
    expect(without.json().shoppingCart.entries).toEqual([expect.objectContaining({ quantity: 3 })]);
    const sub = await api('/api/3/commerce/cart/subscription', { itemId: 'p06', sku: 'SQP061', qty: 1, additionalFields: null });
    expect(sub.statusCode, sub.body).toBe(200);
    expect((await api('/api/3/commerce/cart/subscription', { itemId: 'p06' })).statusCode).toBe(200);
  });
});

describe('schema violations', () => {
  const raw = (res: LightMyRequestResponse) => {
    const body = res.json() as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['message']);
    expect(body).not.toHaveProperty('statusCode');
    expect(body).not.toHaveProperty('code');
    return body['message'];
  };

  it('answers { message } in words, on every route', async () => {
    const entries = '/api/commerce/shopping-cart/entries';
    const cases: [LightMyRequestResponse, number, string][] = [
      [await api(entries, {}), 400, 'itemId is required.'],
      [await api(entries, { itemId: 5, quantity: 1 }), 400, 'itemId must be a string.'],
      [await api(entries, { itemId: 'p01', quantity: 1, price: 0 }), 400, 'price is not an accepted field.'],
      [await api(entries, { itemId: 'p01', quantity: 1, additionalFields: 7 }), 400, 'additionalFields must be a string or null.'],
      [await api(entries, { itemId: '', quantity: 1 }), 400, 'itemId must not be empty.'],
      [await api(entries, 'not json'), 400, 'The request body is not valid JSON.'],
      [await api(entries, []), 400, 'The request body must be an object.'],
      [await api('/api/3/commerce/cart/subscription', { itemId: 'p06', qty: true }), 400, 'qty must be a number or a string.'],
      [await app.inject('/api/commerce/shopping-cart?calculateSubtotal=yes'), 400, 'calculateSubtotal must be one of: true, false.'],
      [await app.inject('/api/commerce/inventory/stock/'), 400, 'itemId is required.'],
      [await app.inject('/shop?page=x&format=json'), 400, 'page is not in the expected format.'],
      [
        await app.inject(withCrumb({ method: 'POST', url: '/api/commerce/orders', payload: { email: 'a@b.co', name: 'A', shippingAddress: { city: 5 } } })),
        400,
        'shippingAddress.city must be a string.',
      ],
    ];
    for (const [res, status, message] of cases) {
      expect(res.statusCode, message).toBe(status);
      expect(raw(res), message).toBe(message);
    }
  });

  it('answers a bad form post outside /api/ and /cart/ with a short HTML page', async () => {
    const res = await form('/trade', { password: 'a', extra: '1' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<p>extra is not an accepted field.</p>');
  });

  it('words the keywords it meets', () => {
    const e = (keyword: string, params: Record<string, unknown>, instancePath = '') => ({ keyword, params, instancePath, schemaPath: '', message: 'is odd' });
    expect(schemaErrorMessage(e('required', { missingProperty: 'city' }, '/shippingAddress'), 'body')).toBe('shippingAddress.city is required.');
    expect(schemaErrorMessage(e('type', { type: 'object' }), 'body')).toBe('The request body must be an object.');
    expect(schemaErrorMessage(e('maxLength', { limit: 20 }, '/quantity'), 'body')).toBe('quantity must be at most 20 characters.');
    expect(schemaErrorMessage(e('maximum', { comparison: '<=', limit: 3 }, '/n'), 'body')).toBe('n must be <= 3.');
    expect(schemaErrorMessage(e('uniqueItems', {}, '/list'), 'body')).toBe('list is odd.');
  });
});

describe('the home page', () => {
  // `/` was the shop listing until the home page existed (issue 10); server/home-page.test.ts covers it
  it('is its own page, as HTML and as JSON, while /shop keeps the listing', async () => {
    const home = await app.inject('/');
    expect(home.statusCode).toBe(200);
    expect(home.headers['content-type']).toContain('text/html');
    expect(home.body).toContain('class="home-hero"');
    const json = await app.inject('/?format=json');
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-type']).toContain('application/json');
    const context = json.json();
    expect(context.pageType).toBe(3);
    expect(context.squarespace['page-id']).toBe('home');
    const shop = (await app.inject('/shop?format=json')).json();
    expect(shop.pageType).toBe(1);
    expect(shop.collection.urlId).toBe('shop');
    expect((await app.inject('/shop?page=2&format=json')).json().items).toHaveLength(1);
    expect((await app.inject('/shop')).statusCode).toBe(200);
  });
});

describe('prices carry their currency on every page', () => {
  it('prints $ amounts on the shop list, the product page, the cart, the checkout and the order confirmation', async () => {
    const list = await app.inject('/shop');
    expect(list.body).toContain('$89.00');
    expect(list.body).toContain('$48.00');
    expect(list.body).not.toContain('sqs-money-native');
    const product = await app.inject('/shop/p/field-shirt');
    expect(product.body).toContain('$89.00');
    expect(product.body).not.toContain('sqs-money-native');
    expect((await app.inject('/shop/p/field-shirt?format=json')).json().featureFlags).toEqual({ useCLDRMoneyFormat: true });

    const added = await form('/cart/add', { itemId: 'p02', 'option:Color': 'Navy', 'option:Size': 'XL' });
    const cart = cartCookie(added)!;
    const cartPage = await app.inject({ url: '/cart', cookies: { tessera_cart: cart } });
    expect(cartPage.body).toContain('$94.00');
    const checkout = await app.inject({ url: '/checkout', cookies: { tessera_cart: cart } });
    expect(checkout.body).toContain('$94.00');
    expect(checkout.body).toContain('$99.00'); // with $5.00 shipping
    const placed = await form('/checkout', { email: 'ada@example.com', name: 'Ada Lovelace', address1: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'US' }, { tessera_cart: cart });
    expect(placed.statusCode, placed.body).toBe(303);
    const order = placed.cookies.find((c) => c.name === 'tessera_order')!.value;
    const confirmed = await app.inject({ url: String(placed.headers.location), cookies: { tessera_order: order } });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain('$94.00');
    expect(confirmed.body).toContain('$99.00');
    expect(problems).toEqual([]);
  });
});
