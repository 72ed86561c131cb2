/**
 * `tessera dev` never answers Fastify's JSON error or a stack, whatever fails: each failure is an overlay over
 * the page, or over the theme's error page (a plain page when the theme cannot frame one), naming the file,
 * line and column it is about. Covered here: a site tweak value the saved theme refuses, a collection `.conf`
 * that is not JSON, a region deleted before any page framed it, a save whose handling throws, a captured
 * context that is not JSON or names no template, the demo-content step failing, and the overlay itself failing
 * to be made.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { openStore, repoRoot } from '../db/database.js';
import { seedDemoStore } from '../db/seed.js';
import { Theme } from '../theme.js';
import { DEMO_CONTENT, demoContentProblems } from './dev-checks.js';
import { DevProblems } from './dev-problems.js';
import { type DevServer, startDevServer } from './dev-server.js';
import { installDevTools } from './dev-tools.js';
import { overlayOf } from './dev-test-support.js';

const work = mkdtempSync(join(tmpdir(), 'tessera-dev-errors-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A temporary copy of a fixture theme. */
function copyFixture(name: string): string {
  const dir = join(work, `${name}-${Math.random().toString(36).slice(2)}`);
  cpSync(resolve(repoRoot(), 'fixtures/themes', name), dir, { recursive: true });
  return dir;
}

const get = async (dev: DevServer, path = '/') => {
  const response = await fetch(dev.url + path);
  return { status: response.status, type: response.headers.get('content-type'), html: await response.text() };
};

/** Writes `path` (under `dir`) and waits until the dev server has taken the change in. */
async function save(dev: DevServer, file: string, text: string): Promise<void> {
  const reloaded = dev.nextReload();
  writeFileSync(file, text);
  await reloaded;
}

describe('tessera dev: a failure is an overlay, never a JSON 500', () => {
  it('tells a site tweak value the saved theme no longer takes, at the tweak, and the page shows its default', async () => {
    const dir = copyFixture('tweak-forms');
    const dev = await startDevServer({ themeDir: dir, port: 0, host: '127.0.0.1', print: () => {}, tweaks: { 'tweak-nav-position': 'Center' } });
    try {
      const chosen = await get(dev);
      expect(chosen.status).toBe(200);
      expect(chosen.html).toContain('tweak-nav-position-center');
      expect(overlayOf(chosen.html)).toBeNull();
      const less = join(dir, 'styles/tweak.less');
      const original = readFileSync(less, 'utf8');
      await save(dev, less, original.replace("options:['Left','Center','Right']", "options:['Left','Middle','Right']"));
      const refused = await get(dev);
      expect(refused.status).toBe(200);
      expect(refused.html).toContain('tweak-nav-position-right');
      expect(overlayOf(refused.html)).toMatch(/<h2>styles\/tweak\.less:5:\d+<\/h2>.*The site(&#39;|&apos;|')s value for this tweak \(--tweak or the owner API\) is refused: .*Center.*\[INVALID_TWEAK_VALUE\]/s);
      await save(dev, less, original);
      expect(overlayOf((await get(dev)).html)).toBeNull();
    } finally {
      await dev.close();
    }
  });

  it('shows a collection .conf that is not JSON at its line and column, a region deleted before any page framed it, and a save that could not be taken in', async () => {
    const dir = copyFixture('regions');
    const dev = await startDevServer({ themeDir: dir, port: 0, host: '127.0.0.1', print: () => {} });
    try {
      // no page has been framed yet: the theme has no last layout to keep, so the page is a plain one, with the overlay
      const region = join(dir, 'body.region');
      const body = readFileSync(region, 'utf8');
      const gone = dev.nextReload();
      unlinkSync(region);
      await gone;
      const missing = await get(dev);
      expect(missing.status).toBe(500);
      expect(missing.type).toMatch(/^text\/html/);
      expect(missing.html).not.toMatch(/"statusCode"|at \w+ \(/);
      expect(overlayOf(missing.html)).toContain('body.region cannot be read (it was deleted or renamed?)');
      expect(overlayOf(missing.html)).toMatch(/<h2>template\.conf:\d+:\d+<\/h2>.*names the region (&quot;|&#34;)body\.region\1/s);
      await save(dev, region, body);
      expect(overlayOf((await get(dev)).html)).toBeNull();

      mkdirSync(join(dir, 'collections'));
      await save(dev, join(dir, 'collections/notes.conf'), '{\n  "title": "Notes",\n  acceptTypes ["text"]\n}\n');
      const broken = await get(dev);
      expect(broken.status).toBe(200);
      expect(overlayOf(broken.html)).toMatch(/<h2>collections\/notes\.conf:3:\d+<\/h2>/);
      unlinkSync(join(dir, 'collections/notes.conf'));
      await dev.nextReload();
      expect(overlayOf((await get(dev)).html)).toBeNull();

      // a step of taking a save in that throws (here made to) is on the page, and the server goes on
      const changed = dev.theme.changed.bind(dev.theme);
      dev.theme.changed = () => {
        throw new Error('the disk went away');
      };
      await save(dev, region, body.replace('<main', '<main data-saved'));
      dev.theme.changed = changed;
      const failed = await get(dev);
      expect(overlayOf(failed.html)).toMatch(/Taking in the save of body\.region failed: the disk went away\..*\[SAVE_FAILED\]/s);
      await save(dev, region, body);
      expect(overlayOf((await get(dev)).html)).toBeNull();
    } finally {
      await dev.close();
    }
  });

  it('shows a captured context that is not JSON at its line and column (the page keeps the last one), and one that names no template over the theme error page', async () => {
    const dir = copyFixture('regions');
    const store = openStore(':memory:');
    seedDemoStore(store);
    const app = await buildApp({ store });
    const context = JSON.parse((await app.inject({ method: 'GET', url: '/shop/p/linen-apron?format=json' })).body) as Record<string, unknown>;
    await app.close();
    const file = join(work, `context-${Math.random().toString(36).slice(2)}.json`);
    writeFileSync(file, JSON.stringify(context, null, 2));
    const dev = await startDevServer({ themeDir: dir, contextFile: file, port: 0, host: '127.0.0.1', print: () => {} });
    try {
      expect((await get(dev)).html).toContain('Linen Apron');
      await save(dev, file, '{\n  "pageType": 1,\n  "item": {,\n}\n');
      const broken = await get(dev);
      expect(broken.status).toBe(200);
      expect(broken.html).toContain('Linen Apron');
      expect(overlayOf(broken.html)).toMatch(/<h2>[^<]*context-[a-z0-9]+\.json:3:\d+<\/h2>.*is not valid JSON.*\[INVALID_CONTEXT\]/s);

      await save(dev, file, JSON.stringify({ ...context, pageType: 'nonsense', collection: null }));
      const named = await get(dev);
      expect(named.type).toMatch(/^text\/html/);
      expect(named.html).toContain('class="regions-theme"');
      expect(overlayOf(named.html)).toMatch(/pageType \((&quot;|&#34;)nonsense\1\) and collection\.typeName \(null\) name no template/);
      expect(overlayOf(named.html)).toContain('[INVALID_CONTEXT]');

      await save(dev, file, JSON.stringify(context));
      const fixed = await get(dev);
      expect(fixed.status).toBe(200);
      expect(overlayOf(fixed.html)).toBeNull();
    } finally {
      await dev.close();
    }
  });

  it('says when the demo content step fails, as a problem of its own', () => {
    const store = openStore(':memory:');
    seedDemoStore(store);
    const theme = new Theme(resolve(repoRoot(), 'fixtures/themes/tag-forms'), false);
    store.$client.close();
    const problems = demoContentProblems(store, theme);
    expect(problems).toEqual([expect.objectContaining({ severity: 'error', code: 'DEMO_CONTENT_FAILED', filename: DEMO_CONTENT })]);
  });

  it('answers a page with a plain overlay when the overlay cannot be made, and a thrown error without a message as a problem', async () => {
    const told: string[] = [];
    const problems = new DevProblems((p) => told.push(`${p.code}: ${p.message}`));
    const app = Fastify();
    app.setErrorHandler((_error, _request, reply) => reply.code(500).type('text/html; charset=utf-8').send('<html><body><p>Error page</p></body></html>'));
    const failing = () => {
      throw new Error('no source today');
    };
    installDevTools(app, { problems, boot: 'b', sourceOf: failing, problemOf: failing });
    app.get('/boom', async () => {
      throw Object.assign(new Error(), { message: undefined });
    });
    try {
      const page = await app.inject({ method: 'GET', url: '/boom' });
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toContain('<p>Error page</p>');
      expect(page.body).toContain('<tessera-dev-overlay>');
      expect(page.body).toContain('The page could not be checked for problems: no source today');
      expect(page.body).toContain('data-tessera-dev');
      // the request's problem is told all the same, in words even without a message
      expect(told).toEqual(['RENDER_FAILED: The page failed to render: Error (without a message)']);
    } finally {
      await app.close();
    }
  });
});
