/**
 * What the owner dashboard shows for a range of site days, read from roll-ups and indexes only (never the raw
 * analytics rows): page views, unique visitors and add-to-cart per day (analytics_daily); orders, revenue
 * (integer cents, the store currency), form submissions and restock signups per day from their own tables,
 * grouped by site day in SQLite over their created-at indexes; the slowest pages by p75 LCP from the
 * histograms (whole months from the monthly one, the days at either end from the daily one); the JavaScript
 * errors seen, per message.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Store } from '../db/database.js';
import { onPostgres, type Reads, readsOf } from '../db/reads.js';
import type { PgStore } from '../db/pg-store.js';
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

type Row = Record<string, unknown>;

/**
 * The dialect's spelling of what differs: a time column as epoch ms and an epoch-ms parameter as a time (SQLite
 * keeps times as epoch ms; PostgreSQL as timestamptz), and the last page of the latest error of a group (SQLite
 * takes a bare column from the row holding max(); PostgreSQL needs it said).
 */
interface Dialect {
  readonly rows: (query: SQL) => Promise<Row[]>;
  readonly ms: (column: string) => string;
  readonly time: (ms: number) => SQL;
  readonly lastPage: string;
}

function dialectOf(reads: Reads): Dialect {
  if (onPostgres(reads)) {
    const pg = reads.db as unknown as PgStore;
    return {
      rows: async (query) => [...(await pg.execute(query))] as Row[],
      ms: (column) => `(extract(epoch from ${column}) * 1000)::bigint`,
      time: (ms) => sql`to_timestamp(${ms}::double precision / 1000)`,
      lastPage: '(array_agg(last_page ORDER BY last_seen DESC))[1]',
    };
  }
  return { rows: async (query) => reads.db.all<Row>(query), ms: (column) => column, time: (ms) => sql`${ms}`, lastPage: 'last_page' };
}

/** The figures of a range for `site`, at instant `now` (either database). */
export async function dashboardData(from: Store | Reads, site: Site, range: Range, now: number = Date.now()): Promise<Dashboard> {
  const dialect = dialectOf(readsOf(from));
  const days = daysBetween(range.from, range.to).map(
    (day): DayFigures => ({ day, pageViews: 0, uniqueVisitors: 0, addToCart: 0, orders: 0, revenueCents: 0, formSubmissions: 0, restockSignups: 0 }),
  );
  const byDay = new Map(days.map((d) => [d.day, d]));

  for (const r of await dialect.rows(sql`SELECT day, page_views, unique_visitors, add_to_cart FROM analytics_daily WHERE website_id = ${site.id} AND day >= ${range.from} AND day <= ${range.to}`)) {
    const d = byDay.get(String(r['day']));
    if (d === undefined) continue;
    d.pageViews = Number(r['page_views']);
    d.uniqueVisitors = Number(r['unique_visitors']);
    d.addToCart = Number(r['add_to_cart']);
  }

  const start = dayStart(range.from, site.timeZone);
  const end = dayStart(addDays(range.to, 1), site.timeZone);
  const local = sql.raw(localDayExpression(dialect.ms('created_at'), start, end, site.timeZone));
  const perDay = async (table: string, where: SQL, select: SQL, apply: (d: DayFigures, r: Row) => void) => {
    const query = sql`SELECT ${local} AS d, ${select} FROM ${sql.raw(table)} WHERE ${where} AND created_at >= ${dialect.time(start)} AND created_at < ${dialect.time(end)} GROUP BY d`;
    for (const r of await dialect.rows(query)) {
      const d = byDay.get(dayNumberKey(Number(r['d'])));
      if (d !== undefined) apply(d, r);
    }
  };
  await perDay('orders', sql`website_id = ${site.id}`, sql`count(*) AS n, coalesce(sum(CASE WHEN currency = ${site.currency} THEN grand_total_cents ELSE 0 END), 0) AS cents`, (d, r) => {
    d.orders = Number(r['n']);
    d.revenueCents = Number(r['cents']);
  });
  await perDay('form_submissions', sql`form_id IN (SELECT id FROM forms WHERE website_id = ${site.id})`, sql`count(*) AS n`, (d, r) => (d.formSubmissions = Number(r['n'])));
  await perDay('restock_signups', sql`website_id = ${site.id}`, sql`count(*) AS n`, (d, r) => (d.restockSignups = Number(r['n'])));

  const today = dayKey(now, site.timeZone);
  return {
    range,
    currency: site.currency,
    timeZone: site.timeZone,
    days,
    slowestPages: await slowestPages(dialect, site.id, splitRange(range, today)),
    errors: await errorsSeen(dialect, site.id, range),
  };
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

async function slowestPages(dialect: Dialect, websiteId: string, { months, dayRanges }: ReturnType<typeof splitRange>): Promise<SlowPage[]> {
  const histograms = new Map<string, number[]>();
  const sums = sql.raw(BUCKET_COLUMNS.map((b) => `sum(${b}) AS ${b}`).join(', '));
  const add = (rows: Row[]) => {
    for (const row of rows) {
      const path = String(row['path']);
      const counts = BUCKET_COLUMNS.map((b) => Number(row[b]));
      const h = histograms.get(path);
      if (h === undefined) histograms.set(path, counts);
      else for (let b = 0; b < h.length; b++) h[b]! += counts[b]!;
    }
  };
  if (months !== null) {
    add(await dialect.rows(sql`SELECT path, ${sums} FROM analytics_lcp_monthly WHERE website_id = ${websiteId} AND month >= ${months[0]} AND month <= ${months[1]} GROUP BY path`));
  }
  for (const [from, to] of dayRanges) add(await dialect.rows(sql`SELECT path, ${sums} FROM analytics_lcp_daily WHERE website_id = ${websiteId} AND day >= ${from} AND day <= ${to} GROUP BY path`));
  const pages = [...histograms].map(([path, h]) => ({ path, bucket: p75Bucket(h) ?? 0, samples: h.reduce((a, b) => a + b, 0) }));
  pages.sort((a, b) => b.bucket - a.bucket || b.samples - a.samples || (a.path < b.path ? -1 : 1));
  return pages.slice(0, SLOWEST_PAGES).map((p) => ({ path: p.path, p75Ms: bucketUpperEdge(p.bucket), samples: p.samples }));
}

async function errorsSeen(dialect: Dialect, websiteId: string, range: Range): Promise<ErrorSeen[]> {
  const rows = await dialect.rows(
    sql`SELECT message, sum(count) AS n, ${sql.raw(dialect.ms('max(last_seen)'))} AS seen, ${sql.raw(dialect.lastPage)} AS last_page FROM analytics_errors_daily WHERE website_id = ${websiteId} AND day >= ${range.from} AND day <= ${range.to} ${sql.raw(`GROUP BY message ORDER BY n DESC, seen DESC LIMIT ${ERRORS_SHOWN}`)}`,
  );
  return rows.map((r) => ({ message: String(r['message']), count: Number(r['n']), lastSeen: Number(r['seen']), page: String(r['last_page']) }));
}
