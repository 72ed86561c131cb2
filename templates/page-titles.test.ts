/**
 * The default theme's `<title>` (templates/site.region) over every page type: "Page — Site", the home page
 * the site title alone. A tab, a bookmark and a screen reader's first words name the page, not only the shop.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToCartApi, demoApp, postCheckoutForm } from '../server/test-support.js';

const SITE = 'Tessera Supply Co.';
let app: FastifyInstance;
const problems: string[] = [];

beforeAll(async () => {
  ({ app } = await demoApp({ log: (p) => problems.push(p), guards: { rateLimits: { cart: { burst: 1000, perMinute: 1000 } } } }));
});
afterAll(() => app.close());

/** The page's title as a browser shows it (entities decoded). */
function titleOf(html: string): string {
  const raw = /<title>([^<]*)<\/title>/.exec(html)?.[1];
  if (raw === undefined) throw new Error('the page has no <title>');
  return raw.replace(/&mdash;/g, '—').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
}

async function titleAt(url: string, cookies: Record<string, string> = {}, status = 200): Promise<string> {
  const res = await app.inject({ url, cookies });
  expect(res.statusCode, url).toBe(status);
  return titleOf(res.body);
}

describe('page titles of the default theme', () => {
  it('names the home page by the site alone', async () => {
    expect(await titleAt('/')).toBe(SITE);
  });

  it.each([
    ['/shop', 'Shop'],
    ['/shop?category=Apparel', 'Shop'],
    ['/shop/p/linen-apron', 'Linen Apron'],
    ['/blog', 'Journal'],
    ['/blog/first-workshop-notes', 'Notes from our first weaving workshop'],
    ['/events', 'Events'],
    ['/about', 'About'],
    ['/contact', 'Contact'],
    ['/gallery', 'Gallery'],
    ['/lookbook', 'Lookbook'],
    ['/cart', 'Cart'],
    ['/search', 'Search'],
    ['/search?q=linen', 'Search: linen'],
    ['/search?q=%3Cb%3E%22x%22', 'Search: <b>"x"'],
  ])('%s is "%s — site"', async (url, page) => {
    expect(await titleAt(url)).toBe(`${page} — ${SITE}`);
  });

  it('names the 404 page, the error page and the lock screen', async () => {
    expect(await titleAt('/no-such-page', {}, 404)).toBe(`Page not found — ${SITE}`);
    expect(await titleAt('/shop/p/no-such-product', {}, 404)).toBe(`Page not found — ${SITE}`);
    expect(await titleAt('/trade', {}, 200)).toBe(`Trade Prices — ${SITE}`);
    expect(await titleAt('/shop?page=0', {}, 400)).toMatch(new RegExp(` — ${SITE.replace('.', '\\.')}$`));
  });

  it('names checkout and the order confirmation', async () => {
    const cart = await addToCartApi(app, { itemId: 'p01', quantity: 1 });
    expect(await titleAt('/checkout', { tessera_cart: cart })).toBe(`Checkout — ${SITE}`);
    const placed = await postCheckoutForm(app, { email: 'ada@example.com', name: 'Ada Lovelace', address1: '1 Mill St', city: 'Leeds', postalCode: 'LS1 1AA', country: 'GB' }, { tessera_cart: cart });
    expect(placed.statusCode).toBe(303);
    const cookies = Object.fromEntries(placed.cookies.map((c) => [c.name, c.value]));
    expect(await titleAt(String(placed.headers.location), { tessera_cart: cart, ...cookies })).toBe(`Order confirmed — ${SITE}`);
  });

  it('reported no theme problem', () => {
    expect(problems).toEqual([]);
  });
});
