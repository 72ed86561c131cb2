/**
 * The islands in Chromium, with JavaScript on, against the real storefront and demo store: variants change
 * the price and the picture, the add button runs `Adding…` → `Added!` and feeds the cart pill, every
 * validation message shows in an accessible alert, gift cards and subscriptions go to their checkout, cart
 * lines change in place, and the instalment modal opens and closes. No test may log a console warning or
 * error (hydration warnings included) or shift the layout after load.
 */
import { expect, it } from 'vitest';
import { describeBrowser, useBrowserHarness, WIDTHS } from './browser-harness.js';
import { addButton, expectGiftCardCheckout, hydrated, readAlert, shopPosts, subscribeToCheckout } from './browser-helpers.js';

describeBrowser('islands', () => {
  const harness = useBrowserHarness();

  for (const width of [WIDTHS.desktop, WIDTHS.mobile]) {
    it(`at ${width}px: choosing options changes price and picture, marks sold-out choices, and adding 3 fills the pill`, async () => {
      const tab = await harness().open('/shop/p/field-shirt', { width });
      const { page } = tab;
      await hydrated(tab);
      const price = page.locator('.product-form .product-price');
      expect(await price.innerText()).toBe('from $89.00');
      const visibleImage = () => page.locator('[data-product-images] img:not([hidden])').getAttribute('data-image-id');
      expect(await visibleImage()).toBe('p02-image');

      await page.getByLabel('Color', { exact: true }).selectOption('Navy');
      expect(await visibleImage()).toBe('p02--navy-image');
      // Navy / M is sold out: marked, and still choosable (the shopper may ask to hear when it is back)
      const navyM = page.getByLabel('Size', { exact: true }).locator('option[value="M"]');
      expect(await navyM.isDisabled()).toBe(false);
      expect(await navyM.innerText()).toBe('M (sold out)');
      await page.getByLabel('Size', { exact: true }).selectOption('XL');
      expect(await price.innerText()).toBe('$94.00');
      await page.getByLabel('Size', { exact: true }).selectOption('L');
      expect(await price.innerText()).toBe('$89.00');
      // with L chosen, Sand is the sold-out colour
      expect(await page.getByLabel('Color', { exact: true }).locator('option[value="Sand"]').innerText()).toBe('Sand (sold out)');
      await page.getByLabel('Color', { exact: true }).selectOption('Olive');
      expect(await visibleImage()).toBe('p02--olive-image');

      await page.getByLabel('Quantity', { exact: true }).fill('3');
      const pill = page.locator('a.cart-pill');
      expect(await pill.isHidden()).toBe(true);
      await addButton(page).click();
      await expect.poll(() => addButton(page).innerText()).toBe('Adding…');
      await expect.poll(() => addButton(page).innerText(), { timeout: 4000 }).toBe('Added!');
      await expect.poll(() => addButton(page).innerText(), { timeout: 4000 }).toBe('Add To Cart');

      expect(await pill.isVisible()).toBe(true);
      expect(await pill.locator('.cart-pill-count').innerText()).toBe('3');
      expect(await pill.locator('.cart-pill-subtotal').innerText()).toBe('$267.00');
      expect(await page.getByRole('status').innerText()).toBe('3 items in cart');
      expect(await page.locator('header .sqs-cart-quantity').innerText()).toBe('3');
      await tab.screenshot('islands-product-added');

      await tab.expectNoLayoutShift();
      await Promise.all([page.waitForURL('**/cart'), pill.click()]);
      expect(await page.getByLabel('Quantity of Field Shirt').inputValue()).toBe('3');
      tab.expectNoConsoleProblems();
      await tab.close();
    });
  }

  it('shows every validation message in an accessible alert, and nothing goes to the server', async () => {
    const tab = await harness().open('/shop/p/field-shirt');
    const { page } = tab;
    await hydrated(tab);
    const posts = shopPosts(page);
    await addButton(page).click();
    expect(await readAlert(page)).toEqual({ title: 'Unable to Add Item', message: 'Please select the Color and Size options.' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.className)).toBe('add-to-cart-button');
    await expect.poll(() => addButton(page).innerText(), { timeout: 3000 }).toBe('Add To Cart');

    await page.getByLabel('Color', { exact: true }).selectOption('Olive');
    await addButton(page).click();
    expect((await readAlert(page)).message).toBe('Please select the Size option.');
    await expect.poll(() => addButton(page).innerText(), { timeout: 3000 }).toBe('Add To Cart');

    await page.getByLabel('Size', { exact: true }).selectOption('M');
    for (const [quantity, message] of [
      ['2.5', 'Quantity must be a whole number'],
      ['', 'Quantity must be a number.'],
      ['99', 'Sorry, we do not have enough of that item available.'],
    ] as const) {
      await page.getByLabel('Quantity', { exact: true }).fill(quantity);
      await addButton(page).click();
      expect((await readAlert(page)).message, quantity).toBe(message);
      await expect.poll(() => addButton(page).innerText(), { timeout: 3000 }).toBe('Add To Cart');
    }
    expect(posts.map((r) => r.url())).toEqual([]);
    await tab.expectNoLayoutShift();
    tab.expectNoConsoleProblems();
    await tab.close();
  });

  it('buys a gift card only with a denomination, then goes to its checkout with the chosen value', async () => {
    const tab = await harness().open('/shop/p/gift-card');
    const { page } = tab;
    await hydrated(tab);
    await addButton(page).click();
    expect(await readAlert(page)).toEqual({ title: 'Unable to purchase Gift Card', message: 'Select a denomination for the Gift Card' });
    await expect.poll(() => addButton(page).innerText(), { timeout: 3000 }).not.toBe('Adding…');
    await page.getByLabel('Value', { exact: true }).selectOption('50');
    expect(await page.locator('.product-form .product-price').innerText()).toBe('$50.00');
    await Promise.all([page.waitForURL(/\/checkout\?cartToken=/), addButton(page).click()]);
    await expectGiftCardCheckout(page, '$50.00');
    tab.expectNoConsoleProblems();
    await tab.close();
  });

  it('subscribes to coffee through the subscription API and its own checkout', async () => {
    const tab = await harness().open('/shop/p/coffee-subscription');
    const { page } = tab;
    await hydrated(tab);
    await subscribeToCheckout(page, page.getByRole('button', { name: 'Subscribe' }));
    tab.expectNoConsoleProblems();
    await tab.close();
  });

  it('changes and removes cart lines in place, and the pill follows', async () => {
    const tab = await harness().open('/shop/p/linen-apron');
    const { page } = tab;
    await hydrated(tab);
    await addButton(page).click();
    await expect.poll(() => page.locator('a.cart-pill .cart-pill-count').innerText().catch(() => ''), { timeout: 4000 }).toBe('1');
    await tab.goto('/shop/p/enamel-mug');
    await hydrated(tab);
    await addButton(page).click();
    await expect.poll(() => page.locator('a.cart-pill .cart-pill-count').innerText().catch(() => ''), { timeout: 4000 }).toBe('2');

    await tab.goto('/cart');
    await hydrated(tab);
    const navigations: string[] = [];
    page.on('framenavigated', (f) => navigations.push(f.url()));
    const apron = page.getByLabel('Quantity of Linen Apron');
    await apron.fill('2');
    await page.locator('.cart-entry', { has: apron }).getByRole('button', { name: 'Update' }).click();
    await expect.poll(() => page.locator('a.cart-pill .cart-pill-count').innerText()).toBe('3');
    expect(await page.locator('.cart-entry', { has: apron }).locator('.cart-entry-price').innerText()).toBe('$96.00');
    expect(await page.locator('.cart-subtotal-amount').innerText()).toBe('$114.00');
    expect(await page.locator('.cart-pill-wrapper').getByRole('status').innerText()).toBe('3 items in cart');
    expect(await page.locator('.cart-lines').getByRole('status').innerText()).toBe('Quantity of Linen Apron: 2. Subtotal: $114.00.');

    await page.getByRole('button', { name: 'Remove Enamel Mug' }).click();
    await expect.poll(() => page.getByLabel('Quantity of Enamel Mug').count()).toBe(0);
    expect(await page.locator('.cart-subtotal-amount').innerText()).toBe('$96.00');
    expect(await page.locator('header .sqs-cart-quantity').innerText()).toBe('2');

    await apron.fill('0');
    await page.locator('.cart-entry', { has: apron }).getByRole('button', { name: 'Update' }).click();
    expect(await readAlert(page)).toEqual({ title: 'Unable to update quantity', message: 'Quantity must be between 1 and 9999.' });

    await page.getByRole('button', { name: 'Remove Linen Apron' }).click();
    await expect.poll(() => page.locator('.cart-empty').innerText()).toBe('Your cart is empty.');
    expect(await page.locator('a.cart-pill').isHidden()).toBe(true);
    expect(navigations).toEqual([]);
    await tab.screenshot('islands-cart-emptied');
    await tab.expectNoLayoutShift();
    tab.expectNoConsoleProblems();
    await tab.close();
  });

  // The harness refuses every other host, so the provider's page is unreachable here whatever the machine's network.
  it('opens the instalment information modal and closes it, with only a log line when its host is unreachable', async () => {
    const tab = await harness().open('/shop/p/field-shirt');
    const { page } = tab;
    await hydrated(tab);
    await hydrated(tab, '.product-installments');
    const pill = page.locator('.installment-pill');
    expect(await pill.innerText()).toBe('or 4 interest-free payments of $22.25 with Afterpay');
    await page.getByLabel('Color', { exact: true }).selectOption('Olive');
    await page.getByLabel('Size', { exact: true }).selectOption('XL');
    expect(await pill.innerText()).toBe('or 4 interest-free payments of $23.50 with Afterpay');

    await page.getByText('How it works').click();
    const modal = page.getByRole('dialog', { name: 'Afterpay' });
    await modal.waitFor();
    expect(await modal.innerText()).toContain('Pay in 4 interest-free payments of $23.50 with Afterpay.');
    await expect.poll(() => tab.console.some((m) => m.type === 'info' && m.text.startsWith('Instalment information page unavailable:')), { timeout: 8000 }).toBe(true);
    await modal.getByRole('button', { name: 'Close' }).click();
    await modal.waitFor({ state: 'hidden' });
    await page.getByText('How it works').click();
    await modal.waitFor();
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'hidden' });
    // the browser's own line for the refused request is the only other console output allowed
    const others = tab.console.filter((m) => m.type !== 'info' && !m.text.includes('static.afterpay.com') && !m.text.includes('ERR_'));
    expect(others.filter((m) => m.type === 'warning' || m.type === 'error')).toEqual([]);
    expect(tab.pageErrors).toEqual([]);
    await tab.close();
  });

  it('loads no layout shift on the product and cart pages once the islands hydrate', async () => {
    for (const path of ['/shop/p/field-shirt', '/cart']) {
      const tab = await harness().open(path);
      await tab.expectNoLayoutShift(1500);
      tab.expectNoConsoleProblems();
      await tab.close();
    }
  });
});
