/**
 * The roll-ups equal a recount of the raw rows, for any sequence of writes (fast-check): hits with and
 * without visitors, the cart's adds, performance records of every LCP form, JavaScript errors, over days and
 * months; and after a retention sweep. The LCP buckets and p75 rule, and the retention sweep itself.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { openStore, type Store } from '../db/database.js';
import { seedDemoStore } from '../db/seed.js';
import { analyticsLcpDaily } from '../db/schema.js';
import { LCP_BUCKETS, LCP_EDGES, OVERFLOW_BUCKET, bucketUpperEdge, lcpBucket, p75Bucket } from './lcp-buckets.js';
import { recountRollups, type Rollups, storedRollups } from './recount.js';
import { CART_SOURCE, recordErrors, recordEvent, recordHit, recordPerformance, type Stamp } from './record.js';
import { DEFAULT_RETENTION_MONTHS, firstKeptDay, retentionMonthsFromEnv, sweepAnalytics } from './retention.js';
import { addDays, dayKey, dayStart, localDayExpression } from './site-days.js';

const DAYS = ['2025-09-30', '2025-10-01', '2025-10-02', '2025-11-01', '2026-03-08', '2026-03-09'];
const stampOf = (dayIndex: number, second: number): Stamp => ({ websiteId: 'demo', day: DAYS[dayIndex]!, receivedAt: Date.parse(`${DAYS[dayIndex]!}T12:00:00Z`) + second * 1000 });

const write = fc.oneof(
  fc.record({ kind: fc.constant('hit' as const), day: fc.nat(5), visitor: fc.option(fc.constantFrom('v1', 'v2', 'v3'), { nil: null }) }),
  fc.record({ kind: fc.constant('cart' as const), day: fc.nat(5) }),
  fc.record({
    kind: fc.constant('perf' as const),
    day: fc.nat(5),
    path: fc.constantFrom('/a', '/b', undefined),
    ms: fc.oneof(fc.integer({ min: -5, max: 40_000 }), fc.constantFrom(100, 2500, 30_000)),
    form: fc.constantFrom('lcp-event', 'lcp-name', 'page-speed', 'cls'),
  }),
  fc.record({ kind: fc.constant('error' as const), day: fc.nat(5), message: fc.constantFrom('A', 'B'), page: fc.constantFrom('/x', '/y'), second: fc.nat(50) }),
);

type Write = typeof write extends fc.Arbitrary<infer T> ? T : never;

function apply(store: Store, writes: readonly Write[]) {
  writes.forEach((w, i) => {
    switch (w.kind) {
      case 'hit':
        return recordHit(store, stampOf(w.day, i), { event: 'view', visitor: w.visitor, visit: null, data: {} });
      case 'cart':
        return recordEvent(store, stampOf(w.day, i), { source: CART_SOURCE, name: 'AddToCart', visitor: null, data: {} });
      case 'perf': {
        const path = w.path === undefined ? {} : { path: w.path };
        const record =
          w.form === 'lcp-event'
            ? { event: 'LCP', data: { value: w.ms, ...path } }
            : w.form === 'lcp-name'
              ? { event: 'web-vital', data: { name: 'LCP', value: w.ms, ...path } }
              : w.form === 'page-speed'
                ? { event: 'page-speed', data: { LCP: w.ms, CLS: 0.1, ...path } }
                : { event: 'CLS', data: { name: 'CLS', value: 0.2, ...path } };
        return recordPerformance(store, stampOf(w.day, i), [{ app: 'storefront', pageLoadId: 'p', ts: i, ...record }]);
      }
      case 'error':
        return recordErrors(store, stampOf(w.day, w.second), [{ event: 'error', timestamp: 0, message: w.message, page: w.page, data: {} }]);
    }
  });
}

const fresh = () => {
  const store = openStore(':memory:');
  seedDemoStore(store);
  return store;
};

describe('roll-ups', () => {
  it('equal a recount of the raw rows after any writes, and after a sweep', () => {
    fc.assert(
      fc.property(fc.array(write, { maxLength: 60 }), fc.integer({ min: 1, max: 14 }), (writes, months) => {
        const store = fresh();
        try {
          apply(store, writes);
          expect(storedRollups(store, 'demo')).toEqual(recountRollups(store, 'demo'));
          const now = Date.parse('2026-12-15T12:00:00Z');
          sweepAnalytics(store, months, now);
          // the month of the first kept day keeps its older days' samples until all of it is swept
          const partial = firstKeptDay(dayKey(now, 'America/New_York'), months).slice(0, 7);
          const whole = (r: Rollups) => ({ ...r, lcpMonthly: new Map([...r.lcpMonthly].filter(([key]) => !key.startsWith(partial))) });
          expect(whole(storedRollups(store, 'demo'))).toEqual(whole(recountRollups(store, 'demo')));
        } finally {
          store.$client.close();
        }
      }),
      { numRuns: 60 },
    );
  });
});

describe('retention', () => {
  it('keeps what is newer than the setting and deletes the rest, raw rows and roll-ups alike', () => {
    const store = fresh();
    const now = Date.parse('2026-11-26T17:00:00Z');
    const keptFrom = firstKeptDay(dayKey(now, 'America/New_York'), DEFAULT_RETENTION_MONTHS);
    expect(keptFrom).toBe('2025-10-26');
    for (const day of [addDays(keptFrom, -40), addDays(keptFrom, -1), keptFrom, '2026-11-26']) {
      const at = { websiteId: 'demo', day, receivedAt: dayStart(day, 'America/New_York') };
      recordHit(store, at, { event: 'view', visitor: 'v', visit: null, data: {} });
      recordPerformance(store, at, [{ app: 's', event: 'LCP', pageLoadId: 'p', ts: 0, data: { value: 1, path: '/' } }]);
      recordErrors(store, at, [{ event: 'error', timestamp: 0, message: 'm', page: '/', data: {} }]);
      recordEvent(store, at, { source: CART_SOURCE, name: 'AddToCart', visitor: null, data: {} });
    }
    expect(sweepAnalytics(store, DEFAULT_RETENTION_MONTHS, now)).toBeGreaterThan(0);
    const days = (table: string, column = 'day') => (store.$client.prepare(`SELECT DISTINCT ${column} AS d FROM ${table} ORDER BY d`).all() as { d: string }[]).map((r) => r.d);
    for (const table of ['analytics_hits', 'analytics_events', 'analytics_performance', 'analytics_errors', 'analytics_daily', 'analytics_day_visitors', 'analytics_lcp_daily', 'analytics_errors_daily']) {
      expect(days(table), table).toEqual([keptFrom, '2026-11-26']);
    }
    // the month of the first kept day stays whole until all of it is older
    expect(days('analytics_lcp_monthly', 'month')).toEqual(['2025-10', '2026-11']);
    expect(sweepAnalytics(store, DEFAULT_RETENTION_MONTHS, now)).toBe(0);
  });

  it('reads the setting from the environment, refusing a bad one', () => {
    expect(retentionMonthsFromEnv({})).toBe(13);
    expect(retentionMonthsFromEnv({ TESSERA_ANALYTICS_RETENTION_MONTHS: ' 6 ' })).toBe(6);
    for (const bad of ['0', '121', '1.5', 'six', '-3']) {
      expect(() => retentionMonthsFromEnv({ TESSERA_ANALYTICS_RETENTION_MONTHS: bad })).toThrow('TESSERA_ANALYTICS_RETENTION_MONTHS must be a whole number of months from 1 to 120');
    }
  });
});

describe('LCP buckets', () => {
  it('put edges in the bucket above and the p75 at the nearest rank', () => {
    // one column per bucket in the histogram tables
    expect(Object.keys(analyticsLcpDaily).filter((k) => /^b\d+$/.test(k))).toHaveLength(LCP_BUCKETS);
    expect(lcpBucket(0)).toBe(0);
    expect(lcpBucket(-1)).toBe(0);
    expect(lcpBucket(99.9)).toBe(0);
    expect(lcpBucket(100)).toBe(1);
    expect(bucketUpperEdge(lcpBucket(2499))).toBe(2500);
    expect(bucketUpperEdge(lcpBucket(2500))).toBe(2750);
    expect(lcpBucket(30_000)).toBe(OVERFLOW_BUCKET);
    expect(bucketUpperEdge(OVERFLOW_BUCKET)).toBeNull();
    expect(p75Bucket([])).toBeNull();
    const h = new Array<number>(LCP_EDGES.length + 1).fill(0);
    h[2] = 3;
    h[10] = 1;
    expect(p75Bucket(h)).toBe(2);
    h[10] = 2;
    expect(p75Bucket(h)).toBe(10);
  });

  it('a sample is never above its bucket edge and the edge is at most one bucket width above', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 29_999, noNaN: true }), (ms) => {
        const edge = bucketUpperEdge(lcpBucket(ms))!;
        expect(ms).toBeLessThan(edge);
        expect(edge - ms).toBeLessThanOrEqual(2500);
      }),
    );
  });
});

describe('site days', () => {
  it('groups instants by site day across a daylight-saving change, to the minute', () => {
    const zone = 'America/New_York';
    const start = dayStart('2026-03-07', zone);
    const end = dayStart('2026-03-10', zone);
    const sql = localDayExpression('at_ms', start, end, zone);
    expect(sql).toContain('CASE WHEN at_ms <');
    const store = fresh();
    // an integer, as created_at columns hold them
    const dayNumber = store.$client.prepare(`SELECT ${sql} AS d FROM (SELECT ? AS at_ms)`);
    for (const t of [start, dayStart('2026-03-08', zone) + 60_000, dayStart('2026-03-09', zone) - 60_000, dayStart('2026-03-09', zone), end - 1]) {
      const n = (dayNumber.get(BigInt(t)) as { d: number }).d;
      expect(new Date(n * 86_400_000).toISOString().slice(0, 10)).toBe(dayKey(t, zone));
    }
  });
});
