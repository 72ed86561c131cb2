/**
 * Every error path answers without a stack, a runtime error code or a file path: a theme that cannot frame a
 * page (a region missing, a region that is a folder) gets a plain, safe 500 page; an error in a page route the
 * themed 500 page; in an API route `{ message }`. A broken template.conf or LESS file is a positioned problem
 * while the pages go on rendering; more than 8 query tags on a page leave the others empty.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { openStore } from '../db/database.js';
import { seedDemoStore } from '../db/seed.js';
import { Theme } from '../theme.js';

const dirs: string[] = [];
const apps: FastifyInstance[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A theme folder made of `files` (path → content; a path ending in / is a folder), served over the demo store. */
async function serve(files: Record<string, string>): Promise<{ app: FastifyInstance; dir: string; problems: string[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'tessera-theme-errors-'));
  dirs.push(dir);
  for (const [path, content] of Object.entries(files)) {
    if (path.endsWith('/')) mkdirSync(join(dir, path), { recursive: true });
    else {
      mkdirSync(join(dir, path, '..'), { recursive: true });
      writeFileSync(join(dir, path), content);
    }
  }
  const store = openStore(':memory:');
  seedDemoStore(store);
  const problems: string[] = [];
  const app = await buildApp({ store, theme: new Theme(dir, false, (p) => problems.push(p)) });
  apps.push(app);
  return { app, dir, problems };
}

const SITE = '<!doctype html><html><head>{squarespace-headers}</head><body>{squarespace.main-content}</body></html>';
/** What no answer may show: a stack frame, a Node error code, a source file, the theme's folder. */
const LEAKS = /ENOENT|EISDIR|EACCES|\bat \w+ \(|\.ts:\d+|\.js:\d+|node:internal|Error:/;

function expectSafe(body: string, dir: string) {
  expect(body).not.toContain(dir);
  expect(body).not.toMatch(LEAKS);
}

describe('a theme that cannot frame a page', () => {
  it.each([
    ['a region template.conf names but the folder lacks', { 'template.conf': JSON.stringify({ layouts: { default: { name: 'D', regions: ['missing'] } } }) }],
    ['a region that is a folder', { 'template.conf': JSON.stringify({ layouts: { default: { name: 'D', regions: ['site'] } } }), 'site.region/': '' }],
  ])('%s: every page answers the plain 500 page', async (_name, files) => {
    const { app, dir } = await serve(files);
    for (const url of ['/', '/shop', '/shop/p/linen-apron', '/no-such-page']) {
      const page = await app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(500);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.body).toContain('<h1>Something went wrong</h1>');
      expectSafe(page.body, dir);
    }
  });
});

describe('errors thrown in routes', () => {
  it('a page route answers the themed 500 page, an API route { message }, neither naming what failed', async () => {
    const { app, dir } = await serve({ 'template.conf': '{}', 'site.region': `<div class="frame">${SITE}</div>` });
    const failure = () => {
      const e = new Error(`ENOENT: no such file or directory, open '${dir}/secret.txt'`) as Error & { code: string };
      e.code = 'ENOENT';
      throw e;
    };
    app.get('/broken-page', failure);
    app.get('/api/broken', failure);
    const page = await app.inject('/broken-page');
    expect(page.statusCode).toBe(500);
    expect(page.body).toContain('class="frame"');
    expect(page.body).toContain('<div class="sqs-system">');
    expectSafe(page.body, dir);
    const api = await app.inject('/api/broken');
    expect(api.statusCode).toBe(500);
    expect(api.json()).toEqual({ message: 'Something went wrong' });
    const unknown = await app.inject('/api/no-such-thing');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Not found' });
    for (const url of ['/shop?page=0', '/%E0%A4%A', '/shop/p/' + 'x'.repeat(300)]) {
      const bad = await app.inject(url);
      expect(bad.statusCode, url).toBeGreaterThanOrEqual(400);
      expectSafe(bad.body, dir);
    }
  });
});

describe('problems that do not stop the pages', () => {
  it('a template.conf that is not JSON is reported at its line and column; the theme renders as one site.region', async () => {
    const { app, problems } = await serve({ 'template.conf': '{\n  "name": "Broken",\n  "layouts": {,\n}', 'site.region': SITE });
    expect((await app.inject('/')).statusCode).toBe(200);
    expect(problems.some((p) => /^template\.conf:3:15: error INVALID_JSON: template\.conf is not valid JSON: Expected property name/.test(p))).toBe(true);
  });

  it('a LESS error is reported at its file, line and column; the pages keep the rest of the stylesheet', async () => {
    const { app, problems } = await serve({
      'template.conf': JSON.stringify({ stylesheets: ['plain.css', 'bad.less'] }),
      'site.region': SITE,
      'styles/plain.css': '.plain { color: red; }',
      'styles/bad.less': '@a: 1px;\n.x { width: @nope; height: @a; }\n',
    });
    const page = await app.inject('/about');
    expect(page.statusCode).toBe(200);
    const href = /<link rel="stylesheet" href="([^"]+)">/.exec(page.body)![1]!;
    expect((await app.inject(href)).body).toContain('.plain{color:red}.x{height:1px}');
    expect(problems).toContainEqual(expect.stringMatching(/^styles\/bad\.less:2:13: error LESS_ERROR: Failed to locate a definition for the variable @nope in current scope: this statement is left out/));
  });

  it('a template.conf layout or stylesheet naming a path outside the theme is left out, with a problem', async () => {
    const { app, problems } = await serve({
      'template.conf': JSON.stringify({ layouts: { default: { name: 'D', regions: ['../../etc/passwd', 'site'] } }, stylesheets: ['../secret.css'] }),
      'site.region': SITE,
    });
    expect((await app.inject('/')).statusCode).toBe(200);
    expect(problems).toContainEqual(expect.stringMatching(/INVALID_CONF: The layout "default" has a region that is not a bare name/));
    expect(problems).toContainEqual(expect.stringMatching(/INVALID_CONF: The stylesheet "\.\.\/secret\.css" is not the path of a \.css or \.less file in styles\//));
  });

  it('a partial applied that the theme lacks is logged with the closest block, as tessera check says it', async () => {
    const { app, problems } = await serve({ 'template.conf': '{}', 'site.region': SITE, 'blocks/nav-link.block': '<a></a>', 'pages/home.page': '\n  {@|apply nav-lnk.block}' });
    expect((await app.inject('/')).statusCode).toBe(200);
    expect(problems).toEqual(["pages/home.page:2:5: error PARTIAL_NOT_FOUND: Attempt to apply partial 'nav-lnk.block' which could not be found. Did you mean 'nav-link.block'?"]);
  });

  it("logs a template's problems from its top, whatever order the checks found them in", async () => {
    const { app, problems } = await serve({ 'template.conf': '{}', 'site.region': SITE, 'pages/home.page': '<squarespace:query collection="blog" limit="three" featured="yes" sort="date">x</squarespace:query>' });
    await app.inject('/');
    expect(problems.map((p) => p.slice(0, p.indexOf(': ')))).toEqual(['pages/home.page:1:45', 'pages/home.page:1:62', 'pages/home.page:1:67']);
  });

  it('more than 8 query tags on a page: the ninth and later show no items, each with a warning', async () => {
    const queries = Array.from({ length: 10 }, (_, i) => `<squarespace:query collection="shop" skip="${i}" limit="1"><i>{.repeated section items}${i}{.end}</i></squarespace:query>`).join('');
    const { app, problems } = await serve({ 'template.conf': '{}', 'site.region': SITE, 'pages/home.page': queries });
    const html = (await app.inject('/')).body;
    expect(html).toContain('<i>0</i><i>1</i><i>2</i><i>3</i><i>4</i><i>5</i><i>6</i><i>7</i><i></i><i></i>');
    const at = (i: number) => 1 + queries.indexOf(`<squarespace:query collection="shop" skip="${i}"`);
    expect(problems).toEqual([8, 9].map((i) => expect.stringMatching(new RegExp(`^pages/home\\.page:1:${at(i)}: warning QUERY_LIMIT: More than 8 different`))));
  });
});
