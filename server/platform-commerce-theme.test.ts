/**
 * A platform theme's own commerce markup gets the islands' loader (no browser): the fixture theme in
 * fixtures/themes/platform-commerce prints its buy box with `{@|variants-select}`, `{@|quantity-input}` and
 * `{@|add-to-cart-btn}` only, and no `{@|island …}`; its product pages still get the loader script, its
 * content pages do not.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { eq } from 'drizzle-orm';
import { openStore, repoRoot, type Store } from './db/database.js';
import { websites } from './db/schema.js';
import { seedDemoStore } from './db/seed.js';
import { hasIslands, IslandAssets, ISLANDS_PATH } from './islands/assets.js';
import { Theme } from './theme.js';
import { withoutNonce } from './test-support.js';

const PLATFORM_THEME_DIR = resolve(repoRoot(), 'fixtures/themes/platform-commerce');

const LOADER = 'loader-PLATFORMTEST.js';
const LOADER_TAG = `<script type="module" nonce="{nonce}" src="${ISLANDS_PATH}${LOADER}"></script>`;

let app: FastifyInstance;
let store: Store;
let buildDir: string;
const problems: string[] = [];

/** A stand-in islands build (manifest and loader only), so the test needs no esbuild run. */
function fakeBuild(dir: string): void {
  mkdirSync(dir, { recursive: true });
  const code = Buffer.from('export {};\n');
  writeFileSync(join(dir, LOADER), code);
  writeFileSync(join(dir, `${LOADER}.gz`), gzipSync(code));
  writeFileSync(join(dir, `${LOADER}.br`), brotliCompressSync(code));
  const file = { imports: [], bytes: code.length, gzip: 0, brotli: 0 };
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ loader: LOADER, islands: {}, files: { [LOADER]: file } }));
}

beforeAll(async () => {
  buildDir = mkdtempSync(join(tmpdir(), 'tessera-platform-theme-'));
  fakeBuild(buildDir);
  store = openStore(':memory:');
  seedDemoStore(store);
  const theme = new Theme(PLATFORM_THEME_DIR, false, (p) => problems.push(p), undefined, IslandAssets.load(buildDir));
  app = await buildApp({ store, theme });
});
afterAll(async () => {
  await app?.close();
  rmSync(buildDir, { recursive: true, force: true });
});

const page = async (url: string) => {
  const response = await app.inject({ url });
  expect(response.statusCode, url).toBe(200);
  return withoutNonce(response.body);
};

describe('the platform-commerce fixture theme', () => {
  it('prints the buy box with the platform formatters only, and the product page gets the loader', async () => {
    const html = await page('/shop/p/field-shirt');
    expect(html).not.toContain('data-island=');
    expect(html).toMatch(/<div class="sqs-add-to-cart-button [^"]*" role="button" tabindex="0"[^>]* data-item-id="p02"/);
    expect(html).toContain('<div class="product-variants" data-item-id="p02" data-variants="[{&quot;id&quot;');
    expect(html).toContain('<select aria-label="Select Color" data-variant-option-name="Color">');
    expect(html).toContain('<div class="product-quantity-input" data-item-id="p02"');
    expect(html).toContain('<span class="sqs-cart-quantity">0</span>');
    expect(hasIslands(html)).toBe(true);
    // once, before </body>
    expect(html.split(LOADER_TAG)).toHaveLength(2);
    expect(html).toMatch(new RegExp(`${LOADER_TAG.replace(/[.?*+^$()[\]\\/]/g, '\\$&')}\\n</body>`));
  });

  it('gives the loader to a product with neither options nor quantity field (the add button alone)', async () => {
    const html = await page('/shop/p/gift-card');
    expect(html).not.toContain('product-quantity-input');
    expect(html).toContain(LOADER_TAG);
  });

  it('gives no loader to content pages', async () => {
    for (const url of ['/about', '/blog', '/blog/first-workshop-notes', '/search?q=linen']) {
      const html = await page(url);
      expect(html, url).toContain('<span class="sqs-cart-quantity">');
      expect(hasIslands(html), url).toBe(false);
      expect(html, url).not.toContain(ISLANDS_PATH);
    }
  });

  it('serves the loader it links to, and renders without theme problems', async () => {
    const response = await app.inject({ url: `${ISLANDS_PATH}${LOADER}` });
    expect(response.statusCode).toBe(200);
    expect(problems).toEqual([]);
  });

  it("shows the restock form's captcha container when the site has a captcha site key (website.captchaSettings)", async () => {
    const without = await page('/shop/p/canvas-tote');
    expect(without).toContain('Get notified by email when this product is back in stock');
    expect(without).not.toContain('captcha-container');
    const site = store.select().from(websites).get()!;
    store.update(websites).set({ settings: JSON.stringify({ ...JSON.parse(site.settings), captchaSettings: { siteKey: 'site-key-1', provider: 'test' } }) }).where(eq(websites.id, site.id)).run();
    const json = JSON.parse(await page('/shop/p/canvas-tote?format=json'));
    expect(json.website.captchaSettings).toEqual({ siteKey: 'site-key-1', enterpriseV3: false });
    expect(await page('/shop/p/canvas-tote')).toContain('<div class="captcha-container"></div>');
  });
});
