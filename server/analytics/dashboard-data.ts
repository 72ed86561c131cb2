/**
 * What the owner dashboard shows for a range of site days, read from roll-ups and indexes only (never the raw
 * analytics rows): page views, unique visitors and add-to-cart per day (analytics_daily); orders, revenue
 * (integer cents, the store currency), form submissions and restock signups per day from their own tables,
 * grouped by site day in SQLite over their created-at indexes; the slowest pages by p75 LCP from the
 * histograms (whole months from the monthly one, the days at either end from the daily one); the JavaScript
 * errors seen, per message.
 */
import type Database from 'better-sqlite3';
import type { Store } from '../db/database.js';
import { BUCKET_COLUMNS, bucketUpperEdge, p75Bucket } from './lcp-buckets.js';
import type { Range } from './range.js';
import { addDays, dayKey, dayNumberKey, dayStart, daysBetween, localDayExpression, monthOf } from './site-days.js';
import type { Site } from './stamp.js';

export interface DayFigures {
  readonly day: string;
  pageViews: number;
  uniqueVisitors: number;
  addToCart: number;
  orders: number;
  revenueCents: number;
  formSubmissions: number;
  restockSignups: number;
}

export interface SlowPage {
  readonly path: string;
  /** Upper edge of the p75 bucket in ms; null: 30 s or more. */
  readonly p75Ms: number | null;
  readonly samples: number;
}

export interface ErrorSeen {
  readonly message: string;
  readonly count: number;
  readonly lastSeen: number;
  readonly page: string;
}

export interface Dashboard {
  readonly range: Range;
  readonly currency: string;
  readonly timeZone: string;
  readonly days: readonly DayFigures[];
  readonly slowestPages: readonly SlowPage[];
  readonly errors: readonly ErrorSeen[];
}

export const SLOWEST_PAGES = 10;
export const ERRORS_SHOWN = 20;

type Row = Record<string, number | string | null>;

/** The figures of a range for `site`, at instant `now`. */
export function dashboardData(store: Store, site: Site, range: Range, now: number = Date.now()): Dashboard {
  const db = store.$client;
  const days = daysBetween(range.from, range.to).map(
    (day): DayFigures => ({ day, pageViews: 0, uniqueVisitors: 0, addToCart: 0, orders: 0, revenueCents: 0, formSubmissions: 0, restockSignups: 0 }),
  );
  const byDay = new Map(days.map((d) => [d.day, d]));
  const all = (sql: string, ...params: unknown[]) => db.prepare(sql).all(...params) as Row[];

  for (const r of all('SELECT day, page_views, unique_visitors, add_to_cart FROM analytics_daily WHERE website_id = ? AND day >= ? AND day <= ?', site.id, range.from, range.to)) {
    const d = byDay.get(String(r['day']));
    if (d === undefined) continue;
    d.pageViews = Number(r['page_views']);
    d.uniqueVisitors = Number(r['unique_visitors']);
    d.addToCart = Number(r['add_to_cart']);
  }

  const start = dayStart(range.from, site.timeZone);
  const end = dayStart(addDays(range.to, 1), site.timeZone);
  const local = localDayExpression('created_at', start, end, site.timeZone);
  const perDay = (table: string, where: string, select: string, params: unknown[], apply: (d: DayFigures, r: Row) => void) => {
    const sql = `SELECT ${local} AS d, ${select} FROM ${table} WHERE ${where} created_at >= ? AND created_at < ? GROUP BY d`;
    for (const r of db.prepare(sql).all(...params, start, end) as Row[]) {
      const d = byDay.get(dayNumberKey(Number(r['d'])));
      if (d !== undefined) apply(d, r);
    }
  };
  perDay('orders', 'website_id = ? AND', 'count(*) AS n, total(CASE WHEN currency = ? THEN grand_total_cents ELSE 0 END) AS cents', [site.currency, site.id], (d, r) => {
    d.orders = Number(r['n']);
    d.revenueCents = Number(r['cents']);
  });
  perDay('form_submissions', 'form_id IN (SELECT id FROM forms WHERE website_id = ?) AND', 'count(*) AS n', [site.id], (d, r) => (d.formSubmissions = Number(r['n'])));
  perDay('restock_signups', 'website_id = ? AND', 'count(*) AS n', [site.id], (d, r) => (d.restockSignups = Number(r['n'])));

  const today = dayKey(now, site.timeZone);
  return { range, currency: site.currency, timeZone: site.timeZone, days, slowestPages: slowestPages(db, site.id, splitRange(range, today)), errors: errorsSeen(db, site.id, range) };
}

/**
 * The months wholly inside a range, and the days at either end outside them. A range that ends `today` covers
 * the rest of today's month too (those days hold nothing yet), so the month so far is read as one monthly row.
 */
export function splitRange(range: Range, today = ''): { months: [string, string] | null; dayRanges: [string, string][] } {
  const nextMonthStart = (month: string) => `${monthOf(addDays(`${month}-28`, 7))}-01`;
  const to = range.to === today ? addDays(nextMonthStart(monthOf(today)), -1) : range.to;
  let firstFull = monthOf(range.from);
  if (`${firstFull}-01` !== range.from) firstFull = monthOf(nextMonthStart(firstFull));
  // the last month whose last day is on or before `to`
  const lastFull = addDays(to, 1).endsWith('-01') ? monthOf(to) : monthOf(addDays(`${monthOf(to)}-01`, -1));
  if (firstFull > lastFull) return { months: null, dayRanges: [[range.from, range.to]] };
  const dayRanges: [string, string][] = [];
  if (range.from < `${firstFull}-01`) dayRanges.push([range.from, addDays(`${firstFull}-01`, -1)]);
  const afterLast = nextMonthStart(lastFull);
  if (afterLast <= range.to) dayRanges.push([afterLast, range.to]);
  return { months: [firstFull, lastFull], dayRanges };
}

function slowestPages(db: Database.Database, websiteId: string, { months, dayRanges }: ReturnType<typeof splitRange>): SlowPage[] {
  const histograms = new Map<string, number[]>();
  const sums = BUCKET_COLUMNS.map((b) => `sum(${b})`).join(', ');
  const add = (rows: unknown[][]) => {
    for (const [path, ...counts] of rows) {
      const h = histograms.get(String(path));
      if (h === undefined) histograms.set(String(path), counts as number[]);
      else for (let b = 0; b < h.length; b++) h[b]! += counts[b] as number;
    }
  };
  if (months !== null) {
    add(db.prepare(`SELECT path, ${sums} FROM analytics_lcp_monthly WHERE website_id = ? AND month >= ? AND month <= ? GROUP BY path`).raw().all(websiteId, ...months) as unknown[][]);
  }
  const daily = db.prepare(`SELECT path, ${sums} FROM analytics_lcp_daily WHERE website_id = ? AND day >= ? AND day <= ? GROUP BY path`).raw();
  for (const [from, to] of dayRanges) add(daily.all(websiteId, from, to) as unknown[][]);
  const pages = [...histograms].map(([path, h]) => ({ path, bucket: p75Bucket(h) ?? 0, samples: h.reduce((a, b) => a + b, 0) }));
  pages.sort((a, b) => b.bucket - a.bucket || b.samples - a.samples || (a.path < b.path ? -1 : 1));
  return pages.slice(0, SLOWEST_PAGES).map((p) => ({ path: p.path, p75Ms: bucketUpperEdge(p.bucket), samples: p.samples }));
}

function errorsSeen(db: Database.Database, websiteId: string, range: Range): ErrorSeen[] {
  // SQLite: with max(), the bare column last_page comes from the row holding the maximum
  const rows = db
    .prepare(
      'SELECT message, sum(count) AS n, max(last_seen) AS seen, last_page FROM analytics_errors_daily WHERE website_id = ? AND day >= ? AND day <= ? ' +
        `GROUP BY message ORDER BY n DESC, seen DESC LIMIT ${ERRORS_SHOWN}`,
    )
    .all(websiteId, range.from, range.to) as Row[];
  return rows.map((r) => ({ message: String(r['message']), count: Number(r['n']), lastSeen: Number(r['seen']), page: String(r['last_page']) }));
}
