/**
 * Atelier (fixtures/themes/atelier), a theme in the platform's layout with no commerce templates: every page of
 * the demo store answers 200 inside its frame, each page in the layout its collection chooses, every
 * `<squarespace:…>` tag rendered from the store, and its LESS with tweaks served as one stylesheet. On the tests'
 * database: SQLite, and PostgreSQL in the `postgresql` project (its writes through the app's, which hears of them).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../db/database.js';
import { IslandAssets } from '../islands/assets.js';
import { LAYOUT_DOCUMENT } from '../site-layout.js';
import { addToCartApi, cookieOf, demoApp, siteDocumentBeside, withCrumb, withoutNonce, writeBeside } from '../test-support.js';
import { Theme } from '../theme.js';
import { BLOCK_FIELDS_DOCUMENT } from './block-fields.js';
import { PLATFORM_FOOTERS } from './page-footers.js';

const ORDER_DETAILS = { email: 'ada@example.com', name: 'Ada Lovelace', shippingAddress: { address1: '12 St James Sq', city: 'London', postalCode: 'SW1Y 4JH', country: 'GB' } };
const ATELIER = resolve(repoRoot(), 'fixtures/themes/atelier');
const LOADER = 'loader-ATELIERTEST.js';

let app: FastifyInstance;
let theme: Theme;
let buildDir: string;
const problems: string[] = [];

/** A stand-in islands build (manifest and loader only), so pages with islands get a loader tag. */
function fakeIslandBuild(dir: string): void {
  mkdirSync(dir, { recursive: true });
  const code = Buffer.from('export {};\n');
  writeFileSync(join(dir, LOADER), code);
  writeFileSync(join(dir, `${LOADER}.gz`), gzipSync(code));
  writeFileSync(join(dir, `${LOADER}.br`), brotliCompressSync(code));
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ loader: LOADER, islands: {}, files: { [LOADER]: { imports: [], bytes: code.length, gzip: 0, brotli: 0 } } }));
}

beforeAll(async () => {
  buildDir = mkdtempSync(join(tmpdir(), 'tessera-atelier-'));
  fakeIslandBuild(buildDir);
  theme = new Theme(ATELIER, false, (p) => problems.push(p), undefined, IslandAssets.load(buildDir));
  // the demo store on the tests' database (SQLite, or PostgreSQL under TESSERA_TEST_DATABASE)
  ({ app } = await demoApp({ theme }));
  // a collection of the theme's own type (collections/projects.conf), unless the theme's demo content made one at
  // start, and one of a type the theme lacks; an item `one` in each
  await writeBeside(app, async ({ db, t }) => {
    await db
      .insert(t.collections)
      .values([
        { id: 'projects', websiteId: 'demo', urlId: 'projects', title: 'Projects', type: 1, ordering: 90, settings: JSON.stringify({ typeName: 'projects' }) },
        { id: 'movies', websiteId: 'demo', urlId: 'movies', title: 'Movies', type: 1, ordering: 91, settings: JSON.stringify({ typeName: 'movies' }) },
      ])
      .onConflictDoNothing();
    const made = await db.select({ id: t.collections.id, urlId: t.collections.urlId }).from(t.collections).where(inArray(t.collections.urlId, ['projects', 'movies']));
    await db.insert(t.records).values(made.map(({ id, urlId }) => ({ id: `${urlId}-one`, collectionId: id, recordType: 1, title: `First of ${urlId}`, urlId: 'one', body: '<p>Body.</p>', excerpt: 'Lede.', publishOn: 0, ordering: 0 })));
  });
});
afterAll(async () => {
  await app?.close();
  rmSync(buildDir, { recursive: true, force: true });
});

/** The demo site's settings as stored, and a write of them (through the app's database, which then hears of it). */
async function siteSettingsText(): Promise<string> {
  const { db, t } = app.reads;
  const [site] = await db.select({ settings: t.websites.settings }).from(t.websites).where(eq(t.websites.id, 'demo'));
  return site!.settings;
}
const setSiteSettings = (settings: object) => writeBeside(app, ({ db, t }) => db.update(t.websites).set({ settings: JSON.stringify(settings) }).where(eq(t.websites.id, 'demo')));

const get = async (url: string, status = 200) => {
  const response = await app.inject({ url });
  expect(response.statusCode, url).toBe(status);
  return response.body;
};

const DEMO_PAGES = ['/', '/shop', '/shop?category=Kitchen', '/shop/p/linen-apron', '/shop/p/gift-card', '/cart', '/search?q=linen', '/blog', '/blog/caring-for-linen', '/events', '/gallery', '/lookbook', '/about', '/contact', '/videos', '/album', '/trade'];

describe('Atelier serves the demo store', () => {
  it.each(DEMO_PAGES)('%s: 200 inside its header and footer, no platform tag left', async (url) => {
    const html = await get(url);
    expect(html).toContain('class="masthead"');
    expect(html).toContain('class="colophon"');
    expect(html).not.toContain('<squarespace:');
    expect(html).not.toMatch(/[\u0001-\u0003]/);
  });

  it('answers the protected and missing pages through the system templates in its frame', async () => {
    for (const [url, status] of [['/members', 403], ['/nope', 404]] as const) {
      const html = await get(url, status);
      expect(html).toContain('class="masthead"');
      expect(html).toContain('class="sqs-system"');
    }
  });

  it('checkout and order confirmed come from the system templates too', async () => {
    const cart = await addToCartApi(app, { itemId: 'p03', quantity: 1 });
    const checkout = await app.inject({ url: '/checkout', cookies: { tessera_cart: cart } });
    expect(checkout.statusCode).toBe(200);
    expect(checkout.body).toContain('<div class="sqs-system">');
    expect(checkout.body).toContain('class="colophon"');
    const ordered = await app.inject(withCrumb({ method: 'POST', url: '/api/commerce/orders', payload: ORDER_DETAILS, cookies: { tessera_cart: cart } }));
    expect(ordered.statusCode).toBe(201);
    const order = ordered.json().order as { id: string };
    const confirmed = await app.inject({ url: `/checkout/order-confirmed/${order.id}`, cookies: { tessera_order: cookieOf(ordered, 'tessera_order')!.value } });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain('<div class="sqs-system">');
    expect(confirmed.body).toContain('class="masthead"');
  });

  it('loads without a single problem (templates, tags, confs, LESS)', async () => {
    for (const url of DEMO_PAGES) await get(url);
    expect(problems).toEqual([]);
    expect(theme.problems()).toEqual([]);
  });

  it('renders commerce pages from the system templates inside .sqs-system, its own pages without', async () => {
    expect(await get('/shop')).toContain('<div class="sqs-system">');
    expect(await get('/shop/p/linen-apron')).toContain('<div class="sqs-system">');
    expect(await get('/blog')).not.toContain('class="sqs-system"');
    expect(await get('/')).not.toContain('class="sqs-system"');
  });
});

describe('layouts', () => {
  it('the collection .conf chooses the layout: blog with the sidebar, gallery full width, the shop the default', async () => {
    const blog = await get('/blog');
    expect(blog).toContain('class="with-sidebar"');
    expect(blog).toContain('layout-sidebar');
    expect(await get('/blog/caring-for-linen')).toContain('class="with-sidebar"');
    const gallery = await get('/gallery');
    expect(gallery).toContain('page page--full');
    expect(gallery).not.toContain('with-sidebar');
    const shop = await get('/shop');
    expect(shop).toContain('layout-default');
    expect(shop).not.toContain('page--full');
  });

  it('a page setting (regionName) overrides the type, and an unknown layout falls back to the default', async () => {
    const setAbout = (settings: object) => writeBeside(app, ({ db, t }) => db.update(t.collections).set({ settings: JSON.stringify(settings) }).where(eq(t.collections.id, 'about')));
    const { db, t } = app.reads;
    const [aboutRow] = await db.select().from(t.collections).where(eq(t.collections.id, 'about'));
    try {
      await setAbout({ ...JSON.parse(aboutRow.settings), regionName: 'sidebar' });
      expect(await get('/about')).toContain('class="with-sidebar"');
      const json = await get('/about?format=json');
      expect(JSON.parse(json)['collection']['regionName']).toBe('sidebar');
      // the tags' data is read by templates only, never part of the page JSON
      expect(json).not.toContain('squarespace-tags');
      await setAbout({ ...JSON.parse(aboutRow!.settings), regionName: 'no-such-layout' });
      const html = await get('/about');
      expect(html).toContain('layout-default');
      expect(html).not.toContain('with-sidebar');
    } finally {
      await setAbout(JSON.parse(aboutRow!.settings));
    }
  });
});

describe('collection .conf files', () => {
  it('a collection of the theme type projects uses projects.list and projects.item', async () => {
    const list = await get('/projects');
    expect(list).toContain('class="project-list"');
    expect(list).toContain('page--full');
    expect(JSON.parse(await get('/projects?format=json'))['collection']['typeName']).toBe('projects');
    expect(await get('/projects/one')).toContain('class="project-page"');
  });

  it('a type the theme has no .conf for is shown as its kind (the blog templates)', async () => {
    const list = await get('/movies');
    expect(list).toContain('class="post-card');
    expect(list).not.toContain('project-list');
  });

  it('a .conf without an .item file leaves the item page to the system template (events)', async () => {
    expect(await get('/events')).toContain('class="agenda"');
    expect(await get('/events/apron-sewing-workshop')).toContain('<div class="sqs-system">');
  });
});

describe('the platform tags', () => {
  it('navigation: the main navigation through its block, the current page marked, also inside an attribute', async () => {
    const html = await get('/blog');
    expect(html).toMatch(/<nav class="main-nav"[^>]*>\s*<ul class="nav-list">/);
    expect(html).toMatch(/<a href="\/blog" aria-current="page">/);
    expect(html).toMatch(/<a href="\/shop">Shop<\/a>/);
    expect(html).toMatch(/<body [^>]*class="[^"]* has-main-nav"/);
  });

  it('navigation: a second navigation lists the site until the owner fills it, then renders its links', async () => {
    // the demo's navigations (server/theme-content/ensure-theme-content.ts): every one lists the site's pages
    expect(await get('/')).toContain('<ul class="footer-list footer-list--secondary"><li><a href="/shop">Shop</a></li><li><a href="/blog">Journal</a></li>');
    await siteDocumentBeside(app, 'demo', LAYOUT_DOCUMENT, [
      { identifier: 'mainNav', links: [{ collectionId: 'shop' }, { title: 'Studio', items: [{ collectionId: 'blog' }, { collectionId: 'events' }] }] },
      { identifier: 'footerNav', links: [{ collectionId: 'contact' }, { externalLink: 'https://example.org/', title: 'Elsewhere' }, { externalLink: 'javascript:alert(1)' }] },
    ]);
    try {
      const html = await get('/');
      expect(html).toContain('<ul class="footer-list footer-list--secondary"><li><a href="/contact">Contact</a></li><li><a href="https://example.org/">Elsewhere</a></li></ul>');
      expect(html).not.toContain('javascript:');
      // the folder of the main navigation, open on a page inside it
      expect(html).toMatch(/<span class="nav-folder">Studio<\/span>/);
      const blog = await get('/blog');
      expect(blog).toMatch(/<li class="nav-item is-open">/);
      // folder-navigation: only on a page inside a folder (the default layout's page region holds it)
      const events = await get('/events');
      expect(events).toMatch(/<nav class="folder-nav" aria-label="Studio">\s*<ul><li><a href="\/blog">Journal<\/a><\/li><li><a href="\/events" aria-current="page">Events<\/a><\/li><\/ul>/);
      expect(await get('/shop')).not.toContain('folder-nav');
    } finally {
      await siteDocumentBeside(app, 'demo', LAYOUT_DOCUMENT, undefined);
    }
  });

  it('query: featured products, the latest posts and upcoming events on the home page, within their limits', async () => {
    const html = await get('/');
    const featured = html.slice(html.indexOf('From the workshop'), html.indexOf('From the journal'));
    const tiles = featured.match(/class="product-tile"/g) ?? [];
    expect(tiles.length).toBeGreaterThan(0);
    expect(tiles.length).toBeLessThanOrEqual(4);
    expect(featured).toContain('href="/shop"');
    const journal = html.slice(html.indexOf('From the journal'), html.indexOf('Coming up'));
    expect(journal.match(/<article class="post-card/g)).toHaveLength(3);
    expect(html.slice(html.indexOf('Coming up'))).toContain('class="agenda-item"');
  });

  it('category: the journal topics with their counts, the current one marked', async () => {
    const html = await get('/blog?category=Care');
    expect(html).toMatch(/<a class="topic" href="\/blog\?category=Care" aria-current="page">Care <span class="topic-count">\d+<\/span><\/a>/);
    expect(html).toMatch(/<a class="topic" href="\/blog\?category=Workshop">Workshop/);
  });

  it('related: other posts sharing a category or tag, never the post itself', async () => {
    const html = await get('/blog/caring-for-linen');
    const related = html.slice(html.indexOf('Read next'), html.indexOf('</section>', html.indexOf('Read next')));
    expect(related).toContain('<article class="post-card');
    expect(related).not.toContain('href="/blog/caring-for-linen"');
    expect(related.match(/<article class="post-card/g)!.length).toBeLessThanOrEqual(2);
    expect(await get('/blog')).not.toContain('Read next');
  });

  it('block-field: an empty field where nothing is stored, the stored blocks where they are (its id may be JSON-T)', async () => {
    const empty = await get('/blog/caring-for-linen');
    expect(empty).toContain('<div class="sqs-layout sqs-grid-12 columns-12 empty footer-blocks" data-type="block-field" id="footerBlocks"><div class="row sqs-row"><div class="col sqs-col-12 span-12"></div></div></div>');
    expect(empty).toContain('id="blog-caring-for-linen-after"');
    await siteDocumentBeside(app, 'demo', BLOCK_FIELDS_DOCUMENT, {
      footerBlocks: [{ type: 'html', html: '<p>Open Tuesday to Saturday.</p>' }, { type: 'button', text: 'Visit "us"', url: 'javascript:alert(1)' }],
      'blog-caring-for-linen-after': [{ type: 'image', url: '/assets/mark.svg', alt: 'Mark' }],
    });
    try {
      const html = await get('/blog/caring-for-linen');
      expect(html).toContain('<div class="sqs-layout sqs-grid-12 columns-12 footer-blocks" data-type="block-field" id="footerBlocks"><div class="row sqs-row"><div class="col sqs-col-12 span-12"><div class="sqs-block html-block sqs-block-html" data-block-type="2" id="block-footerBlocks-1"><div class="sqs-block-content"><p>Open Tuesday to Saturday.</p></div></div>');
      expect(html).toContain('<a class="sqs-block-button-element" href="#">Visit &#34;us&#34;</a>');
      expect(html).toMatch(/id="blog-caring-for-linen-after"><div class="row sqs-row"><div class="col sqs-col-8 span-8"><div class="sqs-block image-block[^>]*><div class="sqs-block-content"><img src="\/assets\/mark.svg" alt="Mark"/);
      expect(await get('/blog/mending-basics')).toMatch(/empty post-after" data-type="block-field" id="blog-mending-basics-after"/);
    } finally {
      await siteDocumentBeside(app, 'demo', BLOCK_FIELDS_DOCUMENT, undefined);
    }
  });

  it('script: the theme script from /scripts, then the platform footers and the island loader where {squarespace-footers} stands', async () => {
    const product = await get('/shop/p/linen-apron');
    expect(withoutNonce(product)).toContain(`<script src="/scripts/site.js"></script>\n${PLATFORM_FOOTERS}<script type="module" nonce="{nonce}" src="/static/islands/${LOADER}"></script>\n</body>`);
    const blog = await get('/blog');
    expect(blog).toContain(`<script src="/scripts/site.js"></script>\n${PLATFORM_FOOTERS}\n</body>`);
    expect((await app.inject('/scripts/site.js')).statusCode).toBe(200);
  });

  it('the system partial sqs-share-buttons, when the site turns sharing on', async () => {
    expect(await get('/blog/caring-for-linen')).not.toContain('sqs-share-buttons');
    const settings = await siteSettingsText();
    await setSiteSettings({ ...JSON.parse(settings), shareButtonOptions: { 1: true } });
    try {
      const html = await get('/blog/caring-for-linen');
      expect(html).toContain('<div class="sqs-share-buttons"><span class="squarespace-social-buttons inline-style"');
      expect(html).toContain('href="mailto:?subject=Caring%20for%20linen&amp;body=/blog/caring-for-linen"');
    } finally {
      await setSiteSettings(JSON.parse(settings));
    }
  });

  it('{squarespace-headers}: the one stylesheet, Open Graph meta and the page context with the crumb', async () => {
    const response = await app.inject('/blog/caring-for-linen');
    const html = response.body;
    expect(html.match(/<link rel="stylesheet"/g)).toHaveLength(1);
    expect(html).toContain('<meta property="og:title" content="Caring for linen">');
    expect(html).toContain('<meta property="og:type" content="article">');
    const json = JSON.parse(/<script type="application\/json" id="squarespace-context">(.*?)<\/script>/.exec(html)![1]!);
    expect(json).toMatchObject({ websiteId: 'demo', pageType: 50, collectionId: 'blog', itemId: 'blog-caring-for-linen' });
    expect(json.crumb).toMatch(/^[0-9a-f]{32}$/);
    expect(String(response.headers['set-cookie'])).toContain(`crumb=${json.crumb}`);
  });
  it('carries the commerce island’s words for a page in another language, and none in English', async () => {
    const contextJson = (html: string) => JSON.parse(/<script type="application\/json" id="squarespace-context">(.*?)<\/script>/.exec(html)![1]!);
    expect(contextJson((await app.inject('/shop/p/field-shirt')).body).messages).toBeUndefined();
    const settings = await siteSettingsText();
    await setSiteSettings({ ...JSON.parse(settings), language: 'de-DE' });
    const { messages } = contextJson((await app.inject('/shop/p/field-shirt')).body);
    expect(messages.words).toEqual({ locale: 'de-DE', text: expect.objectContaining({ 'addButton.adding': 'Wird hinzugefügt…', 'alert.ok': 'OK' }) });
    expect(messages.refusals.locale).toBe('de-DE');
    expect(Object.keys(messages.refusals.text).length).toBeGreaterThan(0);
    await setSiteSettings(JSON.parse(settings));
  });
});

describe('LESS and tweaks', () => {
  it('serves one hashed stylesheet: the system styles scoped first, then its LESS compiled in order', async () => {
    const html = await get('/');
    const href = /<link rel="stylesheet" href="([^"]+)">/.exec(html)![1]!;
    expect(href).toMatch(/^\/static\/theme\/site-[0-9a-f]{12}\.css$/);
    const response = await app.inject({ url: href, headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const css = gunzipSync(response.rawPayload).toString();
    expect(css).toContain('.sqs-system .button');
    // scoped: no rule of the system styles reaches the theme's own markup
    expect(css).not.toMatch(/[},]\.button[{,]/);
    // variables.less's values reach base.less and layout.less; mixins expand
    expect(css).toMatch(/body\{[^}]*background:#f6f1e9/);
    expect(css).toMatch(/\.masthead-inner\{[^}]*max-width:1160px/);
    // the theme's tokens for the system pages come after the system's own, so they win
    expect(css.indexOf('--color-accent: #1f1b16')).toBeGreaterThan(css.indexOf('--color-accent: #1f5a4a'));
    expect(css.indexOf('--color-accent: #1f5a4a')).toBeGreaterThan(-1);
    expect(css).not.toContain('@paperColor');
  });

  it('reads each tweak with its default, in the platform\'s forms; checkbox and dropdown tweaks become page classes first', async () => {
    const tweaks = theme.tweaks();
    expect(tweaks.map((t) => [t.name, t.type, t.default])).toEqual([
      ['paperColor', 'color', '#f6f1e9'],
      ['inkColor', 'color', '#1f1b16'],
      ['accentColor', 'color', '#9c4221'],
      ['siteWidth', 'value', '1160px'],
      ['heading-font', 'font', '{font-family:"Iowan Old Style", "Palatino Linotype", Palatino, "URW Palladio L", P052, Georgia, serif}'],
      ['body-font', 'font', '{font-family:system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif}'],
      ['tweak-uppercase-nav', 'checkbox', 'true'],
      ['tweak-gallery-columns', 'dropdown', 'three'],
    ]);
    expect(tweaks[3]).toMatchObject({ title: 'Site width', file: 'styles/variables.less', min: 800, max: 1600, step: 10 });
    expect(await get('/gallery')).toMatch(/<body id="[^"]+" class="tweak-uppercase-nav tweak-gallery-columns-three page-type-1 collection-type-gallery collection-layout-full view-list layout-full/);
  });
});
