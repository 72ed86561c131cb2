/**
 * The checkout page in Chromium (issue 21): the country select starts at the store's country (United States for
 * the en-US demo store), and at 390 px the order's total is in view before "Place order", not only in the
 * summary below the form. Screenshots: test-results/screenshots/checkout-total-{width}px.png.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type BrowserHarness, type BrowserTab, describeBrowser, startBrowserHarness, WIDTHS } from '../hydrate/browser-harness.js';

/** A visitor with one apron in the cart (added without JavaScript), now on /checkout. */
async function atCheckout(harness: BrowserHarness, width: number, javaScript: boolean): Promise<BrowserTab> {
  const plain = await harness.open('/shop/p/linen-apron', { javaScript: false, width });
  await Promise.all([plain.page.waitForURL('**/cart'), plain.page.getByRole('button', { name: 'Add To Cart' }).click()]);
  const tab = await harness.open('/', { width, javaScript });
  await tab.context.addCookies(await plain.context.cookies());
  await plain.close();
  await tab.goto('/checkout');
  return tab;
}

describeBrowser('checkout page', () => {
  let harness: BrowserHarness;
  beforeAll(async () => {
    harness = await startBrowserHarness();
  }, 120_000);
  afterAll(async () => {
    await harness?.close();
  });

  for (const javaScript of [false, true]) {
    it(`starts the country list at the store's country (${javaScript ? 'with' : 'without'} JavaScript)`, async () => {
      const tab = await atCheckout(harness, WIDTHS.desktop, javaScript);
      const country = tab.page.getByLabel('Country', { exact: true });
      expect(await country.inputValue()).toBe('US');
      expect(await country.locator('option:checked').innerText()).toBe('United States');
      tab.expectNoConsoleProblems();
    });
  }

  for (const width of [WIDTHS.mobile, WIDTHS.desktop]) {
    it(`shows the order's total before "Place order" at ${width}px`, async () => {
      const tab = await atCheckout(harness, width, true);
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
