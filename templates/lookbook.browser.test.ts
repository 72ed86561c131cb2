/**
 * The demo Lookbook (a slideshow with thumbnails) in Chromium, as a shopper sees it (issue 21): at 1280 px it
 * uses the content's width (no 420 px slide with empty space beside it), no slide is cut to a fraction of its
 * picture, and a thumbnail brings its slide into view without scrolling the site header away, by pointer
 * with and without JavaScript, at 1280 and 390 px. Screenshots: test-results/screenshots/lookbook-*-{width}px.png.
 */
import { expect, it } from 'vitest';
import { describeBrowser, useBrowserHarness, WIDTHS } from '../hydrate/browser-harness.js';

describeBrowser('lookbook slideshow', () => {
  const harness = useBrowserHarness();

  it('fills the content width at 1280 px', async () => {
    const tab = await harness().open('/lookbook', { javaScript: false, width: WIDTHS.desktop });
    try {
      const { content, slides, thumbnails } = await tab.page.evaluate(() => {
        const box = (s: string) => document.querySelector(s)!.getBoundingClientRect();
        return { content: box('.gallery-page').width, slides: box('.gallery-slides').width, thumbnails: box('.gallery-thumbnails').right - box('.gallery-page').left };
      });
      expect(slides / content).toBeGreaterThan(0.6);
      expect(thumbnails / content).toBeGreaterThan(0.95); // slide and thumbnails together span the row
      await tab.screenshot('lookbook-wide');
    } finally {
      await tab.close();
    }
  });

  for (const width of [WIDTHS.desktop, WIDTHS.mobile]) {
    it(`shows most of every slide's picture at ${width}px`, async () => {
      const tab = await harness().open('/lookbook', { javaScript: false, width });
      try {
        const shown = await tab.page.evaluate(() =>
          [...document.querySelectorAll<HTMLImageElement>('.gallery-slides img')].map((img) => {
            const natural = img.naturalWidth / img.naturalHeight;
            const box = img.getBoundingClientRect();
            const drawn = box.width / box.height;
            return { id: img.closest('figure')!.id, share: Math.min(natural, drawn) / Math.max(natural, drawn) };
          }),
        );
        for (const { id, share } of shown) expect(share, id).toBeGreaterThan(0.9);
      } finally {
        await tab.close();
      }
    });

    for (const javaScript of [false, true]) {
      it(`a thumbnail brings its slide into view and keeps the header at ${width}px (${javaScript ? 'with' : 'without'} JavaScript)`, async () => {
        const tab = await harness().open('/lookbook', { javaScript, width });
        try {
          const { page } = tab;
          await page.emulateMedia({ reducedMotion: 'reduce' });
          const thumb = page.getByRole('link', { name: 'Slide 3: Craft fair' });
          await thumb.scrollIntoViewIfNeeded();
          await thumb.click();
          await page.waitForURL('**/lookbook#festival-poster');
          await page.waitForFunction(() => {
            const strip = document.querySelector('.gallery-slides')!.getBoundingClientRect();
            return Math.abs(document.querySelector('#festival-poster')!.getBoundingClientRect().left - strip.left) < 2;
          });
          const where = await page.evaluate(() => ({
            header: document.querySelector('.site-header')!.getBoundingClientRect().top,
            slide: document.querySelector('#festival-poster .gallery-frame')!.getBoundingClientRect().toJSON() as DOMRect,
            viewport: window.innerHeight,
          }));
          expect(where.header).toBe(0);
          expect(where.slide.top).toBeGreaterThanOrEqual(0);
          expect(where.slide.bottom).toBeLessThanOrEqual(where.viewport);
          await tab.screenshot(`lookbook-thumbnail-${javaScript ? 'js' : 'nojs'}`);
        } finally {
          await tab.close();
        }
      });
    }
  }
});
