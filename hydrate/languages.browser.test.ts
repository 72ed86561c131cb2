/**
 * The demo seeded in German and in Japanese (`TESSERA_DEMO_LANGUAGE`, issue 27), in Chromium. German, with
 * and without JavaScript: the product page (its own German names and options, `48,00 $`), the add and the
 * pill's "1 Artikel im Warenkorb", the cart, the checkout and the contact form with its refusals, all in
 * German, axe finding nothing. Japanese at 390 px: the same pages scroll no sideways and clip no text; then
 * the same site made multilingual (English and German beside it): the header's switcher opened and followed by
 * keyboard to the German page under /de, an add there, and the pill's link staying under /de.
 * Screenshots in test-results/screenshots/.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeBrowser, formatAxeViolations, runAxe, useBrowserHarness, WIDTHS } from './browser-harness.js';
import { addButton, hydrated } from './browser-helpers.js';
import { siteDocumentBeside, siteIdOf } from '../server/test-support.js';
import { MULTILINGUAL_DOCUMENT } from '../server/multilingual/site-languages.js';

describeBrowser('the demo in German', () => {
  const harness = useBrowserHarness({ language: 'de-DE' });

  it('with JavaScript: product, add, pill, cart, checkout and contact form in German', async () => {
    const tab = await harness().open('/shop/p/linen-apron', { width: WIDTHS.desktop });
    const { page } = tab;
    await hydrated(tab);
    expect(await page.locator('html').getAttribute('lang')).toBe('de-DE');
    expect(await page.locator('h1').innerText()).toBe('Leinenschürze');
    expect(await page.locator('.product-form .product-price').innerText()).toBe('48,00\u00a0$');
    await addButton(page).click();
    await expect.poll(() => addButton(page).innerText(), { timeout: 4000 }).toBe('Hinzugefügt!');
    expect(await page.getByRole('status').innerText()).toBe('1 Artikel im Warenkorb');
    expect(formatAxeViolations(await runAxe(page))).toBe('');
    await tab.screenshot('de-product');

    await tab.goto('/cart');
    await hydrated(tab);
    expect(await page.locator('h1').innerText()).toBe('Dein Warenkorb');
    expect(await page.locator('.cart-subtotal').innerText()).toBe('Zwischensumme: 48,00\u00a0$');
    expect(await page.getByRole('button', { name: 'Leinenschürze entfernen' }).isVisible()).toBe(true);
    expect(formatAxeViolations(await runAxe(page))).toBe('');
    await tab.screenshot('de-cart');

    await tab.goto('/checkout');
    expect(await page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).isVisible()).toBe(true);
    expect(await page.getByLabel('Postleitzahl').isVisible()).toBe(true);
    expect(formatAxeViolations(await runAxe(page))).toBe('');
    await tab.screenshot('de-checkout');

    await tab.goto('/contact');
    await page.waitForSelector('.form-block[data-enhanced]');
    await page.getByRole('button', { name: 'Senden' }).click();
    await expect.poll(() => page.locator('.form-error-summary-title').innerText()).toBe('Mindestens ein Feld ist ungültig. Bitte überprüfe deine Eingaben.');
    expect(await page.locator('.form-field-error').first().innerText()).toBe('Pflichtfeld');
    expect(formatAxeViolations(await runAxe(page))).toBe('');
    await tab.screenshot('de-contact');
    tab.expectNoConsoleProblems();
    await tab.close();
  });

  it('without JavaScript: the same words, the refused contact form and checkout in German', async () => {
    const tab = await harness().open('/shop/p/field-shirt', { javaScript: false, width: WIDTHS.mobile });
    const { page } = tab;
    await page.getByLabel('Farbe', { exact: true }).selectOption({ label: 'Oliv' });
    await page.getByLabel('Größe', { exact: true }).selectOption({ label: 'L' });
    await Promise.all([page.waitForURL('**/cart'), page.getByRole('button', { name: 'In den Warenkorb' }).click()]);
    expect(await page.locator('h1').innerText()).toBe('Dein Warenkorb');
    await tab.goto('/checkout');
    await Promise.all([page.waitForLoadState('load'), page.getByRole('button', { name: 'Zahlungspflichtig bestellen' }).click()]);
    await expect.poll(() => page.locator('.error-summary-title').innerText()).toBe('Da stimmt etwas nicht');
    expect(await page.locator('#checkout-email-error').innerText()).toBe('E-Mail ist ein Pflichtfeld.');
    await tab.goto('/contact');
    await Promise.all([page.waitForLoadState('load'), page.getByRole('button', { name: 'Senden' }).click()]);
    await expect.poll(() => page.locator('.form-error-summary-title').innerText()).toBe('Mindestens ein Feld ist ungültig. Bitte überprüfe deine Eingaben.');
    expect(await page.locator('.form-field-error').first().innerText()).toBe('Pflichtfeld');
    await tab.screenshot('de-contact-no-js');
    await tab.close();
  });
});

/** Elements whose text is wider than their box where the box hides the rest, and whether the page scrolls sideways. */
async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > innerWidth) problems.push(`scrolls sideways: ${doc.scrollWidth} > ${innerWidth}`);
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      if (el.offsetParent === null || el.closest('.visually-hidden') !== null || (el.textContent ?? '').trim() === '') continue;
      const style = getComputedStyle(el);
      // hidden on purpose for sight, kept for screen readers (the empty cart's count)
      if (style.clipPath !== 'none') continue;
      const hides = style.overflowX === 'hidden' || style.overflowX === 'clip' || style.textOverflow === 'ellipsis';
      if (hides && el.scrollWidth > el.clientWidth + 1) problems.push(`clipped: ${el.tagName.toLowerCase()}.${el.className}`);
    }
    return problems;
  });
}

describeBrowser('the demo in Japanese at 390 px', () => {
  const harness = useBrowserHarness({ language: 'ja-JP' });

  for (const path of ['/shop/p/field-shirt', '/cart', '/checkout', '/contact']) {
    it(`${path}: no sideways scrolling, no clipped text, axe 0`, async () => {
      const tab = await harness().open(path, { width: WIDTHS.mobile });
      const { page } = tab;
      expect(await page.locator('html').getAttribute('lang')).toBe('ja-JP');
      expect(await layoutProblems(page)).toEqual([]);
      expect(formatAxeViolations(await runAxe(page))).toBe('');
      await tab.screenshot(`ja${path.replaceAll('/', '-')}`);
      await tab.close();
    });
  }

  it('made multilingual: the switcher by keyboard to /de, an add there, the pill’s link under /de; no overflow, axe 0', async () => {
    const { app } = harness().storefront;
    await siteDocumentBeside(app, await siteIdOf(app), MULTILINGUAL_DOCUMENT, { languages: ['en-US', 'de-DE'], connected: true });
    const tab = await harness().open('/shop/p/linen-apron', { width: WIDTHS.mobile });
    const { page } = tab;
    await hydrated(tab);
    expect(await layoutProblems(page)).toEqual([]);
    await page.getByRole('button', { name: '言語: 日本語' }).focus();
    await page.keyboard.press('Enter');
    const list = page.getByRole('navigation', { name: '言語' });
    await expect.poll(() => list.isVisible()).toBe(true);
    expect(await list.getByRole('link').allInnerTexts()).toEqual(['日本語', 'English', 'Deutsch']);
    expect(formatAxeViolations(await runAxe(page))).toBe('');
    await tab.screenshot('ja-language-switcher');
    for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Deutsch');
    await Promise.all([page.waitForURL('**/de/shop/p/linen-apron'), page.keyboard.press('Enter')]);
    await hydrated(tab);
    expect(await page.locator('html').getAttribute('lang')).toBe('de-DE');
    await addButton(page).click();
    await expect.poll(() => page.getByRole('status').innerText(), { timeout: 4000 }).toBe('1 Artikel im Warenkorb');
    expect(await page.locator('a.cart-pill').getAttribute('href')).toBe('/de/cart');
    expect(await layoutProblems(page)).toEqual([]);
    tab.expectNoConsoleProblems();
    await tab.close();
  });
});
