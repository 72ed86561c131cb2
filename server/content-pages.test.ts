/** The content side of the demo site (issue 4), in-process against a fresh in-memory store. */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from './db/database.js';
import { clearStore, seedDemoStore } from './db/seed.js';
import { DEMO_PAGE_PASSWORD } from './db/seed-content.js';
import { MEMBERS_ONLY_MESSAGE, WRONG_PASSWORD_MESSAGE } from './routes/content-pages.js';
import { demoApp, TEST_COOKIES, TEST_CRUMB, withCrumb } from './test-support.js';

let app: FastifyInstance;
const problems: string[] = [];

beforeAll(async () => {
  ({ app } = await demoApp({ log: (p) => problems.push(p) }));
});
afterAll(() => app.close());

const get = (url: string, cookies: Record<string, string> = {}) => app.inject({ url, cookies });
const json = async (url: string, cookies: Record<string, string> = {}) => (await get(url.includes('?') ? `${url}&format=json` : `${url}?format=json`, cookies)).json();
const articles = (html: string) => [...html.matchAll(/<article class="hentry[^"]*" id="article-([^"]+)"/g)].map((m) => m[1]);
const form = { 'content-type': 'application/x-www-form-urlencoded' };

describe('every content page type', () => {
  const pages: [url: string, status: number, pageType: number][] = [
    ['/about', 200, 3],
    ['/contact', 200, 3],
    ['/blog', 200, 1],
    ['/blog/first-workshop-notes', 200, 50],
    ['/events', 200, 1],
    ['/events/craft-fair', 200, 50],
    ['/gallery', 200, 1],
    ['/lookbook', 200, 1],
    ['/album', 200, 1],
    ['/videos', 200, 1],
    ['/videos/loom-in-motion', 200, 50],
    ['/search', 200, 102],
    ['/search?q=linen', 200, 102],
    ['/trade', 200, 103],
    ['/members', 403, 106],
  ];

  it.each(pages)('%s renders HTML with status %i and page type %i', async (url, status, pageType) => {
    const res = await get(url);
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain(`data-page-type="${pageType}"`);
    expect(res.body).not.toMatch(/at .+\.ts:\d+/); // never a stack trace
  });

  it.each(pages)('%s answers ?format=json with its context', async (url, status, pageType) => {
    const res = await get(url.includes('?') ? `${url}&format=json` : `${url}?format=json`);
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toContain('application/json');
    const context = res.json();
    expect(context.pageType).toBe(pageType);
    expect(context.website.siteTitle).toBe('Tessera Supply Co.');
    expect(context).toHaveProperty('websiteSettings');
    expect(context).toHaveProperty('shoppingCart');
    expect(context.squarespace['page-classes']).toBe(`page-type-${pageType}`);
  });

  it('answers ?format=json-pretty indented', async () => {
    const res = await get('/about?format=json-pretty');
    expect(res.body).toMatch(/^\{\n {2}"website"/);
  });

  it('renders every template without a problem', () => {
    expect(problems).toEqual([]);
  });

  it('lists the content pages in the navigation, in order', async () => {
    const nav = (await json('/about')).navigation.map((n: { url: string }) => n.url);
    expect(nav).toEqual(['/shop', '/about', '/blog', '/events', '/gallery', '/lookbook', '/album', '/videos', '/contact', '/trade', '/members']);
    expect((await get('/about')).body).toContain('<a href="/album">Album</a>');
  });
});

describe('records in the platform shape', () => {
  it('gives a blog post its author, categories, comments, likes and collection', async () => {
    const { item, collection } = await json('/blog/first-workshop-notes');
    expect(item).toMatchObject({
      recordType: 1,
      recordTypeLabel: 'text',
      title: 'Notes from our first weaving workshop',
      fullUrl: '/blog/first-workshop-notes',
      author: { displayName: 'Ada Weaver' },
      categories: ['Workshop'],
      tags: ['weaving', 'teaching'],
      starred: true,
      publicCommentCount: 0,
      commentState: 1,
      likeCount: 12,
      collection: { type: 1, typeName: 'blog', folder: false },
    });
    expect(item.excerpt).toContain('Twelve people');
    expect(typeof item.publishOn).toBe('number');
    expect(collection.categories).toEqual(expect.arrayContaining(['Workshop', 'Care', 'News']));
  });

  it('shows comment count, comment thread and like markup on a post', async () => {
    const html = (await get('/blog/first-workshop-notes')).body;
    // the demo has no comment bodies, so no count promises any: the thread's container and a quiet line
    expect(html).toContain('<p class="entry-comments-none">No comments yet.</p>');
    expect(html).toContain('id="comments-blog-first-workshop-notes"');
    expect(html).toContain('<span class="sqs-simple-like" data-item-id="blog-first-workshop-notes" data-like-count="12">');
    expect(html).toContain('class="hentry category-workshop tag-weaving tag-teaching author-ada-weaver post-type-text featured"');
    // comments off and none public: closed
    expect((await get('/blog/new-indigo-dye')).body).toContain('Comments are closed.');
  });

  it('never counts comments a post does not show (the demo seeds none)', async () => {
    for (const urlId of ['first-workshop-notes', 'caring-for-linen', 'new-indigo-dye', 'we-moved', 'mending-basics']) {
      const url = `/blog/${urlId}`;
      expect((await json(url)).item.publicCommentCount, url).toBe(0);
      expect((await get(url)).body, url).not.toMatch(/\d+ Comments?</);
    }
    expect((await get('/blog')).body).not.toMatch(/\d+ Comments?</);
  });

  it('gives an event its dates, location and a calendar link', async () => {
    const { item } = await json('/events/craft-fair');
    expect(item.recordType).toBe(12);
    expect(item.endDate).toBeGreaterThan(item.startDate);
    expect(item.location).toMatchObject({ addressLine1: 'Front Street', addressCountry: 'United States', mapLat: 42.2543, mapLng: -73.7984 });
    const html = (await get('/events/craft-fair')).body;
    expect(html).toMatch(/href="http:\/\/www\.google\.com\/calendar\/event\?action=TEMPLATE&amp;text=Riverside%20craft%20fair&amp;dates=\d{8}T130000Z\/\d{8}T190000Z&amp;location=Front%20Street/);
    expect(html).toContain('United States</address>');
  });

  it('splits events into upcoming and past', async () => {
    const { upcoming, past } = await json('/events');
    expect(upcoming.map((e: { urlId: string }) => e.urlId)).toEqual(['apron-sewing-workshop', 'craft-fair']);
    expect(past.map((e: { urlId: string }) => e.urlId)).toEqual(['studio-market']);
    const html = (await get('/events')).body;
    expect(html.indexOf('Apron sewing workshop')).toBeLessThan(html.indexOf('<h2>Past</h2>'));
    expect(html.indexOf('Studio market')).toBeGreaterThan(html.indexOf('<h2>Past</h2>'));
  });

  it('carries the gallery options and renders the design', async () => {
    const grid = await json('/gallery');
    expect(grid.collection.options).toMatchObject({ design: 'grid', 'aspect-ratio': 'standard', thumbnails: false, autoplay: false, 'thumbnails-per-row': 3, 'meta-position': 'bottom-left' });
    expect(grid.items[0]).toMatchObject({ recordType: 2, assetUrl: '/static/gallery/workshop.svg', originalSize: '1200x800' });
    const gridHtml = (await get('/gallery')).body;
    expect(gridHtml).toContain('gallery-design-grid gallery-aspect-standard gallery-meta-bottom-left');
    expect(gridHtml).toContain('srcset="/static/gallery/workshop.svg?format=100w 100w,');
    expect(gridHtml).not.toContain('<nav class="gallery-thumbnails"');
    const slideshow = (await get('/lookbook')).body;
    expect(slideshow).toContain('gallery-design-slideshow');
    expect(slideshow).toContain('<nav class="gallery-thumbnails"'); // a slideshow turns thumbnails on
    const image = await app.inject('/static/gallery/workshop.svg');
    expect(image.headers['content-type']).toContain('image/svg+xml');
    expect(image.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="1200" height="800"/);
  });

  it('plays album tracks with <audio> players', async () => {
    const { items } = await json('/album');
    expect(items).toHaveLength(3);
    expect(items[0]).toMatchObject({ recordType: 7, structuredContent: { audioAssetUrl: '/static/audio/morning-a.wav', durationMs: 1000 } });
    const html = (await get('/album')).body;
    expect(html.match(/<audio controls preload="none" src="\/static\/audio\/[a-z-]+\.wav"[^>]*>/g)).toHaveLength(3);
    expect(html).toContain('<span class="track-duration">0:01</span>');
  });

  it('embeds a video from its oEmbed data', async () => {
    const { item } = await json('/videos/loom-in-motion');
    expect(item.recordType).toBe(8);
    expect(item.oembed.providerName).toBe('Vimeo');
    expect((await get('/videos/loom-in-motion')).body).toContain('<div class="video-embed" data-provider-name="Vimeo"><iframe src="https://player.vimeo.com/video/76979871"');
  });

  it('renders the contact form from its fields, posting without JavaScript', async () => {
    const res = await get('/contact', TEST_COOKIES);
    expect(res.body).toContain('<form class="content-form" id="form-contact-form" method="post" action="/forms/contact-form" novalidate>');
    expect(res.body).toContain(`<input type="hidden" name="crumb" value="${TEST_CRUMB}">`);
    expect(res.body).toContain('<input id="contact-form-email" name="email" type="email" required placeholder="you@example.com" autocomplete="email">');
    expect(res.body).toContain('<textarea id="contact-form-message" name="message" rows="6" required maxlength="2000" aria-describedby="contact-form-message-description"></textarea>');
    expect((await json('/contact')).form.fields.map((f: { id: string }) => f.id)).toEqual(['name', 'email', 'message']);
  });
});

describe('blog pagination and filters', () => {
  it('pages the posts two at a time, newest first', async () => {
    const pages = await Promise.all(['/blog', '/blog?page=2', '/blog?page=3'].map(async (u) => articles((await get(u)).body)));
    expect(pages).toEqual([
      ['blog-first-workshop-notes', 'blog-caring-for-linen'],
      ['blog-new-indigo-dye', 'blog-we-moved'],
      ['blog-mending-basics'],
    ]);
    const { pagination } = await json('/blog?page=2');
    expect(pagination).toMatchObject({ currentPage: 2, totalPages: 3, pageSize: 2, prevPage: true, prevPageUrl: '/blog', nextPage: true, nextPageUrl: '/blog?page=3' });
    expect((await get('/blog?page=2')).body).toContain('<a rel="next" href="/blog?page=3">');
  });

  it('answers 404 past the last page and 400 for a page that is not a number', async () => {
    expect((await get('/blog?page=4')).statusCode).toBe(404);
    for (const bad of ['0', 'abc', '-1', '1.5', '999999']) expect((await get(`/blog?page=${bad}`)).statusCode, bad).toBe(400);
  });

  it('filters by category and by tag, case-insensitively', async () => {
    expect(articles((await get('/blog?category=care')).body)).toEqual(['blog-caring-for-linen', 'blog-mending-basics']);
    expect(articles((await get('/blog?category=Workshop')).body)).toEqual(['blog-first-workshop-notes', 'blog-new-indigo-dye']);
    expect(articles((await get('/blog?tag=how-to')).body)).toEqual(['blog-caring-for-linen', 'blog-mending-basics']);
    expect(articles((await get('/blog?tag=nothing')).body)).toEqual([]);
    const filtered = await json('/blog?category=News');
    expect(filtered.categoryFilter).toBe('News');
    expect(filtered.pagination).toMatchObject({ totalPages: 1, totalItems: 2, nextPage: false });
    expect((await get(`/blog?category=${'x'.repeat(26)}`)).statusCode).toBe(400);
  });

  it('keeps a scheduled post out of the list and its page', async () => {
    const all = await Promise.all([1, 2, 3].map(async (n) => (await json(`/blog?page=${n}`)).items.map((i: { urlId: string }) => i.urlId)));
    expect(all.flat()).not.toContain('new-collection');
    expect((await get('/blog/new-collection')).statusCode).toBe(404);
  });
});

describe('search', () => {
  it('finds products and records by title or body, case-insensitively', async () => {
    const { items, searchQuery, searchResultCount } = await json('/search?q=LINEN');
    const urls = items.map((i: { fullUrl: string }) => i.fullUrl);
    expect(searchQuery).toBe('LINEN');
    expect(searchResultCount).toBe(items.length);
    expect(urls).toEqual(expect.arrayContaining(['/shop/p/linen-apron', '/blog/caring-for-linen', '/about', '/gallery#linen']));
    const html = (await get('/search?q=linen')).body;
    expect(html).toContain('<h2><a href="/blog/caring-for-linen">Caring for linen</a></h2>');
    expect(html).toContain(`${items.length} results for “linen”`);
  });

  it('never searches protected pages, scheduled posts or markup', async () => {
    expect((await json('/search?q=wholesale')).items).toEqual([]);
    expect((await json('/search?q=Makers%20Circle')).items).toEqual([]);
    expect((await json('/search?q=winter%20collection')).items).toEqual([]);
    expect((await json('/search?q=h2')).items).toEqual([]);
  });

  it('shows the form alone for an empty query and refuses an overlong one', async () => {
    const empty = await get('/search');
    expect(empty.body).toContain('<form class="search-form" method="get" action="/search" role="search">');
    expect(empty.body).not.toContain('search-summary');
    expect((await get('/search?q=zzzz')).body).toContain('Nothing matched your search.');
    expect((await get(`/search?q=${'a'.repeat(201)}`)).statusCode).toBe(400);
  });
});

describe('password-protected page', () => {
  const post = (payload: string, cookies: Record<string, string> = {}, url = '/trade') =>
    app.inject(withCrumb({ method: 'POST', url, payload, headers: form, cookies }));

  it('shows the lock screen, never the page, in HTML or JSON', async () => {
    const res = await get('/trade');
    expect(res.body).toContain('<form class="lock-screen-form" method="post" action="/trade">');
    expect(res.body).not.toContain('Wholesale');
    expect((await get('/trade?format=json')).body).not.toContain('Wholesale');
  });

  it('answers a wrong password with 401 and a message, the right one with a cookie and 303', async () => {
    const wrong = await post('password=nope');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain(`<p class="form-error" role="alert">${WRONG_PASSWORD_MESSAGE}</p>`);
    expect(wrong.body).toContain('data-page-type="103"');
    expect(wrong.cookies.find((c) => c.name.startsWith('tessera_page_'))).toBeUndefined();

    const right = await post(`password=${DEMO_PAGE_PASSWORD}`);
    expect(right.statusCode).toBe(303);
    expect(right.headers.location).toBe('/trade');
    const cookie = right.cookies.find((c) => c.name === 'tessera_page_trade')!;
    expect(cookie).toMatchObject({ httpOnly: true, path: '/trade' });
    expect(cookie.value).not.toContain(DEMO_PAGE_PASSWORD);

    const page = await get('/trade', { tessera_page_trade: cookie.value });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('data-page-type="3"');
    expect(page.body).toContain('Wholesale prices');
  });

  it('does not open for a forged cookie', async () => {
    const res = await get('/trade', { tessera_page_trade: 'f'.repeat(64) });
    expect(res.body).toContain('lock-screen-form');
    expect(res.body).not.toContain('Wholesale');
  });

  it('takes the crumb as a plain form field, as a browser without JavaScript sends it', async () => {
    const res = await app.inject({ method: 'POST', url: '/trade', payload: `password=${DEMO_PAGE_PASSWORD}&crumb=${TEST_CRUMB}`, headers: form, cookies: TEST_COOKIES });
    expect(res.statusCode).toBe(303);
    const noCrumb = await app.inject({ method: 'POST', url: '/trade', payload: `password=${DEMO_PAGE_PASSWORD}`, headers: form });
    expect(noCrumb.statusCode).toBe(403);
  });

  it('validates the body with its schema', async () => {
    expect((await post('')).statusCode).toBe(400);
    expect((await post('password=a&extra=1')).statusCode).toBe(400);
    expect((await post(`password=${'a'.repeat(201)}`)).statusCode).toBe(400);
  });

  it('answers 404 to a password for a page that has none', async () => {
    expect((await post('password=x', {}, '/about')).statusCode).toBe(404);
  });
});

describe('member area', () => {
  it('denies access with 403, the lock message and a join button', async () => {
    const res = await get('/members');
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain(`<p class="lock-message">${MEMBERS_ONLY_MESSAGE}</p>`);
    expect(res.body).toContain('<form class="member-area-pass" method="post" action="/cart/add">');
    expect(res.body).toContain('<input type="hidden" name="itemId" value="p14">');
    expect(res.body).not.toContain('Patterns and recordings');
    const context = await json('/members');
    expect(context.memberArea).toMatchObject({ id: 'makers-circle', joinUrl: '/contact', passItemId: 'p14' });
    expect(JSON.stringify(context)).not.toContain('Patterns and recordings');
  });
});

describe('demo audio', () => {
  it('serves a valid 8 kHz mono 8-bit WAV of one second', async () => {
    const res = await app.inject('/static/audio/morning-a.wav');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/wav');
    const wav = res.rawPayload;
    expect(wav.length).toBe(44 + 8000);
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
    expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
    expect(wav.toString('ascii', 8, 16)).toBe('WAVEfmt ');
    expect([wav.readUInt16LE(20), wav.readUInt16LE(22), wav.readUInt32LE(24), wav.readUInt16LE(34)]).toEqual([1, 1, 8000, 8]);
    expect(wav.toString('ascii', 36, 40)).toBe('data');
    expect(wav.readUInt32LE(40)).toBe(8000);
    const samples = wav.subarray(44);
    expect(Math.max(...samples) - Math.min(...samples)).toBeGreaterThan(100); // a tone, not silence
    expect((await app.inject('/static/audio/morning-a.wav')).rawPayload.equals(wav)).toBe(true); // deterministic
  });

  it('serves only the demo files', async () => {
    expect((await app.inject('/static/audio/nope.wav')).statusCode).toBe(404);
    expect((await app.inject('/static/audio/..%2Fsecret.wav')).statusCode).toBe(400);
    expect((await app.inject('/static/gallery/nope.svg')).statusCode).toBe(404);
  });
});

describe('unknown content', () => {
  it.each(['/blog/nope', '/events/nope', '/videos/nope', '/gallery/workshop', '/about/anything', '/nope/thing', '/shop/nope'])('%s is 404', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Page not found');
  });
});

describe('seed', () => {
  it('clears and seeds again', () => {
    const store = openStore(':memory:');
    expect(seedDemoStore(store)).toBe(true);
    clearStore(store);
    expect(seedDemoStore(store)).toBe(true);
  });
});
