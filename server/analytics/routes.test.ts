/**
 * The analytics routes in-process (Fastify inject) on a fresh in-memory demo store: what each stores (only the
 * spec's fields), what it refuses and in which words, the body caps, the rate limit, the crumb rules of
 * beacons, and the roll-ups each write keeps.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asc, eq, getTableColumns, getTableName } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { hashPassword } from '../owner/password.js';
import { CRUMB_FAIL_MESSAGE } from '../security/crumb.js';
import { addToCartApi, changeSiteSettings, demoApp, FORM_HEADERS, withCrumb, writeBeside } from '../test-support.js';
import { lcpBucket } from './lcp-buckets.js';
import { ANALYTICS_BODY_LIMITS, MAX_ERRORS, PERFORMANCE_SETTINGS } from './routes.js';

let app: FastifyInstance;

const PAGE = { websiteId: 'demo', templateId: 't1', url: 'http://shop.test/shop/p/canvas-tote?x=1', title: 'Canvas Tote', viewportWidth: 390, localStorageSupported: true };

beforeAll(async () => {
  ({ app } = await demoApp({ guards: { rateLimits: { analytics: { burst: 10_000, perMinute: 10_000 }, owner: { burst: 100, perMinute: 100 } } } }));
});
afterAll(() => app.close());

/** One of the app's tables by its SQL name (either database). */
const tableOf = (on: FastifyInstance, name: string) => Object.values(on.reads.t).find((t) => typeof t === 'object' && t !== null && getTableColumns(t as SQLiteTable) !== undefined && getTableName(t as SQLiteTable) === name) as SQLiteTable;

/**
 * A table's rows as stored, keyed by SQL column name, in the order written: by id where the table has one, else
 * as the database keeps them (SQLite's rowid; PostgreSQL's heap, where these few rows stay in insertion order).
 */
async function rows(name: string, on = app): Promise<Record<string, unknown>[]> {
  const table = tableOf(on, name);
  const columns = Object.entries(getTableColumns(table));
  const id = columns.find(([key]) => key === 'id')?.[1];
  const query = on.reads.db.select().from(table);
  const found = (await (id === undefined ? query : query.orderBy(asc(id)))) as Record<string, unknown>[];
  return found.map((row) => Object.fromEntries(columns.map(([key, column]) => [column.name, row[key]])));
}
const clear = () =>
  Promise.all(
    ['analytics_hits', 'analytics_events', 'analytics_performance', 'analytics_errors', 'analytics_daily', 'analytics_day_visitors', 'analytics_lcp_daily', 'analytics_lcp_monthly', 'analytics_errors_daily'].map(async (name) => {
      await app.reads.db.delete(tableOf(app, name));
    }),
  );
beforeEach(clear);

/** A beacon: no crumb, no custom header. */
const beacon = (url: string, payload: string, type: string, cookies: Record<string, string> = {}): InjectOptions => ({
  method: 'POST',
  url,
  payload,
  headers: { 'content-type': type },
  cookies,
});
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const hit = (data: unknown, extra: Record<string, string> = {}) => form({ event: 'view', data: JSON.stringify(data), ...extra });

describe('POST /api/census/RecordHit', () => {
  it('stores the page-hit fields only, and counts a page view and a unique visitor', async () => {
    const res = await app.inject(beacon('/api/census/RecordHit', hit({ ...PAGE, secret: 'x', nested: { a: 1 } }, { ss_cvr: 'visitor-1' }), FORM_HEADERS['content-type']));
    expect(res.statusCode).toBe(204);
    const [row] = await rows('analytics_hits');
    expect(JSON.parse(String(row!['data']))).toEqual(PAGE);
    expect(row!['event']).toBe('view');
    expect(row!['visitor']).toMatch(/^[0-9a-f]{32}$/);
    expect(row!['visitor']).not.toContain('visitor-1');
    expect(row!['day']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await app.inject(beacon('/api/census/RecordHit', hit(PAGE, { ss_cvr: 'visitor-1' }), FORM_HEADERS['content-type']));
    await app.inject(beacon('/api/census/RecordHit', hit(PAGE), FORM_HEADERS['content-type'], { ss_cvr: 'visitor-2' }));
    await app.inject(beacon('/api/census/RecordHit', hit(PAGE), FORM_HEADERS['content-type']));
    expect(await rows('analytics_daily')).toEqual([{ website_id: 'demo', day: row!['day'], page_views: 4, unique_visitors: 2, add_to_cart: 0 }]);
  });

  it('takes a text/plain beacon (form text or JSON) and a JSON body', async () => {
    expect((await app.inject(beacon('/api/census/RecordHit', hit(PAGE), 'text/plain;charset=UTF-8'))).statusCode).toBe(204);
    const json = JSON.stringify({ event: 'view', data: JSON.stringify(PAGE) });
    expect((await app.inject(beacon('/api/census/RecordHit', json, 'text/plain;charset=UTF-8'))).statusCode).toBe(204);
    expect((await app.inject(beacon('/api/census/RecordHit', JSON.stringify({ event: 'view', data: PAGE }), 'application/json'))).statusCode).toBe(204);
    expect(await rows('analytics_hits')).toHaveLength(3);
  });

  it('refuses bad bodies with a message and stores nothing', async () => {
    const cases: [string, string, string][] = [
      [hit(PAGE, { extra: '1' }), FORM_HEADERS['content-type'], 'extra is not an accepted field.'],
      [form({ event: 'view' }), FORM_HEADERS['content-type'], 'data is required.'],
      [form({ event: 'view', data: '{nope' }), FORM_HEADERS['content-type'], 'data is not valid JSON.'],
      [form({ event: 'view', data: '[1]' }), FORM_HEADERS['content-type'], 'data must be an object.'],
      [hit({ viewportWidth: 'wide' }), FORM_HEADERS['content-type'], 'data.viewportWidth must be a number.'],
      [hit({ title: 'x'.repeat(501) }), FORM_HEADERS['content-type'], 'data.title must be at most 500 characters.'],
      ['{"event": ', 'text/plain', 'The request body is not valid JSON.'],
      ['event=a&event=b&data=%7B%7D', FORM_HEADERS['content-type'], 'event must be a string.'],
    ];
    for (const [payload, type, message] of cases) {
      const res = await app.inject(beacon('/api/census/RecordHit', payload, type));
      expect(res.statusCode, payload).toBe(400);
      expect(res.json(), payload).toEqual({ message });
    }
    expect(await rows('analytics_hits')).toEqual([]);
  });

  it(`caps the body at ${ANALYTICS_BODY_LIMITS.hit} bytes`, async () => {
    const res = await app.inject(beacon('/api/census/RecordHit', hit({ title: 'x'.repeat(ANALYTICS_BODY_LIMITS.hit) }), FORM_HEADERS['content-type']));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The request body is too large.' });
  });

  it('records nothing for /config and /search pages, nor for a signed-in contributor beyond viewer, nor with census disabled', async () => {
    for (const url of ['http://shop.test/config/analytics', 'http://shop.test/search?q=tote']) {
      expect((await app.inject(beacon('/api/census/RecordHit', hit({ url }), FORM_HEADERS['content-type']))).statusCode).toBe(204);
    }
    const referred = beacon('/api/census/RecordHit', hit({}), FORM_HEADERS['content-type']);
    expect((await app.inject({ ...referred, headers: { ...referred.headers, referer: 'http://shop.test/config' } })).statusCode).toBe(204);
    expect(await rows('analytics_hits')).toEqual([]);

    const password = 'staff password';
    const passwordHash = await hashPassword(password);
    await writeBeside(app, async ({ db, t }) => {
      for (const [email, roles] of [['editor@example.com', ['editor', 'viewer']], ['viewer@example.com', ['viewer']], ['none@example.com', ['none']]] as const) {
        await db.insert(t.contributors).values({ id: randomUUID(), websiteId: 'demo', email, displayName: email, passwordHash, roles: JSON.stringify(roles), createdAt: 0 });
      }
    });
    const tokenOf = async (email: string) =>
      (await app.inject(withCrumb({ method: 'POST', url: '/api/owner/session', payload: { email, password } }))).cookies.find((c) => c.name === 'tessera_owner')!.value;
    await app.inject(beacon('/api/census/RecordHit', hit(PAGE), FORM_HEADERS['content-type'], { tessera_owner: await tokenOf('editor@example.com') }));
    expect(await rows('analytics_hits')).toEqual([]);
    await app.inject(beacon('/api/census/RecordHit', hit(PAGE), FORM_HEADERS['content-type'], { tessera_owner: await tokenOf('viewer@example.com') }));
    expect(await rows('analytics_hits')).toHaveLength(1);
    // a contributor with no role is a visitor too, as the tracker's placement treats them (one rule: recorded-visitor.ts)
    await app.inject(beacon('/api/census/RecordHit', hit(PAGE), FORM_HEADERS['content-type'], { tessera_owner: await tokenOf('none@example.com') }));
    expect(await rows('analytics_hits')).toHaveLength(2);

    const saved = (await app.reads.db.select({ settings: app.reads.t.websites.settings }).from(app.reads.t.websites).limit(1))[0]!.settings;
    await changeSiteSettings(app, (settings) => ({ ...settings, censusDisabled: true }));
    try {
      await app.inject(beacon('/api/census/RecordHit', hit(PAGE), FORM_HEADERS['content-type']));
      await app.inject(beacon('/api/census/button-click', form({ visitorCookie: 'v' }), FORM_HEADERS['content-type']));
      expect(await rows('analytics_hits')).toHaveLength(2);
      expect(await rows('analytics_events')).toEqual([]);
    } finally {
      await changeSiteSettings(app, () => JSON.parse(saved) as Record<string, unknown>);
    }
  });
});

describe('census side calls', () => {
  it('store visitorCookie (hashed), formId and the page fields given in the body or in data', async () => {
    const type = FORM_HEADERS['content-type'];
    await app.inject(beacon('/api/census/button-click', form({ visitorCookie: 'v1', url: PAGE.url, viewportWidth: '390', localStorageSupported: 'true' }), type));
    await app.inject(beacon('/api/census/button-render', form({ visitorCookie: 'v1', data: JSON.stringify(PAGE) }), type));
    await app.inject(beacon('/api/census/form-render', JSON.stringify({ formId: 'contact-form', visitorCookie: 'v1', title: 'Contact' }), 'application/json'));
    await app.inject(beacon('/api/census/overlay', form({ event: 'overlay-shown' }), type));
    await app.inject(beacon('/api/census/RecordQuickView/prod-1', form({ visitorCookie: 'v1' }), type));
    const empty = await app.inject({ method: 'POST', url: '/api/census/RecordQuickView/prod-2' });
    expect(empty.statusCode, empty.body).toBe(204);
    const stored = (await rows('analytics_events')).map((r) => [r['source'], r['name'], JSON.parse(String(r['data'])), r['visitor'] === null]);
    expect(stored).toEqual([
      ['button-click', 'button-click', { url: PAGE.url, viewportWidth: 390, localStorageSupported: true }, false],
      ['button-render', 'button-render', PAGE, false],
      ['form-render', 'form-render', { title: 'Contact', formId: 'contact-form' }, false],
      ['overlay', 'overlay-shown', {}, true],
      ['quick-view', 'prod-1', {}, false],
      ['quick-view', 'prod-2', {}, true],
    ]);
  });

  it('refuse unknown fields and wrong types', async () => {
    const type = FORM_HEADERS['content-type'];
    const bad = await app.inject(beacon('/api/census/button-click', form({ price: '1' }), type));
    expect(bad.json()).toEqual({ message: 'price is not an accepted field.' });
    const wrong = await app.inject(beacon('/api/census/button-render', form({ viewportWidth: 'wide' }), type));
    expect(wrong.json()).toEqual({ message: 'The request body.viewportWidth must be a number.' });
    expect(await rows('analytics_events')).toEqual([]);
  });
});

describe('POST /api/events/RecordEvent', () => {
  it('needs the crumb (form field) and stores the legacy fields with the event name', async () => {
    const fields = { event: 'CommerceEvent', eventName: 'AddToCart', data: JSON.stringify({ pagePath: '/shop', itemId: 'p1', orderId: 'o1', cartId: 'c1', testMode: true, junk: 1 }) };
    const without = await app.inject(beacon('/api/events/RecordEvent', form(fields), FORM_HEADERS['content-type']));
    expect(without.statusCode).toBe(403);
    expect(without.json()).toEqual({ message: CRUMB_FAIL_MESSAGE, crumbFail: true });
    const res = await app.inject(withCrumb({ method: 'POST', url: '/api/events/RecordEvent', payload: form(fields), headers: FORM_HEADERS }));
    expect(res.statusCode).toBe(204);
    const [row] = await rows('analytics_events');
    expect([row!['source'], row!['name']]).toEqual(['record-event', 'CommerceEvent']);
    expect(JSON.parse(String(row!['data']))).toEqual({ pagePath: '/shop', itemId: 'p1', orderId: 'o1', cartId: 'c1', testMode: true, eventName: 'AddToCart' });
  });
});

describe('POST /api/v1/clanker/events and validate-event-content', () => {
  const content = { page_host: 'shop.test', page_path: '/shop', event_occurrence_timestamp: 1_700_000_000_000, browser_window_width: 390, orderId: 'o1', cartId: 'c1', testMode: true };

  it('answers 202 to a beacon (text/plain JSON), XHR JSON and form text, and stores the known fields', async () => {
    const body = JSON.stringify({ eventSchemaName: 'checkout_confirmed', eventContent: JSON.stringify({ ...content, unknown_field: 'x' }) });
    expect((await app.inject(beacon('/api/v1/clanker/events', body, 'text/plain;charset=UTF-8'))).statusCode).toBe(202);
    expect((await app.inject(beacon('/api/v1/clanker/events', body, 'application/json'))).statusCode).toBe(202);
    const formBody = form({ eventSchemaName: 'page_view', eventContent: JSON.stringify(content) });
    expect((await app.inject(beacon('/api/v1/clanker/events', formBody, FORM_HEADERS['content-type']))).statusCode).toBe(202);
    const stored = await rows('analytics_events');
    expect(stored.map((r) => [r['source'], r['name']])).toEqual([
      ['clanker', 'checkout_confirmed'],
      ['clanker', 'checkout_confirmed'],
      ['clanker', 'page_view'],
    ]);
    expect(JSON.parse(String(stored[0]!['data']))).toEqual(content);
  });

  it('refuses a missing schema name and bad content', async () => {
    const missing = await app.inject(beacon('/api/v1/clanker/events', JSON.stringify({ eventContent: '{}' }), 'application/json'));
    expect(missing.json()).toEqual({ message: 'eventSchemaName is required.' });
    const bad = await app.inject(beacon('/api/v1/clanker/events', JSON.stringify({ eventSchemaName: 's', eventContent: '{"page_path": 5}' }), 'application/json'));
    expect(bad.json()).toEqual({ message: 'eventContent.page_path must be a string.' });
    expect(await rows('analytics_events')).toEqual([]);
  });

  it('validation names unknown and missing fields and stores nothing', async () => {
    const res = await app.inject(beacon('/api/v1/clanker/validate-event-content/page_view', JSON.stringify({ page_path: '/', color: 'red' }), 'application/json'));
    expect(res.json()).toEqual({ schemaName: 'page_view', valid: false, unknownFields: ['color'], missingFields: ['event_occurrence_timestamp', 'page_host'] });
    const ok = await app.inject(beacon('/api/v1/clanker/validate-event-content/page_view', JSON.stringify({ eventContent: JSON.stringify(content) }), 'text/plain'));
    expect(ok.json()).toEqual({ schemaName: 'page_view', valid: true, unknownFields: [], missingFields: [] });
    const wrong = await app.inject(beacon('/api/v1/clanker/validate-event-content/x', JSON.stringify({ page_path: 1 }), 'application/json'));
    expect(wrong.json()).toMatchObject({ valid: false, message: 'eventContent.page_path must be a string.' });
    expect(await rows('analytics_events')).toEqual([]);
  });
});

describe('performance', () => {
  it('settings: a fresh pageLoadId per call, not cached', async () => {
    const a = await app.inject({ method: 'GET', url: '/api/1/performance/settings' });
    const b = await app.inject({ method: 'GET', url: '/api/1/performance/settings' });
    expect(a.headers['cache-control']).toBe('no-store');
    expect(a.json()).toMatchObject({ enabled: true, ...PERFORMANCE_SETTINGS });
    expect(a.json().pageLoadId).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.json().pageLoadId).not.toBe(b.json().pageLoadId);
  });

  it('records: stores the batch, LCP samples go to the day and month histograms by page', async () => {
    const records = [
      { app: 'storefront', event: 'LCP', pageLoadId: 'pl-1', ts: 1000, data: { name: 'LCP', value: 1800, path: '/shop', extra: 1 } },
      { app: 'storefront', event: 'page-speed', pageLoadId: 'pl-1', ts: 2000, data: { LCP: 3100, CLS: 0.1, INP: 80, TTFB: 200, url: 'http://shop.test/about?x' } },
      { app: 'storefront', event: 'CLS', pageLoadId: 'pl-1', ts: 3000, data: { name: 'CLS', value: 0.05 } },
    ];
    const res = await app.inject({ ...beacon('/api/1/performance/records', JSON.stringify(records), 'text/plain;charset=UTF-8'), headers: { 'content-type': 'text/plain', referer: 'http://shop.test/contact' } });
    expect(res.statusCode).toBe(204);
    const stored = (await rows('analytics_performance')).map((r) => JSON.parse(String(r['data'])));
    expect(stored).toEqual([
      { name: 'LCP', value: 1800, path: '/shop' },
      { LCP: 3100, CLS: 0.1, INP: 80, TTFB: 200, url: 'http://shop.test/about?x', path: '/about' },
      { name: 'CLS', value: 0.05, path: '/contact' },
    ]);
    expect((await rows('analytics_lcp_daily')).map((r) => [r['path'], r[`b${lcpBucket(1800)}`], r[`b${lcpBucket(3100)}`]])).toEqual([
      ['/shop', 1, 0],
      ['/about', 0, 1],
    ]);
    expect(await rows('analytics_lcp_monthly')).toHaveLength(2);
  });

  it('records: refuses a record without its fields, an unknown one, too many', async () => {
    const one = { app: 'a', event: 'e', pageLoadId: 'p', ts: 1 };
    const cases: [unknown, string][] = [
      [[{ app: 'a', event: 'e', ts: 1 }], '0.pageLoadId is required.'],
      [[{ ...one, color: 1 }], '0.color is not an accepted field.'],
      [[{ ...one, data: { value: 'slow' } }], '0.data.value must be a number.'],
      [[], 'The request body must hold at least 1 entries.'],
      [Array.from({ length: 101 }, () => one), 'The request body may hold at most 100 entries.'],
      [{ records: [] }, 'The request body must be a list.'],
    ];
    for (const [body, message] of cases) {
      const res = await app.inject(beacon('/api/1/performance/records', JSON.stringify(body), 'application/json'));
      expect(res.json(), message).toEqual({ message });
    }
    expect(await rows('analytics_performance')).toEqual([]);
  });
});

describe('POST /api/events/RecordJavascriptErrors', () => {
  const error = (message: string, path = '/shop') => ({ event: 'error', timestamp: Date.now(), data: { message, stack: 's'.repeat(6000), path, lineno: 3, other: 'x' } });

  it('keeps the crumb header: a beacon without it is refused', async () => {
    const res = await app.inject(beacon('/api/events/RecordJavascriptErrors', JSON.stringify([error('Boom')]), 'application/json'));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: CRUMB_FAIL_MESSAGE, crumbFail: true });
  });

  it('stores each error with its stack cut at 5000 characters, counted per day and message', async () => {
    const res = await app.inject(withCrumb({ method: 'POST', url: '/api/events/RecordJavascriptErrors', payload: [error('Boom'), error('Boom', '/about'), error(' ')] }));
    expect(res.statusCode).toBe(204);
    const stored = await rows('analytics_errors');
    expect(stored.map((r) => [r['message'], r['page']])).toEqual([
      ['Boom', '/shop'],
      ['Boom', '/about'],
      ['error', '/shop'],
    ]);
    const data = JSON.parse(String(stored[0]!['data']));
    expect(data.stack).toHaveLength(5000);
    expect(data.other).toBeUndefined();
    expect((await rows('analytics_errors_daily')).map((r) => [r['message'], r['count'], r['last_page']])).toEqual([
      ['Boom', 2, '/about'],
      ['error', 1, '/shop'],
    ]);
  });

  it(`refuses more than ${MAX_ERRORS} at once and a malformed one`, async () => {
    const many = await app.inject(withCrumb({ method: 'POST', url: '/api/events/RecordJavascriptErrors', payload: Array.from({ length: MAX_ERRORS + 1 }, () => error('x')) }));
    expect(many.json()).toEqual({ message: `The request body may hold at most ${MAX_ERRORS} entries.` });
    const noTime = await app.inject(withCrumb({ method: 'POST', url: '/api/events/RecordJavascriptErrors', payload: [{ event: 'error', data: {} }] }));
    expect(noTime.json()).toEqual({ message: '0.timestamp is required.' });
    expect(await rows('analytics_errors')).toEqual([]);
  });
});

describe('add to cart', () => {
  it('is counted where the cart API adds an entry, one row per add', async () => {
    const { db, t } = app.reads;
    const tote = (await db.select({ id: t.products.id }).from(t.products).where(eq(t.products.urlId, 'canvas-tote')))[0];
    // the first product (by id) with one variant, in stock enough for three
    const all = await db.select().from(t.variants).orderBy(asc(t.variants.productId));
    const single = all.filter((v) => all.filter((w) => w.productId === v.productId).length === 1);
    const product = { id: single.find((v) => v.unlimited || v.qtyInStock > 5)!.productId };
    expect(tote?.id).not.toBe(product.id);
    const cart = await addToCartApi(app, { itemId: product.id, quantity: 1 });
    await addToCartApi(app, { itemId: product.id, quantity: 2 }, cart);
    const adds = await rows('analytics_events');
    expect(adds.map((r) => [r['source'], r['name'], JSON.parse(String(r['data'])).quantity])).toEqual([
      ['cart', 'AddToCart', 1],
      ['cart', 'AddToCart', 2],
    ]);
    expect((await rows('analytics_daily')).map((r) => r['add_to_cart'])).toEqual([2]);
  });
});

describe('body caps', () => {
  it('each route refuses a body over its cap with 413', async () => {
    const caps: [string, number][] = [
      ['/api/census/button-click', ANALYTICS_BODY_LIMITS.census],
      ['/api/census/RecordQuickView/p1', ANALYTICS_BODY_LIMITS.census],
      ['/api/v1/clanker/events', ANALYTICS_BODY_LIMITS.clanker],
      ['/api/v1/clanker/validate-event-content/s', ANALYTICS_BODY_LIMITS.clanker],
      ['/api/1/performance/records', ANALYTICS_BODY_LIMITS.records],
    ];
    for (const [url, cap] of caps) {
      const res = await app.inject(beacon(url, `{"x":"${'y'.repeat(cap)}"}`, 'application/json'));
      expect(res.statusCode, url).toBe(413);
      expect(res.json()).toEqual({ message: 'The request body is too large.' });
    }
    const errors = await app.inject(withCrumb({ method: 'POST', url: '/api/events/RecordJavascriptErrors', payload: `{"x":"${'y'.repeat(ANALYTICS_BODY_LIMITS.errors)}"}`, headers: { 'content-type': 'application/json' } }));
    expect(errors.statusCode).toBe(413);
    const event = await app.inject(withCrumb({ method: 'POST', url: '/api/events/RecordEvent', payload: form({ event: 'e', data: 'y'.repeat(ANALYTICS_BODY_LIMITS.event) }), headers: FORM_HEADERS }));
    expect(event.statusCode).toBe(413);
  });
});

describe('rate limit', () => {
  it('limits the analytics group per address: 429 with a retry-after', async () => {
    const { app: tight } = await demoApp({ guards: { rateLimits: { analytics: { burst: 2, perMinute: 1 } } } });
    try {
      const send = () => tight.inject(beacon('/api/census/RecordHit', hit(PAGE), FORM_HEADERS['content-type']));
      expect((await send()).statusCode).toBe(204);
      expect((await send()).statusCode).toBe(204);
      const limited = await send();
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBe('60');
      expect(limited.json()).toEqual({ message: 'Too many requests: try again in 60 s.' });
      expect(await rows('analytics_hits', tight)).toHaveLength(2);
    } finally {
      await tight.close();
    }
  });
});
