/**
 * The roll-ups recounted from the raw rows alone, in the shape of the roll-up tables: the proof (tests) that
 * what record.ts keeps incrementally is what the raw rows say, and a way to check a store by hand. Reads every
 * raw row, so it is for checking, never for the dashboard.
 */
import type { Store } from '../db/database.js';
import { BUCKET_COLUMNS, lcpBucket } from './lcp-buckets.js';
import { CART_SOURCE, lcpSampleOf } from './record.js';
import { monthOf } from './site-days.js';

export interface Rollups {
  /** `day` → [page views, unique visitors, add to cart]. */
  readonly daily: Map<string, [number, number, number]>;
  /** `day|visitor`. */
  readonly dayVisitors: Set<string>;
  /** `day|path|bucket` → samples. */
  readonly lcpDaily: Map<string, number>;
  /** `month|path|bucket` → samples. */
  readonly lcpMonthly: Map<string, number>;
  /** `day|message` → [count, last seen, last page]. */
  readonly errorsDaily: Map<string, [number, number, string]>;
}

type Row = Record<string, unknown>;

const bump = (m: Map<string, number>, key: string) => m.set(key, (m.get(key) ?? 0) + 1);

/** The roll-ups of `websiteId` as its raw rows say they should be. */
export function recountRollups(store: Store, websiteId: string): Rollups {
  const all = (sql: string) => store.$client.prepare(sql).all(websiteId) as Row[];
  const daily = new Map<string, [number, number, number]>();
  const dayOf = (day: string) => {
    let d = daily.get(day);
    if (d === undefined) daily.set(day, (d = [0, 0, 0]));
    return d;
  };
  const dayVisitors = new Set<string>();
  for (const r of all('SELECT day, visitor FROM analytics_hits WHERE website_id = ? ORDER BY id')) {
    const d = dayOf(String(r['day']));
    d[0] += 1;
    if (r['visitor'] === null) continue;
    const key = `${String(r['day'])}|${String(r['visitor'])}`;
    if (!dayVisitors.has(key)) d[1] += 1;
    dayVisitors.add(key);
  }
  for (const r of all(`SELECT day FROM analytics_events WHERE website_id = ? AND source = '${CART_SOURCE}'`)) dayOf(String(r['day']))[2] += 1;

  const lcpDaily = new Map<string, number>();
  const lcpMonthly = new Map<string, number>();
  for (const r of all('SELECT day, event, data FROM analytics_performance WHERE website_id = ? ORDER BY id')) {
    const sample = lcpSampleOf(String(r['event']), JSON.parse(String(r['data'])) as Record<string, unknown>);
    if (sample === null) continue;
    const bucket = lcpBucket(sample.ms);
    bump(lcpDaily, `${String(r['day'])}|${sample.path}|${bucket}`);
    bump(lcpMonthly, `${monthOf(String(r['day']))}|${sample.path}|${bucket}`);
  }

  const errorsDaily = new Map<string, [number, number, string]>();
  for (const r of all('SELECT day, message, page, received_at FROM analytics_errors WHERE website_id = ? ORDER BY id')) {
    const key = `${String(r['day'])}|${String(r['message'])}`;
    const seen = Number(r['received_at']);
    const e = errorsDaily.get(key);
    if (e === undefined) errorsDaily.set(key, [1, seen, String(r['page'])]);
    else {
      e[0] += 1;
      if (seen >= e[1]) [e[1], e[2]] = [seen, String(r['page'])];
    }
  }
  return { daily, dayVisitors, lcpDaily, lcpMonthly, errorsDaily };
}

/** `period|path|bucket` → samples of the histogram rows' non-zero bucket columns. */
function bucketCounts(rows: Row[], period: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const r of rows) {
    BUCKET_COLUMNS.forEach((column, b) => {
      const n = Number(r[column]);
      if (n !== 0) counts.set(`${String(r[period])}|${String(r['path'])}|${b}`, n);
    });
  }
  return counts;
}

/** The roll-up tables of `websiteId` in the same shape, to compare. */
export function storedRollups(store: Store, websiteId: string): Rollups {
  const all = (sql: string) => store.$client.prepare(sql).all(websiteId) as Row[];
  const s = String;
  return {
    daily: new Map(all('SELECT * FROM analytics_daily WHERE website_id = ?').map((r) => [s(r['day']), [Number(r['page_views']), Number(r['unique_visitors']), Number(r['add_to_cart'])]])),
    dayVisitors: new Set(all('SELECT * FROM analytics_day_visitors WHERE website_id = ?').map((r) => `${s(r['day'])}|${s(r['visitor'])}`)),
    lcpDaily: bucketCounts(all('SELECT * FROM analytics_lcp_daily WHERE website_id = ?'), 'day'),
    lcpMonthly: bucketCounts(all('SELECT * FROM analytics_lcp_monthly WHERE website_id = ?'), 'month'),
    errorsDaily: new Map(
      all('SELECT * FROM analytics_errors_daily WHERE website_id = ?').map((r) => [`${s(r['day'])}|${s(r['message'])}`, [Number(r['count']), Number(r['last_seen']), s(r['last_page'])]]),
    ),
  };
}
