/**
 * Kept product pages and lists for visitors with a cart (issue 9): every visitor gets the page rendered once
 * per store version, with their own crumb and cart count swapped in; whatever of a theme reads more of the
 * cart than the count is rendered per visitor.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { cartJson, cartQuantity, createCart } from './cart-service.js';
import { openStore, repoRoot, type Store } from '../db/database.js';
import { seedDemoStore } from '../db/seed.js';
import { readCache } from '../read-cache.js';
import { cartTotalQuantity, visitorCart } from './visitor-cart.js';
import { describeOnSqliteOnly } from '../sqlite-only.js';
import { demoApp, TEST_COOKIES, TEST_CRUMB, visitorCookies, withCrumb, withoutNonce } from '../test-support.js';
import { Theme } from '../theme.js';
import type { FastifyRequest } from 'fastify';

const PRODUCT = '/shop/p/field-shirt';
const LIST = '/shop';
/** Two visitors besides the tests' own, by their crumbs (bound to their visitor ids). */
const VISITORS = [visitorCookies('a'.repeat(32)), visitorCookies('b'.repeat(32)), TEST_COOKIES];
const [CRUMB_A, CRUMB_B] = VISITORS.map((v) => v['crumb']!) as [string, string];
const COUNT = /<span class="sqs-cart-quantity" data-count="([^"<]*)">\1<\/span>/g;

/** The header's cart counts on a page (the theme shows one). */
const counts = (html: string) => [...html.matchAll(COUNT)].map((m) => m[1]);
/** The page with the visitor's parts (crumb, count) blanked out: what must be the same for every visitor. */
const shared = (html: string, crumb: string) => withoutNonce(html).replaceAll(crumb, '{crumb}').replaceAll(COUNT, '<span class="sqs-cart-quantity" data-count="{count}">{count}</span>');

async function addToCart(app: FastifyInstance, body: Record<string, unknown>, cart?: string): Promise<string> {
  const res = await app.inject(withCrumb({ method: 'POST', url: '/api/commerce/shopping-cart/entries', payload: body, cookies: cart === undefined ? {} : { tessera_cart: cart } }));
  expect(res.statusCode, res.body).toBe(200);
  return cart ?? res.cookies.find((c) => c.name === 'tessera_cart')!.value;
}

function get(app: FastifyInstance, url: string, crumb: string, cart?: string) {
  const visitor = VISITORS.find((v) => v['crumb'] === crumb)!;
  return app.inject({ url, cookies: { ...visitor, ...(cart === undefined ? {} : { tessera_cart: cart }) } });
}

describe('kept pages for visitors with a cart', () => {
  let app: FastifyInstance;
  const problems: string[] = [];
  beforeAll(async () => {
    ({ app } = await demoApp({ log: (p) => problems.push(p) }));
  });
  afterAll(() => app.close());

  it('gives two visitors with different carts their own count and crumb, and otherwise the same page', async () => {
    const a = await addToCart(app, { itemId: 'p02', sku: 'SQP022', quantity: 1 });
    const b = await addToCart(app, { itemId: 'p01', quantity: 2 });
    await addToCart(app, { itemId: 'p02', sku: 'SQP022', quantity: 1 }, b);
    for (const url of [PRODUCT, LIST, `${LIST}?page=2`, `${LIST}?view=list`]) {
      const [pageA, pageB, pageNone] = await Promise.all([get(app, url, CRUMB_A, a), get(app, url, CRUMB_B, b), get(app, url, TEST_CRUMB)]);
      for (const res of [pageA, pageB, pageNone]) expect(res.statusCode).toBe(200);
      expect(counts(pageA.body), url).toEqual(['1']);
      expect(counts(pageB.body), url).toEqual(['3']);
      expect(counts(pageNone.body), url).toEqual(['0']);
      expect(pageA.body).not.toContain(CRUMB_B);
      expect(pageB.body).not.toContain(CRUMB_A);
      expect(shared(pageA.body, CRUMB_A)).toBe(shared(pageB.body, CRUMB_B));
      expect(shared(pageA.body, CRUMB_A)).toBe(shared(pageNone.body, TEST_CRUMB));
    }
    // the product page's form carries the visitor's own crumb
    expect((await get(app, PRODUCT, CRUMB_A, a)).body).toContain(`name="crumb" value="${CRUMB_A}"`);
    expect((await get(app, PRODUCT, CRUMB_B, b)).body).toContain(`name="crumb" value="${CRUMB_B}"`);
    // the count is the cart's own, as the cart API answers it
    for (const [cart, n] of [[a, 1], [b, 3]] as const) {
      expect((await app.inject({ url: '/api/commerce/shopping-cart', cookies: { tessera_cart: cart } })).json().totalQuantity).toBe(n);
    }
    expect(problems).toEqual([]);
  });

  it('shows a change to the cart at once', async () => {
    const cart = await addToCart(app, { itemId: 'p02', sku: 'SQP022', quantity: 1 });
    for (const url of [PRODUCT, LIST]) await get(app, url, CRUMB_A, cart); // kept
    expect(counts((await get(app, PRODUCT, CRUMB_A, cart)).body)).toEqual(['1']);
    const added = await app.inject(withCrumb({ method: 'POST', url: '/api/commerce/shopping-cart/entries', payload: { itemId: 'p01', quantity: 4 }, cookies: { tessera_cart: cart } }));
    const entryId = (added.json().newlyAdded as { id: string }).id;
    expect(counts((await get(app, PRODUCT, CRUMB_A, cart)).body)).toEqual(['5']);
    expect(counts((await get(app, LIST, CRUMB_A, cart)).body)).toEqual(['5']);
    await app.inject(withCrumb({ method: 'PUT', url: `/api/commerce/shopping-cart/entries/${entryId}`, payload: { quantity: 2 }, cookies: { tessera_cart: cart } }));
    expect(counts((await get(app, PRODUCT, CRUMB_A, cart)).body)).toEqual(['3']);
    await app.inject(withCrumb({ method: 'DELETE', url: `/api/commerce/shopping-cart/entries/${entryId}`, cookies: { tessera_cart: cart } }));
    expect(counts((await get(app, LIST, CRUMB_A, cart)).body)).toEqual(['1']);
  });

  it('renders a product page and a list once for every visitor, with or without a cart, until the store changes', async () => {
    let renders = 0;
    class CountingTheme extends Theme {
      override renderContent(path: string, context: Record<string, unknown>) {
        renders++;
        return super.renderContent(path, context);
      }
      override renderLayout(context: Record<string, unknown>, content: string) {
        renders++;
        return super.renderLayout(context, content);
      }
    }
    const own = openStore(':memory:');
    seedDemoStore(own);
    const counted = await buildApp({ store: own, theme: new CountingTheme(resolve(repoRoot(), 'templates'), false) });
    const a = await addToCart(counted, { itemId: 'p02', sku: 'SQP022', quantity: 1 });
    const b = await addToCart(counted, { itemId: 'p01', quantity: 2 });
    for (const url of [PRODUCT, LIST]) {
      await get(counted, url, CRUMB_A, a); // renders and keeps the page
      const before = renders;
      const pages = [await get(counted, url, CRUMB_A, a), await get(counted, url, CRUMB_B, b), await get(counted, url, TEST_CRUMB)];
      expect(renders, url).toBe(before);
      expect(pages.map((p) => counts(p.body)[0])).toEqual(['1', '2', '0']);
    }
    await addToCart(counted, { itemId: 'p01', quantity: 1 }, b); // a write: kept pages are rendered again
    const before = renders;
    expect(counts((await get(counted, PRODUCT, CRUMB_B, b)).body)).toEqual(['3']);
    expect(renders).toBeGreaterThan(before);
    await counted.close();
  });

  it('counts a cookie that names no cart, or is not a cart id, as no cart', async () => {
    for (const cart of ['00000000-0000-0000-0000-000000000000', 'not-a-cart', '']) {
      const res = await get(app, PRODUCT, CRUMB_A, cart);
      expect(res.statusCode).toBe(200);
      expect(counts(res.body)).toEqual(['0']);
    }
  });

  it('still answers ?format=json and the cart page with the whole cart', async () => {
    const cart = await addToCart(app, { itemId: 'p02', sku: 'SQP022', quantity: 2 });
    const json = (await app.inject({ url: `${PRODUCT}?format=json`, cookies: { tessera_cart: cart } })).json();
    expect(json.shoppingCart).toEqual(await app.stores.cart.cartJson(cart));
    expect(json.shoppingCart.entries[0]).toMatchObject({ itemId: 'p02', quantity: 2 });
    const cartPage = await get(app, '/cart', CRUMB_A, cart);
    expect(cartPage.body).toContain('Field Shirt');
    expect(counts(cartPage.body)).toEqual(['2']);
  });
});

describe('ReadCache with bytes', () => {
  it('keeps values holding Buffers (which cannot be frozen) and freezes the rest', () => {
    const store = openStore(':memory:');
    const value = readCache(store).get('bytes', () => ({ pieces: [Buffer.from('<p>'), Buffer.from('</p>')], holes: ['crumb'] }));
    expect(Buffer.concat(value.pieces).toString()).toBe('<p></p>');
    expect(Object.isFrozen(value)).toBe(true);
    expect(Object.isFrozen(value.pieces)).toBe(true);
    expect(Object.isFrozen(value.holes)).toBe(true);
  });
});

// about SQLite itself: the lazy cart of a SQLite handle (on PostgreSQL pages get the whole cart read ahead, `pageCart`)
describeOnSqliteOnly('visitorCart', () => {
  const store = openStore(':memory:');
  seedDemoStore(store);
  const request = (cart: string) => ({ cookies: { tessera_cart: cart } }) as unknown as FastifyRequest;

  it('is the cart JSON for every use (keys, values, serialising, deleting), built on first use', async () => {
    const { app } = await demoApp({ store });
    const cart = await addToCart(app, { itemId: 'p01', quantity: 2 });
    await app.close();
    const lazy = visitorCart(store, request(cart));
    expect(cartTotalQuantity(lazy)).toBe(2); // from the count query: the cart is not built
    expect(JSON.parse(JSON.stringify(lazy))).toEqual(cartJson(store, cart));
    expect(Object.keys(lazy)).toEqual(Object.keys(cartJson(store, cart)));
    expect('entries' in lazy).toBe(true);
    delete lazy['subtotalCents'];
    expect('subtotalCents' in lazy).toBe(false);
    expect(cartTotalQuantity(lazy)).toBe(2); // now the built cart's own field
    const other = visitorCart(store, request(cart));
    expect(other['totalQuantity']).toBe(2);
    expect({ ...other }).toEqual(cartJson(store, cart));
  });

  it('answers an empty cart for a cookie naming no cart, and counts an existing empty cart as 0', () => {
    const missing = visitorCart(store, request('00000000-0000-0000-0000-000000000000'));
    expect(cartTotalQuantity(missing)).toBe(0);
    expect({ ...missing }).toMatchObject({ entries: [], totalQuantity: 0 });
    const empty = createCart(store);
    expect(cartQuantity(store, empty)).toBe(0);
    expect(cartJson(store, empty)['totalQuantity']).toBe(0);
  });
});

/**
 * Themes whose site region or content read more of the cart than a swap could follow: those parts are
 * rendered per visitor, so every visitor still sees their own cart.
 */
describe('themes that read more of the cart', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  /** The demo app over a copy of the theme, with `edit` applied to one of its files. */
  async function appWith(file: string, edit: (text: string) => string) {
    const dir = mkdtempSync(join(tmpdir(), 'tessera-theme-'));
    dirs.push(dir);
    cpSync(resolve(repoRoot(), 'templates'), dir, { recursive: true });
    writeFileSync(join(dir, file), edit(readFileSync(join(dir, file), 'utf8')));
    const store = openStore(':memory:');
    seedDemoStore(store);
    const problems: string[] = [];
    const app = await buildApp({ store, theme: new Theme(dir, false, (p) => problems.push(p)) });
    return { app, problems };
  }

  const cases: [string, string, (t: string) => string, (n: number, titles: string) => string][] = [
    ['the site region lists the entries', 'site.region', (t) => t.replace('</header>', '<ol class="t">{.repeated section shoppingCart.entries}<li>{title}</li>{.end}</ol></header>'), (_n, titles) => `<ol class="t">${titles}</ol>`],
    ['the site region tests the count', 'site.region', (t) => t.replace('</header>', '<p class="t">{.if shoppingCart.totalQuantity}has items{.or}empty{.end}</p></header>'), (n) => `<p class="t">${n > 0 ? 'has items' : 'empty'}</p>`],
    ['the site region formats the count', 'site.region', (t) => t.replace('</header>', '<p class="t">{shoppingCart.totalQuantity|pluralize}</p></header>'), (n) => `<p class="t">${n === 1 ? '' : 's'}</p>`],
    ['the content shows the count', 'collections/products.item', (t) => `<p class="t">{shoppingCart.totalQuantity}</p>\n${t}`, (n) => `<p class="t">${n}</p>`],
    ['the content shows the cart', 'collections/products.item', (t) => `<p class="t">{.section shoppingCart}{subtotalMoney.value}{.end}</p>\n${t}`, (n) => `<p class="t">${n === 0 ? '0.00' : (89 * n).toFixed(2)}</p>`],
  ];

  it('keeps a page with characters beyond Latin-1 and sends it as UTF-8, with the visitor parts in place', async () => {
    const { app, problems } = await appWith('site.region', (t) => t.replace('</header>', '<p class="t">Café ✓ — 日本</p></header>'));
    const cart = await addToCart(app, { itemId: 'p02', sku: 'SQP022', quantity: 2 });
    for (let round = 0; round < 2; round++) {
      const res = await get(app, PRODUCT, CRUMB_A, cart);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('<p class="t">Café ✓ — 日本</p>');
      expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.body));
      expect(counts(res.body)).toEqual(['2']);
      expect(res.body).toContain(`name="crumb" value="${CRUMB_A}"`);
    }
    expect(problems).toEqual([]);
    await app.close();
  });

  for (const [name, file, edit, expected] of cases) {
    it(`renders per visitor when ${name}`, async () => {
      const { app, problems } = await appWith(file, edit);
      const a = await addToCart(app, { itemId: 'p02', sku: 'SQP022', quantity: 1 });
      const b = await addToCart(app, { itemId: 'p02', sku: 'SQP022', quantity: 2 });
      for (let round = 0; round < 2; round++) {
        for (const [cart, crumb, n, titles] of [[a, CRUMB_A, 1, '<li>Field Shirt</li>'], [b, CRUMB_B, 2, '<li>Field Shirt</li>'], [undefined, TEST_CRUMB, 0, '']] as const) {
          const res = await get(app, PRODUCT, crumb, cart);
          expect(res.statusCode).toBe(200);
          expect(res.body).toContain(expected(n, titles));
          expect(counts(res.body)).toEqual([String(n)]);
          expect(res.body).toContain(`name="crumb" value="${crumb}"`);
        }
      }
      expect(problems).toEqual([]);
      await app.close();
    });
  }
});
