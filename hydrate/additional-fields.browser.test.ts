/**
 * The additional-fields lightbox in Chromium, keyboard only (spec 000 §2, §4, §9; W3C APG dialog): the
 * monogrammed napkins ask for their initials before the add; the dialog takes focus, keeps Tab and Shift+Tab
 * inside, closes on Escape with focus back on the add button, refuses an empty answer with the form's
 * message, adds with the answers, and the cart shows them and edits them in the same lightbox (`Saving…`).
 * axe finds no violation with the dialog open.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeBrowser, formatAxeViolations, runAxe, useBrowserHarness, WIDTHS } from './browser-harness.js';
import { hydrated } from './browser-helpers.js';

const inDialog = (page: Page) => page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null && document.activeElement !== null);
const focusedLabel = (page: Page) => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent ?? '');

describeBrowser('additional-fields lightbox', () => {
  const harness = useBrowserHarness();

  it('asks, traps focus, closes on Escape, adds with the answers, and edits them from the cart', async () => {
    const tab = await harness().open('/shop/p/monogram', { width: WIDTHS.mobile });
    const { page } = tab;
    await hydrated(tab, '.product-form');
    const add = page.locator('.product-form .add-to-cart-button');
    await add.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Monogram' });
    await dialog.waitFor();
    await expect.poll(() => focusedLabel(page)).toContain('Initials');
    expect(formatAxeViolations(await runAxe(page))).toBe('');
    await tab.screenshot('lightbox-open');

    // Tab and Shift+Tab never leave the dialog
    for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      expect(await inDialog(page)).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.classList.contains('add-to-cart-button'))).toBe(true);

    // again: an empty answer is refused in place, then the initials go with the add
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.locator('.form-field-error').innerText()).toBe('Required');
    expect(await focusedLabel(page)).toContain('Initials');
    await page.keyboard.type('AK');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    const answers = async () =>
      page.evaluate(async () => {
        const r = await fetch('/api/commerce/shopping-cart', { headers: { accept: 'application/json' } });
        const cart = (await r.json()) as { entries: { additionalFields: string | null }[] };
        return cart.entries.map((e) => e.additionalFields);
      });
    await expect.poll(answers, { timeout: 5000 }).toEqual([JSON.stringify({ 'field-1': 'AK' })]);

    await tab.goto('/cart');
    await hydrated(tab, '.cart-lines');
    expect(await page.locator('.cart-entry-answer').innerText()).toBe('Initials: AK');
    const edit = page.getByRole('button', { name: 'Edit Monogram' });
    await edit.focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value)).toBe('AK');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('BK');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.locator('.cart-entry-answer').innerText(), { timeout: 5000 }).toBe('Initials: BK');
    expect(formatAxeViolations(await runAxe(page))).toBe('');
    tab.expectNoConsoleProblems();
    await tab.close();
  });

  it('without JavaScript: the fields sit in the buy box and go with the add', async () => {
    const tab = await harness().open('/shop/p/monogram', { width: WIDTHS.mobile, javaScript: false });
    const { page } = tab;
    await page.getByLabel('Initials').fill('NJ');
    await Promise.all([page.waitForURL(/\/cart$/), page.locator('.product-form .add-to-cart-button').click()]);
    expect(await page.locator('.cart-entry-answer').innerText()).toBe('Initials: NJ');
    await tab.screenshot('additional-fields-plain-cart');
    tab.expectNoConsoleProblems();
    await tab.close();
  });
});
