/**
 * The galleries' controls without JavaScript, by keyboard, in Chromium (spec 001 gallery options, issue 10):
 * the slideshow strip is a focusable named region the arrow keys scroll; thumbnails and previous/next links
 * are real links to slide anchors that bring their slide into view; controls are at least 44 px square.
 * Screenshots: test-results/screenshots/gallery-{slideshow-controls,slider}-{width}px.png.
 */
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterEach, expect, it } from 'vitest';
import { describeBrowser, useBrowserHarness, WIDTHS } from '../hydrate/browser-harness.js';
import { writeBeside } from '../server/test-support.js';

const DEMO_LOOKBOOK = { design: 'slideshow', 'aspect-ratio': 'three-four-vertical', 'thumbnail-strip-height': 60, 'meta-position': 'top', 'active-alignment': 'left' };

/** How far the strip is scrolled, once it has settled, and which slide is in view. */
async function stripState(page: Page): Promise<{ scrollLeft: number; inView: string | null }> {
  // polled from here: with JavaScript off the page runs no timers of its own
  let last = -1;
  for (let i = 0; i < 50; i++) {
    const left = await page.evaluate(() => (document.querySelector('.gallery-slides') as HTMLElement).scrollLeft);
    if (left === last) break;
    last = left;
    await new Promise((resume) => setTimeout(resume, 100));
  }
  return page.evaluate(() => {
    const strip = document.querySelector('.gallery-slides') as HTMLElement;
    const box = strip.getBoundingClientRect();
    const slide = [...strip.querySelectorAll('.gallery-item')].find((s) => Math.abs(s.getBoundingClientRect().left - box.left) < 2);
    return { scrollLeft: strip.scrollLeft, inView: slide?.id ?? null };
  });
}

describeBrowser('gallery controls without JavaScript', () => {
  const harness = useBrowserHarness();
  const setLookbook = (gallery: Record<string, unknown>) =>
    writeBeside(harness().storefront.app, async ({ db, t }) => {
      await db.update(t.collections).set({ settings: JSON.stringify({ gallery }) }).where(eq(t.collections.id, 'lookbook'));
    });
  afterEach(() => setLookbook(DEMO_LOOKBOOK));

  for (const width of [WIDTHS.desktop, WIDTHS.mobile]) {
    it(`scrolls the slideshow from the keyboard and its thumbnails at ${width}px`, async () => {
      const tab = await harness().open('/lookbook', { javaScript: false, width });
      try {
        const { page } = tab;
        await page.emulateMedia({ reducedMotion: 'reduce' }); // no smooth scrolling to wait for
        const strip = page.getByRole('region', { name: /^Lookbook: slides/ });
        await strip.focus();
        expect(await strip.evaluate((el) => el === document.activeElement && el.matches(':focus-visible'))).toBe(true);
        await page.keyboard.press('ArrowRight');
        expect((await stripState(page)).scrollLeft).toBeGreaterThan(0);

        const thumb = page.getByRole('link', { name: 'Slide 3: Craft fair' });
        const box = await thumb.boundingBox();
        expect(box!.width).toBeGreaterThanOrEqual(24);
        expect(box!.height).toBeGreaterThanOrEqual(24);
        await thumb.focus();
        await page.keyboard.press('Enter');
        await page.waitForURL('**/lookbook#festival-poster');
        expect((await stripState(page)).inView).toBe('festival-poster');
        await page.getByRole('link', { name: 'Slide 1: Loom' }).press('Enter');
        expect((await stripState(page)).inView).toBe('loom');
      } finally {
        await tab.close();
      }
    });

    it(`moves between slides with previous/next links when controls are on, wrapping around, at ${width}px`, async () => {
      await setLookbook({ ...DEMO_LOOKBOOK, controls: true, 'active-alignment': 'center', 'meta-position': 'bottom' });
      const tab = await harness().open('/lookbook', { javaScript: false, width });
      try {
        const { page } = tab;
        await page.emulateMedia({ reducedMotion: 'reduce' });
        const next = page.locator('#loom').getByRole('link', { name: 'Next slide' });
        for (const control of [next, page.locator('#loom').getByRole('link', { name: 'Previous slide' })]) {
          const box = await control.boundingBox();
          expect(box!.width).toBeGreaterThanOrEqual(44);
          expect(box!.height).toBeGreaterThanOrEqual(44);
        }
        await tab.screenshot('gallery-slideshow-controls');
        await next.focus();
        await page.keyboard.press('Enter');
        await page.waitForURL('**/lookbook#slide-2');
        expect((await stripState(page)).inView).toBe('thread');
        await page.locator('#thread').getByRole('link', { name: 'Next slide' }).press('Enter');
        expect((await stripState(page)).inView).toBe('festival-poster');
        await page.locator('#festival-poster').getByRole('link', { name: 'Next slide' }).press('Enter');
        expect((await stripState(page)).inView).toBe('loom'); // the last slide's next is the first
        await page.locator('#loom').getByRole('link', { name: 'Previous slide' }).press('Enter');
        expect((await stripState(page)).inView).toBe('festival-poster');
      } finally {
        await tab.close();
      }
    });
  }

  it('renders the slider design with a focusable strip', async () => {
    await setLookbook({ design: 'slider', controls: true, 'aspect-ratio': 'four-three', 'meta-position': 'bottom-left' });
    for (const width of [WIDTHS.desktop, WIDTHS.mobile]) {
      const tab = await harness().open('/lookbook', { javaScript: false, width });
      try {
        await tab.page.emulateMedia({ reducedMotion: 'reduce' });
        await tab.screenshot('gallery-slider');
        const strip = tab.page.getByRole('region', { name: /^Lookbook: slides/ });
        await strip.focus();
        await tab.page.keyboard.press('ArrowRight');
        expect((await stripState(tab.page)).scrollLeft).toBeGreaterThan(0);
      } finally {
        await tab.close();
      }
    }
  });
});
