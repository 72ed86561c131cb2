/**
 * The admin's settings and contributors screens in Chromium, with the keyboard alone (but for a drag and a file
 * chooser): an owner renames the site, moves a menu link and the stored menu follows, adds a language, edits the header (broken JSON refused first),
 * opens the commerce preferences; invites an editor (a bad address first: the editor's 'Please enter a valid
 * email'), the invite e-mail arrives at a real SMTP server on loopback, and leaving with the address typed asks
 * first; the invitee follows the e-mail's link in another browser, sets a password and lands signed in on the
 * Forms screen. A store manager adds a store page (spec 001's URL-id rule), drags a product to the top of its
 * store, gives a product categories and tags ('This category already exists' for one given twice) and two questions
 * for the buyer (a choice refused until it has its choices), and a digital
 * product its file. Every screen: axe finds nothing at 1280 and 390 px and nothing scrolls sideways. One browser and
 * one server for the file. Screenshots in test-results/screenshots/admin-settings-*.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { runRead } from '../../server/db/work.js';
import { MAIL_DOCUMENT } from '../../server/email/settings.js';
import { startSmtpServer, type TestSmtpServer } from '../../server/email/smtp-test-server.js';
import { OWNER_COOKIE } from '../../server/owner/sessions.js';
import { readSiteDocumentStep } from '../../server/site-documents.js';
import { contributorSession, siteDocumentBeside } from '../../server/test-support.js';
import { describeBrowser, useBrowserHarness, WIDTHS } from '../browser-harness.js';
import { axeAtBothWidths, typeInto } from './admin-test-helpers.js';
import { tabTo } from '../browser-helpers.js';


const heading = (page: Page) => page.locator('main h1').innerText();
const notice = (page: Page) => page.locator('main [role="status"].notice, main [role="alert"].message').first().innerText();


/** Tabs to a link or button and presses Enter. */
async function press(page: Page, selector: string): Promise<void> {
  await tabTo(page, selector, 80);
  await page.keyboard.press('Enter');
}

/** From any screen: Settings in the bar, then the settings screen named `label`. */
async function openSetting(page: Page, path: string, title: string): Promise<void> {
  await press(page, 'nav[aria-label="Admin"] a[href="/config/settings"]');
  await expect.poll(() => heading(page)).toBe('Settings');
  await press(page, `main a[href="${path}"]`);
  await expect.poll(() => heading(page)).toBe(title);
}

/** A site document of the demo site as stored (either database). */
const siteDocument = (app: FastifyInstance, name: string) => runRead(app.reads, (q) => readSiteDocumentStep(q, 'demo', name));

describeBrowser('the admin: settings and contributors', () => {
  let smtp: TestSmtpServer;
  // registered before the harness's: closed after the storefront (and its mail sender) stopped
  beforeAll(async () => {
    smtp = await startSmtpServer();
  });
  afterAll(async () => smtp?.close());
  const harness = useBrowserHarness();

  it('settings and an invitation from the owner to a new editor, keyboard only, axe 0', { timeout: 240_000 }, async () => {
    const { app, baseUrl } = harness().storefront;
    await siteDocumentBeside(app, 'demo', MAIL_DOCUMENT, { smtp: { host: '127.0.0.1', port: smtp.port, secure: false, user: null, password: null }, from: 'Tessera Supply Co. <shop@example.com>', siteUrl: null, notificationAddress: null });
    const session = await contributorSession(app, { id: randomUUID(), email: 'settings-owner@example.com', displayName: 'Owner', roles: ['admin'] });
    const admin = await harness().open('/favicon.svg', { width: WIDTHS.desktop });
    await admin.context.addCookies([{ name: OWNER_COOKIE, value: session, url: baseUrl }]);
    await admin.goto('/config/settings');
    const { page } = admin;
    await expect.poll(() => heading(page), { timeout: 10_000 }).toBe('Settings');
    await axeAtBothWidths(admin, 'admin-settings-index');

    // the site's title
    await press(page, 'main a[href="/config/settings/site"]');
    await expect.poll(() => heading(page)).toBe('Site title and icon');
    await typeInto(page, '#site-title', 'Loom & Linen');
    await page.keyboard.press('Enter');
    await expect.poll(() => notice(page)).toBe('Saved.');
    const { db, t } = app.reads;
    expect((await db.select({ title: t.websites.title }).from(t.websites))[0]?.title).toBe('Loom & Linen');
    // the bar and the tab say the new name at once
    expect(await page.locator('header.bar p').innerText()).toBe('Loom & Linen');
    await axeAtBothWidths(admin, 'admin-settings-site');

    // the menu: the second link moves up, and the shop's menu follows
    await openSetting(page, '/config/settings/navigation', 'Navigation');
    await expect.poll(() => page.locator('main tbody th').count()).toBeGreaterThan(1);
    const before = await page.locator('main tbody th').allInnerTexts();
    await press(page, 'main tbody tr:nth-child(2) button:first-child');
    await press(page, 'main .actions button');
    await expect.poll(() => notice(page)).toBe('Saved.');
    expect(await page.locator('main tbody th').allInnerTexts()).toEqual([before[1], before[0], ...before.slice(2)]);
    const layout = await siteDocument(app, 'layout') as { links: unknown[] }[];
    expect(layout[0]!.links.length).toBe(before.length);
    await axeAtBothWidths(admin, 'admin-settings-navigation');

    // a language
    await openSetting(page, '/config/settings/languages', 'Languages');
    await typeInto(page, '#language-tag', 'fr-fr');
    await page.keyboard.press('Enter');
    await press(page, 'main .actions button:first-child');
    await expect.poll(() => notice(page)).toBe('Saved.');
    expect(await page.locator('main ul.links span').allInnerTexts()).toEqual(['fr-FR']);
    await axeAtBothWidths(admin, 'admin-settings-languages');

    // the header: broken JSON refused in words before anything is sent, then saved
    await openSetting(page, '/config/settings/header-footer', 'Header and footer');
    await typeInto(page, '#site-header', '{"announcement": "Free shipping",}');
    await press(page, 'main button[type="submit"]');
    await expect.poll(() => notice(page)).toBe('Header is not valid JSON. Check the quotes, commas and braces.');
    await typeInto(page, '#site-header', '{"announcement": "Free shipping"}');
    await press(page, 'main button[type="submit"]');
    await expect.poll(() => notice(page)).toBe('Saved.');
    expect(await siteDocument(app, 'header-footer')).toEqual({ header: { announcement: 'Free shipping' }, footer: {} });
    await axeAtBothWidths(admin, 'admin-settings-header-footer');

    await openSetting(page, '/config/settings/commerce', 'Commerce preferences');
    await expect.poll(() => page.locator('#preferences-json').inputValue()).toBe('{}');
    await axeAtBothWidths(admin, 'admin-settings-commerce');

    // the only administrator cannot stop being one: the role goes back, with the server's words (and the
    // browser's console notes the refused call, the only line it may have)
    admin.expectNoConsoleProblems();
    await openSetting(page, '/config/settings/contributors', 'Contributors');
    await tabTo(page, 'select[aria-label="Role of Owner"]');
    await page.keyboard.press('ArrowDown');
    await press(page, 'button[aria-label="Change the role of Owner"]');
    await expect.poll(() => notice(page)).toBe('The site needs at least one administrator: make someone else an administrator first.');
    expect(await page.locator('select[aria-label="Role of Owner"]').inputValue()).toBe('admin');

    // an invitation: a bad address first
    await typeInto(page, '#invite-email', 'new-editor-at-example');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('#invite-email-error').innerText()).toBe('Please enter a valid email');
    // leaving with the address typed asks first; staying keeps it
    const asked: string[] = [];
    page.once('dialog', (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    await press(page, 'nav[aria-label="Admin"] a[href="/config/settings"]');
    await expect.poll(() => asked).toEqual(['You have unsaved changes. Leave this page without saving them?']);
    expect(await heading(page)).toBe('Contributors');
    await typeInto(page, '#invite-email', 'new.editor@example.com');
    await page.keyboard.press('Enter');
    await expect.poll(() => notice(page)).toBe('Invitation sent to new.editor@example.com. The E-mail screen shows how it goes.');
    await expect.poll(() => page.locator('main table').nth(1).innerText()).toContain('new.editor@example.com');
    await axeAtBothWidths(admin, 'admin-settings-contributors');
    await smtp.waitFor(1);
    const mail = smtp.received.find((m) => m.envelopeTo.includes('new.editor@example.com'))!;
    expect(mail.subject).toBe('Owner invited you to Loom & Linen');
    const link = /\/config\/invitation\?token=[A-Za-z0-9_-]+/.exec(mail.text)![0];
    expect(admin.console.filter((m) => m.type === 'error' || m.type === 'warning').map((m) => m.text)).toEqual(['Failed to load resource: the server responded with a status of 409 (Conflict)']);

    // the invitee, in a browser of their own, at 390 px
    const invitee = await harness().open(link, { width: WIDTHS.mobile });
    const other = invitee.page;
    await expect.poll(() => heading(other), { timeout: 10_000 }).toBe('Accept the invitation');
    await expect.poll(() => other.locator('main p').first().innerText()).toContain('Loom & Linen as editor');
    await axeAtBothWidths(invitee, 'admin-settings-invitation');
    await typeInto(other, '#invitation-name', 'Nia Editor');
    await typeInto(other, '#invitation-password', 'a long enough password');
    await typeInto(other, '#invitation-repeat', 'a long enough password');
    await other.keyboard.press('Enter');
    // an editor's first screen
    await expect.poll(() => heading(other), { timeout: 10_000 }).toBe('Forms');
    expect(await other.locator('header.bar button').innerText()).toContain('Nia Editor');
    invitee.expectNoConsoleProblems();
  });

  it('adds a store page by the URL-id rule, drags a product, gives one categories and tags and another its file, axe 0', { timeout: 180_000 }, async () => {
    const { app, baseUrl } = harness().storefront;
    const session = await contributorSession(app, { id: randomUUID(), email: 'store-manager@example.com', displayName: 'Manager', roles: ['store manager'] });
    const admin = await harness().open('/favicon.svg', { width: WIDTHS.desktop });
    await admin.context.addCookies([{ name: OWNER_COOKIE, value: session, url: baseUrl }]);
    await admin.goto('/config/stores');
    const { page } = admin;
    await expect.poll(() => heading(page), { timeout: 10_000 }).toBe('Store pages');
    // `shop` is taken: the new store is shop-1 (spec 001's URL-id rule), and in the menu
    await typeInto(page, '#store-title', 'Shop');
    await page.keyboard.press('Enter');
    await expect.poll(() => notice(page)).toBe('The store Shop is added at /shop-1, and to the menu.');
    await expect.poll(() => page.locator('main tbody').innerText()).toContain('/shop-1');
    await axeAtBothWidths(admin, 'admin-settings-stores');

    // the first store's products, then the apron's editor
    await press(page, 'main tbody a[href^="/config/products?storeId="]');
    await expect.poll(() => heading(page)).toBe('Products');
    // with a mouse, the third product dragged onto the first takes its place
    await expect.poll(() => page.locator('main tbody tr').count()).toBeGreaterThan(2);
    const names = await page.locator('main tbody tr td:first-child a').allInnerTexts();
    const ordered = page.waitForResponse((r) => r.url().endsWith('/api/merchant/products/order') && r.ok());
    await page.locator('main tbody tr').nth(2).dragTo(page.locator('main tbody tr').nth(0));
    await ordered;
    expect((await page.locator('main tbody tr td:first-child a').allInnerTexts()).slice(0, 3)).toEqual([names[2], names[0], names[1]]);
    const listed = await page.evaluate(async (storeId) => (await fetch(`/api/merchant/products?storeId=${storeId}`)).json(), new URL(page.url()).searchParams.get('storeId'));
    expect(listed.products.slice(0, 3).map((p: { title: string }) => p.title)).toEqual([names[2], names[0], names[1]]);
    await press(page, 'main a[href="/config/products/p01"]');
    await expect.poll(() => page.locator('#category-new').count()).toBe(1);
    await typeInto(page, '#category-new', 'Kitchen');
    await page.keyboard.press('Enter');
    await typeInto(page, '#category-new', 'kitchen');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('#category-new-error').innerText()).toBe('This category already exists');
    await typeInto(page, '#tag-new', 'Gift idea');
    await page.keyboard.press('Enter');
    // two questions for the buyer: a short answer that must be given, and a choice (its choices forgotten first)
    await press(page, '#add-question');
    await typeInto(page, '#question-1-title', 'Initials to stitch');
    await tabTo(page, 'fieldset.question:nth-of-type(1) input[type="checkbox"]');
    await page.keyboard.press('Space');
    await press(page, '#add-question');
    await typeInto(page, '#question-2-title', 'Thread colour');
    await tabTo(page, '#question-2-kind');
    await page.locator('#question-2-kind').selectOption('radio');
    await press(page, 'main form button[type="submit"]');
    await expect.poll(() => notice(page)).toBe('The question Thread colour needs at least one choice.');
    await typeInto(page, '#question-2-options', 'Navy, Red');
    await press(page, 'main form button[type="submit"]');
    await expect.poll(() => notice(page)).toBe('Saved.');
    const saved = await page.evaluate(async () => (await fetch('/api/merchant/products/p01')).json());
    expect(saved.categories).toContain('Kitchen');
    expect(saved.tags).toContain('Gift idea');
    expect(saved.additionalFieldsForm).toEqual({
      name: 'Additional information',
      fields: [
        { id: 'field-1', kind: 'text', title: 'Initials to stitch', required: true },
        { id: 'field-2', kind: 'radio', title: 'Thread colour', required: false, options: ['Navy', 'Red'] },
      ],
    });
    // the shop asks them: the product's page carries the form the buy button opens
    const shopPage = await page.evaluate(async () => (await fetch('/shop/p/linen-apron?format=json')).json());
    expect(shopPage.item.structuredContent.additionalFieldsForm.fields.map((f: { title: string }) => f.title)).toEqual(['Initials to stitch', 'Thread colour']);
    await axeAtBothWidths(admin, 'admin-settings-product-labels');

    // a digital product's file (the file chooser is the browser's own: the file is set on the field)
    await press(page, 'nav[aria-label="Admin"] a[href="/config/products"]');
    await press(page, 'main a[href="/config/products/p09"]');
    await expect.poll(() => page.locator('#digital-file').count()).toBe(1);
    await page.locator('#digital-file').setInputFiles({ name: 'Field Guide.zip', mimeType: 'application/zip', buffer: Buffer.from('PK a zipped guide') });
    await expect.poll(() => page.locator('#digital-heading + p').innerText()).toBe('Buyers download field-guide.zip (1 KB).');
    admin.expectNoConsoleProblems();
  });
});
