/**
 * Tag Forms (fixtures/themes/tag-forms): the forms platform themes write in `<squarespace:…>` tags, served over
 * the demo store. JSON-T in attributes is rendered where the tag stands (a featured query of the page's own
 * collection, a query per navigation item, a block field named after the page, a script's combo), and every
 * page answers with no problem logged.
 */
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../db/database.js';
import { writeSiteDocumentStep } from '../site-documents.js';
import { LAYOUT_DOCUMENT } from '../site-layout.js';
import { demoApp } from '../test-support.js';
import { Theme } from '../theme.js';
import { BLOCK_FIELDS_DOCUMENT } from './block-fields.js';

const problems: string[] = [];
let app: FastifyInstance;

beforeAll(async () => {
  // three pages in the main navigation: with the featured query, four queries on a page (the platform renders 8)
  app = (await demoApp({ theme: new Theme(resolve(repoRoot(), 'fixtures/themes/tag-forms'), false, (p) => problems.push(p)) })).app;
  await app.stores.transactions.write((q) => writeSiteDocumentStep(q, 'demo', LAYOUT_DOCUMENT, [{ identifier: 'mainNav', links: [{ collectionId: 'shop' }, { collectionId: 'blog' }, { collectionId: 'about' }] }]));
  await app.stores.transactions.write((q) => writeSiteDocumentStep(q, 'demo', BLOCK_FIELDS_DOCUMENT, { 'footer--blog': [{ type: 'html', html: '<p>The blog footer.</p>' }] }));
});
afterAll(async () => app?.close());

const get = async (url: string) => {
  const res = await app.inject(url);
  expect(res.statusCode, url).toBe(200);
  return res.body;
};

describe('the tag forms of platform themes', () => {
  it('a featured query of the page\'s own collection; the posts of the list', async () => {
    const blog = await get('/blog');
    expect([...blog.matchAll(/class="featured-post" href="([^"]+)"/g)].map((m) => m[1])).toEqual(['/blog/first-workshop-notes']);
  });

  it('a query per navigation item, inside the navigation tag\'s body', async () => {
    const blog = await get('/blog');
    const latest = [...blog.matchAll(/class="latest-item" data-from="([^"]+)"/g)].map((m) => m[1]);
    // about is a page: no items
    expect(latest).toEqual(['shop', 'blog']);
    expect(blog).toMatch(/<nav class="main-nav"><ul>.*<a href="\/blog" aria-current="page">/s);
  });

  it('a block field named after the page; the script with its JSON-T combo; a versioned asset', async () => {
    const blog = await get('/blog');
    expect(blog).toContain('id="footer--blog"><div class="row sqs-row"><div class="col sqs-col-12 span-12"><div class="sqs-block html-block sqs-block-html"');
    expect(await get('/about')).toContain('class="sqs-layout sqs-grid-12 columns-12 empty" data-type="block-field" id="footer--about"');
    expect(blog).toContain('<script src="/scripts/forms.js"></script>');
    expect(blog).toContain('<link rel="stylesheet" href="/versioned-assets/forms.css">');
    expect(await get('/versioned-assets/forms.css')).toContain('.featured-post');
  });

  it('escape keeps its body as it is; the revision and the page title', async () => {
    const blog = await get('/blog');
    expect(blog).toContain('<script type="text/x-template">{literal} {.section nothing}</script>');
    expect(blog).toMatch(/data-revision="\d+"/);
    expect(blog).toContain(`<p class="page-title">${/<title>([^<]+)<\/title>/.exec(blog)![1]}</p>`);
  });

  it('related posts on a post (share buttons only where the site turns sharing on); a static page titled by its .page.conf', async () => {
    const post = await get('/blog/first-workshop-notes');
    expect(post).toContain('<ul class="related"><li><a href="/blog/new-indigo-dye">A new indigo dye bath</a></li></ul>');
    expect(post).not.toContain('sqs-share-buttons');
    expect(await get('/notes')).toContain('<h1>Notes</h1>');
  });

  it('no page logs a problem', async () => {
    for (const url of ['/', '/blog', '/blog/first-workshop-notes', '/shop', '/about', '/notes', '/events']) await get(url);
    expect(problems).toEqual([]);
  });
});
