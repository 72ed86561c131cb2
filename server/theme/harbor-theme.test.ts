/**
 * Harbor (fixtures/themes/harbor), a theme written as for the hosted platform by someone who did not write
 * Tessera: every page of the demo store answers inside its frame with no `<squarespace:` left and no problem
 * logged, and what such a theme leaves to the platform is there (title, image loader, LESS division, page
 * classes, a static page).
 */
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../db/database.js';
import { LAYOUT_DOCUMENT } from '../site-layout.js';
import { writeSiteDocumentStep } from '../site-documents.js';
import { addToCartApi, demoApp } from '../test-support.js';
import { Theme } from '../theme.js';

const problems: string[] = [];
let app: FastifyInstance;
let theme: Theme;

beforeAll(async () => {
  // a main navigation with a folder, as an owner arranges it
  theme = new Theme(resolve(repoRoot(), 'fixtures/themes/harbor'), false, (p) => problems.push(p));
  app = (await demoApp({ theme })).app;
  await app.stores.transactions.write((q) => writeSiteDocumentStep(q, 'demo', LAYOUT_DOCUMENT, [{ identifier: 'mainNav', links: [{ collectionId: 'shop' }, { title: 'Journal', items: [{ collectionId: 'blog' }, { collectionId: 'events' }] }, { collectionId: 'about' }] }]));
});
afterAll(async () => app?.close());

const PAGES: [string, number][] = [
  ['/', 200], ['/shop', 200], ['/shop/p/linen-apron', 200], ['/cart', 200], ['/blog', 200], ['/blog?page=2', 200],
  ['/blog?category=Care', 200], ['/blog/caring-for-linen', 200], ['/events', 200], ['/events/apron-sewing-workshop', 200],
  ['/gallery', 200], ['/lookbook', 200], ['/album', 200], ['/videos', 200], ['/about', 200], ['/contact', 200],
  ['/search?q=linen', 200], ['/trade', 200], ['/visit', 200], ['/members', 403], ['/nope', 404],
];

describe('Harbor over the demo store', () => {
  it('answers every page inside its header and footer, every tag rendered, nothing logged', async () => {
    for (const [url, status] of PAGES) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBe(status);
      expect(response.body, url).toContain('<header id="header" class="site-header"');
      expect(response.body, url).toContain('<footer id="footer" class="site-footer"');
      expect(response.body, url).not.toContain('<squarespace:');
      expect(response.body, url).toMatch(/<title>[^<]+<\/title>/);
    }
    const cart = await addToCartApi(app, { itemId: 'p03', quantity: 1 });
    expect((await app.inject({ url: '/checkout', cookies: { tessera_cart: cart } })).body).toContain('class="site-footer"');
    expect(JSON.parse((await app.inject('/blog?format=json')).body).collection.regionName).toBe('sidebar');
    expect(problems).toEqual([]);
    expect(theme.problems()).toEqual([]);
  });

  it('gives what platform themes leave to the platform: title, image loader, page classes', async () => {
    const post = (await app.inject('/blog/caring-for-linen')).body;
    expect(post).toContain('<title>Caring for linen \u2014 Tessera Supply Co.</title>');
    expect(post).toMatch(/<body id="[^"]+" class="tweak-uppercase-navigation tweak-blog-layout-cards tweak-gallery-columns-three page-type-50 collection-type-blog collection-layout-sidebar view-item harbor-blog">/);
    const home = (await app.inject('/')).body;
    expect(home).toMatch(/<img data-src="\/static\/images\/p\d+\.svg"/);
    expect(home).toContain('window.ImageLoader');
    // the folder of the main navigation, and the folder's own navigation on a page inside it
    expect(home).toMatch(/<li class="nav-item folder">\s*<button class="folder-toggle"[^>]*>Journal<\/button>/);
    expect((await app.inject('/events')).body).toMatch(/<nav class="folder-nav" aria-label="Journal">/);
  });

  it('serves its LESS divided as the platform divides, with the tweaks of imported files, and its static page', async () => {
    const css = theme.stylesheet()!.raw.toString();
    expect(css).not.toMatch(/\dpx \/ \d/);
    expect(css).toMatch(/body\{background:#f7f4ee;color:#1d2a33;font-family:Georgia,Times New Roman,serif;font-weight:400;font-size:17px;line-height:1\.6/);
    expect(theme.tweaks().map((t) => t.name)).toContain('heading-font');
    const visit = (await app.inject('/visit')).body;
    expect(visit).toContain('<title>Visit the Studio \u2014 Tessera Supply Co.</title>');
    expect(visit).toContain('<h1 class="collection-title">Visit the Studio</h1>');
  });
});
