/** The storefront in-process (Fastify inject) on a fresh in-memory store seeded with the demo shop. */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADD_TO_CART_MESSAGES } from '../commerce/add-to-cart.js';
import { demoApp, TEST_COOKIES, TEST_CRUMB, visitorCookies, withCrumb, withoutNonce, writeBeside } from './test-support.js';

let app: FastifyInstance;
const problems: string[] = [];

beforeAll(async () => {
  // the cart limit is raised so the concurrency test below is about stock; limits have their own tests
  ({ app } = await demoApp({ log: (p) => problems.push(p), guards: { rateLimits: { cart: { burst: 1000, perMinute: 1000 } } } }));
});
afterAll(() => app.close());

const cookieOf = (res: { cookies: { name: string; value: string }[] }) => res.cookies.find((c) => c.name === 'tessera_cart')?.value;

async function add(body: Record<string, unknown>, cart?: string) {
  return app.inject(withCrumb({ method: 'POST', url: '/api/commerce/shopping-cart/entries', payload: body, cookies: cart === undefined ? {} : { tessera_cart: cart }  }));
}

describe('pages', () => {
  it('lists the shop with status marks and prices', async () => {
    const res = await app.inject('/shop');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<h1>Shop</h1>');
    expect(res.body.match(/<article /g)?.length).toBeGreaterThanOrEqual(12);
    expect(res.body).toContain('product-mark sold-out">Back soon<');
    expect(res.body).toContain('product-mark sale">sale<');
    expect(res.body).toContain('from $89.00'); // featureFlags.useCLDRMoneyFormat: the currency on every page
    expect(res.body).not.toContain('sqs-money-native');
    expect(problems).toEqual([]);
  });

  it('pages the product list, filters it by category and tag, and switches between grid and list', async () => {
    const first = await app.inject('/shop');
    expect(first.body).toContain('<span class="pagination-current">Page 1 of 2</span>');
    expect(first.body).toContain('<a rel="next" href="/shop?page=2">');
    const second = await app.inject('/shop?page=2');
    expect(second.body.match(/<article /g)?.length).toBe(1);
    expect(second.body).toContain('<a rel="prev" href="/shop">');
    const apparel = await app.inject('/shop?category=apparel&view=list');
    expect(apparel.body.match(/<article /g)?.length).toBe(4);
    expect(apparel.body).toContain('<div class="products products--list">');
    expect(apparel.body).toContain('<a href="/shop?category=Apparel" aria-current="page">Apparel <small>(4)</small></a>');
    expect(apparel.body).toContain('<a href="/shop?category=apparel&amp;view=grid">grid</a>');
    expect(apparel.body).not.toContain('class="pagination"');
    const tagged = (await app.inject('/shop?tag=sale&format=json')).json();
    expect(tagged.items.map((i: { urlId: string }) => i.urlId)).toEqual(['enamel-mug', 'pattern-pack']);
    expect(tagged.pagination).toMatchObject({ currentPage: 1, totalPages: 1, totalItems: 2 });
    expect((await app.inject('/shop?page=3')).statusCode).toBe(404);
    for (const bad of ['/shop?view=table', '/shop?page=0', '/shop?page=x']) expect((await app.inject(bad)).statusCode, bad).toBe(400);
  });

  it("answers a bad page address with the theme's page saying what was wrong, or with JSON when JSON was asked for", async () => {
    const page = await app.inject('/blog?page=0');
    expect(page.statusCode).toBe(400);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<h1>This page could not be shown</h1>\n  <p>page is not in the expected format.</p>');
    expect(page.body).toContain('<header'); // inside the theme's frame
    const long = await app.inject(`/shop?category=${'<b>'.repeat(20)}`);
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain('<p>category must be at most 25 characters.</p>');
    const json = await app.inject('/blog?page=0&format=json');
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ message: 'page is not in the expected format.' });
  });

  it('answers a path that does not decode or is too long with the same page or JSON, naming no runtime code', async () => {
    const message = 'The page address is not valid: each % in it must start a percent-encoded UTF-8 character.';
    const page = await app.inject('/shop/%E0%A4%A');
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain(`<p>${message}</p>`);
    expect(page.body).toContain('<header');
    const api = await app.inject({ method: 'POST', url: '/api/%zz', payload: {} });
    expect(api.statusCode).toBe(400);
    expect(api.json()).toEqual({ message });
    const long = await app.inject(`/shop/p/${'a'.repeat(3000)}`);
    expect(long.statusCode).toBe(414);
    expect(long.body).toContain('<p>The page address is too long.</p>');
  });

  it('renders a product page with variants, quantity and a no-JavaScript form', async () => {
    const res = await app.inject('/shop/p/field-shirt');
    expect(res.statusCode).toBe(200);
    // the buy box is a React island rendered on the server: a real form that posts without JavaScript
    expect(res.body).toMatch(/<form class="product-form"[^>]* action="\/cart\/add" method="post">/);
    expect(res.body).toContain('<select id="product-p02-Color" name="option:Color"><option value="" selected="">Select Color</option><option value="Olive">Olive</option>');
    expect(res.body).toContain('name="quantity" value="1"/>');
    expect(res.body).toContain('<div class="island island-product-form" data-island="product-form"');
    expect(res.body).toContain('data-page-type="2"');
  });

  it('answers ?format=json with the page context', async () => {
    const res = await app.inject('/shop/p/gift-card?format=json');
    expect(res.statusCode).toBe(200);
    const context = res.json();
    expect(context.item.structuredContent.productType).toBe(4);
    expect(context.item.structuredContent.variants[0].priceMoney).toEqual({ value: '25.00', currency: 'USD' });
    expect(context).toHaveProperty('shoppingCart');
    expect(context).toHaveProperty('localizedStrings');
  });

  it('serves a 404 page for unknown pages and products, and JSON for unknown API routes', async () => {
    for (const url of ['/nope', '/shop/p/nope']) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain('Page not found');
    }
    const api = await app.inject('/api/nope');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'Not found' });
  });
});

describe('cart API', () => {
  it('adds an entry, sets an HttpOnly cookie and computes the amounts itself', async () => {
    const res = await add({ itemId: 'p01', quantity: 2 });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'tessera_cart');
    expect(cookie?.httpOnly).toBe(true);
    const { shoppingCart, newlyAdded } = res.json();
    expect(newlyAdded.quantity).toBe(2);
    expect(shoppingCart).toMatchObject({ subtotalCents: 9600, grandTotalCents: 9600, totalQuantity: 2, requiresShipping: true, hasDigital: false });
    const again = await add({ itemId: 'p09', quantity: 1 }, cookie!.value);
    expect(again.json().shoppingCart).toMatchObject({ subtotalCents: 10500, totalQuantity: 3, hasDigital: true, purelyDigital: false });
    const read = await app.inject({ url: '/api/commerce/shopping-cart?calculateSubtotal=true', cookies: { tessera_cart: cookie!.value } });
    expect(read.json()).toMatchObject({ totalQuantity: 3, subtotalCents: 10500, grandTotalCents: 10500 });
    const lines = (await app.inject({ url: '/api/commerce/shopping-cart?calculateSubtotal=false', cookies: { tessera_cart: cookie!.value } })).json();
    expect(lines.totalQuantity).toBe(3);
    expect(lines.entries).toHaveLength(2);
    expect(lines).not.toHaveProperty('subtotalCents');
    expect(lines).not.toHaveProperty('grandTotalMoney');
    expect((await app.inject('/api/commerce/shopping-cart?calculateSubtotal=yes')).statusCode).toBe(400);
  });

  it('answers with the spec messages', async () => {
    expect((await add({ itemId: 'p01', quantity: 'x' })).json()).toEqual({ message: 'Quantity must be a number.' });
    expect((await add({ itemId: 'p01', quantity: 1.5 })).json()).toEqual({ message: 'Quantity must be a whole number' });
    expect((await add({ itemId: 'p08', quantity: 1 })).json()).toEqual({ message: 'Select a denomination for the Gift Card' });
    expect((await add({ itemId: 'p02', quantity: 1 })).json()).toEqual({ message: ADD_TO_CART_MESSAGES.variantUnavailable });
    const soldOut = await add({ itemId: 'p04', quantity: 1 });
    expect(soldOut.statusCode).toBe(409);
    expect(soldOut.json()).toEqual({ message: 'Sorry, we do not have enough of that item available.' });
  });

  it('rejects bodies that do not match the schema with 400, never 5xx', async () => {
    for (const payload of [{}, { itemId: 5, quantity: 1 }, { itemId: 'p01', quantity: 1, price: 0 }, 'not json']) {
      const res = await app.inject(withCrumb({ method: 'POST', url: '/api/commerce/shopping-cart/entries', payload: payload as object, headers: { 'content-type': 'application/json' }  }));
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
  });

  it('never sells beyond stock, whatever the order of concurrent requests', async () => {
    const first = await add({ itemId: 'p03', quantity: 1 });
    const cart = cookieOf(first)!;
    const results = await Promise.all(Array.from({ length: 200 }, () => add({ itemId: 'p03', quantity: 1 }, cart)));
    const okCount = results.filter((r) => r.statusCode === 200).length;
    expect(okCount).toBe(2); // the mug has 3 in stock, one was already in the cart
    const read = await app.inject({ url: '/api/commerce/shopping-cart', cookies: { tessera_cart: cart } });
    expect(read.json().totalQuantity).toBe(3);
  });
});

describe('paywall products (type 5)', () => {
  it('sells the member pass through the cart but never shows it in the store', async () => {
    const res = await add({ itemId: 'p14', quantity: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json().shoppingCart).toMatchObject({ subtotalCents: 1500, hasDigital: true, purelyDigital: true, requiresShipping: false });
    expect((await app.inject('/shop/p/makers-circle-pass')).statusCode).toBe(404);
    const list = (await app.inject('/shop?format=json')).json();
    expect(list.pagination.totalItems).toBe(13);
    expect((await app.inject('/api/commerce/inventory/stock/?itemId=p14')).json().results).toEqual([{ itemId: 'p14', unlimited: true, qtyInStock: 0 }]);
  });
});

describe('add to cart without JavaScript', () => {
  it('posts a form, redirects to the cart and shows the entry there', async () => {
    const res = await app.inject(withCrumb({ method: 'POST', url: '/cart/add', payload: 'itemId=p02&variantId=p02-v2&quantity=2', headers: { 'content-type': 'application/x-www-form-urlencoded' }  }));
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/cart');
    const cart = await app.inject({ url: '/cart', cookies: { tessera_cart: cookieOf(res)! } });
    expect(cart.body).toContain('Field Shirt');
    expect(cart.body).toContain('Color: Olive &#183; Size: M'); // island markup keeps to ASCII
    expect(cart.body).toContain('aria-label="Quantity of Field Shirt" name="quantity" value="2"/>');
  });

  it('shows the validation message on the cart page', async () => {
    const res = await app.inject(withCrumb({ method: 'POST', url: '/cart/add', payload: 'itemId=p01&quantity=0.5', headers: { 'content-type': 'application/x-www-form-urlencoded' }  }));
    expect(res.statusCode).toBe(303);
    const page = await app.inject(res.headers.location as string);
    expect(page.body).toContain('<p class="cart-message" role="alert">Quantity must be a whole number</p>');
  });
});

describe('merchandising', () => {
  it('shows scarcity for limited stock and the restock form for sold-out products', async () => {
    expect((await app.inject('/shop/p/enamel-mug')).body).toContain('Only 3 left!');
    const tote = (await app.inject('/shop/p/canvas-tote')).body;
    expect(tote).toContain('data-island="restock"');
    expect(tote).toMatch(/<form class="product-restock-form"[^>]* action="\/restock" method="post">/);
    expect(tote).toContain('<input type="hidden" name="variantId" value="p04-v1"/>');
    expect(tote).toContain('Get notified by email when this product is back in stock');
  });
});

describe('cart entries', () => {
  it('changes a quantity within stock, removes an entry, and updates its form answers', async () => {
    const res = await add({ itemId: 'p05', sku: 'SQP051', quantity: 1 });
    const cart = cookieOf(res)!;
    const entryId = res.json().newlyAdded.id as string;
    const put = (url: string, payload: object) => app.inject(withCrumb({ method: 'PUT', url, payload, cookies: { tessera_cart: cart }  }));
    const ok = await put(`/api/commerce/shopping-cart/entries/${entryId}`, { quantity: 4 });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().shoppingCart).toMatchObject({ totalQuantity: 4, subtotalCents: 48000 });
    const tooMany = await put(`/api/commerce/shopping-cart/entries/${entryId}`, { quantity: 26 });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toEqual({ message: 'Sorry, we do not have enough of that item available.' });
    const fields = await put(`/api/commerce/shopping-cart/entries/${entryId}/additionalFields`, { itemId: 'p05', additionalFields: '{"Initials":"AB"}' });
    expect(fields.json().updatedEntry.additionalFields).toBe('{"Initials":"AB"}');
    const del = await app.inject(withCrumb({ method: 'DELETE', url: `/api/commerce/shopping-cart/entries/${entryId}`, cookies: { tessera_cart: cart }  }));
    expect(del.json().shoppingCart.totalQuantity).toBe(0);
    const again = await app.inject(withCrumb({ method: 'DELETE', url: `/api/commerce/shopping-cart/entries/${entryId}`, cookies: { tessera_cart: cart }  }));
    expect(again.statusCode).toBe(404);
  });

  it('does not touch an entry of another cart', async () => {
    const mine = await add({ itemId: 'p01', quantity: 1 });
    const entryId = mine.json().newlyAdded.id as string;
    const other = cookieOf(await add({ itemId: 'p01', quantity: 1 }))!;
    const res = await app.inject(withCrumb({ method: 'DELETE', url: `/api/commerce/shopping-cart/entries/${entryId}`, cookies: { tessera_cart: other }  }));
    expect(res.statusCode).toBe(404);
  });

  it('reports stock per variant, unlimited for gift cards', async () => {
    const shirt = await app.inject('/api/commerce/inventory/stock/?itemId=p02');
    expect(shirt.json().results[0]).toMatchObject({ variantId: 'p02-v1', unlimited: false, qtyInStock: 0 });
    const card = await app.inject('/api/commerce/inventory/stock/?itemId=p08');
    expect(card.json().results.every((r: { unlimited: boolean }) => r.unlimited)).toBe(true);
    expect((await app.inject('/api/commerce/inventory/stock/?itemId=nope')).statusCode).toBe(404);
    expect((await app.inject('/api/commerce/inventory/stock/')).statusCode).toBe(400);
  });
});

describe('anti-forgery crumb', () => {
  it('gives every visitor a crumb cookie that scripts can read, and puts it in forms', async () => {
    const res = await app.inject('/shop/p/linen-apron');
    const crumb = res.cookies.find((c) => c.name === 'crumb');
    expect(crumb?.value).toMatch(/^[0-9a-f]{32}$/);
    expect(crumb?.httpOnly).toBeFalsy();
    expect(res.body).toContain(`<input type="hidden" name="crumb" value="${crumb!.value}"/>`);
    const again = await app.inject({ url: '/shop', cookies: { crumb: crumb!.value, tessera_visitor: res.cookies.find((c) => c.name === 'tessera_visitor')!.value } });
    expect(again.cookies.find((c) => c.name === 'crumb')).toBeUndefined();
  });

  it('refuses a write without the crumb, with a wrong one, or with one that is not echoed', async () => {
    const url = '/api/commerce/shopping-cart/entries';
    const payload = { itemId: 'p01', quantity: 1 };
    const cases = [
      { method: 'POST' as const, url, payload },
      { method: 'POST' as const, url, payload, cookies: TEST_COOKIES },
      { method: 'POST' as const, url, payload, headers: { 'x-csrf-token': TEST_CRUMB } },
      { method: 'POST' as const, url, payload, cookies: TEST_COOKIES, headers: { 'x-csrf-token': 'f'.repeat(32) } },
      { method: 'DELETE' as const, url: `${url}/x`, cookies: { crumb: 'short' }, headers: { 'x-csrf-token': 'short' } },
    ];
    for (const c of cases) {
      const res = await app.inject(c);
      expect(res.statusCode, JSON.stringify(c)).toBe(403);
      expect(res.json()).toEqual({ message: 'Invalid or missing crumb: reload the page and try again.', crumbFail: true });
    }
  });

  it('accepts the crumb as a form field for plain HTML forms, and refuses the form without it', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const ok = await app.inject({ method: 'POST', url: '/cart/add', payload: `crumb=${TEST_CRUMB}&itemId=p01&quantity=1`, headers: form, cookies: TEST_COOKIES });
    expect(ok.statusCode).toBe(303);
    expect(ok.headers.location).toBe('/cart');
    const refused = await app.inject({ method: 'POST', url: '/cart/add', payload: 'itemId=p01&quantity=1', headers: form, cookies: TEST_COOKIES });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['content-type']).toContain('text/html');
  });
});

describe('kept page content', () => {
  it('gives each visitor their own crumb in a product page rendered once, and renders again after a store write', async () => {
    const visitorA = visitorCookies('a'.repeat(32));
    const visitorB = visitorCookies('b'.repeat(32));
    const [a, b] = [visitorA['crumb']!, visitorB['crumb']!];
    const first = await app.inject({ url: '/shop/p/linen-apron', cookies: visitorA });
    const second = await app.inject({ url: '/shop/p/linen-apron', cookies: visitorB });
    expect(first.body).toContain(`name="crumb" value="${a}"`);
    expect(second.body).toContain(`name="crumb" value="${b}"`);
    expect(second.body).not.toContain(a);
    expect(withoutNonce(second.body.replaceAll(b, a))).toBe(withoutNonce(first.body));
    const cart = cookieOf(await add({ itemId: 'p01', quantity: 3 }))!;
    const withCart = await app.inject({ url: '/shop/p/linen-apron', cookies: { ...visitorA, tessera_cart: cart } });
    expect(withCart.body).toContain('<span class="sqs-cart-quantity" data-count="3">3</span>');
    expect(first.body).toContain('<span class="sqs-cart-quantity" data-count="0">0</span>');
    const retitle = (title: string) => writeBeside(app, ({ db, t }) => db.update(t.products).set({ title }).where(eq(t.products.id, 'p01')));
    await retitle('Linen Apron No. 2');
    expect((await app.inject('/shop/p/linen-apron')).body).toContain('<h1>Linen Apron No. 2</h1>');
    await retitle('Linen Apron');
  });
});

describe('rate limits', () => {
  it('answers 429 with Retry-After once a visitor has used up the burst, and recovers with time', async () => {
    let now = 1_000_000;
    const { app: limited } = await demoApp({ guards: { rateLimits: { cart: { burst: 3, perMinute: 6 } }, now: () => now } });
    const post = () => limited.inject(withCrumb({ method: 'POST', url: '/api/commerce/shopping-cart/entries', payload: { itemId: 'p01', quantity: 1 } }));
    for (let i = 0; i < 3; i++) expect((await post()).statusCode).toBe(200);
    const refused = await post();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('10');
    expect(refused.json().message).toBe('Too many requests: try again in 10 s.');
    expect((await limited.inject('/api/commerce/shopping-cart')).statusCode).toBe(200); // reads are not limited
    now += 10_000;
    expect((await post()).statusCode).toBe(200);
    await limited.close();
  });
});

describe('errors', () => {
  it('answers an unexpected failure with the themed 500 page for pages and JSON for APIs, never a stack trace', async () => {
    const { app: failing } = await demoApp();
    const boom = () => {
      throw new Error('database exploded at /secret/path.ts:12');
    };
    failing.get('/broken', boom);
    failing.get('/api/broken', boom);
    const page = await failing.inject('/broken');
    expect(page.statusCode).toBe(500);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('data-page-type="101"');
    expect(page.body).not.toContain('exploded');
    expect(page.body).not.toMatch(/at .+:\d+/);
    const api = await failing.inject('/api/broken');
    expect(api.statusCode).toBe(500);
    expect(api.json()).toEqual({ message: 'Something went wrong' });
    await failing.close();
  });
});
