/**
 * The owner dashboard in Chromium at 390 px, with the keyboard alone: signed out, /config/analytics leads to
 * the sign-in page; the owner signs in, sees the figures of data inserted here and of a visitor's beacons sent
 * from a storefront page (a census hit by navigator.sendBeacon, a thrown error reported with the crumb
 * header), changes the range with the form, reaches the tables; axe finds no violation on either page, the
 * page never scrolls sideways, and no console problem happens.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeBrowser, formatAxeViolations, runAxe, useBrowserHarness, WIDTHS } from '../../hydrate/browser-harness.js';
import { tabTo } from '../../hydrate/browser-helpers.js';
import { eq } from 'drizzle-orm';
import { ownerBeside } from '../test-support.js';
import { stampOf } from './stamp.js';

const OWNER = { email: 'dashboard-owner@example.com', password: 'keyboard only please' };
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe, put into the page through the debugger: the /config pages' policy lets no script tag run. */
async function axeClean(page: Page): Promise<string> {
  await page.evaluate(AXE_SOURCE);
  return formatAxeViolations(await runAxe(page));
}

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describeBrowser('owner dashboard', () => {
  const harness = useBrowserHarness();

  it('signs in, shows the figures and a visitor\'s beacons, changes the range, keyboard only at 390 px, axe 0', async () => {
    const { app } = harness().storefront;
    await ownerBeside(app, OWNER);
    // yesterday: 3 page views by 2 visitors, a slow page, an error (recorded as the beacons' routes record them)
    const now = Date.now();
    const stamp = async (at: number) => (await stampOf(app.reads, at))!;
    const yesterday = await stamp(now - 86_400_000);
    for (const visitor of ['a', 'b', 'a']) await app.stores.analytics.hit(yesterday, { event: 'view', visitor, visit: null, data: {} });
    await app.stores.analytics.performance(yesterday, [{ app: 'storefront', event: 'LCP', pageLoadId: 'p', ts: 0, data: { name: 'LCP', value: 3300, path: '/shop/p/canvas-tote' } }]);
    await app.stores.analytics.errors(yesterday, [{ event: 'error', timestamp: 0, message: 'Inserted failure', page: '/shop', data: {} }]);

    // a visitor's page sends what the tracker sends
    const visitor = await harness().open('/shop', { width: WIDTHS.mobile });
    const sent = await visitor.page.evaluate(async () => {
      const beacon = navigator.sendBeacon('/api/census/RecordHit', new URLSearchParams({ event: 'view', data: JSON.stringify({ url: location.href, title: document.title }), ss_cvr: 'browser-visitor' }));
      const crumb = /(?:^|; )crumb=([^;]+)/.exec(document.cookie)?.[1] ?? '';
      const error = await fetch('/api/events/RecordJavascriptErrors', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': crumb },
        body: JSON.stringify([{ event: 'error', timestamp: Date.now(), data: { message: 'Thrown in the page', path: location.pathname } }]),
      });
      return { beacon, error: error.status };
    });
    expect(sent).toEqual({ beacon: true, error: 204 });
    const { db, t } = app.reads;
    const titledViews = async () =>
      (await db.select({ data: t.analyticsHits.data }).from(t.analyticsHits).where(eq(t.analyticsHits.event, 'view'))).filter((hit) => JSON.parse(hit.data).title !== undefined).length;
    await expect.poll(titledViews).toBe(1);
    await visitor.close();

    const tab = await harness().open('/config/analytics', { width: WIDTHS.mobile });
    const { page } = tab;
    expect(new URL(page.url()).pathname).toBe('/config/login');
    expect(await axeClean(page)).toBe('');
    await tabTo(page, '#email');
    await page.keyboard.type(OWNER.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(OWNER.password);
    await Promise.all([page.waitForURL(/\/config\/analytics$/), page.keyboard.press('Enter')]);
    expect(await page.locator('h1').innerText()).toBe('Analytics');
    expect(await noSidewaysScroll(page)).toBe(true);
    expect(await axeClean(page)).toBe('');
    await tab.screenshot('analytics-dashboard');

    const cells = async (day: string) => page.locator(`tr:has(th[scope="row"]:text-is("${day}")) td`).allInnerTexts();
    expect((await cells(yesterday.day)).slice(0, 2)).toEqual(['3', '2']);
    // today: the page's own tracker hit and the beacon sent above as another visitor
    expect((await cells((await stamp(now)).day)).slice(0, 2)).toEqual(['2', '2']);
    expect(await page.locator('#slowest + .scroll').innerText()).toContain('/shop/p/canvas-tote');
    const errors = await page.locator('#errors + .scroll').innerText();
    expect(errors).toContain('Inserted failure');
    expect(errors).toContain('Thrown in the page');

    // the range: the 7-day preset by the keyboard (arrows move within the radio group), then Show
    await tabTo(page, 'input[name="days"][value="30"]');
    await page.keyboard.press('ArrowLeft');
    expect(await page.locator('input[name="days"][value="7"]').isChecked()).toBe(true);
    await tabTo(page, 'form[action="/config/analytics"] button[type="submit"]');
    await Promise.all([page.waitForURL(/days=7/), page.keyboard.press('Enter')]);
    expect(await page.locator('#range-shown').innerText()).toContain('(7 days,');
    expect(await page.locator('tbody tr th[scope="row"]').first().innerText()).toBe((await stamp(now)).day);
    // the per-day table's scrolling region takes focus, so it scrolls by keyboard
    await tabTo(page, '[role="region"][aria-labelledby="per-day"]');
    expect(await axeClean(page)).toBe('');
    tab.expectNoConsoleProblems();
    await tab.close();
  }, 60_000);
});
