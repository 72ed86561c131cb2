/**
 * The owner dashboard in-process: who may see it (signed out → the sign-in page, a role without analytics →
 * 403), the plain sign-in and sign-out forms, the range rules and their messages, and the figures it shows
 * from the roll-ups and the orders, submissions and signups tables, per site day.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NOT_ALLOWED } from '../owner/guard.js';
import { hashPassword } from '../owner/password.js';
import { WRONG_CREDENTIALS } from '../routes/owner-session.js';
import { cookieOf, demoApp, FORM_HEADERS, TEST_COOKIES, TEST_CRUMB, testCrumbFor, writeBeside } from '../test-support.js';
import { RANGE_MESSAGES, rangeOf } from './range.js';
import { addDays, dayKey, dayStart } from './site-days.js';
import { splitRange } from './dashboard-data.js';

const PASSWORD = 'dashboard password';
let app: FastifyInstance;
const tokens: Record<string, string> = {};
const ZONE = 'America/New_York';
const today = () => dayKey(Date.now(), ZONE);

async function signInByForm(email: string, password: string) {
  const payload = new URLSearchParams({ email, password, crumb: TEST_CRUMB }).toString();
  return app.inject({ method: 'POST', url: '/config/login', payload, headers: FORM_HEADERS, cookies: TEST_COOKIES });
}

beforeAll(async () => {
  ({ app } = await demoApp({ guards: { rateLimits: { owner: { burst: 100, perMinute: 100 } } } }));
  const passwordHash = await hashPassword(PASSWORD);
  await writeBeside(app, async ({ db, t }) => {
    await db.update(t.websites).set({ timeZone: ZONE });
    for (const [who, roles] of [['admin', ['admin']], ['reporting', ['reporting']], ['editor', ['editor']]] as const) {
      await db.insert(t.contributors).values({ id: randomUUID(), websiteId: 'demo', email: `${who}@example.com`, displayName: who, passwordHash, roles: JSON.stringify(roles), createdAt: 0 });
    }
  });
  for (const who of ['admin', 'reporting', 'editor']) tokens[who] = cookieOf(await signInByForm(`${who}@example.com`, PASSWORD), 'tessera_owner')!.value;
});
afterAll(() => app.close());

const page = (who: string | null, url = '/config/analytics') => app.inject({ method: 'GET', url, cookies: who === null ? {} : { tessera_owner: tokens[who]! } });

describe('who sees the dashboard', () => {
  it('signed out: to the sign-in page, a plain form posting to /config/login with the crumb', async () => {
    const res = await page(null);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/config/login');
    const login = await page(null, '/config/login');
    expect(login.statusCode).toBe(200);
    expect(login.headers['content-security-policy']).toContain("default-src 'none'");
    expect(login.body).toContain('<form method="post" action="/config/login">');
    expect(login.body).toMatch(/name="crumb" value="[0-9a-f]{32}"/);
    expect(login.body).not.toContain('<script');
  });

  it('a wrong password: 401, the form again with the message and the e-mail kept', async () => {
    const res = await signInByForm('admin@example.com', 'wrong');
    expect(res.statusCode).toBe(401);
    expect(res.body).toContain(WRONG_CREDENTIALS);
    expect(res.body).toContain('value="admin@example.com"');
    expect(cookieOf(res, 'tessera_owner')).toBeUndefined();
  });

  it('a right one: a session and 303 to the dashboard; admin and reporting see it, an editor gets 403', async () => {
    const res = await signInByForm('admin@example.com', PASSWORD);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/config/analytics');
    expect(cookieOf(res, 'tessera_owner')?.httpOnly).toBe(true);
    expect((await page('admin')).statusCode).toBe(200);
    expect((await page('reporting')).statusCode).toBe(200);
    const editor = await page('editor');
    expect(editor.statusCode).toBe(403);
    expect(editor.body).toContain(NOT_ALLOWED);
    expect((await page('admin', '/config/login')).headers.location).toBe('/config/analytics');
  });

  it('sign out ends the session', async () => {
    const token = cookieOf(await signInByForm('reporting@example.com', PASSWORD), 'tessera_owner')!.value;
    const cookies = { ...TEST_COOKIES, tessera_owner: token };
    const out = await app.inject({ method: 'POST', url: '/config/logout', payload: `crumb=${testCrumbFor(cookies)}`, headers: FORM_HEADERS, cookies });
    expect(out.statusCode).toBe(303);
    expect(out.headers.location).toBe('/config/login');
    expect((await app.inject({ method: 'GET', url: '/config/analytics', cookies: { tessera_owner: token } })).statusCode).toBe(303);
  });
});

describe('the range', () => {
  it('presets, chosen days, and every refusal in words', () => {
    const t = '2026-11-26';
    expect(rangeOf({}, t, '2025-10-26')).toEqual({ ok: true, range: { from: '2026-10-28', to: t, days: 30 } });
    expect(rangeOf({ days: '7' }, t, '2025-10-26').range).toEqual({ from: '2026-11-20', to: t, days: 7 });
    expect(rangeOf({ days: '365' }, t, '2026-01-01').range.from).toBe('2026-01-01');
    expect(rangeOf({ from: '2026-02-01', to: '2026-02-28' }, t, '2025-10-26')).toEqual({ ok: true, range: { from: '2026-02-01', to: '2026-02-28', days: null } });
    const refused: [Record<string, string>, string][] = [
      [{ days: '8' }, RANGE_MESSAGES.days],
      [{ days: '07' }, RANGE_MESSAGES.days],
      [{ from: '2026-01-01' }, RANGE_MESSAGES.bothDays],
      [{ from: '2026-02-30', to: '2026-03-01' }, RANGE_MESSAGES.badDay],
      [{ from: '2026-03-02', to: '2026-03-01' }, RANGE_MESSAGES.order],
      [{ from: '2026-11-01', to: '2026-11-27' }, RANGE_MESSAGES.future],
      [{ from: '2024-01-01', to: '2026-01-01' }, RANGE_MESSAGES.tooLong],
    ];
    for (const [query, message] of refused) expect(rangeOf(query, t, '2025-10-26')).toMatchObject({ ok: false, message });
  });

  it('splits a range into whole months and the days at either end', () => {
    expect(splitRange({ from: '2026-01-15', to: '2026-04-10', days: null })).toEqual({ months: ['2026-02', '2026-03'], dayRanges: [['2026-01-15', '2026-01-31'], ['2026-04-01', '2026-04-10']] });
    expect(splitRange({ from: '2026-02-01', to: '2026-02-28', days: null })).toEqual({ months: ['2026-02', '2026-02'], dayRanges: [] });
    expect(splitRange({ from: '2026-02-02', to: '2026-03-30', days: null })).toEqual({ months: null, dayRanges: [['2026-02-02', '2026-03-30']] });
    expect(splitRange({ from: '2025-12-31', to: '2026-01-31', days: null })).toEqual({ months: ['2026-01', '2026-01'], dayRanges: [['2025-12-31', '2025-12-31']] });
    // ending today: the month so far is read whole (the rest of it holds nothing yet)
    expect(splitRange({ from: '2025-11-27', to: '2026-11-26', days: 365 }, '2026-11-26')).toEqual({ months: ['2025-12', '2026-11'], dayRanges: [['2025-11-27', '2025-11-30']] });
    expect(splitRange({ from: '2026-11-20', to: '2026-11-26', days: 7 }, '2026-11-26')).toEqual({ months: null, dayRanges: [['2026-11-20', '2026-11-26']] });
    expect(splitRange({ from: '2026-11-01', to: '2026-11-26', days: null }, '2026-11-26')).toEqual({ months: ['2026-11', '2026-11'], dayRanges: [] });
  });

  it('a bad range on the page: 400 with the message and the last 30 days; an unknown parameter is refused', async () => {
    const res = await page('admin', '/config/analytics?days=8');
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(`${RANGE_MESSAGES.days} Showing the last 30 days instead.`);
    expect(res.body).toContain('(30 days,');
    expect((await page('admin', '/config/analytics?color=red')).statusCode).toBe(400);
  });
});

describe('the figures', () => {
  const at = (day: string, hour: number) => dayStart(day, ZONE) + hour * 3_600_000;
  beforeEach(() =>
    writeBeside(app, async ({ db, t }) => {
      for (const table of [t.analyticsHits, t.analyticsDaily, t.analyticsDayVisitors, t.analyticsPerformance, t.analyticsLcpDaily, t.analyticsLcpMonthly, t.analyticsErrors, t.analyticsErrorsDaily, t.orders, t.formSubmissions, t.restockSignups]) await db.delete(table);
    }),
  );

  it('shows page views, visitors, orders, revenue, submissions, signups per site day, slowest pages and errors', async () => {
    const day = addDays(today(), -1);
    const stamp = (ms: number) => ({ websiteId: 'demo', receivedAt: ms, day: dayKey(ms, ZONE) });
    // recorded as the analytics routes record them (either database)
    const { analytics } = app.stores;
    for (const visitor of ['a', 'b', 'a']) await analytics.hit(stamp(at(day, 10)), { event: 'view', visitor, visit: null, data: {} });
    await analytics.performance(stamp(at(day, 10)), [
      { app: 's', event: 'LCP', pageLoadId: 'p', ts: 1, data: { name: 'LCP', value: 4200, path: '/slow' } },
      { app: 's', event: 'LCP', pageLoadId: 'p', ts: 1, data: { name: 'LCP', value: 900, path: '/fast' } },
    ]);
    await analytics.errors(stamp(at(day, 11)), [{ event: 'error', timestamp: 1, message: 'x is <undefined>', page: '/shop', data: {} }]);
    // an order at 23:30 site time belongs to that day, not the next (UTC) one
    const cart = randomUUID();
    await writeBeside(app, async ({ db, t }) => {
      await db.insert(t.carts).values({ id: cart, createdAt: 0, updatedAt: 0 });
      const order = { websiteId: 'demo', purchasedCartId: cart, email: 'o@example.com', items: '[]', currency: 'USD', subtotalCents: 0, taxCents: 0, shippingCents: 0, discountCents: 0 };
      await db.insert(t.orders).values({ ...order, id: randomUUID(), orderNumber: 9001, grandTotalCents: 123_450, createdAt: at(day, 23.5) });
      await db.insert(t.orders).values({ ...order, id: randomUUID(), orderNumber: 9002, grandTotalCents: 50, createdAt: at(day, 1) });
      const [form] = await db.select({ id: t.forms.id }).from(t.forms).limit(1);
      await db.insert(t.formSubmissions).values({ id: randomUUID(), formId: form!.id, data: '{}', createdAt: at(day, 12) });
      const [variant] = await db.select({ id: t.variants.id, productId: t.variants.productId }).from(t.variants).limit(1);
      await db.insert(t.restockSignups).values({ id: randomUUID(), websiteId: 'demo', productId: variant!.productId, variantId: variant!.id, email: 'r@example.com', createdAt: at(day, 13) });
    });

    const res = await page('admin', '/config/analytics?days=7');
    expect(res.statusCode).toBe(200);
    const row = new RegExp(`<tr><th scope="row">${day}</th>((?:<td>[^<]*</td>)+)</tr>`).exec(res.body)?.[1];
    expect(row?.match(/<td>([^<]*)<\/td>/g)?.map((c) => c.slice(4, -5))).toEqual(['3', '2', '0', '2', '$1,235.00', '1', '1']);
    expect(res.body).toContain('<td class="text">/slow</td><td>4.25 s</td><td>1</td>');
    expect(res.body.indexOf('/slow')).toBeLessThan(res.body.indexOf('/fast'));
    // a year reads monthly histograms and days; it finds the same pages
    const slowest = (body: string) => /<h2 id="slowest">.*?<\/table>/.exec(body)?.[0];
    expect(slowest((await page('admin', '/config/analytics?days=365')).body)).toBe(slowest(res.body));
    expect(res.body).toContain('<td class="text">x is &#60;undefined&#62;</td><td>1</td>');
    expect(res.body).toContain('<svg role="img"');
    expect(res.body).not.toContain('<script');
  });
});
