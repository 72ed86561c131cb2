/**
 * The shop pages' data and markup (issue 10): cart lines carry their product page, picture and options in
 * words; checkout offers countries by name and takes an ISO code the server checks, with inline errors and a
 * summary linking to the fields; the confirmation shows options in words, a gift card as its amount, the
 * country by name; the product page's gallery and the collection grid.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { CHECKOUT_MESSAGES, COUNTRY_CODES, countryCode, countryNames, validateCustomer } from '../../commerce/checkout-form.js';
import { demoApp, TEST_CRUMB, withCrumb, addToCartApi, cookieOf, FORM_HEADERS, postCheckoutForm } from '../test-support.js';
import { errorList, fieldId } from './checkout-routes.js';

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

async function fresh(): Promise<FastifyInstance> {
  const { app } = await demoApp({ guards: { rateLimits: { cart: { burst: 1000, perMinute: 1000 } } } });
  apps.push(app);
  return app;
}

const cookie = cookieOf;
const FORM = FORM_HEADERS;
const ADDRESS = { email: 'ada@example.com', name: 'Ada Lovelace', address1: '12 St James Sq', city: 'London', postalCode: 'SW1Y 4JH' };

const addToCart = addToCartApi;

const postCheckout = postCheckoutForm;

describe('countries', () => {
  it('lists the 249 ISO 3166-1 codes by their English names, sorted by name', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    expect(COUNTRY_CODES.every((c) => /^[A-Z]{2}$/.test(c))).toBe(true);
    const names = countryNames('en');
    expect(names.find((c) => c.code === 'GB')?.name).toBe('United Kingdom');
    expect(names.find((c) => c.code === 'CI')?.name).toBe('Côte d’Ivoire');
    // no code printed as its own name: Intl.DisplayNames knows every one
    expect(names.filter((c) => c.name === c.code)).toEqual([]);
    const sorted = [...names].sort((a, b) => new Intl.Collator('en').compare(a.name, b.name));
    expect(names).toEqual(sorted);
    expect(countryNames('en')).toBe(names); // built once
  });

  it('accepts only a known code, in any letter case, and stores it upper case', () => {
    expect(countryCode('gb')).toBe('GB');
    expect(countryCode(' us ')).toBe('US');
    for (const bad of ['UK', 'United Kingdom', 'EU', 'XK', 'G', 'GBR', '']) expect(countryCode(bad), bad).toBeNull();
    const ok = validateCustomer({ ...ADDRESS, country: 'fr' }, true);
    expect(ok.ok && ok.customer.shippingAddress?.country).toBe('FR');
    expect(validateCustomer({ ...ADDRESS, country: 'France' }, true)).toEqual({ ok: false, errors: { country: CHECKOUT_MESSAGES.invalidCountry } });
    expect(validateCustomer({ ...ADDRESS, country: '' }, true)).toEqual({ ok: false, errors: { country: 'Country is required.' } });
  });

  it('names the error summary links after the inputs, in the form order', () => {
    expect(fieldId('postalCode')).toBe('checkout-postal-code');
    expect(errorList({ country: 'c', email: 'e' })).toEqual([
      { field: 'email', id: 'checkout-email', message: 'e' },
      { field: 'country', id: 'checkout-country', message: 'c' },
    ]);
  });
});

describe('cart lines', () => {
  it('carry the product page, the chosen variant’s picture and the options in words', async () => {
    const app = await fresh();
    const cart = await addToCart(app, { itemId: 'p02', sku: 'SQP024', quantity: 1 });
    await addToCart(app, { itemId: 'p01', quantity: 2 }, cart);
    const shoppingCart = (await app.inject({ url: '/api/commerce/shopping-cart', cookies: { tessera_cart: cart } })).json();
    const [shirt, apron] = shoppingCart.entries;
    expect(shirt).toMatchObject({ title: 'Field Shirt', productUrl: '/shop/p/field-shirt', isGiftCard: false });
    expect(shirt.imageUrl).toMatch(/^\/static\/images\/p02--[a-z]+\.svg$/);
    expect(shirt.optionsText).toMatch(/^Color: \w+ · Size: \w+$/);
    expect(apron).toMatchObject({ title: 'Linen Apron', productUrl: '/shop/p/linen-apron', imageUrl: '/static/images/p01.svg', optionsText: '' });

    const page = (await app.inject({ url: '/cart', cookies: { tessera_cart: cart } })).body;
    expect(page).toContain('<a href="/shop/p/field-shirt">Field Shirt</a>');
    expect(page).toMatch(/<img class="cart-entry-image" src="\/static\/images\/p02--[a-z]+\.svg\?format=300w"/);
    expect(page).toContain('aria-label="One more Field Shirt"');
    expect(page).toContain('aria-label="One fewer Linen Apron"');
    expect(page).toContain('aria-label="Remove Linen Apron"');
  });

  it('an empty cart invites back to the shop', async () => {
    const app = await fresh();
    const page = (await app.inject('/cart')).body;
    expect(page).toContain('<p class="cart-empty" tabindex="-1">Your cart is empty.</p>');
    expect(page).toContain('<a class="button" href="/shop">Continue shopping</a>');
  });
});

describe('checkout page', () => {
  it('offers every country by name in a select, the typed one kept', async () => {
    const app = await fresh();
    const cart = await addToCart(app, { itemId: 'p01', quantity: 1 });
    const body = (await app.inject({ url: '/checkout', cookies: { tessera_cart: cart } })).body;
    expect(body).toContain('<select id="checkout-country" name="country" autocomplete="country" required>');
    expect(body.match(/<option value="[A-Z]{2}"/g)).toHaveLength(249);
    expect(body).toContain('<option value="GB">United Kingdom</option>');
    expect(body).toContain('<option value="">Choose a country</option>');
    expect(body).toMatch(/<li class="checkout-line"[^>]*>\s*<span class="checkout-line-media"><img src="\/static\/images\/p01\.svg\?format=300w"/);

    const refused = await postCheckout(app, { ...ADDRESS, email: 'nope', country: 'United Kingdom' }, { tessera_cart: cart });
    expect(refused.statusCode).toBe(400);
    const html = refused.body;
    // inline errors, tied to their fields
    expect(html).toContain(`<span class="field-error" id="checkout-country-error">${CHECKOUT_MESSAGES.invalidCountry}</span>`);
    expect(html).toContain('name="country" autocomplete="country" required aria-invalid="true" aria-describedby="checkout-country-error">');
    expect(html).toContain('value="nope" aria-invalid="true" aria-describedby="checkout-email-error"');
    // the summary at the top links to each field, in the form's order
    const summary = html.slice(html.indexOf('<div class="error-summary"'), html.indexOf('<div class="checkout-layout">'));
    expect(summary).toContain('There is a problem');
    expect([...summary.matchAll(/<a href="#([a-z-]+)">/g)].map((m) => m[1])).toEqual(['checkout-email', 'checkout-country']);
    expect(html.indexOf('error-summary')).toBeLessThan(html.indexOf('<form class="checkout-form"'));

    const kept = await postCheckout(app, { ...ADDRESS, email: 'nope', country: 'gb' }, { tessera_cart: cart });
    expect(kept.body).toContain('<option value="GB" selected>United Kingdom</option>');
    expect(kept.body).not.toContain('checkout-country-error');

    // the orders API validates the same way
    const api = await app.inject(
      withCrumb({ method: 'POST', url: '/api/commerce/orders', payload: { email: 'ada@example.com', name: 'Ada', shippingAddress: { address1: '1 Main St', city: 'Leeds', postalCode: 'LS1', country: 'England' } }, cookies: { tessera_cart: cart } }),
    );
    expect(api.statusCode).toBe(400);
    expect(api.json().errors).toEqual({ country: CHECKOUT_MESSAGES.invalidCountry });
  });
});

describe('order confirmation', () => {
  it('shows options in words, not SKUs, and the country by name', async () => {
    const app = await fresh();
    const cart = await addToCart(app, { itemId: 'p02', sku: 'SQP024', quantity: 1 });
    const placed = await postCheckout(app, { ...ADDRESS, country: 'gb' }, { tessera_cart: cart });
    expect(placed.statusCode).toBe(303);
    const page = await app.inject({ url: placed.headers.location as string, cookies: { tessera_order: cookie(placed, 'tessera_order')!.value } });
    expect(page.body).toMatch(/<span class="order-line-options">Color: \w+ &#183;|<span class="order-line-options">Color: \w+ · Size: \w+<\/span>/);
    expect(page.body).not.toContain('SQP024');
    expect(page.body).toContain('United Kingdom</address>');
    const json = await app.inject({ url: `${placed.headers.location as string}?format=json`, cookies: { tessera_order: cookie(placed, 'tessera_order')!.value } });
    expect(json.json().order.customer.shippingAddress).toMatchObject({ country: 'GB', countryName: 'United Kingdom' });
  });

  it('shows a gift card as its amount with the currency', async () => {
    const app = await fresh();
    const cart = await addToCart(app, { itemId: 'p08', sku: 'SQP082', quantity: 1 });
    const placed = await postCheckout(app, { email: 'ada@example.com', name: 'Ada' }, { tessera_cart: cart });
    expect(placed.statusCode).toBe(303);
    const page = await app.inject({ url: placed.headers.location as string, cookies: { tessera_order: cookie(placed, 'tessera_order')!.value } });
    expect(page.body).toContain('<span class="order-line-title">Gift Card &mdash; $50.00 value</span>');
    expect(page.body).not.toContain('order-line-options');
    expect(page.body).not.toMatch(/Gift Card 50\b/);
  });
});

describe('product page and collection markup', () => {
  it('the gallery: one eager main image, thumbnails as radios that work without JavaScript', async () => {
    const app = await fresh();
    const body = (await app.inject('/shop/p/field-shirt')).body;
    const main = body.match(/<img class="product-main-image"[^>]*>/g) ?? [];
    expect(main).toHaveLength(4);
    expect(main[0]).toContain('fetchpriority="high"');
    expect(main.slice(1).every((img) => img.includes('hidden loading="lazy"'))).toBe(true);
    expect(main.every((img) => /width="\d+" height="\d+"/.test(img))).toBe(true);
    const radios = body.match(/<input class="product-thumbnail-radio[^>]*>/g) ?? [];
    expect(radios).toHaveLength(4);
    expect(radios[0]).toContain('name="gallery-p02" id="gallery-p02-image" value="p02-image" data-gallery-image="p02-image" checked');
    expect(body).toContain('<label class="product-thumbnail" for="gallery-p02--olive-image">');
    // one picture: no thumbnails
    expect((await app.inject('/shop/p/linen-apron')).body).not.toContain('product-thumbnails');
  });

  it('a sold-out product shows its mark and the restock form, no add button', async () => {
    const app = await fresh();
    const body = (await app.inject('/shop/p/canvas-tote')).body;
    expect(body).toContain('product-mark sold-out');
    expect(body).toContain('<div class="product-restock"><div class="island island-restock" data-island="restock"');
    expect(body).toContain('<div class="product-restock-notification" id="restock-p04" data-product-id="p04">');
    expect(body).not.toContain('add-to-cart-button');
    expect((await app.inject('/shop/p/field-shirt')).body).toContain('class="add-to-cart-button"');
  });

  it('the collection: cards with linked titles, filter chips and the view switch', async () => {
    const app = await fresh();
    const body = (await app.inject('/shop')).body;
    expect(body).toContain('<h2 class="product-card-title"><a href="/shop/p/field-shirt">Field Shirt</a></h2>');
    expect(body).toContain('<ul class="filter-chips" aria-label="Categories">');
    expect(body).toContain('<p class="collection-count">13 products</p>');
    expect(body).toContain('<div class="products products--grid">');
  });
});
