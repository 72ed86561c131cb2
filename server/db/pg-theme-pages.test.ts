/**
 * The default theme's pages from PostgreSQL are the pages from SQLite, byte for byte but the CSP nonce (which
 * differs on every answer by nature): the pages of the theme's quality bars (templates/theme.browser.test.ts) that
 * open without a setup. Those bars (axe, targets, focus, motion, CLS and LCP in Chromium) are a function of the page
 * and its stylesheet, so they run on SQLite alone, and this file is why that suffices on PostgreSQL (issue 25;
 * server/db/README.md, "The browser suites on PostgreSQL"). The pages a quality bar reaches through a setup (cart,
 * checkout, an order) are the buying suites' and run in Chromium on both databases.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { openStore } from './database.js';
import { describePg } from './describe-pg.js';
import { seedDemoStore } from './seed.js';
import { defaultThemeDir } from '../theme/theme-dir.js';
import { Theme } from '../theme.js';
import { pgDemoApp, TEST_COOKIES, withoutNonce } from '../test-support.js';

/** theme.browser's pages without a setup, and the status each answers with. */
const PAGES: readonly (readonly [string, number])[] = [
  ['/', 200], ['/shop', 200], ['/shop?view=list', 200], ['/shop/p/field-shirt', 200], ['/shop/p/canvas-tote', 200],
  ['/shop/p/gift-card', 200], ['/cart', 200], ['/about', 200], ['/contact', 200], ['/blog', 200],
  ['/blog/first-workshop-notes', 200], ['/events', 200], ['/events/craft-fair', 200], ['/gallery', 200],
  ['/lookbook', 200], ['/album', 200], ['/videos', 200], ['/videos/loom-in-motion', 200], ['/search?q=linen', 200],
  ['/no-such-page', 404], ['/trade', 200], ['/members', 403],
];

async function pagesOf(app: FastifyInstance): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const [url, status] of PAGES) {
    const res = await app.inject({ url, cookies: TEST_COOKIES });
    expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(status);
    out.set(url, withoutNonce(res.body));
  }
  return out;
}

describePg('the default theme on PostgreSQL', (cluster) => {
  let sqlite: Map<string, string>;
  let pg: Map<string, string>;
  let close = async () => {};
  beforeAll(async () => {
    // one theme for both apps: its templates and stylesheet compiled once
    const theme = new Theme(defaultThemeDir(), false);
    const store = openStore(':memory:');
    seedDemoStore(store);
    const onSqlite = await buildApp({ store, theme, allowedOrigins: [], trustProxy: false, publicTls: false, mail: { worker: false } });
    try {
      sqlite = await pagesOf(onSqlite);
    } finally {
      await onSqlite.close();
    }
    const onPg = await pgDemoApp(cluster().createDatabase('theme_pages'), { theme });
    close = onPg.close;
    pg = await pagesOf(onPg.app);
  }, 60_000);
  afterAll(() => close());

  describe('renders the same page as on SQLite', () => {
    it.each(PAGES.map(([url]) => url))('%s', (url) => {
      expect(sqlite.get(url)).toContain('</html>');
      expect(pg.get(url)).toBe(sqlite.get(url));
    });
  });
});
