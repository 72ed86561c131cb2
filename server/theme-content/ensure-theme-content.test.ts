/**
 * The content made for a theme in the store (ensure-theme-content.ts) and how it is served: once only, an
 * owner's layout kept, the default theme's store untouched; the index as the home page, a folder leading to
 * its first page, a collection at an address with a slash, a custom item's JSON. On the database `demoApp()`
 * builds on (SQLite, or PostgreSQL in the `postgresql` project): the content is made there as a node starts.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { repoRoot } from '../db/database.js';
import { runRead } from '../db/work.js';
import { LAYOUT_DOCUMENT } from '../site-layout.js';
import { readSiteDocumentStep, writeSiteDocumentStep } from '../site-documents.js';
import { demoApp } from '../test-support.js';
import { Theme } from '../theme.js';
import { GENERATED_NAVIGATION, themeContentWork } from './ensure-theme-content.js';

let dir: string;

/** A small platform theme: a custom type, an index, a folder, a query by a path with a slash. */
function writeTheme(): string {
  const root = mkdtempSync(join(tmpdir(), 'tessera-theme-content-'));
  mkdirSync(join(root, 'collections'));
  const file = (path: string, text: string) => writeFileSync(join(root, path), text);
  file(
    'template.conf',
    JSON.stringify({
      name: 'Content test',
      author: 'Tessera',
      layouts: { default: { name: 'Default', regions: ['site'] } },
      navigations: [{ title: 'Main', name: 'main' }, { title: 'Footer', name: 'footer' }],
      customTypes: [{ title: 'Project', name: 'project', base: 'text', fields: [{ name: 'client', title: 'Client', type: 'text' }, { name: 'thumb', title: 'Thumb', type: 'image' }] }],
    }),
  );
  file(
    'site.region',
    '<!doctype html><html><head>{squarespace-headers}</head><body class="{squarespace.page-classes}">' +
      '<nav><squarespace:navigation navigationId="main"><ul>{.repeated section items}<li><a href="{collection.fullUrl}">{collection.navigationTitle}</a></li>{.end}</ul></squarespace:navigation></nav>' +
      '<main>{squarespace.main-content}</main>' +
      '<aside><squarespace:query collection="work/clients" limit="2" featured="true">{.repeated section items}<a class="featured" href="{fullUrl}">{title}</a>{.end}</squarespace:query></aside>' +
      '{squarespace-footers}</body></html>',
  );
  file('collections/projects.conf', JSON.stringify({ title: 'Projects', ordering: 'user-orderable', acceptTypes: ['project'] }));
  file('collections/projects.list', '<ul class="projects">{.repeated section items}<li><a href="{fullUrl}">{title}</a> for {customContent.client}</li>{.end}</ul>');
  file('collections/projects.item', '<article class="project">{.section item}<h1>{title}</h1><p class="client">{customContent.client}</p><img src="{customContent.thumb.assetUrl}">{.end}</article>');
  file('collections/index.conf', JSON.stringify({ title: 'Index', folder: true, index: true, acceptTypes: ['page', 'projects'] }));
  file('collections/index.list', '<div class="index">{.repeated section collection.collections}<section id="{urlId}">{.if mainContent}{mainContent}{.end}{.repeated section items}<p class="child-item">{title}</p>{.end}</section>{.end}</div>');
  file('collections/folders.conf', JSON.stringify({ title: 'Folder', folder: true }));
  return root;
}

beforeAll(() => {
  dir = writeTheme();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The demo shop on the tests' database (served with the default theme, which makes no content). */
let shop: FastifyInstance;
const count = async () => (await shop.reads.db.select().from(shop.reads.t.collections)).length;
const ensureThemeContent = (theme: Theme) => shop.stores.transactions.write((q) => themeContentWork(q, theme));
const layoutOf = () => runRead(shop.reads, (q) => readSiteDocumentStep(q, 'demo', LAYOUT_DOCUMENT));

describe('ensureThemeContent', () => {
  beforeEach(async () => void ({ app: shop } = await demoApp()));
  afterEach(async () => shop?.close());
  it('makes the content once: a second start finds it there and makes nothing', async () => {
    const before = await count();
    const made = await ensureThemeContent(new Theme(dir, false));
    expect(made).toEqual(expect.arrayContaining(['theme-projects', 'theme-work--clients', 'theme-index', 'theme-folders']));
    expect(await count()).toBe(before + made.length);
    expect(await ensureThemeContent(new Theme(dir, false))).toEqual([]);
    expect(await count()).toBe(before + made.length);
  });

  it("fills every navigation of the theme, and keeps an owner's saved layout", async () => {
    await ensureThemeContent(new Theme(dir, false));
    const layout = (await layoutOf()) as Record<string, unknown>[];
    expect(layout.map((e) => [e['identifier'], e[GENERATED_NAVIGATION]])).toEqual([['main', true], ['footer', true]]);
    const links = layout[0]!['links'] as { collectionId: string; items?: { collectionId: string }[] }[];
    expect(links.slice(0, 2).map((l) => l.collectionId)).toEqual(['shop', 'blog']);
    // the index holds the projects and its pages; the folder About and Contact; nothing protected anywhere
    expect(links.find((l) => l.collectionId === 'theme-index')!.items!.map((i) => i.collectionId)).toEqual(['theme-index-intro', 'theme-index-about', 'theme-projects']);
    expect(links.find((l) => l.collectionId === 'theme-folders')!.items!.map((i) => i.collectionId)).toEqual(['about', 'contact']);
    const all = JSON.stringify(layout);
    for (const id of ['trade', 'members', 'lookbook', 'videos']) expect(all).not.toContain(`"${id}"`);

    const owners = [{ identifier: 'main', links: [{ collectionId: 'shop' }] }];
    await shop.stores.transactions.write((q) => writeSiteDocumentStep(q, 'demo', LAYOUT_DOCUMENT, owners));
    await ensureThemeContent(new Theme(dir, false));
    expect(await layoutOf()).toEqual(owners);
  });

  it("leaves the default theme's store as it is", async () => {
    const before = await count();
    expect(await ensureThemeContent(new Theme(resolve(repoRoot(), 'templates'), false))).toEqual([]);
    expect(await count()).toBe(before);
    expect(await layoutOf()).toBeUndefined();
  });
});

describe('a theme served over its content', () => {
  let app: FastifyInstance;
  const problems: string[] = [];
  beforeAll(async () => {
    ({ app } = await demoApp({ themeDir: dir, log: (p) => problems.push(p) }));
  });
  afterAll(async () => app?.close());
  const get = (url: string) => app.inject(url);
  const json = async (url: string) => JSON.parse((await get(`${url}?format=json`)).body) as Record<string, any>;

  it('/ is the index: its pages and collections rendered by index.list, homepage in its JSON and page classes', async () => {
    const home = await get('/');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('<section id="index-intro"><h2>Introduction</h2>');
    expect(home.body).toContain('<p class="child-item">Northern Light</p>');
    expect(home.body).toMatch(/<body class="[^"]*homepage[^"]*collection-type-index/);
    const context = await json('/');
    expect(context['collection']).toMatchObject({ type: 1, typeName: 'index', folder: true, folderBehavior: 1, homepage: true });
    expect(context['collection']['collections'].map((c: Record<string, unknown>) => c['typeName'])).toEqual(['page', 'page', 'projects']);
  });

  it('a custom type: its list and items through its templates, customContent in the item JSON', async () => {
    expect((await get('/projects')).body).toContain('<li><a href="/projects/northern-light">Northern Light</a> for Client: Northern Light</li>');
    const item = await get('/projects/northern-light');
    expect(item.body).toContain('<p class="client">Client: Northern Light</p><img src="/static/gallery/');
    const context = await json('/projects/northern-light');
    expect(context['collection']).toMatchObject({ type: 1, typeName: 'projects' });
    expect(context['item']['customContent']).toMatchObject({ customType: 'project', client: 'Client: Northern Light', thumb: { assetUrl: expect.any(String) } });
  });

  it('a collection at an address with a slash, its items, and a query naming it', async () => {
    const list = await json('/work/clients');
    expect(list['collection']).toMatchObject({ urlId: 'work/clients', fullUrl: '/work/clients' });
    const [first, second] = list['items'] as Record<string, string>[];
    expect(first!['fullUrl']).toBe(`/work/clients/${first!['urlId']}`);
    expect((await get(first!['fullUrl']!)).statusCode).toBe(200);
    // the two featured items, newest first
    expect((await get('/')).body).toContain(`<a class="featured" href="${first!['fullUrl']}">${first!['title']}</a><a class="featured" href="${second!['fullUrl']}">`);
    expect((await get('/work/clients/nope')).statusCode).toBe(404);
  });

  it('a folder leads to its first page; the navigation lists the site', async () => {
    const folder = await get('/folders');
    expect(folder.statusCode).toBe(302);
    expect(folder.headers.location).toBe('/about');
    expect((await get('/about')).body).toContain('<li><a href="/shop">Shop</a></li><li><a href="/blog">Journal</a></li>');
    expect(problems).toEqual([]);
  });
});
