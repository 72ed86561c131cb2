/**
 * The scripts the corpus ships, run against the runtime (every corpus page with the runtime, without an
 * error: server/theme/corpus-themes.browser.test.ts): hnp's vendored platform libraries
 * (`scripts/sqs-core/`: the `sqs-controller` binder and `squarespace-core-0.1.2.js`, which its site.region
 * names at `scripts/` where only its build copies them) and langate's `site.js` (`ImageLoader.load` on every
 * image) and `nav.js` (jQuery, which the theme loads from ajax.googleapis.com: served from here instead).
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, it } from 'vitest';
import { type BrowserHarness, describeBrowser, useOneChromium } from '../hydrate/browser-harness.js';
import { repoRoot } from '../server/db/database.js';

const CORPUS = resolve(repoRoot(), '..', 'shared', 'themes');

describeBrowser('the corpus with the runtime', () => {
  // one Chromium for both themes' storefronts
  const startHarness = useOneChromium();
  /** Serves `theme` and hands the harness to `use`, blocking every request to another host (and counting it). */
  async function withTheme(theme: string, use: (harness: BrowserHarness) => Promise<void>): Promise<void> {
    const harness = await startHarness({ themeDir: resolve(CORPUS, theme) });
    try {
      await use(harness);
    } finally {
      await harness.close();
    }
  }

  it.skipIf(!existsSync(resolve(CORPUS, 'hnp')))("hnp's vendored sqs-controller and squarespace-core 0.1.2 work against the runtime", async () => {
    await withTheme('hnp', async (harness) => {
      const tab = await harness.open('/');
      const { page } = tab;
      // the page loads the two vendored scripts itself (found in scripts/sqs-core/, a MOVED_SCRIPT warning); the
      // controllers they start are defined by bundle.js, which the corpus lacks: the only problems of the load
      expect(tab.pageErrors).toEqual([]);
      expect(tab.console.map((c) => c.text)).toEqual(
        ['navigation.global', 'brand', 'main', 'collection.archive', 'footer'].map((n) => `Could not locate controller with name: %s. Last valid path parsed: %s Controllers.${n} window`),
      );
      tab.console.length = 0;
      // what the theme's bundle.js would define: controllers by path on window
      await page.evaluate(() => {
        const w = window as unknown as Record<string, unknown>;
        const controller = (name: string) =>
          function (this: Element) {
            this.setAttribute('data-started', name);
            return { sync() {}, destroy: () => this.removeAttribute('data-started') };
          };
        w['Controllers'] = {
          navigation: { global: controller('navigation'), archive: controller('archive-navigation') },
          collection: { archive: controller('archive') },
          heroImage: controller('hero'),
          brand: controller('brand'),
          main: controller('main'),
          footer: controller('footer'),
          default: controller('default'),
        };
      });
      const result = await page.evaluate(() => {
        const w = window as unknown as {
          SQSControllerSync(): void;
          SQS: { Tweak: { getValue(n: string): unknown; watch(n: string[], fn: (t: unknown) => void): void }; ImageLoader: { load(i: Element, c?: object): boolean }; Lifecycle: { init(): void; destroy(): void } };
          Squarespace: { AFTER_BODY_LOADED: boolean };
          Y: { Squarespace: { StyleEditor: { change(n: string, v: string): void } } };
        };
        w.SQSControllerSync();
        const main = document.querySelector('main')!;
        const started = main.getAttribute('data-started');
        const img = document.createElement('img');
        img.setAttribute('data-src', '/static/images/p01.svg');
        img.setAttribute('data-image-dimensions', '2500x3125');
        img.setAttribute('width', '640');
        main.append(img);
        const loaded = [w.SQS.ImageLoader.load(img, { load: true }), img.getAttribute('src')];
        const seen: unknown[] = [];
        w.SQS.Tweak.watch(['anything'], (t) => seen.push(t));
        w.Y.Squarespace.StyleEditor.change('anything', 'x');
        w.SQS.Lifecycle.destroy();
        w.SQS.Lifecycle.init();
        return { started, loaded, seen, value: w.SQS.Tweak.getValue('anything'), afterBodyLoaded: w.Squarespace.AFTER_BODY_LOADED };
      });
      expect(result).toEqual({ started: 'main', loaded: [true, '/static/images/p01.svg?format=750w'], seen: [{ name: 'anything', value: 'x' }], value: 'x', afterBodyLoaded: true });
      tab.expectNoConsoleProblems();
      await tab.close();
    });
  });

  it.skipIf(!existsSync(resolve(CORPUS, 'langate')))("langate's site.js loads its images through ImageLoader; nav.js runs with the jQuery served from here", async () => {
    await withTheme('langate', async (harness) => {
      const tab = await harness.open('/about');
      const { page } = tab;
      const host = new URL(harness.storefront.baseUrl).host;
      // its footer.region asks ajax.googleapis.com for jQuery 1.10.2: the template is rewritten to this server's 1.12.4
      expect(tab.requests.filter((url) => new URL(url).host !== host)).toEqual([]);
      expect(tab.requests.some((url) => /\/static\/libraries\/jquery-1\.12\.4\.min\.[0-9a-f]+\.js$/.test(url))).toBe(true);
      expect(tab.pageErrors).toEqual([]);
      const images = await page.$$eval('img[data-src]', (list) => list.map((i) => i.getAttribute('src') ?? ''));
      expect(images.every((src) => /format=\d+w|^https?:/.test(src) || src === '')).toBe(true);
      await tab.close();
    });
  });
});
