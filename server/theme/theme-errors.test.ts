/**
 * A theme that breaks at render (a region template.conf names but the folder lacks) answers 500 without a
 * stack, a runtime error code or a file path, for a page and for an unknown address.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { openStore } from '../db/database.js';
import { seedDemoStore } from '../db/seed.js';

const dir = mkdtempSync(join(tmpdir(), 'tessera-broken-theme-'));
let app: FastifyInstance;

beforeAll(async () => {
  writeFileSync(join(dir, 'template.conf'), JSON.stringify({ name: 'Broken', layouts: { default: { name: 'Default', regions: ['missing'] } } }));
  const store = openStore(':memory:');
  seedDemoStore(store);
  app = await buildApp({ store, themeDir: dir });
});
afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a theme that fails to render', () => {
  it.each(['/', '/shop', '/no-such-page'])('answers %s with a 500 that names no path, code or stack', async (url) => {
    const page = await app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(500);
    expect(page.body).toContain('Something went wrong');
    expect(page.body).not.toContain(dir);
    expect(page.body).not.toMatch(/ENOENT|\bat \w+ \(|\.ts:\d+/);
  });
});
