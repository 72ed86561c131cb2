/**
 * Writing analytics: each function inserts the raw row(s) of one request and updates the roll-ups in the same
 * SQLite transaction (immediate; a savepoint when the caller is already in one, as the cart is), so a 2xx is
 * answered only after both are committed and the roll-ups always equal a recount of the raw rows
 * (recount.ts). Statements are prepared once per connection: these run on every page view.
 */
import type Database from 'better-sqlite3';
import type { Store } from '../db/database.js';
import { LCP_BUCKETS, lcpBucket } from './lcp-buckets.js';
import { monthOf } from './site-days.js';

/** Who and when, for every row of one request. */
export interface Stamp {
  readonly websiteId: string;
  readonly receivedAt: number;
  /** The site day of `receivedAt`. */
  readonly day: string;
}

export interface HitRow {
  readonly event: string;
  readonly visitor: string | null;
  readonly visit: string | null;
  readonly data: Record<string, unknown>;
}

export interface EventRow {
  readonly source: string;
  readonly name: string;
  readonly visitor: string | null;
  readonly data: Record<string, unknown>;
}

export interface PerformanceRow {
  readonly pageLoadId: string;
  readonly app: string;
  readonly event: string;
  readonly ts: number;
  readonly data: Record<string, unknown>;
}

export interface ErrorRow {
  readonly event: string;
  readonly timestamp: number;
  readonly message: string;
  readonly page: string;
  readonly data: Record<string, unknown>;
}

/** The source of the server's own add-to-cart rows (one per successful add, counted per day). */
export const CART_SOURCE = 'cart';

const statementsOf = (db: Database.Database) => ({
  hit: db.prepare('INSERT INTO analytics_hits (website_id, received_at, day, event, visitor, visit, data) VALUES (?, ?, ?, ?, ?, ?, ?)'),
  event: db.prepare('INSERT INTO analytics_events (website_id, received_at, day, source, name, visitor, data) VALUES (?, ?, ?, ?, ?, ?, ?)'),
  performance: db.prepare('INSERT INTO analytics_performance (website_id, received_at, day, page_load_id, app, event, ts, data) VALUES (?, ?, ?, ?, ?, ?, ?, ?)'),
  error: db.prepare('INSERT INTO analytics_errors (website_id, received_at, day, event, timestamp, message, page, data) VALUES (?, ?, ?, ?, ?, ?, ?, ?)'),
  pageView: db.prepare(
    'INSERT INTO analytics_daily (website_id, day, page_views) VALUES (?, ?, 1) ON CONFLICT (website_id, day) DO UPDATE SET page_views = page_views + 1',
  ),
  addToCart: db.prepare(
    'INSERT INTO analytics_daily (website_id, day, add_to_cart) VALUES (?, ?, 1) ON CONFLICT (website_id, day) DO UPDATE SET add_to_cart = add_to_cart + 1',
  ),
  seeVisitor: db.prepare('INSERT OR IGNORE INTO analytics_day_visitors (website_id, day, visitor) VALUES (?, ?, ?)'),
  newVisitor: db.prepare('UPDATE analytics_daily SET unique_visitors = unique_visitors + 1 WHERE website_id = ? AND day = ?'),
  // one statement per bucket column, for the day and for the month
  lcpDay: Array.from({ length: LCP_BUCKETS }, (_, b) =>
    db.prepare(`INSERT INTO analytics_lcp_daily (website_id, day, path, b${b}) VALUES (?, ?, ?, 1) ON CONFLICT (website_id, day, path) DO UPDATE SET b${b} = b${b} + 1`),
  ),
  lcpMonth: Array.from({ length: LCP_BUCKETS }, (_, b) =>
    db.prepare(`INSERT INTO analytics_lcp_monthly (website_id, month, path, b${b}) VALUES (?, ?, ?, 1) ON CONFLICT (website_id, month, path) DO UPDATE SET b${b} = b${b} + 1`),
  ),
  errorDay: db.prepare(
    'INSERT INTO analytics_errors_daily (website_id, day, message, count, last_seen, last_page) VALUES (?, ?, ?, 1, ?, ?) ' +
      'ON CONFLICT (website_id, day, message) DO UPDATE SET count = count + 1, ' +
      'last_page = CASE WHEN excluded.last_seen >= last_seen THEN excluded.last_page ELSE last_page END, last_seen = max(last_seen, excluded.last_seen)',
  ),
});

type Statements = ReturnType<typeof statementsOf>;
const prepared = new WeakMap<Database.Database, Statements>();

function statements(db: Database.Database): Statements {
  let s = prepared.get(db);
  if (s === undefined) prepared.set(db, (s = statementsOf(db)));
  return s;
}

/** `write` in one immediate transaction (a savepoint inside a caller's). */
function inTransaction(store: Store, write: (s: Statements) => void): void {
  const db = store.$client;
  const s = statements(db);
  const run = db.transaction(() => write(s));
  if (db.inTransaction) run();
  else run.immediate();
}

/** One census hit: a page view, and a unique visitor of the day when its visitor is new that day. */
export function recordHit(store: Store, at: Stamp, hit: HitRow): void {
  inTransaction(store, (s) => {
    s.hit.run(at.websiteId, at.receivedAt, at.day, hit.event, hit.visitor, hit.visit, JSON.stringify(hit.data));
    s.pageView.run(at.websiteId, at.day);
    if (hit.visitor !== null && s.seeVisitor.run(at.websiteId, at.day, hit.visitor).changes === 1) s.newVisitor.run(at.websiteId, at.day);
  });
}

/** One event; the server's own add-to-cart rows (`CART_SOURCE`) also count in the day's add-to-cart. */
export function recordEvent(store: Store, at: Stamp, event: EventRow): void {
  inTransaction(store, (s) => {
    s.event.run(at.websiteId, at.receivedAt, at.day, event.source, event.name, event.visitor, JSON.stringify(event.data));
    if (event.source === CART_SOURCE) s.addToCart.run(at.websiteId, at.day);
  });
}

/**
 * The LCP sample of a performance record, in ms, with its page: a record whose event or `data.name` is LCP
 * carries it in `data.value`, a page-speed record with every vital in `data.LCP`; the page is `data.path`, else
 * the path of `data.url`. Null when the record holds none.
 */
export function lcpSampleOf(event: string, data: Record<string, unknown>): { path: string; ms: number } | null {
  let ms: unknown;
  if (event.toUpperCase() === 'LCP' || data['name'] === 'LCP') ms = data['value'];
  else ms = data['LCP'];
  const path = typeof data['path'] === 'string' ? data['path'] : null;
  if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0 || path === null) return null;
  return { path, ms };
}

/** A batch of performance records; their LCP samples go into the day's and the month's histograms. */
export function recordPerformance(store: Store, at: Stamp, rows: readonly PerformanceRow[]): void {
  const month = monthOf(at.day);
  inTransaction(store, (s) => {
    for (const r of rows) {
      s.performance.run(at.websiteId, at.receivedAt, at.day, r.pageLoadId, r.app, r.event, r.ts, JSON.stringify(r.data));
      const lcp = lcpSampleOf(r.event, r.data);
      if (lcp === null) continue;
      const bucket = lcpBucket(lcp.ms);
      s.lcpDay[bucket]!.run(at.websiteId, at.day, lcp.path);
      s.lcpMonth[bucket]!.run(at.websiteId, month, lcp.path);
    }
  });
}

/** A batch of JavaScript errors, counted per day and message (last seen: when received). */
export function recordErrors(store: Store, at: Stamp, rows: readonly ErrorRow[]): void {
  inTransaction(store, (s) => {
    for (const r of rows) {
      s.error.run(at.websiteId, at.receivedAt, at.day, r.event, r.timestamp, r.message, r.page, JSON.stringify(r.data));
      s.errorDay.run(at.websiteId, at.day, r.message, at.receivedAt, r.page);
    }
  });
}
