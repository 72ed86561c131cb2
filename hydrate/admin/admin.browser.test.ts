/**
 * The admin at /config in Chromium, with the keyboard alone (Tab, typing, Enter, Space): the owner signs in
 * (a bad address first: the editor's 'Please enter a valid email'), adds a product with two options (Size ×
 * Colour: four variants with SKU, price and stock) and a photo, and sees it in the shop with the photo in its sizes; sets one variant's stock to 0 and
 * sees it sold out there, where a shopper asks to be told when it is back; another buys it; the owner puts the
 * variant back in stock and sends the back-in-stock e-mails from their screen; finds the order, marks it
 * fulfilled with a tracking number; both e-mails arrive at a real SMTP server on loopback; the outbox shows them;
 * the owner sets where form notifications go (the mail settings below it); the orders export downloads as CSV. Every screen: axe finds nothing at 1280 and 390 px, the page never
 * scrolls sideways, no console problem. Screenshots in test-results/screenshots/admin-*.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MAIL_DOCUMENT } from '../../server/email/settings.js';
import { startSmtpServer, type TestSmtpServer } from '../../server/email/smtp-test-server.js';
import { ownerBeside, siteDocumentBeside } from '../../server/test-support.js';
import { describeBrowser, useBrowserHarness, WIDTHS } from '../browser-harness.js';
import { axeAtBothWidths, typeInto } from './admin-test-helpers.js';
import { hydrated, tabTo } from '../browser-helpers.js';

const OWNER = { email: 'admin-owner@example.com', password: 'a keyboard is enough' };


/** The editor's save of a product's variants, answered. */
const savedVariants = (page: Page) => page.waitForResponse((r) => r.request().method() === 'PUT' && /\/variants$/.test(r.url()) && r.ok());
const heading = (page: Page) => page.locator('main h1').innerText();
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? '');

describeBrowser('the admin at /config', () => {
  let smtp: TestSmtpServer;
  // registered before the harness's: closed after the storefront (and its mail sender) stopped
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => smtp?.close());
  const harness = useBrowserHarness();

  beforeAll(async () => {
    const { app } = harness().storefront;
    await ownerBeside(app, OWNER);
    await siteDocumentBeside(app, 'demo', MAIL_DOCUMENT, { smtp: { host: '127.0.0.1', port: smtp.port, secure: false, user: null, password: null }, from: 'Tessera Supply Co. <shop@example.com>', siteUrl: null, notificationAddress: null });
  });

  it('signs in, adds a product with two options, sells it out, restocks and tells, fulfils its order, e-mails, exports: keyboard only, axe 0', { timeout: 240_000 }, async () => {
    const admin = await harness().open('/config', { width: WIDTHS.desktop });
    const { page } = admin;

    // sign in: a bad address first
    await expect.poll(() => heading(page)).toBe('Sign in');
    await axeAtBothWidths(admin, 'admin-sign-in');
    await typeInto(page, '#sign-in-email', 'owner-at-example');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('#sign-in-email-error').innerText()).toBe('Please enter a valid email');
    await typeInto(page, '#sign-in-email', OWNER.email);
    await typeInto(page, '#sign-in-password', OWNER.password);
    await page.keyboard.press('Enter');
    await expect.poll(() => heading(page), { timeout: 10_000 }).toBe('Products');
    expect(await focusedText(page)).toBe('Products');
    await axeAtBothWidths(admin, 'admin-products');

    // the first product one place down in the store's order, with the keyboard; the focus stays on it
    const firstName = await page.locator('tbody tr:first-child a').innerText();
    const secondName = await page.locator('tbody tr:nth-child(2) a').innerText();
    await tabTo(page, 'tbody tr:first-child button[aria-label$=" down"]');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('tbody tr:nth-child(2) a').innerText()).toBe(firstName);
    await expect.poll(() => page.locator('main [role="status"]').first().innerText()).toMatch(new RegExp(`^${firstName} moved down, now 2 of \\d+\\.$`));
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Move ${firstName} down`);
    // and so in the shop
    const listing = await harness().open('/shop');
    const shopOrder = await listing.page.locator('main').innerText();
    expect(shopOrder.indexOf(secondName)).toBeGreaterThanOrEqual(0);
    expect(shopOrder.indexOf(secondName)).toBeLessThan(shopOrder.indexOf(firstName));
    await listing.close();

    // add a product: two options make four variants
    // on past the rows' buttons and round to the top
    await tabTo(page, 'a[href="/config/products/new"]', 150);
    await page.keyboard.press('Enter');
    await expect.poll(() => heading(page)).toBe('Add a product');
    await typeInto(page, '#product-title', 'Harbour Jacket');
    await typeInto(page, '#product-description', 'Waxed cotton, lined.');
    await typeInto(page, 'input[aria-label="SKU of The product"]', 'HJ');
    await typeInto(page, 'input[aria-label="Price of The product"]', '159.00');
    await typeInto(page, '#option-0-name', 'Size');
    await typeInto(page, '#option-0-values', 'S, M');
    await typeInto(page, '#option-1-name', 'Colour');
    await typeInto(page, '#option-1-values', 'Navy, Olive');
    await tabTo(page, '#make-variants');
    expect(await focusedText(page)).toBe('Make variants from the options');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('tbody th[scope="row"]').allInnerTexts()).toEqual(['S / Navy', 'S / Olive', 'M / Navy', 'M / Olive']);
    for (const variant of ['S / Navy', 'S / Olive', 'M / Navy', 'M / Olive']) await typeInto(page, `input[aria-label="Stock of ${variant}"]`, '3');
    await axeAtBothWidths(admin, 'admin-product-new');
    await tabTo(page, 'button[type="submit"]');
    await page.keyboard.press('Enter');
    await expect.poll(() => heading(page), { timeout: 10_000 }).toBe('Harbour Jacket');
    expect(await page.locator('main [role="status"]').first().innerText()).toBe('Saved.');
    expect(new URL(page.url()).pathname).toMatch(/^\/config\/products\/[A-Za-z0-9_-]+$/);
    expect(await page.locator('input[aria-label="SKU of M / Olive"]').inputValue()).toBe('HJ-4');
    expect(await page.locator('input[aria-label="Price of M / Olive"]').inputValue()).toBe('159.00');

    // a photo, chosen from the keyboard (Space on the file field opens the chooser), sent at once
    const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#2f4a5c' } }).jpeg().toBuffer();
    await tabTo(page, '#picture-file');
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Space')]);
    await chooser.setFiles({ name: 'harbour-jacket.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect.poll(() => page.locator('section[aria-labelledby="picture-heading"] [role="status"]').innerText(), { timeout: 10_000 }).toBe('Picture saved.');
    await expect.poll(() => page.locator('img.picture').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(300);

    // in the shop at once, with its two options and the photo in the shop's sizes
    const shop = await harness().open('/shop/p/harbour-jacket', { width: WIDTHS.desktop });
    await hydrated(shop, '.product-form');
    expect(await shop.page.locator('h1').innerText()).toBe('Harbour Jacket');
    expect(await shop.page.getByLabel('Size', { exact: true }).count()).toBe(1);
    expect(await shop.page.getByLabel('Colour', { exact: true }).count()).toBe(1);
    expect(await shop.page.locator('body').innerText()).toContain('$159.00');
    const shown = shop.page.locator('main img[src*="/s/pictures/"]').first();
    await expect.poll(() => shown.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)).toBe(true);
    const srcset = (await shown.getAttribute('srcset')) ?? '';
    // the widths made from a 1600-pixel photo, and the original for the next one up (as the platform writes it)
    expect([...srcset.matchAll(/\?format=(\w+) (\d+)w/g)].map((m) => `${m[1]} ${m[2]}`)).toEqual(['100w 100', '300w 300', '500w 500', '750w 750', '1000w 1000', '1500w 1500', 'original 2500']);
    const resized = await shop.context.request.get(`${(await shown.getAttribute('src'))!.split('?')[0]}?format=750w`);
    expect(resized.status()).toBe(200);
    expect((await sharp(await resized.body()).metadata()).width).toBe(750);

    // one variant's stock to 0: sold out in the shop
    await typeInto(page, 'input[aria-label="Stock of M / Olive"]', '0');
    await tabTo(page, 'button[type="submit"]');
    await Promise.all([savedVariants(page), page.keyboard.press('Enter')]);
    await expect.poll(() => page.locator('main [role="status"]').first().innerText()).toBe('Saved.');
    await shop.goto('/shop/p/harbour-jacket');
    await hydrated(shop, '.product-form');
    await shop.page.getByLabel('Size', { exact: true }).selectOption({ label: 'M' });
    await shop.page.getByLabel('Colour', { exact: true }).selectOption({ index: 2 });
    await expect.poll(() => shop.page.locator('.product-form .add-to-cart-button').innerText()).toBe('sold out');
    // a shopper asks to be told when it is back
    const restockBlock = shop.page.locator('.product-restock-notification');
    await restockBlock.waitFor();
    await restockBlock.getByLabel('Email address', { exact: true }).fill('waiting@example.com');
    await restockBlock.getByRole('button', { name: 'Sign Up' }).click();
    await expect.poll(() => restockBlock.locator('.product-restock-success').innerText(), { timeout: 4000 }).toBe('Signed up!');

    // a shopper buys S / Navy
    await shop.page.getByLabel('Size', { exact: true }).selectOption({ label: 'S' });
    await shop.page.getByLabel('Colour', { exact: true }).selectOption({ label: 'Navy' });
    await shop.page.locator('.product-form .add-to-cart-button').click();
    await expect.poll(async () => (await shop.page.context().cookies()).some((c) => c.name === 'tessera_cart')).toBe(true);
    await shop.goto('/checkout');
    await shop.page.getByLabel('Email', { exact: true }).fill('shopper@example.com');
    await shop.page.getByLabel('Name', { exact: true }).fill('Sam Shopper');
    await shop.page.getByLabel('Address', { exact: true }).fill('1 Quay Street');
    await shop.page.getByLabel('City', { exact: true }).fill('Portland');
    await shop.page.getByLabel('Postal code', { exact: true }).fill('04101');
    await Promise.all([shop.page.waitForURL(/\/checkout\/order-confirmed\//), shop.page.getByRole('button', { name: 'Place order' }).click()]);
    shop.expectNoConsoleProblems();
    await shop.close();

    // M / Olive back in stock, and its waiting shopper told from the Back in stock screen
    await typeInto(page, 'input[aria-label="Stock of M / Olive"]', '2');
    await tabTo(page, 'button[type="submit"]');
    await Promise.all([savedVariants(page), page.keyboard.press('Enter')]);
    await expect.poll(() => page.locator('main [role="status"]').first().innerText()).toBe('Saved.');
    await tabTo(page, 'nav a[href="/config/restock"]');
    await page.keyboard.press('Enter');
    await expect.poll(() => heading(page)).toBe('Back in stock');
    await expect.poll(() => page.locator('tbody').innerText()).toContain('Harbour Jacket / M / Olive');
    await axeAtBothWidths(admin, 'admin-restock');
    await tabTo(page, 'button:not(.quiet)');
    expect(await focusedText(page)).toBe('Send to all in stock (1)');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('main [role="status"]').first().innerText()).toBe('1 e-mail queued. The E-mail screen shows how they go.');

    // the order in the admin
    await tabTo(page, 'nav a[href="/config/orders"]');
    await page.keyboard.press('Enter');
    await expect.poll(() => heading(page)).toBe('Orders');
    await expect.poll(() => page.locator('tbody tr').first().innerText()).toContain('Sam Shopper');
    await axeAtBothWidths(admin, 'admin-orders');
    await tabTo(page, 'tbody a');
    await page.keyboard.press('Enter');
    await expect.poll(() => heading(page)).toMatch(/^Order #\d+$/);
    expect(await page.locator('main table tbody').innerText()).toContain('Harbour Jacket');
    expect(await page.locator('main table tbody').innerText()).toContain('Size: S · Colour: Navy');
    await axeAtBothWidths(admin, 'admin-order');

    // a note, then fulfilled with a tracking number
    await typeInto(page, '#order-note', 'Gift: no invoice in the box.');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('main ul').innerText()).toContain('Gift: no invoice in the box.');
    await typeInto(page, '#fulfil-carrier', 'UPS');
    await typeInto(page, '#fulfil-tracking', '1Z999AA10123456784');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('main dl.facts').first().innerText()).toContain('UPS 1Z999AA10123456784');
    expect(await page.locator('main').innerText()).toContain('the customer has been sent the shipping e-mail');

    // the shipping e-mail reaches the SMTP server (the restock notice and the confirmation went first)
    await smtp.waitFor(3);
    const restocked = smtp.received.find((m) => m.subject === 'Harbour Jacket is back in stock');
    expect(restocked?.envelopeTo).toEqual(['waiting@example.com']);
    const shipped = smtp.received.find((m) => m.subject.includes('has shipped'));
    expect(shipped?.envelopeTo).toEqual(['shopper@example.com']);
    expect(shipped?.text).toContain('Tracking number: 1Z999AA10123456784');

    // the outbox says so
    await tabTo(page, 'nav a[href="/config/outbox"]');
    await page.keyboard.press('Enter');
    await expect.poll(() => heading(page)).toBe('E-mail');
    await expect.poll(() => page.locator('tbody').innerText()).toMatch(/has shipped[\s\S]*sent/);
    await axeAtBothWidths(admin, 'admin-outbox');

    // below it, the mail settings: the SMTP server the test set, the password never shown; a notification address
    expect(await page.locator('#mail-host').inputValue()).toBe('127.0.0.1');
    expect(await page.locator('#mail-password').inputValue()).toBe('');
    await typeInto(page, '#mail-notify', 'orders-at-example');
    await tabTo(page, 'button[type="submit"]');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('#mail-notify-error').innerText()).toBe('Please enter a valid email');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('mail-notify');
    await typeInto(page, '#mail-notify', 'orders@example.com');
    await tabTo(page, 'button[type="submit"]');
    await Promise.all([page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().endsWith('/api/email/settings') && r.ok()), page.keyboard.press('Enter')]);
    await expect.poll(() => page.locator('section[aria-labelledby="mail-settings-heading"] [role="status"]').innerText()).toBe('Saved.');
    const settings = (await (await page.context().request.get('/api/email/settings')).json()) as { notificationAddress: string; smtp: { host: string; port: number } };
    expect(settings.notificationAddress).toBe('orders@example.com');
    expect(settings.smtp).toMatchObject({ host: '127.0.0.1', port: smtp.port });

    // the orders as CSV
    await tabTo(page, 'nav a[href="/config/orders"]');
    await page.keyboard.press('Enter');
    await expect.poll(() => heading(page)).toBe('Orders');
    await tabTo(page, 'a[download]');
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toContain('Order number,Created,Status,Email');
    expect(csv).toContain('fulfilled,shopper@example.com,Sam Shopper,USD');
    expect(csv).toContain('Harbour Jacket,HJ,Size: S; Colour: Navy,1,159.00');

    admin.expectNoConsoleProblems();
    await admin.close();
  });
});
