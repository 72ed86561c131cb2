/**
 * The demo's Contact form in Chromium, driven from the keyboard: sent empty, then with a bad address, then
 * filled in, with JavaScript (the form island: errors in place, the linked summary focused, the success text
 * in place of the form) and without (the server's 400 page with the same summary, then the success page).
 * axe finds no violation with the errors shown or after success. The back-in-stock signup without JavaScript
 * ends on the product page with its outcome in place (the error, then the success text), also checked by axe.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { FORM_MESSAGES } from '../commerce/form-validation.js';
import { describeBrowser, formatAxeViolations, runAxe, useBrowserHarness, WIDTHS } from './browser-harness.js';

const THANKS = 'Thank you! We will be in touch soon.';

/** Tab to the Send button and press Enter: the way a keyboard user submits. */
async function sendWithKeyboard(page: Page): Promise<void> {
  await page.locator('#contact-form-message').focus();
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Send');
  await page.keyboard.press('Enter');
}

async function typeInto(page: Page, label: string, text: string): Promise<void> {
  const field = page.getByLabel(label, { exact: false }).first();
  await field.focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

describeBrowser('forms: the contact form and the back-in-stock signup', () => {
  const harness = useBrowserHarness();

  /** axe needs scripts, so the pages a plain post leads to are checked with JavaScript on and the islands held back. */
  async function openWithIslandsHeldBack(path: string) {
    const tab = await harness().open(path, { width: WIDTHS.desktop });
    await tab.page.route('**/static/islands/**', (route) => route.fulfill({ contentType: 'text/javascript', body: '' }));
    await tab.goto(path);
    return tab;
  }

  it('with JavaScript: errors in place and a focused summary, then the thank-you text', async () => {
    const tab = await harness().open('/contact', { width: WIDTHS.mobile });
    const { page } = tab;
    await page.waitForSelector('.form-block[data-enhanced]');
    expect(formatAxeViolations(await runAxe(page))).toBe('');

    await sendWithKeyboard(page);
    const summary = page.locator('.form-error-summary');
    await expect.poll(() => summary.locator('h2').innerText()).toBe(FORM_MESSAGES.summary);
    expect(await page.evaluate(() => document.activeElement?.classList.contains('form-error-summary'))).toBe(true);
    expect(await page.locator('#contact-form-name-error').innerText()).toBe('Required');
    expect(await page.locator('#contact-form-name').getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('.form-submit-message').innerText()).toBe(FORM_MESSAGES.scrollUp);
    expect(await page.getByRole('button', { name: 'Send' }).isEnabled()).toBe(true);
    expect(formatAxeViolations(await runAxe(page))).toBe('');
    await tab.screenshot('contact-form-errors-js');

    // the summary's links lead to their fields
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('contact-form-name');

    await typeInto(page, 'Name', 'Ada Keys');
    await typeInto(page, 'Email', 'ada@');
    await typeInto(page, 'Message', 'Do you ship mugs to Norway?');
    await sendWithKeyboard(page);
    await expect.poll(() => page.locator('#contact-form-email-error').innerText()).toBe(FORM_MESSAGES.invalidEmail);
    expect(await page.locator('#contact-form-name-error').count()).toBe(0);

    await typeInto(page, 'Email', 'ada@example.com');
    await sendWithKeyboard(page);
    await expect.poll(() => page.locator('.form-submitted').innerText(), { timeout: 5000 }).toBe(THANKS);
    expect(await page.locator('form#form-contact-form').isVisible()).toBe(false);
    expect(formatAxeViolations(await runAxe(page))).toBe('');
    await tab.screenshot('contact-form-sent-js');
    tab.expectNoConsoleProblems();
    await tab.close();
  });

  it('without JavaScript: the 400 page keeps what was typed and links its summary, then the success page', async () => {
    const tab = await harness().open('/contact', { width: WIDTHS.desktop, javaScript: false });
    const { page } = tab;
    await typeInto(page, 'Name', 'Plain Post');
    await Promise.all([page.waitForURL(/\/forms\/contact-form$/), sendWithKeyboard(page)]);
    expect(await page.locator('.form-error-summary h2').innerText()).toBe(FORM_MESSAGES.summary);
    expect(await page.locator('#contact-form-email-error').innerText()).toBe('Required');
    expect(await page.locator('#contact-form-name').inputValue()).toBe('Plain Post');
    await tab.screenshot('contact-form-errors-plain');

    await typeInto(page, 'Email', 'plain@example.com');
    await typeInto(page, 'Message', 'Sent without scripts.');
    await Promise.all([page.waitForURL(/submitted=contact-form/), sendWithKeyboard(page)]);
    expect(await page.locator('.form-submitted').innerText()).toBe(THANKS);
    // no console check here: the refused post's 400 is the contract, and Chromium logs every 400 it loads
    await tab.close();
  });

  it('the pages a plain post leads to have no axe violations (axe needs scripts: the islands are held back instead)', async () => {
    const tab = await openWithIslandsHeldBack('/contact');
    const { page } = tab;
    await Promise.all([page.waitForURL(/\/forms\/contact-form$/), sendWithKeyboard(page)]);
    expect(await page.locator('.form-error-summary h2').innerText()).toBe(FORM_MESSAGES.summary);
    expect(formatAxeViolations(await runAxe(page))).toBe('');
    await typeInto(page, 'Name', 'Plain Post');
    await typeInto(page, 'Email', 'axe@example.com');
    await typeInto(page, 'Message', 'Checked by axe.');
    await Promise.all([page.waitForURL(/submitted=contact-form/), sendWithKeyboard(page)]);
    expect(await page.locator('.form-submitted').innerText()).toBe(THANKS);
    expect(formatAxeViolations(await runAxe(page))).toBe('');
    await tab.close();
  });

  /** The sold-out tote's signup, posted as a plain form: the product page comes back with the outcome in the block. */
  async function plainRestock(page: Page, email: string, outcome: 'error' | 'signed-up'): Promise<void> {
    const field = page.getByLabel('Your Email', { exact: true });
    await field.fill(email);
    await field.focus();
    await Promise.all([page.waitForURL(new RegExp(`/shop/p/canvas-tote\\?(?:variant=[^&]+&)?message=.*restock=${outcome}`)), page.keyboard.press('Enter')]);
  }

  it('back in stock without JavaScript: a bad address comes back as the error in place, a good one as the success text', async () => {
    const tab = await harness().open('/shop/p/canvas-tote', { width: WIDTHS.mobile, javaScript: false });
    const { page } = tab;
    await plainRestock(page, 'nope', 'error');
    expect(await page.locator('.product-restock-alert').innerText()).toBe('Email is invalid');
    expect(await page.locator('form.product-restock-form').count()).toBe(1);
    await plainRestock(page, 'plain-restock@example.com', 'signed-up');
    expect(await page.locator('.product-restock-success').innerText()).toBe('Signed up!');
    expect(await page.locator('.product-restock-alert').innerText()).toBe(''); // the alert region stays, empty
    await tab.close();
  });

  it('the product pages a plain restock signup leads to have no axe violations (islands held back)', async () => {
    const tab = await openWithIslandsHeldBack('/shop/p/canvas-tote');
    const { page } = tab;
    await plainRestock(page, '', 'error');
    expect(await page.locator('.product-restock-alert').innerText()).toBe('Email cannot be blank');
    expect(formatAxeViolations(await runAxe(page))).toBe('');
    await plainRestock(page, 'axe-restock@example.com', 'signed-up');
    expect(await page.locator('.product-restock-success').innerText()).toBe('Signed up!');
    expect(formatAxeViolations(await runAxe(page))).toBe('');
    await tab.close();
  });
});
