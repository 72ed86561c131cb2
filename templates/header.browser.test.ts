/**
 * The page frame's cart count, the floating cart pill and the phone menu in Chromium (issue 21, "the rest of
 * the shop"): no "0" badge for an empty cart (spoken all the same), no pill on /cart (the header counts there),
 * the pill never over the footer at 390 px, Escape closes the menu and gives focus back to its button, and
 * /favicon.ico answers. Screenshots: test-results/screenshots/header-*-{width}px.png.
 */
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { describeBrowser, useBrowserHarness, WIDTHS } from '../hydrate/browser-harness.js';
import { openWithApronInCart } from '../hydrate/browser-helpers.js';

/** The header's count badge as drawn: its box, 0×0 or 1×1 when it is hidden from sight. */
const badgeBox = (page: Page) => page.locator('.cart-link .sqs-cart-quantity').boundingBox();

describeBrowser('page frame: cart count, cart pill, menu', () => {
  const harness = useBrowserHarness();

  for (const javaScript of [false, true]) {
    it(`shows no "0" badge for an empty cart, and the count once there is one (${javaScript ? 'with' : 'without'} JavaScript)`, async () => {
      const tab = await harness().open('/shop', { javaScript });
      const { page } = tab;
      const empty = await badgeBox(page);
      expect(empty === null || (empty.width <= 1 && empty.height <= 1)).toBe(true);
      // a screen reader still hears the count
      expect(await page.getByRole('link', { name: 'Cart, items: 0' }).count()).toBe(1);
      await page.goto(new URL('/shop/p/linen-apron', page.url()).href);
      await page.getByRole('button', { name: 'Add To Cart' }).click();
      if (!javaScript) await page.waitForURL('**/cart');
      await expect.poll(() => page.locator('.cart-link .sqs-cart-quantity').innerText(), { timeout: 5000 }).toBe('1');
      const shown = await badgeBox(page);
      expect(shown!.width).toBeGreaterThan(10);
      expect(shown!.height).toBeGreaterThan(10);
      tab.expectNoConsoleProblems();
    });
  }

  it('does not float the cart pill on /cart, where the header has the count', async () => {
    const tab = await openWithApronInCart(harness(), '/cart', { width: WIDTHS.mobile });
    const { page } = tab;
    await page.waitForSelector('.cart-pill--initialised', { state: 'attached' });
    expect(await page.locator('.cart-pill').isVisible()).toBe(false);
    expect(await page.locator('.cart-link .sqs-cart-quantity').innerText()).toBe('1');
    await tab.screenshot('header-cart-page');
    tab.expectNoConsoleProblems();
  });

  it('never sets the cart pill over the footer at 390 px', async () => {
    const tab = await openWithApronInCart(harness(), '/shop', { width: WIDTHS.mobile });
    const { page } = tab;
    const pill = page.locator('.cart-pill');
    await pill.waitFor({ state: 'visible' });
    const height = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
    // every position from where the footer comes into view to the very end
    const footerTop = await page.evaluate(() => document.querySelector('.site-footer')!.getBoundingClientRect().top + window.scrollY);
    const viewport = page.viewportSize()!.height;
    for (let y = Math.max(0, Math.floor(footerTop - viewport)); ; y = Math.min(height, y + 60)) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      const overlap = await page.evaluate(() => {
        const a = document.querySelector('.cart-pill')!.getBoundingClientRect();
        const b = document.querySelector('.site-footer')!.getBoundingClientRect();
        return Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top)) * Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left));
      });
      expect(overlap, `scrolled to ${y}`).toBe(0);
      if (y >= height) break;
    }
    // and it still floats in view above the content while the footer is far
    await page.evaluate(() => window.scrollTo(0, 0));
    const box = await pill.boundingBox();
    expect(box!.y + box!.height).toBeLessThanOrEqual(viewport);
    expect(box!.y + box!.height).toBeGreaterThan(viewport - 40);
    await tab.screenshot('header-pill-footer');
    tab.expectNoConsoleProblems();
  });

  for (const javaScript of [false, true]) {
    it(`Escape closes the phone menu and gives focus back to its button (${javaScript ? 'with' : 'without'} JavaScript)`, async () => {
      const tab = await harness().open('/about', { javaScript, width: WIDTHS.mobile });
      const { page } = tab;
      const menu = page.getByRole('navigation', { name: 'Menu' });
      expect(await menu.isVisible()).toBe(false);
      await page.keyboard.press('Tab'); // the skip link
      await page.keyboard.press('Tab'); // the menu button
      expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Menu');
      await page.keyboard.press('Enter');
      await menu.waitFor({ state: 'visible' });
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.closest('nav')?.getAttribute('aria-label'))).toBe('Menu');
      await tab.screenshot(`header-menu-open-${javaScript ? 'js' : 'nojs'}`);
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden' });
      expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Menu');
      // opened again and closed at once, from the button itself
      await page.keyboard.press('Enter');
      await menu.waitFor({ state: 'visible' });
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden' });
      expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Menu');
      // a click on a link of the menu still goes there
      await page.keyboard.press('Enter');
      await Promise.all([page.waitForURL('**/shop'), menu.getByRole('link', { name: 'Shop' }).click()]);
      tab.expectNoConsoleProblems();
    });
  }

  it('answers the browser asking for /favicon.ico', async () => {
    const tab = await harness().open('/about');
    // Asked outside the page: with requests routed (the harness refuses other hosts), Chromium fails a page's
    // own fetch of /favicon.ico, whatever the server answers.
    const response = await tab.page.request.get('/favicon.ico');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('image/x-icon');
    const icon = await tab.page.evaluate(() => [...document.querySelectorAll('link[rel="icon"]')].map((l) => l.getAttribute('href')));
    expect(icon).toEqual(['/favicon.ico', '/favicon.svg']);
  });
});
