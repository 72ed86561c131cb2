/**
 * Tag Forms (fixtures/themes/tag-forms) in Chromium, at 1280 and 390 px: the script a `<squarespace:script>`
 * with a JSON-T `combo` names runs, the stylesheet a `<squarespace:versioned-asset>` names styles the featured
 * post a JSON-T query found, with no uncaught error and no request leaving the machine.
 */
import { resolve } from 'node:path';
import { expect, it } from 'vitest';
import { describeBrowser, useBrowserHarness, WIDTHS } from '../../hydrate/browser-harness.js';
import { repoRoot } from '../db/database.js';
import { LAYOUT_DOCUMENT } from '../site-layout.js';
import { siteDocumentBeside } from '../test-support.js';

describeBrowser('the tag forms of platform themes, in Chromium', () => {
  const harness = useBrowserHarness({ themeDir: resolve(repoRoot(), 'fixtures/themes/tag-forms') });

  for (const width of [WIDTHS.desktop, WIDTHS.mobile]) {
    it(`runs the theme's script and styles the featured post at ${width}px`, async () => {
      const { app, themeProblems } = harness().storefront;
      await siteDocumentBeside(app, 'demo', LAYOUT_DOCUMENT, [{ identifier: 'mainNav', links: [{ collectionId: 'shop' }, { collectionId: 'blog' }, { collectionId: 'about' }] }]);
      const tab = await harness().open('/blog', { width });
      try {
        const { page } = tab;
        expect(await page.evaluate(() => document.documentElement.getAttribute('data-forms-script'))).toBe('ran');
        const featured = page.locator('.featured-post');
        await expect(featured.textContent()).resolves.toBe('Notes from our first weaving workshop');
        expect(await featured.evaluate((a) => getComputedStyle(a).fontWeight)).toBe('700');
        expect(tab.pageErrors).toEqual([]);
        expect(tab.failedResponses).toEqual([]);
        const origin = new URL(page.url()).origin;
        expect(tab.requests.filter((url) => !url.startsWith(origin) && !url.startsWith('data:'))).toEqual([]);
        expect(themeProblems).toEqual([]);
        await tab.screenshot('tag-forms-blog');
      } finally {
        await tab.close();
      }
    });
  }
});
