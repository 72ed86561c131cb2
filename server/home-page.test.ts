import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from './db/database.js';
import { seedDemoStore } from './db/seed.js';
import { sqliteCatalogStore } from './commerce/catalog-store.js';
import { sqliteReads } from './db/reads.js';
import { homePage } from './home-page.js';
import { demoApp, TEST_COOKIES, TEST_CRUMB, withCrumb, withoutNonce, writeBeside } from './test-support.js';

let app: FastifyInstance;
const problems: string[] = [];

beforeAll(async () => {
  ({ app } = await demoApp({ log: (p) => problems.push(p) }));
});
afterAll(() => app.close());

const FEATURED = ['Linen Apron', 'Field Shirt', 'Enamel Mug', 'Wool Blanket'];
type Item = { id: string; title: string; publishOn: number; startDate: number; endDate: number; starred?: boolean; fullUrl: string };

/** Marks product `urlId` (every product when none) featured or not, beside the app (either database). */
const setFeatured = (app: FastifyInstance, featured: boolean, urlId?: string) => writeBeside(app, ({ db, t }) => db.update(t.products).set({ featured }).where(urlId === undefined ? undefined : eq(t.products.urlId, urlId)));

/** The part of the page between the opening of `<section class="{cls}` and its `</section>`. */
function section(html: string, cls: string): string {
  const start = html.indexOf(`<section class="${cls}`);
  if (start < 0) return '';
  return html.slice(start, html.indexOf('</section>', start));
}

describe('the home page', () => {
  it('is page type 3 with a hero: title, text, a call to action to the shop and the first featured picture, eager and large', async () => {
    const res = await app.inject('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const hero = section(res.body, 'home-hero');
    expect(hero).toContain('<h1 id="home-hero-title">Made to be used every day</h1>');
    expect(hero).toContain('Linen, cotton, wool and enamel');
    expect(hero).toContain('<a class="button" href="/shop">Shop the collection</a>');
    const img = /<img [^>]*>/.exec(hero)?.[0] ?? '';
    expect(img).toMatch(/src="\/static\/images\/p01\.\w+\?format=1000w"/);
    expect(img).toContain('fetchpriority="high"');
    expect(img).toMatch(/ width="1000" height="1250"/);
    expect(img).not.toContain('loading="lazy"');
    expect(res.body).toContain('data-page-type="3"');
    expect(res.body).toContain('<meta name="description" content="Linen, cotton, wool and enamel');
    // exactly one image asks for high priority; every other one is lazy
    expect(res.body.match(/fetchpriority="high"/g)).toHaveLength(1);
    for (const other of res.body.match(/<img [^>]*>/g)!.filter((i) => !i.includes('fetchpriority'))) expect(other).toContain('loading="lazy"');
    expect(problems).toEqual([]);
  });

  it('shows exactly the featured products, with price, currency and marks', async () => {
    const html = section((await app.inject('/')).body, 'home-section home-featured');
    const titles = [...html.matchAll(/<h3 class="product-card-title"><a href="[^"]+">([^<]+)<\/a><\/h3>/g)].map((m) => m[1]);
    expect(titles).toEqual(FEATURED);
    expect(html).toContain('$48.00'); // the apron, in the site's currency
    expect(html).toContain('product-mark sale'); // the mug is on sale
    expect(html).toContain('href="/shop">Shop all');
    expect(html).not.toContain('Canvas Tote');
  });

  it('lists the three latest published posts, newest first, and only upcoming events', async () => {
    const context = (await app.inject('/?format=json')).json();
    const blog = (await app.inject('/blog?format=json')).json();
    const events = (await app.inject('/events?format=json')).json();
    const posts = context.latestPosts as Item[];
    expect(posts.map((p) => p.title)).toEqual(['Notes from our first weaving workshop', 'Caring for linen', 'A new indigo dye bath']);
    expect(posts.map((p) => p.publishOn)).toEqual([...posts.map((p) => p.publishOn)].sort((a, b) => b - a));
    const blog2 = (await app.inject('/blog?page=2&format=json')).json(); // the demo journal shows two posts a page
    expect(posts.map((p) => p.id)).toEqual([...(blog.items as Item[]), ...(blog2.items as Item[])].slice(0, 3).map((p) => p.id));
    const upcoming = context.upcomingEvents as Item[];
    expect(upcoming.map((e) => e.title)).toEqual(['Apron sewing workshop', 'Riverside craft fair']);
    expect(upcoming.map((e) => e.id)).toEqual((events.upcoming as Item[]).map((e) => e.id));
    for (const e of upcoming) expect(e.endDate).toBeGreaterThanOrEqual(Date.now());

    const html = (await app.inject('/')).body;
    const postsHtml = section(html, 'home-section home-posts');
    const order = posts.map((p) => postsHtml.indexOf(`href="${p.fullUrl}"`));
    expect(order.every((at) => at > 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(postsHtml).toContain('<h2 id="home-posts-title">Journal</h2>');
    expect(postsHtml).not.toContain('Coming soon: the new collection'); // scheduled
    expect(postsHtml).toMatch(/<time class="home-card-meta" datetime="\d{4}-\d{2}-\d{2}">/);
    const eventsHtml = section(html, 'home-section home-events');
    expect(eventsHtml).toContain('Apron sewing workshop');
    expect(eventsHtml).toContain('Tessera Studio, 14 Mill Street, Hudson, NY 12534');
    expect(eventsHtml).toContain('href="/events/craft-fair"');
    expect(eventsHtml).not.toContain('Studio market'); // past
  });

  it('answers ?format=json with its context: the hero, the featured items (starred) and the page type', async () => {
    const res = await app.inject('/?format=json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    const context = res.json();
    expect(context.pageType).toBe(3);
    expect(context.squarespace['page-id']).toBe('home');
    expect(context.hero).toMatchObject({ title: 'Made to be used every day', buttonText: 'Shop the collection', buttonUrl: '/shop', imageTitle: 'Linen Apron' });
    expect((context.items as Item[]).map((i) => i.title)).toEqual(FEATURED);
    expect((context.items as Item[]).every((i) => i.starred === true)).toBe(true);
    expect(context.shop.fullUrl).toBe('/shop');
    expect(context.blog).toEqual({ title: 'Journal', fullUrl: '/blog' });
    const shop = (await app.inject('/shop?format=json')).json();
    expect((shop.items as Item[]).filter((i) => i.starred).map((i) => i.title)).toEqual(FEATURED);
    expect((shop.items as Item[]).find((i) => i.title === 'Canvas Tote')?.starred).toBe(false);
  });

  it('is kept per store version: the same page for every visitor, the cart count swapped in, a store change seen at once', async () => {
    const a = await app.inject('/');
    const b = await app.inject('/');
    const strip = (html: string) => withoutNonce(html).replace(/[0-9a-f]{32}/g, 'CRUMB');
    expect(strip(b.body)).toBe(strip(a.body));
    expect(a.body.match(/class="sqs-cart-quantity"/g)).toHaveLength(1);
    expect(a.body).toContain('<span class="sqs-cart-quantity" data-count="0">0</span>');

    // a visitor with a cart gets the same page with their count, and their crumb in place of the kept one
    const added = await app.inject(withCrumb({ method: 'POST', url: '/api/commerce/shopping-cart/entries', payload: { itemId: 'p01', quantity: 3 } }));
    const cart = added.cookies.find((c) => c.name === 'tessera_cart')!.value;
    const theirs = (await app.inject({ url: '/', cookies: { tessera_cart: cart, ...TEST_COOKIES } })).body;
    expect(theirs).toContain('<span class="sqs-cart-quantity" data-count="3">3</span>');
    expect(theirs.match(/class="sqs-cart-quantity"/g)).toHaveLength(1);
    expect(strip(theirs).replace('data-count="3">3<', 'data-count="0">0<')).toBe(strip(a.body));

    await setFeatured(app, false, 'enamel-mug');
    try {
      const titles = ((await app.inject('/?format=json')).json().items as Item[]).map((i) => i.title);
      expect(titles).toEqual(FEATURED.filter((t) => t !== 'Enamel Mug'));
      expect((await app.inject('/')).body).not.toContain('Enamel Mug');
    } finally {
      await setFeatured(app, true, 'enamel-mug');
    }
  });

  it('still has a hero, without a picture, in a store with no featured product (a store made before the flag)', async () => {
    await setFeatured(app, false);
    try {
      const res = await app.inject('/');
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<h1 id="home-hero-title">Made to be used every day</h1>');
      expect(res.body).not.toContain('home-hero-media');
      expect(res.body).not.toContain('home-featured');
      expect(res.body).toContain('home-posts');
      expect((await app.inject('/?format=json')).json().hero.image).toBeUndefined();
    } finally {
      for (const urlId of ['linen-apron', 'field-shirt', 'enamel-mug', 'wool-blanket']) await setFeatured(app, true, urlId);
    }
    expect(((await app.inject('/?format=json')).json().items as Item[]).map((i) => i.title)).toEqual(FEATURED);
  });

  it('picks posts and events by the clock: its content key changes when an event ends or a post goes live', async () => {
    // `homePage` itself with a moved clock, over a demo store of its own (SQLite, in memory): what it tests is the
    // choice by the clock, which is the same on either database (the app's home page on both is tested above)
    const store = openStore(':memory:');
    seedDemoStore(store);
    const now = Date.now();
    const home = (at: number) => homePage(store, sqliteReads(store), sqliteCatalogStore(store), at);
    const today = await home(now);
    const later = await home(now + 400 * 86_400_000);
    expect((later.parts.extra.upcomingEvents as Item[]).length).toBe(0);
    expect((later.parts.extra.latestPosts as Item[])[0]!.title).toBe('Coming soon: the new collection');
    expect(later.contentKey).not.toBe(today.contentKey);
    expect((await home(now)).contentKey).toBe(today.contentKey);
  });

  it('frames every page: skip link, navigation, drawer menu button, search, cart count and footer', async () => {
    const html = (await app.inject('/shop')).body;
    expect(html).toContain('<a class="skip-link" href="#main">Skip to content</a>');
    expect(html).toContain('<main id="main"');
    expect(html).toMatch(/<button type="button" class="icon-button menu-toggle" popovertarget="site-menu">.*<span class="visually-hidden">Menu<\/span><\/button>\s*<nav class="drawer-nav" id="site-menu" popover aria-label="Menu">/);
    expect(html).toContain('<nav class="site-nav" aria-label="Main">');
    expect(html).toContain('<a href="/shop" aria-current="true">Shop</a>');
    expect(html).toContain('<span class="visually-hidden">Search</span>');
    expect(html).toContain('<nav class="site-footer-nav" aria-label="Footer">');
    expect(html).toMatch(/<html lang="en-US">/);
    expect(html).toMatch(/<meta name="description" content="[^"]+">/);
  });
});
