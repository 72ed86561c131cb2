/**
 * `tessera dev` on a temporary copy of a fixture theme: a saved file is compiled again on its own and a reload
 * event goes to open pages; a broken template shows the overlay (file, line, column, code frame) and the fixed
 * one renders; deleted, half-saved and binary files never stop the server; a captured context is served at
 * every address; and none of it is mounted in the plain storefront.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { openStore, repoRoot } from '../db/database.js';
import { seedDemoStore } from '../db/seed.js';
import { type DevServer, startDevServer } from './dev-server.js';
import { openEvents, overlayOf } from './dev-test-support.js';
import { EVENTS_PATH } from './reload-events.js';

const work = mkdtempSync(join(tmpdir(), 'tessera-dev-'));
const themeDir = join(work, 'theme');
cpSync(resolve(repoRoot(), 'fixtures/themes/regions'), themeDir, { recursive: true });
const printed: string[] = [];
let dev: DevServer;

beforeAll(async () => {
  dev = await startDevServer({ themeDir, port: 0, host: '127.0.0.1', print: (line) => printed.push(line) });
});
afterAll(async () => {
  await dev?.close();
  rmSync(work, { recursive: true, force: true });
});

const page = async (path = '/') => {
  const response = await fetch(dev.url + path);
  return { status: response.status, html: await response.text() };
};

/** Writes a file of the theme and waits until the dev server has compiled it and sent the reload. */
async function save(path: string, text: string | Buffer): Promise<{ path: string; clients: number }> {
  const reloaded = dev.nextReload();
  writeFileSync(join(themeDir, path), text);
  return reloaded;
}

describe('tessera dev', () => {
  it('serves the theme over the demo store with the reload script and no overlay', async () => {
    const { status, html } = await page('/shop');
    expect(status).toBe(200);
    expect(html).toContain('class="regions-theme"');
    expect(html).toContain(`new EventSource("${EVENTS_PATH}")`);
    expect(overlayOf(html)).toBeNull();
  });

  it("serves the theme's assets for revalidation, so a reload shows an edited one", async () => {
    const response = await fetch(`${dev.url}/assets/img/logo.svg`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('compiles a saved file again and sends a reload event to open pages; the page shows the change', async () => {
    const events = await openEvents(dev.url);
    try {
      await events.waitFor('event: hello');
      const block = readFileSync(join(themeDir, 'blocks/nav-link.block'), 'utf8');
      const change = await save('blocks/nav-link.block', block.replace('class="regions-nav"', 'class="regions-nav edited"'));
      expect(change).toEqual({ path: 'blocks/nav-link.block', clients: 1 });
      await events.waitFor('event: reload\ndata: {"path":"blocks/nav-link.block"}');
      expect((await page('/')).html).toContain('class="regions-nav edited"');
      expect(printed.at(-1)).toMatch(/^tessera dev: blocks\/nav-link\.block changed \(compiled in [\d.]+ ms\), 1 page reloaded$/);
    } finally {
      events.close();
    }
  });

  it("sees every atomic save (a new file renamed over the old one, as editors save), not only the first", async () => {
    const path = join(themeDir, 'tail.region');
    const original = readFileSync(path, 'utf8');
    for (const text of ['First rename', 'Second rename', 'Third rename']) {
      const reloaded = dev.nextReload();
      writeFileSync(`${path}.tmp`, original.replace('Regions theme footer', text));
      renameSync(`${path}.tmp`, path);
      expect((await reloaded).path).toBe('tail.region');
      expect((await page('/')).html).toContain(text);
    }
    await save('tail.region', original);
  });

  it('shows a broken template as an overlay with file, line, column and code frame, then the fixed page', async () => {
    const original = readFileSync(join(themeDir, 'body.region'), 'utf8');
    await save('body.region', '<main class="regions-main">\n  {squarespace.main-content|htlm}\n</main>\n');
    const broken = await page('/about');
    expect(broken.status).toBe(200);
    const overlay = overlayOf(broken.html);
    expect(overlay).not.toBeNull();
    expect(overlay).toContain('<template shadowrootmode="open">');
    expect(overlay).toContain('<h2>body.region:2:28</h2>');
    expect(overlay).toContain('Formatter &#39;htlm&#39; is unknown. Did you mean &#39;html&#39;?');
    // the frame: the line, highlighted, and a caret under column 28
    expect(overlay).toContain('<span class="line here"><span class="gutter">2 | </span>  {squarespace.main-content|htlm}</span>');
    expect(overlay).toContain(`<span class="gutter">  | </span>${' '.repeat(27)}<span class="caret">^</span>`);
    // and in the terminal, once, as tessera check prints it
    expect(printed.filter((l) => l.startsWith('body.region:2:28: error: '))).toHaveLength(1);

    await save('body.region', original);
    const fixed = await page('/about');
    expect(fixed.status).toBe(200);
    expect(overlayOf(fixed.html)).toBeNull();
    expect(fixed.html).toContain('class="regions-main"');
  });

  it("lists a broken file's warnings with its errors, in order: the warning often names the cause", async () => {
    const original = readFileSync(join(themeDir, 'body.region'), 'utf8');
    await save('body.region', '<main>{.repeatd section item}{title|html}{.end}{squarespace.main-content}</main>');
    const overlay = overlayOf((await page('/')).html) ?? '';
    expect(overlay).toContain('The theme has an error (and 1 warning)');
    expect([...overlay.matchAll(/<h2>([^<]*)<\/h2><p class="message"><span class="(\w+)">/g)].map((m) => `${m[1]} ${m[2]}`)).toEqual([
      'body.region:1:7 warning',
      'body.region:1:42 error',
    ]);
    await save('body.region', original);
    expect(overlayOf((await page('/')).html)).toBeNull();
  });

  it('survives a deleted region (the last layout that framed a page, with the overlay) and shows the region again once it is back', async () => {
    const head = readFileSync(join(themeDir, 'head.region'), 'utf8');
    expect((await page('/')).status).toBe(200);
    const gone = dev.nextReload();
    unlinkSync(join(themeDir, 'head.region'));
    await gone;
    const missing = await page('/');
    expect(missing.status).toBe(200);
    expect(missing.html).toContain('class="regions-theme"');
    // and where it is named: template.conf, with the closest region the theme has
    expect(overlayOf(missing.html)).toContain('<h2>template.conf:5:49</h2>');
    expect(overlayOf(missing.html)).toMatch(/The layout (&quot;|&#34;)default\1 names the region \1head\.region\1, which the theme does not have\./);
    await save('head.region', head);
    const back = await page('/');
    expect(back.status).toBe(200);
    expect(overlayOf(back.html)).toBeNull();
  });

  it('tells a broken LESS save at once, and the pages keep the last stylesheet that built', async () => {
    const conf = readFileSync(join(themeDir, 'template.conf'), 'utf8');
    const linkOf = (html: string) => /<link rel="stylesheet" href="([^"]+)">/.exec(html)?.[1];
    await save('styles/site.less', '@gap: 8px;\n.regions-main { padding: @gap / 2; }\n');
    await save('template.conf', conf.replace('"stylesheets": ["base.css"]', '"stylesheets": ["base.css", "site.less"]'));
    const good = linkOf((await page('/')).html)!;
    expect(await (await fetch(dev.url + good)).text()).toContain('.regions-main{padding:4px}');
    const before = printed.length;
    await save('styles/site.less', '.regions-main {\n  padding: 1px;\n');
    expect(printed.slice(before).join('\n')).toMatch(/^styles\/site\.less:1:15: error: This \{ is never closed with \}, so styles\/site\.less is left out of the stylesheet\. \[LESS_ERROR\]/m);
    const broken = await page('/');
    expect(linkOf(broken.html)).toBe(good);
    expect(overlayOf(broken.html)).toContain('<h2>styles/site.less:1:15</h2>');
    await save('template.conf', conf);
    unlinkSync(join(themeDir, 'styles/site.less'));
    await dev.nextReload();
    expect(overlayOf((await page('/')).html)).toBeNull();
  });

  it('builds the stylesheet again only for a save that changes it (a region, a collection .conf or a template.conf listing the same sheets do not)', async () => {
    const conf = readFileSync(join(themeDir, 'template.conf'), 'utf8');
    const sheet = dev.theme.stylesheet();
    await save('tail.region', readFileSync(join(themeDir, 'tail.region'), 'utf8') + '\n');
    mkdirSync(join(themeDir, 'collections'), { recursive: true });
    await save('collections/sketches.conf', JSON.stringify({ title: 'Sketches' }));
    await save('template.conf', conf.replace('"Regions"', '"Regions, renamed"'));
    expect(dev.theme.stylesheet()).toBe(sheet);
    await save('template.conf', conf.replace('"stylesheets": ["base.css"]', '"stylesheets": ["base.css", "base.css"]'));
    expect(dev.theme.stylesheet()).not.toBe(sheet);
    await save('template.conf', conf);
    const gone = dev.nextReload();
    rmSync(join(themeDir, 'collections'), { recursive: true });
    await gone;
  });

  it('swaps a saved stylesheet into open pages while the overlay stays as it was; a save that changes the overlay reloads', async () => {
    const conf = readFileSync(join(themeDir, 'template.conf'), 'utf8');
    const body = readFileSync(join(themeDir, 'body.region'), 'utf8');
    await save('styles/site.less', '.regions-main { padding: 1px; }\n');
    await save('template.conf', conf.replace('"stylesheets": ["base.css"]', '"stylesheets": ["base.css", "site.less"]'));
    // an error elsewhere in the theme, shown on every page
    await save('body.region', body.replace('{squarespace.main-content}', '{squarespace.main-content|htlm}'));
    const events = await openEvents(dev.url);
    try {
      await save('styles/site.less', '.regions-main { padding: 2px; }\n');
      await events.waitFor(/event: stylesheet\ndata: \{"path":"styles\/site\.less","href":"\/static\/theme\/site-[0-9a-f]{12}\.css"\}/);
      // a LESS error of its own changes what the overlay says: the page reloads to show it
      await save('styles/site.less', '.regions-main { padding: @nothing; }\n');
      await events.waitFor('event: reload\ndata: {"path":"styles/site.less"}');
    } finally {
      events.close();
    }
    await save('body.region', body);
    await save('template.conf', conf);
    unlinkSync(join(themeDir, 'styles/site.less'));
    await dev.nextReload();
    expect(overlayOf((await page('/')).html)).toBeNull();
  });

  it('shows a LESS import that is not there on the page (never a 500), named with what was searched', async () => {
    const conf = readFileSync(join(themeDir, 'template.conf'), 'utf8');
    await save('styles/site.less', "@import 'nothere';\n.regions-main { padding: 1px; }\n");
    await save('template.conf', conf.replace('"stylesheets": ["base.css"]', '"stylesheets": ["base.css", "site.less"]'));
    const broken = await page('/');
    expect(broken.status).toBe(200);
    expect(overlayOf(broken.html)).toContain('<h2>styles/site.less:1:1</h2>');
    expect(overlayOf(broken.html)).toMatch(/was not found: looked for styles\/nothere\.less and in Tessera(&#39;|&apos;|')s platform LESS library/);
    await save('template.conf', conf);
    unlinkSync(join(themeDir, 'styles/site.less'));
    await dev.nextReload();
    expect(overlayOf((await page('/')).html)).toBeNull();
  });

  it('keeps the layouts and styles of the last template.conf that was JSON while a broken one is on the page', async () => {
    const conf = readFileSync(join(themeDir, 'template.conf'), 'utf8');
    await save('template.conf', conf.replace('"stylesheets": ["base.css"]', '"stylesheets": ["base.css",]'));
    const broken = await page('/');
    expect(broken.html).toContain('class="regions-theme"');
    expect(broken.html).toMatch(/<link rel="stylesheet" href="\/static\/theme\/site-[0-9a-f]{12}\.css">/);
    expect(overlayOf(broken.html)).toMatch(/<h2>template\.conf:\d+:\d+<\/h2><p class="message"><span class="error">error:<\/span> template\.conf is not valid JSON: Unexpected token/);
    await save('template.conf', conf);
    expect(overlayOf((await page('/')).html)).toBeNull();
  });

  it('tells a script that needs the theme\'s build on the page, and loads it once the build replaced it', async () => {
    const tail = readFileSync(join(themeDir, 'tail.region'), 'utf8');
    const script = readFileSync(join(themeDir, 'scripts/site.js'), 'utf8');
    try {
      await save('tail.region', tail.replace('</body>', '<squarespace:script src="site.js" />\n</body>'));
      expect((await page('/')).html).toContain('<script src="/scripts/site.js"></script>');
      // the author's source, before its build: ES-module imports
      await save('scripts/site.js', "import debounce from 'lodash/debounce';\ndocument.documentElement.dataset.regions = '1';\n");
      const source = await page('/');
      expect(source.html).not.toContain('<script src="/scripts/site.js">');
      expect(overlayOf(source.html)).toContain('<h2>tail.region:2:26</h2>');
      expect(overlayOf(source.html)).toContain('scripts/site.js is ES-module source: it imports lodash/debounce (line 1)');
      expect(overlayOf(source.html)).toContain('[SCRIPT_NEEDS_BUILD]');
      // the build writes the bundle over it
      await save('scripts/site.js', script);
      const built = await page('/');
      expect(built.html).toContain('<script src="/scripts/site.js"></script>');
      expect(overlayOf(built.html)).toBeNull();
    } finally {
      if (readFileSync(join(themeDir, 'scripts/site.js'), 'utf8') !== script) await save('scripts/site.js', script);
      await save('tail.region', tail);
    }
  });

  it('serves a binary file saved as a template, and compiles a file saved in two quick writes once', async () => {
    const block = readFileSync(join(themeDir, 'blocks/nav-link.block'));
    const noise = Buffer.from(Array.from({ length: 2048 }, (_, i) => (i * 7919) % 256));
    await save('blocks/nav-link.block', noise);
    expect((await page('/')).status).toBe(200);

    // a save that truncates, writes half, then the rest (an editor's save, or a slow disk)
    const before = printed.length;
    const reloaded = dev.nextReload();
    writeFileSync(join(themeDir, 'blocks/nav-link.block'), '<a href="{url|htmlattr}">{.section ti');
    writeFileSync(join(themeDir, 'blocks/nav-link.block'), block);
    await reloaded;
    await new Promise((r) => setTimeout(r, 60));
    expect(printed.slice(before)).toEqual([expect.stringMatching(/^tessera dev: blocks\/nav-link\.block changed/)]);
    expect(overlayOf((await page('/')).html)).toBeNull();
  });

  it('sends the overlay to a page only while a theme file is broken, whichever page it is', async () => {
    const list = 'collections/blog.list';
    // a folder the theme did not have: watched from when it appears
    mkdirSync(join(themeDir, 'collections'));
    await save(list, '{.repeated section items}<h2>{title|html}</h2>');
    expect(overlayOf((await page('/about')).html)).toContain(`${list}:1:1`);
    unlinkSync(join(themeDir, list));
    await dev.nextReload();
    expect(overlayOf((await page('/about')).html)).toBeNull();
    // without its own list the blog is Tessera's system template again
    expect((await page('/blog')).status).toBe(200);
  });

  it('gives a collection type added while serving its demo collection (server/theme-content/)', async () => {
    expect((await page('/notes')).status).toBe(404);
    mkdirSync(join(themeDir, 'collections'), { recursive: true });
    await save('collections/notes.conf', JSON.stringify({ title: 'Notes', acceptTypes: ['text'] }));
    const notes = await fetch(`${dev.url}/notes?format=json`);
    expect(notes.status).toBe(200);
    const context = (await notes.json()) as { collection: { typeName: string }; items: unknown[] };
    expect(context.collection.typeName).toBe('notes');
    expect(context.items.length).toBeGreaterThan(0);
  });
});

describe('tessera dev --context', () => {
  it('renders the captured context at every address, and again when the file is saved', async () => {
    const store = openStore(':memory:');
    seedDemoStore(store);
    const app = await buildApp({ store });
    const context = JSON.parse((await app.inject({ method: 'GET', url: '/shop/p/linen-apron?format=json' })).body) as Record<string, any>;
    await app.close();
    const file = join(work, 'page.json');
    writeFileSync(file, JSON.stringify(context));
    const captured = await startDevServer({ themeDir, contextFile: file, port: 0, host: '127.0.0.1', print: () => {} });
    try {
      for (const path of ['/', '/anything/at/all']) {
        const response = await fetch(captured.url + path);
        const html = await response.text();
        expect(response.status).toBe(200);
        expect(html).toContain('Linen Apron');
        expect(html).toContain('class="regions-theme"');
      }
      const reloaded = captured.nextReload();
      writeFileSync(file, JSON.stringify({ ...context, item: { ...context['item'], title: 'Captured Apron' } }));
      await reloaded;
      expect(await (await fetch(captured.url + '/')).text()).toContain('Captured Apron');
      expect(JSON.parse(await (await fetch(captured.url + '/?format=json')).text()).item.title).toBe('Captured Apron');
      // an editor's atomic save: a new file renamed over the old one
      const again = captured.nextReload();
      writeFileSync(`${file}.tmp`, JSON.stringify({ ...context, item: { ...context['item'], title: 'Renamed Apron' } }));
      renameSync(`${file}.tmp`, file);
      await again;
      expect(await (await fetch(captured.url + '/')).text()).toContain('Renamed Apron');
    } finally {
      await captured.close();
    }
  });
});

describe('the storefront without tessera dev', () => {
  it('has no event stream, reload script or overlay', async () => {
    const store = openStore(':memory:');
    seedDemoStore(store);
    const app = await buildApp({ store, themeDir });
    try {
      expect((await app.inject({ method: 'GET', url: EVENTS_PATH })).statusCode).toBe(404);
      const html = (await app.inject({ method: 'GET', url: '/' })).body;
      expect(html).not.toContain('EventSource');
      expect(html).not.toContain('tessera-dev-overlay');
    } finally {
      await app.close();
    }
  });
});
