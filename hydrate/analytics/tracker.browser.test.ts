/**
 * The tracker in Chromium against the real storefront, with stand-ins for the analytics routes (the analytics
 * branch serves them for real): a visit to a product page sends RecordHit with the session info, exactly the
 * page-hit fields and the visitor cookie, sets `ss_cvr` and `ss_cvt`, reports the add button and asks for the
 * performance settings; a press of the add button is reported and the add to the cart reaches RecordEvent as
 * AddToCart; an error thrown in the page is posted to RecordJavascriptErrors with the crumb header.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { expect, it } from 'vitest';
import { describeBrowser, useBrowserHarness, WIDTHS } from '../browser-harness.js';
import { hydrated } from '../browser-helpers.js';

interface Heard {
  readonly path: string;
  readonly body: unknown;
  readonly headers: FastifyRequest['headers'];
}

const heard: Heard[] = [];

/** Answers the tracker's calls and notes them, as the analytics plugin would store them. */
function analyticsStandIn(app: FastifyInstance): void {
  const note = (request: FastifyRequest) => heard.push({ path: request.url, body: request.body, headers: request.headers });
  for (const path of ['/api/census/RecordHit', '/api/census/button-render', '/api/census/button-click', '/api/census/form-render', '/api/events/RecordEvent']) {
    app.post(path, async (request) => (note(request), {}));
  }
  app.post('/api/events/RecordJavascriptErrors', async (request) => (note(request), {}));
  app.get('/api/1/performance/settings', async (request) => (note(request), { pageLoadId: 'browser-load' }));
}

const posts = (path: string) => heard.filter((h) => h.path === path);

describeBrowser('the visitor tracker', () => {
  const harness = useBrowserHarness({ routes: analyticsStandIn });

  it('a visit sends RecordHit with the right fields; the add button and the add to the cart are reported', async () => {
    heard.length = 0;
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
    expect(JSON.parse(event['data']!)).toMatchObject({ pagePath: '/shop/p/field-shirt', variantId: expect.any(String), permissionType: 'open' });
    tab.expectNoConsoleProblems();
    await tab.close();
  });

  it('an error thrown in the page is posted to RecordJavascriptErrors with the crumb header', async () => {
    heard.length = 0;
    const tab = await harness().open('/about', { width: WIDTHS.mobile });
    const { page } = tab;
    await expect.poll(() => posts('/api/census/RecordHit').length).toBe(1);
    await page.addScriptTag({ content: 'throw new Error("kaboom in the page")' });
    await expect.poll(() => posts('/api/events/RecordJavascriptErrors').length, { timeout: 5000 }).toBe(1);
    const [posted] = posts('/api/events/RecordJavascriptErrors');
    const crumb = (await tab.context.cookies()).find((c) => c.name === 'crumb')!.value;
    expect(posted!.headers['x-csrf-token']).toBe(crumb);
    expect(posted!.body).toEqual([
      { event: 'error', data: { message: 'Uncaught Error: kaboom in the page', stack: expect.stringContaining('kaboom in the page'), source: expect.any(String), path: '/about' }, timestamp: expect.any(Number) },
    ]);
    expect(tab.pageErrors).toEqual([expect.stringContaining('kaboom in the page')]);
    await tab.close();
  });
});
