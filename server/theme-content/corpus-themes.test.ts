/**
 * Every public theme of the corpus (`../shared/themes/`) over the demo store, with the content made for it
 * (server/theme-content/): `/` is the theme's own home (its index, its pages/home.page, its home layout's page),
 * each collection type it declares is there with demo items and renders through the theme's own `.list` and
 * `.item`, its navigations list the site, and every link of its home page and its navigations answers 200. On
 * the database `demoApp()` builds on (SQLite, or PostgreSQL in the `postgresql` project).
 */
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { repoRoot } from '../db/database.js';
import { runRead } from '../db/work.js';
import { readSiteDocumentStep } from '../site-documents.js';
import { demoApp } from '../test-support.js';
import { Theme } from '../theme.js';
import { themeDeclarations } from './theme-declarations.js';

const CORPUS = resolve(repoRoot(), '../shared/themes');
const THEMES = existsSync(CORPUS) ? readdirSync(CORPUS).filter((t) => existsSync(join(CORPUS, t, 'template.conf'))).sort() : [];

/** What `/` must be for each theme (the rule of server/theme-content/home-choice.ts). */
const HOMES: Record<string, { type: number; typeName: string; regionName?: string }> = {
  adagio: { type: 1, typeName: 'index' },
  baldface: { type: 1, typeName: 'index' },
  boxen: { type: 1, typeName: 'index' },
  deemjournal: { type: 1, typeName: 'index' },
  hnp: { type: 7, typeName: 'home' },
  labspace: { type: 7, typeName: 'home' },
  langate: { type: 10, typeName: 'page', regionName: 'homepage' },
};


/** The demo site's stored layout, on the app's database. */
const layoutOf = (app: FastifyInstance) => runRead(app.reads, (q) => readSiteDocumentStep(q, 'demo', 'layout'));

/** A collection's address by id, on the app's database. */
async function urlIdOf(app: FastifyInstance, id: string): Promise<string | undefined> {
  const { db, t } = app.reads;
  return (await db.select({ urlId: t.collections.urlId }).from(t.collections).where(eq(t.collections.id, id)))[0]?.urlId;
}

/** The local addresses the page's links (`<a href>`) lead to, without fragments. */
function links(html: string): string[] {
  const out = new Set<string>();
  for (const m of html.matchAll(/<a\b[^>]*?\bhref="(\/(?!\/)[^"#]*)/g)) out.add(m[1]!.replace(/&amp;/g, '&'));
  return [...out];
}

describe.skipIf(THEMES.length === 0)('the corpus themes over their demo content', () => {
  it('has every theme of the corpus', () => expect(THEMES).toEqual(Object.keys(HOMES)));

  describe.each(THEMES)('%s', (name) => {
    let app: FastifyInstance;
    let theme: Theme;
    beforeAll(async () => {
      theme = new Theme(join(CORPUS, name), false);
      ({ app } = await demoApp({ themeDir: theme.dir }));
    });
    afterAll(async () => app?.close());

    /** GET `url`, following the site's own redirects (a folder leads to its first page). */
    const get = async (url: string, hops = 3): Promise<{ status: number; body: string; url: string }> => {
      const res = await app.inject(url);
      const location = res.headers.location;
      if (res.statusCode >= 300 && res.statusCode < 400 && typeof location === 'string' && location.startsWith('/') && hops > 0) return get(location, hops - 1);
      return { status: res.statusCode, body: res.body, url };
    };
    const json = async (url: string) => JSON.parse((await app.inject(`${url}${url.includes('?') ? '&' : '?'}format=json`)).body) as Record<string, any>;

    it("/ is the theme's own home, in the platform's shape", async () => {
      const home = await json('/');
      expect(home['collection']).toMatchObject({ ...HOMES[name], homepage: true });
      if (home['collection']['typeName'] === 'index') {
        const children = home['collection']['collections'] as Record<string, any>[];
        expect(children.length).toBeGreaterThan(1);
        expect(children.find((c) => c['typeName'] === 'page')?.['mainContent']).toMatch(/<h2>/);
      }
      const page = await get('/');
      expect(page.status).toBe(200);
      expect(page.body).not.toContain('<squarespace:');
      // a regular page's content is the platform's own markup (Tessera's system page) inside the theme's home layout
      if (home['collection']['type'] === 10) expect(page.body).toContain('This is the home page of the demo site');
      else expect(page.body).not.toContain('<div class="sqs-system">');
    });

    it('has a collection with demo items of every type it declares, shown through its own templates', async () => {
      const decl = themeDeclarations(theme);
      for (const t of decl.collectionTypes) {
        if (t.folder) continue;
        const list = theme.hasOwnTemplate(`collections/${t.typeName}.list`);
        const item = theme.hasOwnTemplate(`collections/${t.typeName}.item`);
        if (!list && !item) continue;
        // the store's own collection of that kind, else the one made for the theme
        const url = { products: '/shop', blog: '/blog', events: '/events', gallery: '/gallery', album: '/album', page: '/about' }[t.typeName] ?? `/${t.typeName}`;
        const page = await get(url);
        expect(page.status, `${name} ${url}`).toBe(200);
        if (t.typeName === 'page' || t.typeName === 'album') continue;
        expect(page.body, `${name} ${url}`).not.toContain('<div class="sqs-system">');
        const context = await json(url);
        expect(context['collection']['typeName'], url).toBe(t.typeName);
        const items = (context['items'] ?? (context['item'] === undefined ? [] : [context['item']])) as Record<string, any>[];
        expect(items.length, `${name} ${url} items`).toBeGreaterThan(0);
        const custom = decl.customTypes.find((c) => t.acceptTypes.includes(c.name));
        if (custom !== undefined && !['blog', 'events', 'gallery'].includes(t.typeName)) {
          expect(items[0]!['customContent'], `${name} ${url}`).toMatchObject({ customType: expect.any(String) });
        }
        const first = items[0]!['fullUrl'] as string;
        if (item && !first.includes('#')) {
          const itemPage = await get(first);
          expect(itemPage.status, first).toBe(200);
          expect(itemPage.body, first).not.toContain('<div class="sqs-system">');
          expect((await json(first))['item']['id']).toBe(items[0]!['id']);
        }
      }
    });

    it('gives every navigation of its template.conf the site, the shop and the blog among it', async () => {
      const layout = (await layoutOf(app)) as { identifier: string; links: { collectionId: string }[] }[] | undefined;
      const navigations = theme.conf().navigations.map((n) => n.name);
      expect((layout ?? []).map((e) => e.identifier)).toEqual(navigations);
      for (const entry of layout ?? []) expect(entry.links.map((l) => l.collectionId).slice(0, 2)).toEqual(['shop', 'blog']);
    });

    it('answers 200 for every link of its home page and of its pages in the navigation', async () => {
      const home = await get('/');
      // its navigation on the home page reaches the shop and the blog (a product page and a post beyond them)
      if (theme.conf().navigations.length > 0) expect(links(home.body)).toEqual(expect.arrayContaining(['/shop', '/blog']));
      const seen = new Set<string>(['/']);
      const queue = links(home.body);
      const layout = (await layoutOf(app)) as { links: { collectionId: string; items?: { collectionId: string }[] }[] }[] | undefined;
      const ids = (layout ?? []).flatMap((e) => e.links.flatMap((l) => [l.collectionId, ...(l.items ?? []).map((i) => i.collectionId)]));
      for (const id of new Set(ids)) queue.push(`/${String(await urlIdOf(app, id))}`);
      const bad: string[] = [];
      for (const url of queue) {
        if (seen.has(url)) continue;
        seen.add(url);
        const page = await get(url);
        if (page.status !== 200) bad.push(`${url} ${page.status}`);
      }
      expect(bad).toEqual([]);
      // a theme without navigations (labspace) links only what its home page shows
      if (theme.conf().navigations.length > 0) expect(seen.size).toBeGreaterThan(3);
      // a product page and a post: linked from the theme's list of each, else (a list its scripts build from the
      // page's JSON, as boxen's shop; an empty list file, as baldface's blog.list) the first item of that JSON
      for (const [list, item] of [['/shop', /^\/shop\/p\/[\w-]+$/], ['/blog', /^\/blog\/[\w-]+$/]] as const) {
        const target = links((await get(list)).body).find((l) => item.test(l)) ?? ((await json(list))['items'][0]['fullUrl'] as string);
        expect(target, `${name}: an item of ${list}`).toMatch(item);
        expect((await get(target)).status, target).toBe(200);
      }
    });
  });
});
