/**
 * How long analytics are kept: `TESSERA_ANALYTICS_RETENTION_MONTHS` (a whole number of months, 1 to 120;
 * default 13). A sweep deletes raw rows and roll-ups of days before the first kept day (today in the site's
 * time zone minus that many months), and monthly roll-ups of months wholly before it; it runs when the server
 * starts and then once a day. Deletes go in slices, so a first sweep over a large backlog never holds the
 * write lock for long.
 */
import { DateTime } from 'luxon';
import type { Store } from '../db/database.js';
import { dayKey, monthOf } from './site-days.js';
import { siteOf } from './stamp.js';

export const DEFAULT_RETENTION_MONTHS = 13;
export const RETENTION_ENV = 'TESSERA_ANALYTICS_RETENTION_MONTHS';
export const SWEEP_INTERVAL_MS = 24 * 60 * 60 * 1000;
const SLICE = 10_000;

/** The retention from the environment; a value that is not a whole number of months from 1 to 120 throws. */
export function retentionMonthsFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env[RETENTION_ENV];
  if (raw === undefined || raw.trim() === '') return DEFAULT_RETENTION_MONTHS;
  const months = Number(raw.trim());
  if (!/^\d+$/.test(raw.trim()) || months < 1 || months > 120) throw new Error(`${RETENTION_ENV} must be a whole number of months from 1 to 120, got ${JSON.stringify(raw)}`);
  return months;
}

/** The oldest day kept on site day `today`. */
export function firstKeptDay(today: string, months: number): string {
  return DateTime.fromISO(today, { zone: 'UTC' }).minus({ months }).toISODate()!;
}

/** Tables swept by day, and the one swept by month. */
const BY_DAY = [
  'analytics_hits',
  'analytics_events',
  'analytics_performance',
  'analytics_errors',
  'analytics_daily',
  'analytics_day_visitors',
  'analytics_lcp_daily',
  'analytics_errors_daily',
] as const;

/** Deletes what is older than the retention at instant `now`; answers the rows deleted. */
export function sweepAnalytics(store: Store, months: number, now: number): number {
  const site = siteOf(store);
  if (site === null) return 0;
  const kept = firstKeptDay(dayKey(now, site.timeZone), months);
  const db = store.$client;
  let deleted = 0;
  const slices: [string, string][] = [
    ...BY_DAY.map((table): [string, string] => [`DELETE FROM ${table} WHERE rowid IN (SELECT rowid FROM ${table} WHERE day < ? LIMIT ${SLICE})`, kept]),
    [`DELETE FROM analytics_lcp_monthly WHERE rowid IN (SELECT rowid FROM analytics_lcp_monthly WHERE month < ? LIMIT ${SLICE})`, monthOf(kept)],
  ];
  for (const [sql, before] of slices) {
    const statement = db.prepare(sql);
    for (;;) {
      const n = statement.run(before).changes;
      deleted += n;
      if (n < SLICE) break;
    }
  }
  return deleted;
}

/** Sweeps now and then every day; the answer stops the daily sweep (the app calls it on close). */
export function startSweeping(store: Store, months: number, log: (error: unknown) => void, now: () => number = Date.now): () => void {
  const sweep = () => {
    try {
      sweepAnalytics(store, months, now());
    } catch (error) {
      // a busy or closed store: the next sweep catches up
      log(error);
    }
  };
  sweep();
  const timer = setInterval(sweep, SWEEP_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
