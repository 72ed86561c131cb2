/**
 * The back-in-stock island in Chromium against the demo store's sold-out canvas tote: with JavaScript the
 * signup goes through the API and the success text replaces the form (CTA kept); without JavaScript the same
 * form posts to /restock and the visitor lands back on the product page. No console problems; axe finds no
 * violation on the page.
 */
import { expect, it } from 'vitest';
import { describeBrowser, formatAxeViolations, runAxe, useBrowserHarness, WIDTHS } from './browser-harness.js';
import { hydrated } from './browser-helpers.js';

const CTA = 'Get notified by email when this product is back in stock';

describeBrowser('restock island', () => {
  const harness = useBrowserHarness();

  it('with JavaScript: an invalid address is refused in place, a valid one signs up', async () => {
    const tab = await harness().open('/shop/p/canvas-tote', { width: WIDTHS.mobile });
    const { page } = tab;
    await hydrated(tab, '.island-restock');
    expect(formatAxeViolations(await runAxe(page))).toBe('');
    const email = page.getByLabel('Your Email', { exact: true });
    await email.fill('nope');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect.poll(() => page.locator('.product-restock-field-error').innerText()).toBe('Email is invalid');
    await email.fill('island-shopper@example.com');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect.poll(() => page.locator('.product-restock-success').innerText(), { timeout: 4000 }).toBe('Signed up!');
    expect(await page.locator('.product-restock-cta').innerText()).toBe(CTA);
    expect(await page.locator('form.product-restock-form').count()).toBe(0);
    await tab.screenshot('restock-signed-up');
    tab.expectNoConsoleProblems();
    await tab.close();
  });

  for (const width of [WIDTHS.desktop, WIDTHS.mobile]) {
    it(`without JavaScript at ${width}px: the form posts to /restock and comes back to the product page`, async () => {
      const tab = await harness().open('/shop/p/canvas-tote', { width, javaScript: false });
      const { page } = tab;
      expect(await page.locator('.product-restock-notification').isVisible()).toBe(true);
      await tab.screenshot('restock-form');
      await page.getByLabel('Your Email', { exact: true }).fill('plain-shopper@example.com');
      await Promise.all([page.waitForURL(/\/shop\/p\/canvas-tote\?message=.*restock=signed-up/), page.getByRole('button', { name: 'Sign Up' }).click()]);
      expect(await page.locator('h1').innerText()).toBe('Canvas Tote');
      // the server renders the block in its outcome: the success text in place of the form, the CTA kept
      expect(await page.locator('.product-restock-success').innerText()).toBe('Signed up!');
      expect(await page.locator('.product-restock-cta').innerText()).toBe(CTA);
      expect(await page.locator('form.product-restock-form').count()).toBe(0);
      tab.expectNoConsoleProblems();
      await tab.close();
    });
  }

  it('with JavaScript, the page a plain post comes back to shows its message in the block', async () => {
    const tab = await harness().open('/shop/p/canvas-tote?message=Signed%20up!&restock=signed-up', { width: WIDTHS.desktop });
    const { page } = tab;
    await hydrated(tab, '.island-restock');
    await expect.poll(() => page.locator('.product-restock-success').innerText()).toBe('Signed up!');
    await tab.goto('/shop/p/canvas-tote?message=Email%20is%20invalid&restock=error');
    await hydrated(tab, '.island-restock');
    await expect.poll(() => page.locator('.product-restock-alert').innerText()).toBe('Email is invalid');
    tab.expectNoConsoleProblems();
    await tab.close();
  });
});
