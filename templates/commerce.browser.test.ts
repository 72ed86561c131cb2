/**
 * The shop pages in Chromium (issue 10): the quantity stepper with the keyboard (buy box and cart lines), the
 * product gallery's thumbnails with and without JavaScript (and following the chosen colour), the stepper's
 * buttons gone without JavaScript, and screenshots of every shop page at 1280 and 390 px
 * (test-results/screenshots/shop-*-{width}px.png).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type BrowserHarness, type BrowserTab, describeBrowser, startBrowserHarness, WIDTHS } from '../hydrate/browser-harness.js';

/** The island holding `selector` has hydrated once React owns that element. */
async function hydrated(tab: BrowserTab, selector: string): Promise<void> {
  await tab.page.waitForFunction((s) => {
    const element = document.querySelector(s);
    return element !== null && Object.keys(element).some((k) => k.startsWith('__react'));
  }, selector);
}

const shownImage = (page: Page) => page.locator('.product-main-image:visible').getAttribute('data-image-id');

async function fillCheckout(page: Page, fields: Record<string, string>): Promise<void> {
  for (const [label, value] of Object.entries(fields)) await page.getByLabel(label, { exact: true }).fill(value);
}

describeBrowser('shop pages', () => {
  let harness: BrowserHarness;
  beforeAll(async () => {
    harness = await startBrowserHarness();
  }, 120_000);
  afterAll(async () => {
    await harness?.close();
  });

  it('the buy box stepper works with the keyboard and keeps the quantity within 1–9999', async () => {
    const tab = await harness.open('/shop/p/linen-apron');
    const { page } = tab;
    await hydrated(tab, '.product-form');
    const quantity = page.getByLabel('Quantity', { exact: true });
    const more = page.getByRole('button', { name: 'One more item' });
    const fewer = page.getByRole('button', { name: 'One fewer item' });
    for (const button of [more, fewer]) {
      const box = await button.boundingBox();
      expect(box!.width).toBeGreaterThanOrEqual(24);
      expect(box!.height).toBeGreaterThanOrEqual(24);
    }
    await more.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Space');
    await expect.poll(() => quantity.inputValue()).toBe('3');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('One more item');
    await page.keyboard.press('Shift+Tab'); // the number field
    await page.keyboard.press('Shift+Tab'); // the − button
    await page.keyboard.press('Enter');
    await expect.poll(() => quantity.inputValue()).toBe('2');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await expect.poll(() => quantity.inputValue()).toBe('1'); // never below 1
    await quantity.fill('9999');
    await more.click();
    await expect.poll(() => quantity.inputValue()).toBe('9999'); // never above 9999
    await quantity.fill('2');
    await page.getByRole('button', { name: 'Add To Cart' }).click();
    await expect.poll(() => page.locator('.sqs-cart-quantity').first().innerText(), { timeout: 5000 }).toBe('2');
    tab.expectNoConsoleProblems();
  });

  it('a cart line’s stepper and Update work with the keyboard', async () => {
    const tab = await harness.open('/shop/p/linen-apron', { javaScript: false });
    const { page } = tab;
    await Promise.all([page.waitForURL('**/cart'), page.getByRole('button', { name: 'Add To Cart' }).click()]);
    const js = await harness.open('/cart');
    // the same visitor: carry the cart cookie over
    await js.context.addCookies(await tab.context.cookies());
    await js.goto('/cart');
    await hydrated(js, '.cart-lines');
    const line = js.page.getByLabel('Quantity of Linen Apron');
    await js.page.getByRole('button', { name: 'One more Linen Apron' }).focus();
    await js.page.keyboard.press('Enter');
    await js.page.keyboard.press('Enter');
    await expect.poll(() => line.inputValue()).toBe('3');
    await js.page.keyboard.press('Tab'); // Update
    expect(await js.page.evaluate(() => document.activeElement?.textContent)).toBe('Update');
    await js.page.keyboard.press('Enter');
    await expect.poll(() => js.page.locator('.cart-subtotal-amount').innerText(), { timeout: 5000 }).toBe('$144.00');
    js.expectNoConsoleProblems();
  });

  it('without JavaScript the stepper is the number field alone, and it still updates the line', async () => {
    const tab = await harness.open('/shop/p/linen-apron', { javaScript: false, width: WIDTHS.mobile });
    const { page } = tab;
    expect(await page.getByRole('button', { name: 'One more item' }).isVisible()).toBe(false);
    await page.getByLabel('Quantity', { exact: true }).fill('2');
    await Promise.all([page.waitForURL('**/cart'), page.getByRole('button', { name: 'Add To Cart' }).click()]);
    expect(await page.getByRole('button', { name: 'One fewer Linen Apron' }).isVisible()).toBe(false);
    await page.getByLabel('Quantity of Linen Apron').fill('4');
    await Promise.all([page.waitForURL('**/cart'), page.getByRole('button', { name: 'Update' }).click()]);
    await page.waitForLoadState('load');
    expect(await page.getByLabel('Quantity of Linen Apron').inputValue()).toBe('4');
  });

  for (const javaScript of [false, true]) {
    it(`the gallery's thumbnails show their picture ${javaScript ? 'with' : 'without'} JavaScript, by pointer and keyboard`, async () => {
      const tab = await harness.open('/shop/p/field-shirt', { javaScript, width: WIDTHS.mobile });
      const { page } = tab;
      if (javaScript) await hydrated(tab, '.product-form');
      expect(await shownImage(page)).toBe('p02-image');
      await page.locator('label[for="gallery-p02--olive-image"]').click();
      expect(await shownImage(page)).toBe('p02--olive-image');
      // radios: the arrow keys move through the pictures
      await page.getByRole('radio', { name: 'Image 2' }).focus();
      await page.keyboard.press('ArrowRight');
      expect(await shownImage(page)).toBe('p02--navy-image');
      expect(await page.getByRole('radio', { name: 'Image 3' }).isChecked()).toBe(true);
      if (javaScript) {
        // choosing a colour shows (and checks the thumbnail of) that colour's picture
        await page.getByLabel('Color', { exact: true }).selectOption('Sand');
        expect(await shownImage(page)).toBe('p02--sand-image');
        expect(await page.getByRole('radio', { name: 'Image 4' }).isChecked()).toBe(true);
        await tab.expectNoLayoutShift();
      }
      tab.expectNoConsoleProblems();
    });
  }

  for (const width of [WIDTHS.desktop, WIDTHS.mobile]) {
    it(`screenshots of the shop pages at ${width}px`, async () => {
      const tab = await harness.open('/shop/p/linen-apron', { width });
      const { page } = tab;
      await hydrated(tab, '.product-form');
      await tab.screenshot('shop-product-in-stock');
      await tab.goto('/shop/p/field-shirt');
      await hydrated(tab, '.product-form');
      await tab.screenshot('shop-product-variants');
      await tab.goto('/shop/p/canvas-tote');
      expect(await page.locator('.product-mark.sold-out').isVisible()).toBe(true);
      expect(await page.locator('.add-to-cart-button').count()).toBe(0);
      expect(await page.locator('.product-restock-notification').isVisible()).toBe(true);
      await tab.screenshot('shop-product-sold-out');
      await tab.goto('/shop');
      await tab.screenshot('shop-grid');
      const columns = await page.locator('.products').evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
      expect(columns).toBe(width === WIDTHS.desktop ? 4 : 2);
      await tab.goto('/shop?view=list');
      await tab.screenshot('shop-list');
      await tab.goto('/cart');
      await tab.screenshot('shop-cart-empty');
      expect(await page.getByRole('link', { name: 'Continue shopping' }).isVisible()).toBe(true);

      await tab.goto('/shop/p/field-shirt');
      await hydrated(tab, '.product-form');
      await page.getByLabel('Color', { exact: true }).selectOption('Navy');
      await page.getByLabel('Size', { exact: true }).selectOption('XL');
      await page.getByRole('button', { name: 'Add To Cart' }).click();
      await expect.poll(() => page.locator('.sqs-cart-quantity').first().innerText(), { timeout: 5000 }).toBe('1');
      await tab.goto('/shop/p/linen-apron');
      await hydrated(tab, '.product-form');
      await page.getByRole('button', { name: 'Add To Cart' }).click();
      await expect.poll(() => page.locator('.sqs-cart-quantity').first().innerText(), { timeout: 5000 }).toBe('2');
      await tab.goto('/cart');
      await hydrated(tab, '.cart-lines');
      expect(await page.locator('.cart-entry-variant').first().innerText()).toBe('Color: Navy · Size: XL');
      expect(await page.getByRole('link', { name: 'Field Shirt' }).getAttribute('href')).toBe('/shop/p/field-shirt');
      await tab.screenshot('shop-cart');

      tab.expectNoConsoleProblems(); // before the refused post below (a 400, on purpose)
      await Promise.all([page.waitForURL('**/checkout'), page.getByRole('link', { name: 'Checkout' }).click()]);
      await fillCheckout(page, { Email: 'ada.example.com', Name: 'Ada Lovelace' });
      await Promise.all([page.waitForLoadState('load'), page.getByRole('button', { name: 'Place order' }).click()]);
      await page.waitForSelector('.error-summary');
      // the summary has focus and links to the fields
      expect(await page.evaluate(() => document.activeElement?.classList.contains('error-summary'))).toBe(true);
      await page.locator('.error-summary').getByRole('link', { name: 'Postal code is required.' }).click();
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('checkout-postal-code');
      // the country started at the store's (United States) and the refused post kept it
      expect(await page.getByLabel('Country', { exact: true }).inputValue()).toBe('US');
      await tab.screenshot('shop-checkout-errors');

      await fillCheckout(page, { Email: 'ada@example.com', Address: '12 St James Sq', City: 'London', 'Postal code': 'SW1Y 4JH' });
      await page.getByLabel('Country', { exact: true }).selectOption({ label: 'United Kingdom' });
      await Promise.all([page.waitForURL('**/checkout/order-confirmed/**'), page.getByRole('button', { name: 'Place order' }).click()]);
      const body = await page.locator('main').innerText();
      expect(body).toContain('Color: Navy · Size: XL');
      expect(body).toContain('United Kingdom');
      await tab.screenshot('shop-confirmation');
    });
  }
});
