/**
 * The cart page in Chromium, keyboard only, at 1280 and 390 px (issue 21 "The cart page (JavaScript)"): a − / +
 * press updates its line by itself (subtotal and header count follow, the status region says it) with focus
 * kept on the stepper; a refused quantity (999, 0) shows the alert and puts the box back to the cart's
 * quantity; after Update focus stays on it; after Remove it goes to the next line, then to the empty cart's
 * message: never to the page's body. axe finds no violation.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeBrowser, formatAxeViolations, runAxe, useBrowserHarness, WIDTHS } from './browser-harness.js';
import { hydrated, readAlert } from './browser-helpers.js';

const NOT_ENOUGH = 'Sorry, we do not have enough of that item available.';

/** What has focus: its tag, class and accessible text, enough to tell the body from a control. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const e = document.activeElement;
    return e === null ? 'none' : `${e.tagName.toLowerCase()}.${e.className} ${e.getAttribute('aria-label') ?? e.textContent ?? ''}`.trim();
  });

/** Puts the linen apron (25 in stock) and the enamel mug (3 in stock) in this visitor's cart through the cart API. */
async function fillCart(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const crumb = /(?:^|; )crumb=([^;]*)/.exec(document.cookie)?.[1] ?? '';
    for (const itemId of ['p01', 'p03']) {
      const r = await fetch('/api/commerce/shopping-cart/entries', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', 'x-csrf-token': crumb },
        body: JSON.stringify({ itemId, quantity: 1 }),
      });
      if (!r.ok) throw new Error(`add ${itemId}: ${r.status}`);
    }
  });
}

describeBrowser('cart page', () => {
  const harness = useBrowserHarness();

  for (const width of [WIDTHS.desktop, WIDTHS.mobile]) {
    it(`at ${width}px, keyboard only: steppers update the line, refusals put the box back, focus never drops to the body`, async () => {
      const tab = await harness().open('/cart', { width });
      const { page } = tab;
      await fillCart(page);
      await tab.goto('/cart');
      await hydrated(tab, '.cart-lines');
      const apron = page.getByLabel('Quantity of Linen Apron');
      const mug = page.getByLabel('Quantity of Enamel Mug');
      const subtotal = () => page.locator('.cart-subtotal-amount').innerText();
      const headerCount = () => page.locator('header .sqs-cart-quantity').innerText();
      expect(await subtotal()).toBe('$66.00');

      // + twice: one update, the line, subtotal and header count follow; the stepper keeps focus
      await page.getByRole('button', { name: 'One more Linen Apron' }).focus();
      await page.keyboard.press('Enter');
      await page.keyboard.press('Enter');
      expect(await apron.inputValue()).toBe('3');
      await expect.poll(subtotal, { timeout: 4000 }).toBe('$162.00');
      expect(await headerCount()).toBe('4');
      expect(await page.locator('.cart-status').innerText()).toBe('Quantity of Linen Apron: 3. Subtotal: $162.00.');
      expect(await focused(page)).toContain('One more Linen Apron');
      await tab.screenshot('cart-after-steppers');

      // 999 refused by the server: the alert, then the box says 1 again
      await mug.focus();
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type('999');
      await page.keyboard.press('Tab'); // the + stepper
      await page.keyboard.press('Tab'); // Update
      expect(await focused(page)).toContain('Update');
      await page.keyboard.press('Enter');
      expect(await readAlert(page)).toEqual({ title: 'Unable to update quantity', message: NOT_ENOUGH });
      expect(await mug.inputValue()).toBe('1');
      expect(await focused(page)).toContain('Update');

      // 0: refused before any request, the same way
      await mug.focus();
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type('0');
      await page.keyboard.press('Enter');
      expect((await readAlert(page)).title).toBe('Unable to update quantity');
      expect(await mug.inputValue()).toBe('1');

      // Update with a good quantity: focus stays on the box it was typed in
      await mug.focus();
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type('2');
      await page.keyboard.press('Enter');
      await expect.poll(subtotal, { timeout: 4000 }).toBe('$180.00');
      expect(await focused(page)).toMatch(/^input\./);
      expect(formatAxeViolations(await runAxe(page))).toBe('');

      // Remove the first line: focus goes to the next line; the last one: to the empty cart's message
      await page.getByRole('button', { name: 'Remove Linen Apron' }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => apron.count(), { timeout: 4000 }).toBe(0);
      await expect.poll(() => page.evaluate(() => document.activeElement?.closest('li.cart-entry')?.textContent ?? document.activeElement?.tagName)).toContain('Enamel Mug');
      await page.getByRole('button', { name: 'Remove Enamel Mug' }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => focused(page), { timeout: 4000 }).toBe('p.cart-empty Your cart is empty.');
      expect(await page.locator('.cart-status').innerText()).toBe('Enamel Mug removed. Your cart is empty.');
      expect(await headerCount()).toBe('0');
      await tab.screenshot('cart-emptied');
      // the one refusal the server made (999) is the browser's only complaint (and its own /favicon.ico)
      expect(tab.pageErrors).toEqual([]);
      const problems = tab.console.filter((m) => (m.type === 'error' || m.type === 'warning') && !/status of 409/.test(m.text) && !/\/favicon\.ico:/.test(m.location));
      expect(problems.map((m) => `${m.text} ${m.location}`)).toEqual([]);
      await tab.close();
    });
  }
});
