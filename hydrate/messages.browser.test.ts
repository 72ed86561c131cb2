/**
 * The storefront in German (issue 27), in Chromium: the demo store with its language set to de-DE (the website
 * settings' `language`, as an owner sets it). With JavaScript the add button goes In den Warenkorb → Wird
 * hinzugefügt… → Hinzugefügt! and the cart pill, named in German, says "1 Artikel im Warenkorb" after one add.
 * Without JavaScript the pill is not shown (it waits for the script), so the page's German is the buy box's
 * and the store's messages: the same add lands on the cart, whose link messages read in German. axe finds no
 * violation on the German product page; no console problem.
 */
import { beforeAll, expect, it } from 'vitest';
import { changeSiteSettings } from '../server/test-support.js';
import { describeBrowser, formatAxeViolations, runAxe, useBrowserHarness, WIDTHS } from './browser-harness.js';
import { addButton, hydrated } from './browser-helpers.js';

describeBrowser('the storefront in German', () => {
  const harness = useBrowserHarness();

  beforeAll(() => changeSiteSettings(harness().storefront.app, (settings) => ({ ...settings, language: 'de-DE' })));

  for (const width of [WIDTHS.desktop, WIDTHS.mobile]) {
    it(`with JavaScript at ${width}px: the add button's states in German and the pill says 1 Artikel im Warenkorb`, async () => {
      const tab = await harness().open('/shop/p/field-shirt', { width });
      const { page } = tab;
      await hydrated(tab);
      expect(await page.locator('html').getAttribute('lang')).toBe('de-DE');
      expect(await page.locator('.product-form .product-price').innerText()).toBe('ab 89,00\u00a0$');
      await page.getByLabel('Color', { exact: true }).selectOption('Olive');
      await page.getByLabel('Size', { exact: true }).selectOption('L');
      expect(await addButton(page).innerText()).toBe('In den Warenkorb');
      await addButton(page).click();
      await expect.poll(() => addButton(page).innerText()).toBe('Wird hinzugefügt…');
      await expect.poll(() => addButton(page).innerText(), { timeout: 4000 }).toBe('Hinzugefügt!');
      await expect.poll(() => addButton(page).innerText(), { timeout: 4000 }).toBe('In den Warenkorb');
      const pill = page.locator('a.cart-pill');
      expect(await pill.isVisible()).toBe(true);
      expect(await page.getByRole('status').innerText()).toBe('1 Artikel im Warenkorb');
      expect(await pill.locator('.cart-pill-subtotal').innerText()).toBe('89,00\u00a0$');
      // the link's name: the visible count and subtotal, then the hidden German words
      expect(await pill.textContent()).toBe('1 89,00\u00a0$, Warenkorb: 1 Artikel im Warenkorb');
      await tab.screenshot('german-product-added');
      expect(formatAxeViolations(await runAxe(page))).toBe('');
      tab.expectNoConsoleProblems();
      await tab.close();
    });
  }

  it('without JavaScript: the buy box in German, the add lands on the cart, whose messages read in German', async () => {
    const tab = await harness().open('/shop/p/field-shirt', { javaScript: false, width: WIDTHS.mobile });
    const { page } = tab;
    expect(await page.locator('.product-form .product-price').innerText()).toBe('ab 89,00\u00a0$');
    await page.getByLabel('Color', { exact: true }).selectOption({ label: 'Olive' });
    await page.getByLabel('Size', { exact: true }).selectOption({ label: 'L' });
    // the pill is the script's: hidden until it has synced, so a page without JavaScript never shows it
    expect(await page.locator('a.cart-pill').isHidden()).toBe(true);
    await Promise.all([page.waitForURL('**/cart'), page.getByRole('button', { name: 'In den Warenkorb' }).click()]);
    await expect.poll(() => page.getByLabel('Menge von Field Shirt').inputValue()).toBe('1');
    await tab.goto('/cart?message=cart.notEnoughStock');
    expect(await page.getByRole('alert').innerText()).toBe('Von diesem Artikel haben wir leider nicht genug vorrätig.');
    await tab.screenshot('german-cart-no-js');
    tab.expectNoConsoleProblems();
    await tab.close();
  });
});
