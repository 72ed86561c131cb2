/**
 * Customer accounts in Chromium at 390 px: sign up, follow the confirmation link from the outbox, sign in
 * through the account island (the session API), see the orders (one placed with the address before the account
 * existed), sign out; the header says "Sign in" / "Account". Axe finds nothing on any of the pages, and there
 * are no console problems. Without JavaScript the same sign-in works as a plain post.
 */
import { desc, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { buy } from '../server/orders/order-test-support.js';
import { type BrowserTab, describeBrowser, formatAxeViolations, runAxe, useBrowserHarness, WIDTHS } from './browser-harness.js';

const EMAIL = 'browser-shopper@example.com';
const PASSWORD = 'a long password';

describeBrowser('customer accounts', () => {
  const harness = useBrowserHarness();
  const axeClean = async (tab: BrowserTab) => expect(formatAxeViolations(await runAxe(tab.page))).toBe('');
  const accountLink = (tab: BrowserTab) => tab.page.locator('.account-link');

  it('sign up, confirm from the outbox, sign in, see orders, sign out', async () => {
    const { app, baseUrl } = harness().storefront;
    const { db, t } = app.reads;
    // an order placed with the address before the account existed (through the cart and the checkout): attached when the address is confirmed
    const guide = (await db.select({ id: t.products.id }).from(t.products).where(eq(t.products.urlId, 'field-guide')))[0]!;
    await buy(app, [{ itemId: guide.id }], { email: EMAIL, name: 'Browser Shopper' });

    const tab = await harness().open('/account/register', { width: WIDTHS.mobile });
    const { page } = tab;
    await axeClean(tab);
    expect(await accountLink(tab).getAttribute('href')).toBe('/account/login');
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL('**/account/login?done=registered');
    expect(await page.locator('.form-message').innerText()).toContain('Check your e-mail');

    const mail = (await db.select().from(t.outboxEmails).where(eq(t.outboxEmails.toAddress, EMAIL)).orderBy(desc(t.outboxEmails.createdAt)).limit(1))[0]!;
    expect(mail.kind).toBe('verify-email');
    const link = /\/account\/verify\?token=\S+/.exec(mail.bodyText)![0];
    await tab.goto(link);
    await page.waitForURL('**/account/login?done=verified');
    await axeClean(tab);

    await page.waitForSelector('form[data-account-form="sign-in"][data-ready="true"]');
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password', { exact: true }).fill('not the password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect.poll(() => page.locator('.form-error').innerText()).toBe('The e-mail address or password is incorrect.');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(`${baseUrl}/account`);
    expect(tab.requests.filter((u) => u.endsWith('/api/site-users/account/session'))).toHaveLength(2);
    expect(await page.locator('h1').innerText()).toBe('Your account');
    expect(await page.locator('.account-order').count()).toBe(1);
    expect(await page.locator('.account-order').innerText()).toContain('Download');
    expect(await accountLink(tab).getAttribute('href')).toBe('/account');
    await axeClean(tab);
    await tab.screenshot('account-page');
    // the user-info cookie is readable by scripts; the session cookie is not
    expect(await page.evaluate(() => document.cookie)).toContain('SiteUserInfo=');
    expect(await page.evaluate(() => document.cookie)).not.toContain('tessera_site_user');

    await page.waitForSelector('form[data-account-form="sign-out"][data-ready="true"]');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/account/login?done=signed-out');
    expect(await accountLink(tab).getAttribute('href')).toBe('/account/login');
    expect(await page.evaluate(() => document.cookie)).not.toContain('SiteUserInfo=');
    // the one problem the browser logs is the wrong password's 401, which the page showed in place
    expect(tab.pageErrors).toEqual([]);
    expect(tab.console.filter((m) => m.type === 'error' || m.type === 'warning').map((m) => m.text)).toEqual(['Failed to load resource: the server responded with a status of 401 (Unauthorized)']);
    await tab.close();
  });

  it('without JavaScript: the sign-in form posts and lands on the account page', async () => {
    const tab = await harness().open('/account/login', { width: WIDTHS.mobile, javaScript: false });
    const { page } = tab;
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL('**/account');
    expect(await page.locator('.account-email').innerText()).toBe(`Signed in as ${EMAIL}`);
    await tab.close();
  });
});
