/**
 * Which theme folder is served: TESSERA_THEME (relative to the working directory) or the default theme, and
 * the app's `themeDir` option (used by the dev server) serving another folder.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { openStore, repoRoot } from '../db/database.js';
import { seedDemoStore } from '../db/seed.js';
import { defaultThemeDir, themeDirFromEnv } from './theme-dir.js';

const empty = mkdtempSync(join(tmpdir(), 'tessera-theme-dir-'));
afterAll(() => rmSync(empty, { recursive: true, force: true }));

describe('themeDirFromEnv', () => {
  it('is the default theme when TESSERA_THEME is unset or blank', () => {
    expect(themeDirFromEnv({})).toBe(resolve(repoRoot(), 'templates'));
    expect(themeDirFromEnv({ TESSERA_THEME: '  ' })).toBe(defaultThemeDir());
  });

  it('resolves TESSERA_THEME against the working directory', () => {
    expect(themeDirFromEnv({ TESSERA_THEME: 'fixtures/themes/platform-commerce' }, repoRoot())).toBe(
      resolve(repoRoot(), 'fixtures/themes/platform-commerce'),
    );
  });

  it('refuses a missing folder and a folder without template.conf, in words', () => {
    expect(() => themeDirFromEnv({ TESSERA_THEME: join(empty, 'nope') })).toThrow(/does not exist/);
    expect(() => themeDirFromEnv({ TESSERA_THEME: empty })).toThrow(/has no template\.conf/);
  });
});

describe('the themeDir app option', () => {
  it('serves the named theme folder', async () => {
    const store = openStore(':memory:');
    seedDemoStore(store);
    const app = await buildApp({ store, themeDir: resolve(repoRoot(), 'fixtures/themes/platform-commerce') });
    try {
      const page = await app.inject({ method: 'GET', url: '/cart' });
      expect(page.statusCode).toBe(200);
      // the fixture theme's own layout (its inline style), not the default theme's stylesheet link
      expect(page.body).toContain('grid-template-columns: repeat(auto-fill, minmax(14rem, 1fr))');
    } finally {
      await app.close();
    }
  });
});
