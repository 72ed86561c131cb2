/**
 * The tracker in Chromium against the real storefront and its analytics routes, end to end: a visit to a
 * product page sends RecordHit with the session info, exactly the page-hit fields and the visitor cookie, sets
 * `ss_cvr` and `ss_cvt`, reports the add button and asks for the performance settings; a press of the add
 * button is reported and the add to the cart reaches RecordEvent as AddToCart; an error thrown in the page is
 * posted to RecordJavascriptErrors with the crumb header. Every call is answered 2xx by the server (the
 * tracker and the routes agree on every field), and the owner finds the visit's page views, the add to the
 * cart and the thrown error on the dashboard.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { describeBrowser, useBrowserHarness, WIDTHS } from '../browser-harness.js';
import { hydrated } from '../browser-helpers.js';
import { ownerBeside } from '../../server/test-support.js';
import { stampOf } from '../../server/analytics/stamp.js';

interface Heard {
  readonly path: string;
  readonly body: unknown;
  readonly headers: FastifyRequest['headers'];
  readonly status: number;
}

const heard: Heard[] = [];

/** Notes every call to the analytics routes with the server's answer (the routes themselves are the real ones). */
function listen(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const path = request.url.split('?')[0]!;
    if (/^\/api\/(census|events|1\/performance|v1\/clanker)\//.test(path)) heard.push({ path, body: request.body, headers: request.headers, status: reply.statusCode });
  });
}

const posts = (path: string) => heard.filter((h) => h.path === path);

const OWNER = { email: 'tracker-owner@example.com', password: 'the whole way through' };

/** Today's row of the dashboard's per-day table (day, page views, unique visitors, add to cart, …) and its errors table, signed in as the owner. */
async function dashboard(open: (path: string) => Promise<{ page: Page; close(): Promise<void> }>, today: string): Promise<{ row: string[]; errors: string }> {
  const tab = await open('/config/analytics?days=7');
  await tab.page.fill('#email', OWNER.email);
  await tab.page.fill('#password', OWNER.password);
  await Promise.all([tab.page.waitForURL(/\/config\/analytics/), tab.page.press('#password', 'Enter')]);
  const row = await tab.page.locator('#per-day ~ div table tbody tr', { has: tab.page.locator(`th:text-is("${today}")`) }).locator('th, td').allInnerTexts();
  const errors = await tab.page.locator('#errors ~ div table').innerText();
  await tab.close();
  return { row, errors };
}

describeBrowser('the visitor tracker', () => {
  const harness = useBrowserHarness({ routes: listen });

  it('a visit sends RecordHit with the right fields; the add button and the add to the cart are reported', async () => {
    const tab = await harness().open('/shop/p/field-shirt?color=navy', { width: WIDTHS.desktop });
    const { page } = tab;
    await expect.poll(() => posts('/api/census/RecordHit').length).toBe(1);
    const hit = posts('/api/census/RecordHit')[0]!.body as Record<string, string>;
    const cookies = Object.fromEntries((await tab.context.cookies()).map((c) => [c.name, c]));
    expect(hit['ss_cvr']).toBe(cookies['ss_cvr']!.value);
    // asked for two years; Chromium keeps no cookie longer than 400 days (RFC 6265bis), and the visitor's is
    // written again at every visit
    expect(cookies['ss_cvr']!.expires - Date.now() / 1000).toBeGreaterThan(399 * 86_400);
    expect(cookies['ss_cvt']!.expires - Date.now() / 1000).toBeLessThanOrEqual(1800);
    expect(JSON.parse(hit['event']!)).toEqual({ isFirstLanding: true, isFirstSession: true, sessionId: cookies['ss_cvt']!.value });
    const data = JSON.parse(hit['data']!) as Record<string, unknown>;
    expect(data).toMatchObject({
      templateId: 'templates',
      website_locale: 'en-US',
      url: '/shop/p/field-shirt',
      queryString: '?color=navy',
      itemId: 'p02',
      recordType: 11,
      localStorageSupported: true,
      viewportInnerWidth: WIDTHS.desktop,
      title: await page.title(),
    });
    expect(Object.keys(data)).toHaveLength(17);
    expect(posts('/api/census/button-render').map((h) => (h.body as Record<string, string>)['itemId'])).toEqual(['p02']);
    await expect.poll(() => posts('/api/1/performance/settings').length).toBe(1);

    // a second page of the visit: not a landing, the same visitor and session
    await tab.goto('/shop');
    await expect.poll(() => posts('/api/census/RecordHit').length).toBe(2);
    expect(JSON.parse((posts('/api/census/RecordHit')[1]!.body as Record<string, string>)['event']!)).toEqual({ isFirstLanding: false, isFirstSession: true, sessionId: cookies['ss_cvt']!.value });

    await tab.goto('/shop/p/field-shirt');
    await hydrated(tab, '.island-product-form');
    await page.getByLabel('Color').selectOption('Navy');
    await page.getByLabel('Size').selectOption('S');
    await page.getByRole('button', { name: 'Add To Cart' }).click();
    await expect.poll(() => posts('/api/census/button-click').length).toBe(1);
    await expect.poll(() => posts('/api/events/RecordEvent').length).toBe(1);
    const event = posts('/api/events/RecordEvent')[0]!.body as Record<string, string>;
    expect(event['event']).toBe('AddToCart');
    expect(JSON.parse(event['data']!)).toMatchObject({ pagePath: '/shop/p/field-shirt', variantId: expect.any(String), pagePermissionType: 'open' });
    // the server took every call: the tracker sends no field the routes refuse
    expect(heard.filter((h) => h.status >= 300).map((h) => `${h.path} ${h.status}`)).toEqual([]);
    tab.expectNoConsoleProblems();
    await tab.close();
  });

  it('an error thrown in the page is posted to RecordJavascriptErrors with the crumb header; the owner finds the visits and the error on the dashboard', async () => {
    const hitsBefore = posts('/api/census/RecordHit').length;
    const tab = await harness().open('/about', { width: WIDTHS.mobile });
    const { page } = tab;
    await expect.poll(() => posts('/api/census/RecordHit').length).toBe(hitsBefore + 1);
    await page.addScriptTag({ content: 'throw new Error("kaboom in the page")' });
    await expect.poll(() => posts('/api/events/RecordJavascriptErrors').length, { timeout: 5000 }).toBe(1);
    const [posted] = posts('/api/events/RecordJavascriptErrors');
    expect(posted!.status).toBe(204);
    const crumb = (await tab.context.cookies()).find((c) => c.name === 'crumb')!.value;
    expect(posted!.headers['x-csrf-token']).toBe(crumb);
    expect(posted!.body).toEqual([
      { event: 'error', data: { message: 'Uncaught Error: kaboom in the page', stack: expect.stringContaining('kaboom in the page'), path: '/about' }, timestamp: expect.any(Number) },
    ]);
    expect(tab.pageErrors).toEqual([expect.stringContaining('kaboom in the page')]);
    await tab.close();

    const { app } = harness().storefront;
    await ownerBeside(app, OWNER);
    const today = async () => (await stampOf(app.reads, Date.now()))!.day;
    const { row, errors } = await dashboard((path) => harness().open(path, { width: WIDTHS.mobile }), await today());
    const hits = posts('/api/census/RecordHit').length;
    // day, page views, unique visitors (one browser context per tab: two visitors), add to cart
    expect(row.slice(0, 4)).toEqual([await today(), String(hits), '2', '1']);
    expect(errors).toContain('Uncaught Error: kaboom in the page');
    expect(errors).toContain('/about');
  });
});
