/**
 * A theme's `assets/` and `scripts/` served as static files, and nothing outside them: `..` in any spelling,
 * encoded, backslashes, NUL and a symlink pointing out of the theme are all a 404.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../db/database.js';
import { demoApp } from '../test-support.js';
import { confinedFile } from './static-files.js';

let app: FastifyInstance;
const outside = mkdtempSync(join(tmpdir(), 'tessera-outside-'));

beforeAll(async () => {
  app = (await demoApp({ themeDir: resolve(repoRoot(), 'fixtures/themes/regions') })).app;
});
afterAll(async () => {
  await app.close();
  rmSync(outside, { recursive: true, force: true });
});

describe('theme static files', () => {
  it('serves assets and scripts with their type and an hour of caching', async () => {
    const svg = await app.inject({ method: 'GET', url: '/assets/img/logo.svg' });
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    expect(svg.headers['cache-control']).toBe('public, max-age=3600');
    expect(svg.body).toContain('<svg');
    const js = await app.inject({ method: 'GET', url: '/scripts/site.js' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toMatch(/^text\/javascript/);
  });

  it.each(['/assets/../template.conf', '/assets/%2e%2e/template.conf', '/assets/..%2ftemplate.conf', '/assets/img/..%5c..%5ctemplate.conf', '/assets/img%00.svg', '/scripts/', '/assets/nope.svg'])(
    'answers %s with a 404 and no path',
    async (url) => {
      const page = await app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(404);
      expect(page.body).not.toContain('"name"');
      expect(page.body).not.toContain(repoRoot());
    },
  );

  it('refuses a symlink that leads out of the folder', () => {
    const root = join(outside, 'theme-assets');
    mkdirSync(root);
    writeFileSync(join(outside, 'secret.txt'), 'secret');
    writeFileSync(join(root, 'inside.txt'), 'fine');
    symlinkSync(join(outside, 'secret.txt'), join(root, 'link.txt'));
    expect(confinedFile(root, 'inside.txt')).not.toBeNull();
    expect(confinedFile(root, 'link.txt')).toBeNull();
    expect(confinedFile(root, '../secret.txt')).toBeNull();
  });
});
