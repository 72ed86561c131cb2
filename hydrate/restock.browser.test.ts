/**
 * The back-in-stock island in Chromium against the demo store's sold-out canvas tote: with JavaScript the
 * signup goes through the API and the success text replaces the form (CTA kept); without JavaScript the same
 * form posts to /restock and the visitor lands back on the product page. A sold-out choice (Field Shirt in Navy
 * / M) stays choosable: with JavaScript, chosen with the keyboard alone, the button turns sold out and the
 * block offers the signup for that variant, focus going to the success text; without JavaScript its add comes
 * back to the product page with that variant chosen and the block's form. No console problems; axe finds no
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
      await Promise.all([page.waitForURL(/\/shop\/p\/canvas-tote\?.*restock=signed-up/), page.getByRole('button', { name: 'Sign Up' }).click()]);
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
    const tab = await harness().open('/shop/p/canvas-tote?message=restock.signedUp&restock=signed-up', { width: WIDTHS.desktop });
    const { page } = tab;
    await hydrated(tab, '.island-restock');
    await expect.poll(() => page.locator('.product-restock-success').innerText()).toBe('Signed up!');
    await tab.goto('/shop/p/canvas-tote?message=restock.emailInvalid&restock=error');
    await hydrated(tab, '.island-restock');
    await expect.poll(() => page.locator('.product-restock-alert').innerText()).toBe('Email is invalid');
    tab.expectNoConsoleProblems();
    await tab.close();
  });

  for (const width of [WIDTHS.desktop, WIDTHS.mobile]) {
    it(`a sold-out choice at ${width}px, keyboard only: the button sold out, the signup for that variant, focus on its success`, async () => {
      const tab = await harness().open('/shop/p/field-shirt', { width });
      const { page } = tab;
      await hydrated(tab, '.product-form');
      expect(await page.locator('.product-restock-notification').count()).toBe(0);
      // choose Navy, then M (sold out in Navy), with the keyboard: the options stay choosable
      await page.getByLabel('Color', { exact: true }).focus();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Tab');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await expect.poll(() => page.getByLabel('Size', { exact: true }).evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.textContent)).toBe('M (sold out)');
      expect(await page.getByLabel('Color', { exact: true }).inputValue()).toBe('Navy');
      await expect.poll(() => page.locator('.product-form .add-to-cart-button').innerText()).toBe('sold out');
      expect(await page.locator('.product-form .add-to-cart-button').getAttribute('aria-disabled')).toBe('true');
      const block = page.locator('.product-restock-notification');
      await block.waitFor();
      expect(await block.locator('.product-restock-variant-name').innerText()).toBe('Navy / M');
      expect(formatAxeViolations(await runAxe(page))).toBe('');
      await tab.screenshot('restock-sold-out-choice');
      // Tab on to the e-mail field and sign up with Enter
      const email = block.getByLabel('Email address', { exact: true });
      for (let i = 0; i < 12 && !(await email.evaluate((e) => e === document.activeElement)); i++) await page.keyboard.press('Tab');
      await page.keyboard.type(`choice-${width}@example.com`);
      await page.keyboard.press('Enter');
      await expect.poll(() => block.locator('.product-restock-success').innerText(), { timeout: 4000 }).toBe('Signed up!');
      await expect.poll(() => page.evaluate(() => document.activeElement?.className)).toBe('product-restock-success');
      // an in-stock choice: the block goes
      await page.getByLabel('Size', { exact: true }).selectOption('L');
      await expect.poll(() => block.count()).toBe(0);
      await expect.poll(() => page.locator('.product-form .add-to-cart-button').innerText()).toBe('Add To Cart');
      tab.expectNoConsoleProblems();
      await tab.close();
    });

    it(`a sold-out choice without JavaScript at ${width}px: the add comes back to the product page with the signup for it`, async () => {
      const tab = await harness().open('/shop/p/field-shirt', { width, javaScript: false });
      const { page } = tab;
      await page.getByLabel('Color', { exact: true }).selectOption('Navy');
      await page.getByLabel('Size', { exact: true }).selectOption('M');
      await Promise.all([page.waitForURL(/\/shop\/p\/field-shirt\?variant=/), page.locator('.product-form .add-to-cart-button').click()]);
      expect(await page.getByLabel('Size', { exact: true }).inputValue()).toBe('M');
      expect(await page.locator('.product-form .add-to-cart-button').innerText()).toBe('sold out');
      expect(await page.locator('.cart-message').count()).toBe(0);
      const block = page.locator('.product-restock-notification');
      expect(await block.locator('.product-restock-variant-name').innerText()).toBe('Navy / M');
      await tab.screenshot('restock-sold-out-choice-plain');
      await block.getByLabel('Email address', { exact: true }).fill(`plain-choice-${width}@example.com`);
      await Promise.all([page.waitForURL(/restock=signed-up/), block.getByRole('button', { name: 'Sign up' }).click()]);
      expect(await page.locator('.product-restock-success').innerText()).toBe('Signed up!');
      expect(await page.locator('.product-restock-variant-name').innerText()).toBe('Navy / M');
      tab.expectNoConsoleProblems();
      await tab.close();
    });
  }
});
