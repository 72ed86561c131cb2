/**
 * Recording analytics on PostgreSQL (record-store.ts has the interface, record.ts the SQLite statements and the
 * rules): each request's raw rows and its roll-ups in one transaction. Every roll-up is an
 * `INSERT … ON CONFLICT DO UPDATE SET n = n + 1`, which two nodes counting the same day serialize on the row, so
 * no count is lost; a visitor is new to the day when its `INSERT … ON CONFLICT DO NOTHING` inserted a row.
 */
import { sql } from 'drizzle-orm';
import type { PgStore } from '../db/pg-store.js';
import type { PgTransaction } from '../db/pg-transaction.js';
import {
  analyticsDaily,
  analyticsDayVisitors,
  analyticsErrors,
  analyticsErrorsDaily,
  analyticsEvents,
  analyticsHits,
  analyticsLcpDaily,
  analyticsLcpMonthly,
  analyticsPerformance,
} from '../db/schema-pg.js';
import { lcpBucket } from './lcp-buckets.js';
import { CART_SOURCE, lcpSampleOf } from './record.js';
import type { AnalyticsStore } from './record-store.js';
import { monthOf } from './site-days.js';

type Daily = typeof analyticsDaily;

/** The day's row of `column` one higher (made at 1 when the day has none). */
async function countDay(tx: PgTransaction, websiteId: string, day: string, column: 'pageViews' | 'addToCart' | 'uniqueVisitors'): Promise<void> {
  const field: Daily[typeof column] = analyticsDaily[column];
  await tx
    .insert(analyticsDaily)
    .values({ websiteId, day, [column]: 1 })
    .onConflictDoUpdate({ target: [analyticsDaily.websiteId, analyticsDaily.day], set: { [column]: sql`${field} + 1` } });
}

/** One more LCP sample in bucket `b` of a histogram row (the day's or the month's). */
async function countLcp(tx: PgTransaction, table: typeof analyticsLcpDaily | typeof analyticsLcpMonthly, key: Record<string, string>, b: number): Promise<void> {
  const column = `b${b}` as const;
  const target = table === analyticsLcpDaily ? [analyticsLcpDaily.websiteId, analyticsLcpDaily.day, analyticsLcpDaily.path] : [analyticsLcpMonthly.websiteId, analyticsLcpMonthly.month, analyticsLcpMonthly.path];
  await tx
    .insert(table)
    .values({ ...key, [column]: 1 } as never)
    // the row's own bucket column (qualified: unqualified it would be ambiguous with `excluded`'s)
    .onConflictDoUpdate({ target, set: { [column]: sql`${table}.${sql.identifier(column)} + 1` } as never });
}

export function pgAnalyticsStore(db: PgStore): AnalyticsStore {
  return {
    async hit(at, hit) {
      await db.transaction(async (tx) => {
        await tx.insert(analyticsHits).values({ websiteId: at.websiteId, receivedAt: at.receivedAt, day: at.day, event: hit.event, visitor: hit.visitor, visit: hit.visit, data: JSON.stringify(hit.data) });
        await countDay(tx, at.websiteId, at.day, 'pageViews');
        if (hit.visitor === null) return;
        const seen = await tx.insert(analyticsDayVisitors).values({ websiteId: at.websiteId, day: at.day, visitor: hit.visitor }).onConflictDoNothing().returning({ visitor: analyticsDayVisitors.visitor });
        // the day's row exists: the page view above made it
        if (seen.length === 1) await countDay(tx, at.websiteId, at.day, 'uniqueVisitors');
      });
    },

    async event(at, event) {
      await db.transaction(async (tx) => {
        await tx.insert(analyticsEvents).values({ websiteId: at.websiteId, receivedAt: at.receivedAt, day: at.day, source: event.source, name: event.name, visitor: event.visitor, data: JSON.stringify(event.data) });
        if (event.source === CART_SOURCE) await countDay(tx, at.websiteId, at.day, 'addToCart');
      });
    },

    async performance(at, rows) {
      const month = monthOf(at.day);
      await db.transaction(async (tx) => {
        await tx
          .insert(analyticsPerformance)
          .values(rows.map((r) => ({ websiteId: at.websiteId, receivedAt: at.receivedAt, day: at.day, pageLoadId: r.pageLoadId, app: r.app, event: r.event, ts: r.ts, data: JSON.stringify(r.data) })));
        for (const r of rows) {
          const lcp = lcpSampleOf(r.event, r.data);
          if (lcp === null) continue;
          const bucket = lcpBucket(lcp.ms);
          await countLcp(tx, analyticsLcpDaily, { websiteId: at.websiteId, day: at.day, path: lcp.path }, bucket);
          await countLcp(tx, analyticsLcpMonthly, { websiteId: at.websiteId, month, path: lcp.path }, bucket);
        }
      });
    },

    async errors(at, rows) {
      await db.transaction(async (tx) => {
        await tx.insert(analyticsErrors).values(rows.map((r) => ({ websiteId: at.websiteId, receivedAt: at.receivedAt, day: at.day, event: r.event, timestamp: r.timestamp, message: r.message, page: r.page, data: JSON.stringify(r.data) })));
        for (const r of rows) {
          const d = analyticsErrorsDaily;
          await tx
            .insert(d)
            .values({ websiteId: at.websiteId, day: at.day, message: r.message, count: 1, lastSeen: at.receivedAt, lastPage: r.page })
            .onConflictDoUpdate({
              target: [d.websiteId, d.day, d.message],
              // as SQLite's: the page of the latest sighting, the latest time
              set: {
                count: sql`${d.count} + 1`,
                lastPage: sql`CASE WHEN excluded.last_seen >= ${d.lastSeen} THEN excluded.last_page ELSE ${d.lastPage} END`,
                lastSeen: sql`GREATEST(${d.lastSeen}, excluded.last_seen)`,
              },
            });
        }
      });
    },
  };
}
