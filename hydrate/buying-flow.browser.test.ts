/**
 * The buying flow in Chromium: without JavaScript every step is a plain form post (issue 9's no-JS routes);
 * with JavaScript the product page hydrates without a console warning or a layout shift, a double click on a
 * buy box whose island has not run yet posts once, and a content page loads no island script but the visitor tracker.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeBrowser, useBrowserHarness, WIDTHS } from './browser-harness.js';
import { ISLAND_SCRIPT_BUT_TRACKER, shopPosts } from './browser-helpers.js';


/** The form the control is in (per-line forms on the cart page). */
const formOf = (page: Page, control: ReturnType<Page['getByRole']>) => page.locator('form').filter({ has: control });

describeBrowser('buying flow', () => {
  const harness = useBrowserHarness();

  for (const width of [WIDTHS.desktop, WIDTHS.mobile]) {
    it(`without JavaScript at ${width}px: add a shirt in a chosen colour and size, three of them`, async () => {
      const tab = await harness().open('/shop/p/field-shirt', { javaScript: false, width });
      const { page } = tab;
      // Navy / L is in stock (Navy / M is sold out)
      await page.getByLabel('Color', { exact: true }).selectOption({ label: 'Navy' });
      await page.getByLabel('Size', { exact: true }).selectOption({ label: 'L' });
      await page.getByLabel('Quantity', { exact: true }).fill('3');
      await tab.screenshot('no-js-product-chosen');
      await Promise.all([page.waitForURL('**/cart'), page.getByRole('button', { name: 'Add To Cart' }).click()]);
      expect(new URL(page.url()).pathname).toBe('/cart');
      await expect.poll(() => page.getByLabel('Quantity of Field Shirt').inputValue()).toBe('3');
      expect(await page.locator('body').innerText()).toMatch(/Navy/);
      await tab.screenshot('no-js-cart-after-add');
      tab.expectNoConsoleProblems();
    });
  }

  it('without JavaScript: change a line’s quantity and remove a line on the cart page', async () => {
    const tab = await harness().open('/shop/p/field-shirt', { javaScript: false });
    const { page } = tab;
    await page.getByLabel('Color', { exact: true }).selectOption({ label: 'Olive' });
    await page.getByLabel('Size', { exact: true }).selectOption({ label: 'M' });
    await Promise.all([page.waitForURL('**/cart'), page.getByRole('button', { name: 'Add To Cart' }).click()]);
    await tab.goto('/shop/p/linen-apron');
    await Promise.all([page.waitForURL('**/cart'), page.getByRole('button', { name: 'Add To Cart' }).click()]);

    const shirtQuantity = page.getByLabel('Quantity of Field Shirt');
    await expect.poll(() => shirtQuantity.inputValue()).toBe('1');
    await shirtQuantity.fill('2');
    await Promise.all([page.waitForURL('**/cart'), formOf(page, shirtQuantity).getByRole('button', { name: 'Update' }).click()]);
    await page.waitForLoadState('load');
    expect(await page.getByLabel('Quantity of Field Shirt').inputValue()).toBe('2');
    expect(await page.getByLabel('Quantity of Linen Apron').inputValue()).toBe('1');

    await Promise.all([page.waitForURL('**/cart'), page.getByRole('button', { name: 'Remove Linen Apron' }).click()]);
    await page.waitForLoadState('load');
    expect(await page.getByLabel('Quantity of Linen Apron').count()).toBe(0);
    expect(await page.getByLabel('Quantity of Field Shirt').inputValue()).toBe('2');
    await tab.screenshot('no-js-cart-after-update-remove');
    tab.expectNoConsoleProblems();
  });

  it('without JavaScript: buy a gift card of a chosen value and land on the checkout page', async () => {
    const tab = await harness().open('/shop/p/gift-card', { javaScript: false });
    const { page } = tab;
    const value = page.getByLabel('Value', { exact: true });
    await value.selectOption({ index: 1 });
    const chosen = (await value.locator('option:checked').innerText()).trim();
    await Promise.all([page.waitForURL(/\/(checkout|cart)(\?|$)/), page.getByRole('button', { name: 'Add To Cart' }).click()]);
    // a gift card may go straight to its own checkout (cartToken) or through the cart
    if (new URL(page.url()).pathname === '/cart') {
      await Promise.all([page.waitForURL(/\/checkout(\?|$)/), page.getByRole('link', { name: 'Checkout' }).click()]);
    }
    expect(new URL(page.url()).pathname).toBe('/checkout');
    const text = await page.locator('body').innerText();
    expect(text).toContain('Gift Card');
    expect(text).toContain(chosen.replace(/^\$/, ''));
    await tab.screenshot('no-js-gift-card-checkout');
    tab.expectNoConsoleProblems();
  });

  it('without JavaScript: subscribe to coffee and land on its own checkout page (cartToken)', async () => {
    const tab = await harness().open('/shop/p/coffee-subscription', { javaScript: false });
    const { page } = tab;
    await Promise.all([page.waitForURL(/\/checkout\?cartToken=/), page.getByRole('button', { name: 'Subscribe' }).click()]);
    const url = new URL(page.url());
    expect(url.pathname).toBe('/checkout');
    expect(url.searchParams.get('cartToken')).toMatch(/\S/);
    expect(await page.locator('body').innerText()).toContain('Coffee Subscription');
    await tab.screenshot('no-js-subscription-checkout');
    tab.expectNoConsoleProblems();
  });

  for (const width of [WIDTHS.desktop, WIDTHS.mobile]) {
    it(`with JavaScript at ${width}px: the product page loads its islands with no console warning or error and no layout shift`, async () => {
      const tab = await harness().open('/shop/p/field-shirt', { width });
      const loaders = await tab.page.locator('script[type="module"][src^="/static/islands/loader-"]').count();
      expect(loaders, 'one island loader script on the product page').toBe(1);
      await tab.expectNoLayoutShift();
      // the loader fetched the product form's island (it is in view at both widths)
      expect(tab.requests.filter((url) => /\/static\/islands\/product-form-[^/]+\.js$/.test(url))).toHaveLength(1);
      await tab.screenshot('js-product');
      tab.expectNoConsoleProblems();
      expect(tab.failedResponses).toEqual([]);
    });
  }

  it('with JavaScript: a content page loads no island script (only the visitor tracker)', async () => {
    const tab = await harness().open('/about');
    await tab.page.waitForLoadState('networkidle');
    expect(await tab.page.locator('script[src*="/static/islands/"]').evaluateAll((scripts) => scripts.map((s) => s.getAttribute('src')))).toEqual([
      expect.stringMatching(/\/tracker-/),
      expect.stringMatching(/\/performance-/),
    ]);
    expect(tab.requests.filter((url) => ISLAND_SCRIPT_BUT_TRACKER.test(url))).toEqual([]);
    await tab.expectNoLayoutShift();
    tab.expectNoConsoleProblems();
  });

  it('with JavaScript, before the buy box’s island runs: two clicks 100 ms apart post once', async () => {
    const tab = await harness().open('/shop/p/linen-apron');
    const { page } = tab;
    // the buy box's island never arrives, and the add takes its time: the page is leaving when the second click comes
    await page.route('**/static/islands/product-form-*.js', () => {});
    await page.route('**/cart/add', async (route) => {
      await new Promise((done) => setTimeout(done, 600));
      await route.continue();
    });
    await tab.goto('/shop/p/linen-apron');
    const posts = shopPosts(page);
    const box = (await page.locator('.product-form .add-to-cart-button').boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForTimeout(100);
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2).catch(() => {});
    await page.waitForURL('**/cart');
    expect(posts.map((r) => new URL(r.url()).pathname)).toEqual(['/cart/add']);
    await expect.poll(() => page.getByLabel('Quantity of Linen Apron').inputValue()).toBe('1');
    await tab.close();
  });
});
