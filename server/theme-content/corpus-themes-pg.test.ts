/**
 * A corpus theme (`../shared/themes/`) served from PostgreSQL renders the same pages as from SQLite (issue 25):
 * its content made at start on each database (server/theme-content/ensure-theme-content.ts), its tags answered
 * from the store when asked on SQLite and from the tag data loaded ahead on PostgreSQL
 * (server/theme/platform-ahead.ts). Compared byte for byte but the CSP nonce, which differs by nature on every
 * answer (the ids and times of the demo shop and of the theme's content are the same on both: one seed, moved
 * over by export/import, and content whose ids and dates follow from the theme and the day).
 *
 * Every corpus theme, the two whose tags ask the most among them: langate (24 `<squarespace:query>`, block fields,
 * navigations) and hnp (folder navigation, queries). One SQLite app and one PostgreSQL app per theme. Their
 * browser suite (server/theme/corpus-themes.browser.test.ts: styles, scripts, navigation in Chromium, a function of
 * these pages) runs on SQLite alone: this file is why that suffices.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { openStore, repoRoot } from '../db/database.js';
import { describePg } from '../db/describe-pg.js';
import { seedDemoStore } from '../db/seed.js';
import { Theme } from '../theme.js';
import { pgDemoApp, TEST_COOKIES, withoutNonce } from '../test-support.js';

const CORPUS = resolve(repoRoot(), '../shared/themes');
const THEMES = ['adagio', 'baldface', 'boxen', 'deemjournal', 'hnp', 'labspace', 'langate'].filter((t) => existsSync(join(CORPUS, t, 'template.conf')));
/** The home page, a product page, the blog and a post of the demo shop; a store list and an event for good measure. */
const PAGES = ['/', '/shop', '/shop/p/field-shirt', '/blog', '/blog/caring-for-linen'];

async function pagesOf(app: FastifyInstance): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const url of PAGES) {
    const res = await app.inject({ url, cookies: TEST_COOKIES });
    expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
    out.set(url, withoutNonce(res.body));
  }
  return out;
}

describePg('corpus themes on PostgreSQL', (cluster) => {
  describe.skipIf(THEMES.length === 0).each(THEMES)('%s', (name) => {
    const dir = join(CORPUS, name);
    let sqlite: Map<string, string>;
    let pg: Map<string, string>;
    beforeAll(async () => {
      // one theme for both apps: its templates and stylesheet compiled once
      const theme = new Theme(dir, false);
      const store = openStore(':memory:');
      seedDemoStore(store);
      const onSqlite = await buildApp({ store, theme, allowedOrigins: [], trustProxy: false, publicTls: false, mail: { worker: false } });
      sqlite = await pagesOf(onSqlite);
      await onSqlite.close();
      const onPg = await pgDemoApp(cluster().createDatabase(name), { theme });
      try {
        pg = await pagesOf(onPg.app);
      } finally {
        await onPg.close();
      }
    }, 60_000);

    it.each(PAGES)('%s is the same page', (url) => {
      expect(pg.get(url)).toBe(sqlite.get(url));
    });
  });
});
