import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { gunzipSync } from 'node:zlib';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoApp } from './test-support.js';
import { buildThemeStylesheet } from './theme-stylesheet.js';

describe('the theme stylesheet', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    ({ app } = await demoApp());
  });
  afterAll(() => app.close());

  it('is one hashed, minified file linked from every page, cached for good and sent compressed', async () => {
    const hrefs = new Set<string>();
    for (const path of ['/shop', '/shop/p/field-shirt', '/about', '/cart', '/nope']) {
      const body = (await app.inject(path)).body;
      const links = [...body.matchAll(/<link rel="stylesheet" href="([^"]+)">/g)].map((m) => m[1]!);
      expect(links, path).toHaveLength(1);
      hrefs.add(links[0]!);
    }
    expect(hrefs.size).toBe(1);
    const [href] = [...hrefs];
    expect(href).toMatch(/^\/static\/theme\/site-[0-9a-f]{12}\.css$/);
    const gz = await app.inject({ url: href!, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.statusCode).toBe(200);
    expect(gz.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gz.headers['content-encoding']).toBe('gzip');
    const css = gunzipSync(gz.rawPayload).toString();
    expect(css).not.toMatch(/\n\s*\n/); // minified
    expect(css).toContain('.cart-pill');
    expect((await app.inject({ url: href! })).body).toBe(css);
  });

  it('answers 404 for any other file', async () => {
    expect((await app.inject('/static/theme/site-000000000000.css')).statusCode).toBe(404);
    expect((await app.inject('/static/theme/../template.conf')).statusCode).toBe(404);
  });
});

describe('a theme\'s LESS', () => {
  it('compiles the tweak LESS after the listed sheets, in the same compilation: its definitions come last and win', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tessera-tweaks-'));
    try {
      mkdirSync(join(dir, 'styles'));
      writeFileSync(join(dir, 'styles/site.less'), '@import "type.less";\n@accent: #123456;\nh1 { .heading-font; color: @accent; padding: @gap / 2; font-size: @heading-font-font-size; }');
      writeFileSync(join(dir, 'styles/type.less'), '.heading-font { font-family: Georgia; }\n@gap: 20px;');
      const built = buildThemeStylesheet(dir, { names: ['site.less'], tweakLess: '@accent: #abcdef;\n@heading-font-font-size: 30px;\n.heading-font { font-weight: 700; }\n' });
      expect(built.problems).toEqual([]);
      expect(built.sheet!.raw.toString()).toContain('h1{font-family:Georgia;font-weight:700;color:#abcdef;padding:10px;font-size:30px}');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a theme of plain CSS only', () => {
  it('is served as written (no LESS compile to compute its calc() or refuse its modern colours), reset.css first', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tessera-plain-'));
    try {
      mkdirSync(join(dir, 'styles'));
      writeFileSync(join(dir, 'template.conf'), JSON.stringify({ stylesheets: ['site.css'] }));
      writeFileSync(join(dir, 'styles/reset.css'), 'body { margin: 0; }');
      writeFileSync(join(dir, 'styles/site.css'), '.a { width: calc(100% - 1rem); color: rgb(0 0 0 / .5); grid-row: 1 / 3; }');
      const built = buildThemeStylesheet(dir, { names: ['site.css'] });
      expect(built.problems).toEqual([]);
      expect(built.sheet!.raw.toString()).toBe('body{margin:0}.a{width:calc(100% - 1rem);color:#00000080;grid-row:1 / 3}\n');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

