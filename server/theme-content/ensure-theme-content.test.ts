/**
 * The content made for a theme in the store (ensure-theme-content.ts) and how it is served: once only, an
 * owner's layout kept, the default theme's store untouched; the index as the home page, a folder leading to
 * its first page, a collection at an address with a slash, a custom item's JSON.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { openStore, repoRoot, type Store } from '../db/database.js';
import { collections } from '../db/schema.js';
import { seedDemoStore } from '../db/seed.js';
import { LAYOUT_DOCUMENT } from '../site-layout.js';
import { readSiteDocument, writeSiteDocument } from '../site-documents.js';
import { Theme } from '../theme.js';
import { ensureThemeContent, GENERATED_NAVIGATION } from './ensure-theme-content.js';

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

const fresh = () => {
  const store = openStore(':memory:');
  seedDemoStore(store);
  return store;
};
const count = (store: Store) => store.select().from(collections).all().length;

describe('ensureThemeContent', () => {
  it('makes the content once: a second start finds it there and makes nothing', () => {
    const store = fresh();
    const before = count(store);
    const made = ensureThemeContent(store, new Theme(dir, false));
    expect(made).toEqual(expect.arrayContaining(['theme-projects', 'theme-work--clients', 'theme-index', 'theme-folders']));
    expect(count(store)).toBe(before + made.length);
    expect(ensureThemeContent(store, new Theme(dir, false))).toEqual([]);
    expect(count(store)).toBe(before + made.length);
  });

  it("fills every navigation of the theme, and keeps an owner's saved layout", () => {
    const store = fresh();
    ensureThemeContent(store, new Theme(dir, false));
    const layout = readSiteDocument(store, 'demo', LAYOUT_DOCUMENT) as Record<string, unknown>[];
    expect(layout.map((e) => [e['identifier'], e[GENERATED_NAVIGATION]])).toEqual([['main', true], ['footer', true]]);
    const links = layout[0]!['links'] as { collectionId: string; items?: { collectionId: string }[] }[];
    expect(links.slice(0, 2).map((l) => l.collectionId)).toEqual(['shop', 'blog']);
    // the index holds the projects and its pages; the folder About and Contact; nothing protected anywhere
    expect(links.find((l) => l.collectionId === 'theme-index')!.items!.map((i) => i.collectionId)).toEqual(['theme-index-intro', 'theme-index-about', 'theme-projects']);
    expect(links.find((l) => l.collectionId === 'theme-folders')!.items!.map((i) => i.collectionId)).toEqual(['about', 'contact']);
    const all = JSON.stringify(layout);
    for (const id of ['trade', 'members', 'lookbook', 'videos']) expect(all).not.toContain(`"${id}"`);

    const owners = [{ identifier: 'main', links: [{ collectionId: 'shop' }] }];
    writeSiteDocument(store, 'demo', LAYOUT_DOCUMENT, owners);
    ensureThemeContent(store, new Theme(dir, false));
    expect(readSiteDocument(store, 'demo', LAYOUT_DOCUMENT)).toEqual(owners);
  });

  it("leaves the default theme's store as it is", () => {
    const store = fresh();
    const before = count(store);
    expect(ensureThemeContent(store, new Theme(resolve(repoRoot(), 'templates'), false))).toEqual([]);
    expect(count(store)).toBe(before);
    expect(readSiteDocument(store, 'demo', LAYOUT_DOCUMENT)).toBeUndefined();
  });
});

describe('a theme served over its content', () => {
  let app: FastifyInstance;
  const problems: string[] = [];
  beforeAll(async () => {
    app = await buildApp({ store: fresh(), theme: new Theme(dir, false, (p) => problems.push(p)) });
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
