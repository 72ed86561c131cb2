/**
 * `tessera dev` on every theme of the corpus (`../shared/themes/`, skipped without it), each on a temporary copy:
 * it answers `/`, a product page and a blog post; saving a region of the home page's layout reloads the open
 * pages and the page shows the change; saving one of its stylesheets (the LESS source a source tree builds, else
 * the last LESS sheet it lists) gives the open pages the new stylesheet (a `stylesheet` event, or a reload),
 * which holds the change. About 10 s for the seven themes on 2 idle cores.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../db/database.js';
import { bodyRegion, insideBody, lessStylesheet } from './corpus-saves.js';
import { type DevServer, startDevServer } from './dev-server.js';
import { openEvents, type OpenEvents } from './dev-test-support.js';

const CORPUS = resolve(repoRoot(), '../shared/themes');
const THEMES = existsSync(CORPUS) ? readdirSync(CORPUS).filter((t) => existsSync(join(CORPUS, t, 'template.conf'))).sort() : [];

describe.skipIf(THEMES.length === 0)('tessera dev on the corpus themes', () => {
  describe.each(THEMES)('%s', (name) => {
    let work: string;
    let dir: string;
    let dev: DevServer;
    let events: OpenEvents;
    beforeAll(async () => {
      work = mkdtempSync(join(tmpdir(), `tessera-dev-${name}-`));
      dir = join(work, name);
      cpSync(join(CORPUS, name), dir, { recursive: true });
      dev = await startDevServer({ themeDir: dir, port: 0, host: '127.0.0.1', print: () => {} });
      events = await openEvents(dev.url);
      await events.waitFor('event: hello');
    });
    afterAll(async () => {
      events?.close();
      await dev?.close();
      rmSync(work, { recursive: true, force: true });
    });

    const get = async (path: string) => {
      const response = await fetch(dev.url + path);
      return { status: response.status, html: await response.text() };
    };
    const json = async (path: string) => JSON.parse((await get(`${path}?format=json`)).html) as Record<string, any>;
    /** The page's own stylesheet (the one `{squarespace-headers}` links), as served. */
    const stylesheetOf = async (html: string) => {
      const href = /<link rel="stylesheet" href="(\/static\/theme\/site-[0-9a-f]+\.css)"/.exec(html)?.[1];
      expect(href, `${name}: the page links its stylesheet`).toBeDefined();
      return (await get(href!)).html;
    };
    /** Saves a file of the theme and waits for what the open page is told (`reload` or `stylesheet`) about it. */
    const save = async (path: string, text: string) => {
      const told = dev.nextReload();
      writeFileSync(join(dir, path), text);
      await told;
      await events.waitFor(new RegExp(`event: (reload|stylesheet)\\ndata: \\{"path":"${path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}"`));
    };

    it('answers / , a product page and a blog post', async () => {
      const product = (await json('/shop'))['items'][0]['fullUrl'] as string;
      const post = (await json('/blog'))['items'][0]['fullUrl'] as string;
      for (const path of ['/', product, post]) {
        const page = await get(path);
        expect(page.status, `${name} ${path}`).toBe(200);
        expect(page.html, `${name} ${path}`).toContain('new EventSource(');
        expect(page.html, `${name} ${path}`).not.toContain('<squarespace:');
      }
    });

    it('reloads the open page when a region of the home page is saved, and the page shows it', async () => {
      const home = await json('/');
      const region = bodyRegion(dev.theme, home['collection']?.['regionName']);
      expect(region, `${name}: a region of its home layout opens <body>`).toBeDefined();
      const original = readFileSync(join(dir, region!), 'utf8');
      await save(region!, insideBody(original, `<p id="tessera-dev-saved">Saved in ${name}</p>`));
      expect(events.text()).toContain(`event: reload\ndata: {"path":"${region}"}`);
      expect((await get('/')).html).toContain(`<p id="tessera-dev-saved">Saved in ${name}</p>`);
      await save(region!, original);
      expect((await get('/')).html).not.toContain('tessera-dev-saved');
    });

    it('gives the open page the new stylesheet when a stylesheet is saved', async () => {
      const path = lessStylesheet(dev.theme);
      expect(path, `${name}: a LESS stylesheet`).toBeDefined();
      const original = readFileSync(join(dir, path!), 'utf8');
      const before = await stylesheetOf((await get('/')).html);
      await save(path!, `${original}\n.tessera-dev-saved { color: #123456; }\n`);
      const after = await stylesheetOf((await get('/')).html);
      expect(after).toContain('.tessera-dev-saved{color:#123456}');
      // the rest of the theme's rules are all still there
      expect(after.length).toBeGreaterThanOrEqual(before.length);
      await save(path!, original);
      expect(await stylesheetOf((await get('/')).html)).toBe(before);
    });
  });
});
