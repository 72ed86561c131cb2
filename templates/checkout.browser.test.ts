/**
 * The checkout page in Chromium (issue 21): the country select starts at the store's country (United States for
 * the en-US demo store), and at 390 px the order's total is in view before "Place order", not only in the
 * summary below the form. Screenshots: test-results/screenshots/checkout-total-{width}px.png.
 */
import { expect, it } from 'vitest';
import { describeBrowser, useBrowserHarness, WIDTHS } from '../hydrate/browser-harness.js';
import { openWithApronInCart } from '../hydrate/browser-helpers.js';

describeBrowser('checkout page', () => {
  const harness = useBrowserHarness();

  for (const javaScript of [false, true]) {
    it(`starts the country list at the store's country (${javaScript ? 'with' : 'without'} JavaScript)`, async () => {
      const tab = await openWithApronInCart(harness(), '/checkout', { javaScript });
      const country = tab.page.getByLabel('Country', { exact: true });
      expect(await country.inputValue()).toBe('US');
      expect(await country.locator('option:checked').innerText()).toBe('United States');
      tab.expectNoConsoleProblems();
    });
  }

  for (const width of [WIDTHS.mobile, WIDTHS.desktop]) {
    it(`shows the order's total before "Place order" at ${width}px`, async () => {
      const tab = await openWithApronInCart(harness(), '/checkout', { width });
      const { page } = tab;
      const button = page.getByRole('button', { name: 'Place order' });
      await button.scrollIntoViewIfNeeded();
      const buttonBox = (await button.boundingBox())!;
      // the total a shopper reads while the button is on screen: visible, above the button or beside it, in view
      const totals = await page.locator('text=$53.00').evaluateAll((els) =>
        els.filter((e) => (e as HTMLElement).offsetParent !== null).map((e) => e.getBoundingClientRect().toJSON() as { top: number; bottom: number }),
      );
      const viewport = page.viewportSize()!.height;
      const seen = totals.filter((r) => r.bottom <= buttonBox.y + buttonBox.height && r.top >= 0 && r.bottom <= viewport);
      expect(seen.length, JSON.stringify({ totals, buttonBox })).toBeGreaterThan(0);
      await tab.screenshot('checkout-total');
      tab.expectNoConsoleProblems();
    });
  }
});
