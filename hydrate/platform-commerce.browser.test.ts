/**
 * "Any platform theme gets working commerce": in Chromium, against the fixture theme of
 * fixtures/themes/platform-commerce, whose product page prints the buy box as hosted-platform themes do (the
 * engine's `{@|variants-select}`, `{@|quantity-input}`, `{@|add-to-cart-btn}`; no `{@|island …}`) and a header
 * `.sqs-cart-quantity`. The loader finds that markup by its class names and data attributes and the
 * `platform-commerce` island drives it: validation alerts, Adding… / Added!, the header count, the cart,
 * gift cards and subscriptions to their checkout. No console warning or error, no layout shift.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page, Request } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { repoRoot } from '../server/db/database.js';
import { type BrowserTab, describeBrowser, useBrowserHarness, WIDTHS } from './browser-harness.js';
import { expectGiftCardCheckout, readAlert as readAlertOf, shopPosts, subscribeToCheckout } from './browser-helpers.js';
import type { IslandManifest } from './build.js';

const THEME_DIR = resolve(repoRoot(), 'fixtures/themes/platform-commerce');

const addButton = (page: Page) => page.locator('.sqs-add-to-cart-button');
const buttonLabel = (page: Page) => page.locator('.sqs-add-to-cart-button .sqs-add-to-cart-button-inner').innerText();
const option = (page: Page, name: string) => page.locator(`.product-variants select[data-variant-option-name="${name}"]`);
const quantity = (page: Page) => page.locator('.product-quantity-input input');
const headerCount = (page: Page) => page.locator('header .sqs-cart-quantity').innerText();

/** The island has taken over the markup: it adds its alert root once the buttons are bound. */
async function taken(tab: BrowserTab): Promise<void> {
  await tab.page.waitForFunction(() => document.querySelector('body > .tessera-alerts') !== null);
}

/** The alert's title and text, then closed with its button; focus goes back to the add button. */
const readAlert = (page: Page) => readAlertOf(page, { focusBackTo: 'sqs-add-to-cart-button' });

/** The add button is back to its own label, and enabled again. */
async function idleAgain(page: Page, label = 'Add To Cart'): Promise<void> {
  await expect.poll(() => buttonLabel(page), { timeout: 4000 }).toBe(label);
  expect(await addButton(page).getAttribute('aria-disabled')).not.toBe('true');
}


describeBrowser('platform commerce markup', () => {
  const harness = useBrowserHarness({ themeDir: THEME_DIR });
  let manifest: IslandManifest;
  beforeAll(() => {
    const { islands } = harness();
    if (!islands.available) throw new Error(islands.reason);
    manifest = JSON.parse(readFileSync(islands.manifestFile, 'utf8')) as IslandManifest;
  });

  it('loads the loader and the platform-commerce island on a product page of the theme, and alerts on a press without options (click, Enter, Space)', async () => {
    const tab = await harness().open('/shop/p/field-shirt');
    const { page } = tab;
    await taken(tab);
    const island = manifest.islands['platform-commerce'];
    expect(island).toBeDefined();
    const paths = tab.requests.map((url) => new URL(url).pathname);
    expect(paths).toContain(`/static/islands/${manifest.loader}`);
    expect(paths).toContain(`/static/islands/${island}`);
    expect(paths).not.toContain(`/static/islands/${manifest.islands['product-form']}`);

    const posts = shopPosts(page);
    await addButton(page).click();
    expect(await readAlert(page)).toEqual({ title: 'Unable to Add Item', message: 'Please select the Color and Size options.' });
    await idleAgain(page);

    await addButton(page).focus();
    await page.keyboard.press('Enter');
    expect(await readAlert(page)).toEqual({ title: 'Unable to Add Item', message: 'Please select the Color and Size options.' });
    await idleAgain(page);

    // Space too, held as a human would: its key up must not reach (and close) the alert opened meanwhile
    await addButton(page).focus();
    await page.keyboard.down(' ');
    await page.getByRole('dialog').waitFor();
    await page.keyboard.up(' ');
    expect(await readAlert(page)).toEqual({ title: 'Unable to Add Item', message: 'Please select the Color and Size options.' });
    await idleAgain(page);

    await option(page, 'Color').selectOption('Olive');
    await addButton(page).click();
    expect((await readAlert(page)).message).toBe('Please select the Size option.');
    await idleAgain(page);

    await option(page, 'Size').selectOption('M');
    for (const [typed, message] of [
      ['2.5', 'Quantity must be a whole number'],
      ['', 'Quantity must be a number.'],
      ['99', 'Sorry, we do not have enough of that item available.'],
    ] as const) {
      await quantity(page).fill(typed);
      await addButton(page).click();
      expect((await readAlert(page)).message, typed).toBe(message);
      await idleAgain(page);
    }
    expect(posts.map((r) => r.url())).toEqual([]);
    await tab.expectNoLayoutShift();
    tab.expectNoConsoleProblems();
    await tab.close();
  });

  for (const [width, press] of [
    [WIDTHS.desktop, 'click'],
    [WIDTHS.mobile, 'Enter'],
  ] as const) {
    it(`at ${width}px: Color, Size and a quantity of 2 in the platform's own fields, then ${press}: Adding…, Added!, the header count and the cart`, async () => {
      const tab = await harness().open('/shop/p/field-shirt', { width });
      const { page } = tab;
      await taken(tab);
      expect(await headerCount(page)).toBe('0');
      await option(page, 'Color').selectOption('Olive');
      await option(page, 'Size').selectOption('M');
      await quantity(page).fill('2');
      const posts = shopPosts(page);
      if (press === 'click') {
        await addButton(page).click();
      } else {
        await addButton(page).focus();
        await page.keyboard.press('Enter');
      }
      await expect.poll(() => buttonLabel(page)).toBe('Adding…');
      expect(await addButton(page).getAttribute('aria-disabled')).toBe('true');
      // a second press while adding does nothing (dispatched: playwright itself waits while aria-disabled)
      await addButton(page).dispatchEvent('click');
      await expect.poll(() => buttonLabel(page), { timeout: 4000 }).toBe('Added!');
      expect(await addButton(page).getAttribute('aria-disabled')).toBe('true');
      await idleAgain(page);
      expect(await addButton(page).getAttribute('aria-disabled')).toBe('false');

      expect(posts.map((r) => [new URL(r.url()).pathname, r.postDataJSON()])).toEqual([
        ['/api/commerce/shopping-cart/entries', { itemId: 'p02', sku: 'SQP022', quantity: 2, additionalFields: null }],
      ]);
      expect(await headerCount(page)).toBe('2');
      await tab.screenshot('platform-commerce-added');
      await tab.expectNoLayoutShift();
      tab.expectNoConsoleProblems();

      await tab.goto('/cart');
      await expect.poll(() => page.getByLabel('Quantity of Field Shirt').inputValue()).toBe('2');
      expect(await page.locator('main').innerText()).toContain('Field Shirt');
      expect(await headerCount(page)).toBe('2');
      tab.expectNoConsoleProblems();
      await tab.close();
    });
  }

  it("shows the chosen variant's price in the theme's own price block and disables choices sold out with the others chosen", async () => {
    const tab = await harness().open('/shop/p/field-shirt');
    const { page } = tab;
    await taken(tab);
    const price = page.locator('.product-price').first();
    expect((await price.innerText()).trim()).toBe('from $89.00');
    await option(page, 'Color').selectOption('Navy');
    // Navy / M is sold out
    expect(await option(page, 'Size').locator('option[value="M"]').isDisabled()).toBe(true);
    expect(await option(page, 'Size').locator('option[value="L"]').isDisabled()).toBe(false);
    await option(page, 'Size').selectOption('XL');
    expect((await price.innerText()).trim()).toBe('$94.00');
    await option(page, 'Size').selectOption('L');
    expect((await price.innerText()).trim()).toBe('$89.00');
    tab.expectNoConsoleProblems();
    await tab.close();
  });

  it("names the missing options in the order of the theme's selects, whatever the order of the variants' attributes", async () => {
    const tab = await harness().open('/shop/p/field-shirt');
    const { page } = tab;
    await taken(tab);
    // the same variants with each one's attributes written Size first (a product edited over time)
    await page.evaluate(() => {
      const block = document.querySelector<HTMLElement>('.product-variants[data-variants]')!;
      const variants = JSON.parse(block.dataset['variants']!) as { attributes: Record<string, string> }[];
      for (const v of variants) v.attributes = { Size: v.attributes['Size']!, Color: v.attributes['Color']! };
      block.dataset['variants'] = JSON.stringify(variants);
    });
    await addButton(page).click();
    expect((await readAlert(page)).message).toBe('Please select the Color and Size options.');
    await idleAgain(page);
    await option(page, 'Size').selectOption('L');
    await addButton(page).click();
    expect((await readAlert(page)).message).toBe('Please select the Color option.');
    await idleAgain(page);
    tab.expectNoConsoleProblems();
    await tab.close();
  });

  it('adds a product printed without options (no variants block): the server picks its only variant', async () => {
    const tab = await harness().open('/shop/p/linen-apron');
    const { page } = tab;
    await taken(tab);
    await quantity(page).fill('3');
    await addButton(page).click();
    await expect.poll(() => buttonLabel(page), { timeout: 4000 }).toBe('Added!');
    expect(await headerCount(page)).toBe('3');
    await idleAgain(page);
    tab.expectNoConsoleProblems();
    await tab.close();
  });

  it('buys a gift card through the platform markup: a denomination first, then its checkout', async () => {
    const tab = await harness().open('/shop/p/gift-card');
    const { page } = tab;
    await taken(tab);
    await addButton(page).click();
    expect(await readAlert(page)).toEqual({ title: 'Unable to purchase Gift Card', message: 'Select a denomination for the Gift Card' });
    await idleAgain(page);
    await option(page, 'Value').selectOption('50');
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/3/commerce/cart/gift-card')),
      page.waitForURL(/\/checkout\?cartToken=[^&]+/),
      addButton(page).click(),
    ]);
    expect(request.postDataJSON()).toEqual({ itemId: 'p08', sku: 'SQP082' });
    await expectGiftCardCheckout(page, '$50.00');
    tab.expectNoConsoleProblems();
    await tab.close();
  });

  it('subscribes through the platform markup (data-is-subscription) to the subscription checkout', async () => {
    const tab = await harness().open('/shop/p/coffee-subscription');
    const { page } = tab;
    await taken(tab);
    expect(await buttonLabel(page)).toBe('Subscribe');
    await subscribeToCheckout(page, addButton(page));
    tab.expectNoConsoleProblems();
    await tab.close();
  });

  it('renders every page of the theme without theme problems', () => {
    expect(harness().storefront.themeProblems).toEqual([]);
  });
});
