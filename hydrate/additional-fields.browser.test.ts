/**
 * A product's additional-fields form in Chromium, keyboard only (spec 000 §2, §4, §9; W3C APG dialog): the
 * monogrammed napkins keep their "Initials" field in the buy box once the island runs (no layout shift at
 * 390 px); an empty answer is refused in place (the field marked, the summary naming it takes focus), then the
 * initials go with the add; the cart shows them and edits them in the lightbox (focus in, Tab kept inside,
 * Escape closes with focus back, `Saving…`). Without JavaScript a refused answer comes back to the product
 * page, the field named. axe finds no violation.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeBrowser, formatAxeViolations, runAxe, useBrowserHarness, WIDTHS } from './browser-harness.js';
import { hydrated } from './browser-helpers.js';

const inDialog = (page: Page) => page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null && document.activeElement !== null);
const focusedLabel = (page: Page) => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent ?? '');
const focusedClass = (page: Page) => page.evaluate(() => document.activeElement?.className ?? '');
const SUMMARY = 'One or more fields is invalid, please check your entries.';

describeBrowser('additional fields', () => {
  const harness = useBrowserHarness();

  it('at 390 px the fields stay put as the island runs (CLS 0)', async () => {
    const tab = await harness().open('/shop/p/monogram', { width: WIDTHS.mobile });
    await hydrated(tab, '.product-form');
    await tab.page.locator('.product-form .add-to-cart-button').scrollIntoViewIfNeeded();
    await tab.expectNoLayoutShift();
    expect(await tab.page.getByLabel('Initials').isVisible()).toBe(true);
    tab.expectNoConsoleProblems();
    await tab.close();
  });

  it('refuses an empty answer in place, adds with the answers, and edits them from the cart', async () => {
    const tab = await harness().open('/shop/p/monogram', { width: WIDTHS.mobile });
    const { page } = tab;
    await hydrated(tab, '.product-form');
    const add = page.locator('.product-form .add-to-cart-button');
    await add.focus();
    await page.keyboard.press('Enter');
    // refused in place: the summary names the field and takes focus, the field says why
    await expect.poll(() => focusedClass(page)).toContain('error-summary');
    expect(await page.locator('.error-summary h2').innerText()).toBe(SUMMARY);
    expect(await page.locator('.error-summary a').innerText()).toBe('Initials: Required');
    expect(await page.locator('.additional-fields-inline .form-field-error').innerText()).toBe('Required');
    expect(formatAxeViolations(await runAxe(page))).toBe('');
    await tab.screenshot('additional-fields-refused');
    // the summary's link leads to the field
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedLabel(page)).toContain('Initials');
    await page.keyboard.type('AK');
    await page.keyboard.press('Enter');
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
    const dialog = page.getByRole('dialog', { name: 'Monogram' });
    await dialog.waitFor();
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value)).toBe('AK');
    expect(formatAxeViolations(await runAxe(page))).toBe('');
    // Tab and Shift+Tab never leave the dialog; Escape closes it with focus back on Edit
    for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      expect(await inDialog(page)).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Edit Monogram');
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('BK');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => page.locator('.cart-entry-answer').innerText(), { timeout: 5000 }).toBe('Initials: BK');
    expect(formatAxeViolations(await runAxe(page))).toBe('');
    tab.expectNoConsoleProblems();
    await tab.close();
  });

  it('without JavaScript: an empty answer comes back to the product page, the field named; the answers go with the add', async () => {
    const tab = await harness().open('/shop/p/monogram', { width: WIDTHS.mobile, javaScript: false });
    const { page } = tab;
    await Promise.all([page.waitForURL(/\/cart\/add$/), page.locator('.product-form .add-to-cart-button').click()]);
    expect(await page.locator('h1').innerText()).toBe('Monogrammed Napkins');
    expect(await page.locator('.error-summary h2').innerText()).toBe(SUMMARY);
    expect(await page.locator('.error-summary a').innerText()).toBe('Initials: Required');
    // the summary has focus as the page loads (autofocus)
    expect(await focusedClass(page)).toContain('error-summary');
    await tab.screenshot('additional-fields-plain-refused');
    await page.getByLabel('Initials').fill('NJ');
    await Promise.all([page.waitForURL(/\/cart$/), page.locator('.product-form .add-to-cart-button').click()]);
    expect(await page.locator('.cart-entry-answer').innerText()).toBe('Initials: NJ');
    await tab.screenshot('additional-fields-plain-cart');
    // the refused post's 400 is the contract (as the forms' own), and Chromium logs every 400 it loads
    expect(tab.failedResponses.map((r) => r.replace(/http:\/\/[^/]+/, ''))).toEqual(['400 POST /cart/add']);
    expect(tab.pageErrors).toEqual([]);
    await tab.close();
  });
});
