/**
 * The admin's Forms screen in Chromium: a visitor sends the contact form from its page; an editor (the role that
 * reads what forms collected) opens /config/forms, reaches the form with the keyboard, and reads the message
 * there as sent; the export is a download link; axe finds nothing at 1280 and 390 px and nothing scrolls
 * sideways. Screenshots in test-results/screenshots/admin-forms-*.
 */
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { OWNER_COOKIE } from '../../server/owner/sessions.js';
import { contributorSession } from '../../server/test-support.js';
import { describeBrowser, formatAxeViolations, runAxe, saveScreenshot, useBrowserHarness, WIDTHS } from '../browser-harness.js';
import { tabTo } from '../browser-helpers.js';

describeBrowser('the admin: forms', () => {
  const harness = useBrowserHarness();

  it('shows a message sent from the contact page to an editor, keyboard only, axe 0', { timeout: 120_000 }, async () => {
    const { app, baseUrl } = harness().storefront;
    const visitor = await harness().open('/contact', { width: WIDTHS.mobile });
    await visitor.page.getByLabel('Name').fill('Ada Lovelace');
    await visitor.page.getByLabel('Email').fill('ada@example.com');
    await visitor.page.getByLabel('Message').fill('Do you ship aprons to Lisbon?\nTwo of them.');
    await visitor.page.getByRole('button', { name: /submit|send/i }).click();
    await expect.poll(() => visitor.page.locator('body').innerText(), { timeout: 10_000 }).toContain('Thank you! We will be in touch soon.');

    const session = await contributorSession(app, { id: randomUUID(), email: 'editor@example.com', displayName: 'Editor', roles: ['editor'] });
    const admin = await harness().open('/contact', { width: WIDTHS.desktop });
    await admin.page.context().addCookies([{ name: OWNER_COOKIE, value: session, url: baseUrl }]);
    await admin.goto('/config/forms');
    const { page } = admin;
    await expect.poll(() => page.locator('main h1').innerText(), { timeout: 10_000 }).toBe('Forms');
    expect(await page.locator('main tbody tr').first().innerText()).toMatch(/^Contact\s+1\s+/);
    // an editor's bar holds only what the role opens: Forms, and Settings (site look: navigation, header and footer, title and icon); no products, orders, restock, e-mail or analytics
    expect(await page.locator('nav[aria-label="Admin"] a').allInnerTexts()).toEqual(['Forms', 'Settings', 'View the site']);
    await admin.goto('/config');
    await expect.poll(() => page.locator('main h1').innerText(), { timeout: 10_000 }).toBe('Forms');

    await tabTo(page, 'main a[href="/config/forms/contact-form"]');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('main h1').innerText()).toBe('Contact: submissions');
    await expect.poll(() => page.locator('dl.answers').first().innerText()).toContain('Ada Lovelace');
    const answers = await page.locator('dl.answers').first().innerText();
    expect(answers).toContain('ada@example.com');
    expect(answers).toContain('Do you ship aprons to Lisbon?\nTwo of them.');
    expect(await page.locator('main h2').first().innerText()).toContain('from /contact');
    expect(await page.locator('a[download]').getAttribute('href')).toBe('/api/merchant/forms/contact-form/submissions.csv');

    for (const width of [WIDTHS.desktop, WIDTHS.mobile]) {
      await page.setViewportSize({ width, height: 844 });
      expect(formatAxeViolations(await runAxe(page)), `at ${width}px`).toBe('');
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `scrolls sideways at ${width}px`).toBe(true);
      await saveScreenshot(page, `admin-forms-${width}px`);
    }
    admin.expectNoConsoleProblems();
  });
});
