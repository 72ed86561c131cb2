/**
 * A multilingual site (issue 27): an English demo with German, French and Japanese connected through the
 * multilingual document. Each language is served under its prefix (`/de/…`) with its lang, words and money;
 * links and redirects stay under the prefix; every page names its alternates (hreflang) and draws the
 * switcher; the site's own language stays at `/`; a site without languages has no prefixes.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addToCartApi, demoApp, FORM_HEADERS, siteDocumentBeside, siteIdOf, TEST_COOKIES, TEST_CRUMB, withCrumb } from '../test-support.js';
import { prefixLinks, prefixLocation } from './language-paths.js';
import { languageName } from './language-links.js';
import { languageOfPath, MULTILINGUAL_DOCUMENT, servedLanguages } from './site-languages.js';

/** The text of markup: numeric references and the named ones. */
const text = (html: string) =>
  html
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

describe('served languages and prefixes', () => {
  it('the site’s own at no prefix, others at their primary subtag, the whole tag where two share one', () => {
    expect(servedLanguages('en-US', ['de-DE', 'en-US', 'pt-BR', 'pt-PT'])).toEqual([
      { language: 'en-US', prefix: '' },
      { language: 'de-DE', prefix: '/de' },
      { language: 'pt-BR', prefix: '/pt-br' },
      { language: 'pt-PT', prefix: '/pt-pt' },
    ]);
    const served = servedLanguages('en-US', ['de-DE']);
    expect(languageOfPath(served, '/de')?.language).toBe('de-DE');
    expect(languageOfPath(served, '/de/shop?x=1')?.language).toBe('de-DE');
    expect(languageOfPath(served, '/DE?x')?.language).toBe('de-DE');
    expect(languageOfPath(served, '/design')).toBeUndefined();
    expect(languageOfPath(served, '/')).toBeUndefined();
    expect(languageOfPath(servedLanguages('en-US', []), '/de')).toBeUndefined();
  });

  it('each language named in its own words', () => {
    const served = servedLanguages('en-US', ['de-DE', 'fr-FR', 'ja-JP']);
    expect(served.map((l) => languageName(l.language, served))).toEqual(['English', 'Deutsch', 'Français', '日本語']);
    const british = servedLanguages('en-GB', ['en-US']);
    expect(languageName('en-GB', british)).toMatch(/^British English$/);
  });

  it('links of pages go under the prefix; assets, the admin, API links and other hosts do not', () => {
    const html =
      '<a href="/shop">x</a><form action="/cart/add"></form><link rel="stylesheet" href="/static/site.css"><a href="/config">o</a>' +
      '<a href=\'/cart\'>c</a><a href="//cdn.example/x">y</a><a href="https://a.example/">z</a><a href="/api/images/p.webp">i</a><form action="/api/form"></form><link rel="icon" href="/favicon.svg">';
    expect(prefixLinks(`<html lang="de">${html}`, '/de')).toBe(
      '<html data-path-prefix="/de" lang="de"><a href="/de/shop">x</a><form action="/de/cart/add"></form><link rel="stylesheet" href="/static/site.css"><a href="/config">o</a>' +
        '<a href=\'/de/cart\'>c</a><a href="//cdn.example/x">y</a><a href="https://a.example/">z</a><a href="/api/images/p.webp">i</a><form action="/de/api/form"></form><link rel="icon" href="/favicon.svg">',
    );
    expect(prefixLocation('/cart?message=x', '/de')).toBe('/de/cart?message=x');
    expect(prefixLocation('https://pay.example/', '/de')).toBe('https://pay.example/');
    expect(prefixLocation('//evil.example/', '/de')).toBe('//evil.example/');
  });
});

describe('a multilingual site', () => {
  let app: FastifyInstance;
  let websiteId: string;
  beforeAll(async () => {
    ({ app } = await demoApp());
    websiteId = await siteIdOf(app);
  });
  afterAll(() => app.close());
  beforeEach(() => siteDocumentBeside(app, websiteId, MULTILINGUAL_DOCUMENT, { languages: ['de-DE', 'fr-FR', 'ja-JP'], connected: true }));

  const get = async (url: string, cookies?: Record<string, string>) => app.inject(withCrumb({ url, ...(cookies ? { cookies } : {}) }));
  const hrefs = (html: string) => [...html.matchAll(/<a [^>]*href="([^"]*)"/g)].map((m) => m[1]!);

  it('a product page under /de: German lang, words and money; its links stay under /de; the assets do not move', async () => {
    const res = await get('/de/shop/p/field-shirt');
    expect(res.statusCode).toBe(200);
    const html = text(res.body);
    expect(html).toMatch(/<html data-path-prefix="\/de" lang="de-DE"/);
    expect(html).toContain('In den Warenkorb');
    expect(html).toContain('89,00\u00a0$');
    expect(html).toContain('action="/de/cart/add"');
    const links = hrefs(html).filter((h) => h.startsWith('/'));
    expect(links).toContain('/de/cart');
    expect(links).toContain('/de/shop');
    expect(links.filter((h) => !h.startsWith('/de/') && h !== '/de')).toEqual([]);
    expect(html).toMatch(/<link rel="stylesheet" href="\/static\//);
  });

  it('hreflang alternates for each language and x-default, absolute, for the page asked', async () => {
    const html = (await get('/de/shop/p/field-shirt')).body;
    const alternates = [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/g)].map((m) => [m[1], m[2]]);
    expect(alternates).toEqual([
      ['en-US', 'http://localhost:80/shop/p/field-shirt'],
      ['de-DE', 'http://localhost:80/de/shop/p/field-shirt'],
      ['fr-FR', 'http://localhost:80/fr/shop/p/field-shirt'],
      ['ja-JP', 'http://localhost:80/ja/shop/p/field-shirt'],
      ['x-default', 'http://localhost:80/shop/p/field-shirt'],
    ]);
  });

  it('the switcher: every language by its name, linked to this page in it, the current one marked', async () => {
    const html = text((await get('/fr/cart')).body);
    expect(html).toMatch(/<html data-path-prefix="\/fr" lang="fr-FR"/);
    const nav = /<nav class="language-list" id="language-list" popover aria-label="Langue">(.*?)<\/nav>/.exec(html)![1]!;
    expect([...nav.matchAll(/<a href="([^"]+)" hreflang="([^"]+)" lang="[^"]+"( aria-current="true")?>([^<]+)<\/a>/g)].map((m) => [m[1], m[2], m[3] !== undefined, m[4]])).toEqual([
      ['http://localhost:80/cart', 'en-US', false, 'English'],
      ['http://localhost:80/de/cart', 'de-DE', false, 'Deutsch'],
      ['http://localhost:80/fr/cart', 'fr-FR', true, 'Français'],
      ['http://localhost:80/ja/cart', 'ja-JP', false, '日本語'],
    ]);
    expect(html).toContain('popovertarget="language-list"');
    expect(html).toMatch(/<span class="visually-hidden">Langue: Français<\/span>/);
  });

  it('the site’s own language stays at /, untouched, and kept pages do not mix languages', async () => {
    await get('/de/shop/p/field-shirt');
    const html = text((await get('/shop/p/field-shirt')).body);
    expect(html).toMatch(/<html lang="en-US"/);
    expect(html).toContain('Add To Cart');
    expect(hrefs(html)).toContain('/cart');
    expect(html).toContain('<link rel="alternate" hreflang="de-DE" href="http://localhost:80/de/shop/p/field-shirt">');
    expect(text((await get('/de/shop/p/field-shirt')).body)).toContain('In den Warenkorb');
  });

  it('the home page at /de and /de/, the 404 page in the language, the JSON context with the real links', async () => {
    for (const url of ['/de', '/de/']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toMatch(/<html data-path-prefix="\/de" lang="de-DE"/);
    }
    const missing = await get('/ja/no-such-page');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toMatch(/<html data-path-prefix="\/ja" lang="ja-JP"/);
    const json = JSON.parse((await get('/de/shop?format=json')).body);
    expect(json.website.language).toBe('de-DE');
    expect(json.multilingual.languages[1]).toMatchObject({ language: 'de-DE', url: 'http://localhost:80/de/shop', current: true });
  });

  it('a plain add to cart under /de comes back to /de/cart; the cart and the checkout are German there', async () => {
    const add = await app.inject({ method: 'POST', url: '/de/cart/add', headers: FORM_HEADERS, cookies: TEST_COOKIES, payload: `crumb=${TEST_CRUMB}&itemId=p01&quantity=1` });
    expect(add.statusCode).toBe(303);
    expect(String(add.headers.location)).toMatch(/^\/de\/cart/);
    expect(text((await get('/de/cart?message=cart.notEnoughStock')).body)).toContain('Von diesem Artikel haben wir leider nicht genug vorrätig.');
    const cookies = { tessera_cart: await addToCartApi(app, { itemId: 'p01', quantity: 1 }) };
    const checkout = text((await get('/de/checkout', cookies)).body);
    expect(checkout).toContain('Zahlungspflichtig bestellen');
    expect(checkout).toContain('action="/de/checkout"');
  });

  it('the contact form under /de: German words, and a refused plain post answers in German', async () => {
    expect(text((await get('/de/contact')).body)).toContain('>Senden</button>');
    const body = new URLSearchParams({ crumb: TEST_CRUMB, name: 'Ada', email: 'nope', message: '' });
    const res = await app.inject({ method: 'POST', url: '/de/forms/contact-form', cookies: TEST_COOKIES, headers: FORM_HEADERS, payload: body.toString() });
    expect(text(res.body)).toContain('Die E-Mail-Adresse ist ungültig. Sie sollte die Form user@domain.com haben.');
  });

  it('without connected languages there are no prefixes, no switcher and no alternates', async () => {
    await siteDocumentBeside(app, websiteId, MULTILINGUAL_DOCUMENT, undefined);
    // where the site is loaded ahead (PostgreSQL), the prefixes follow the languages one request later
    // (site-data.ts `siteLanguages`: `rewriteUrl` runs before any hook can read): that request first
    await get('/');
    expect((await get('/de/shop/p/field-shirt')).statusCode).toBe(404);
    const html = (await get('/shop/p/field-shirt')).body;
    expect(html).not.toContain('hreflang');
    expect(html).not.toContain('language-list');
  });
});
