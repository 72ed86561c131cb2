/**
 * Recording analytics behind an async interface (issue 25): what the tracker's beacons send, each request's raw
 * rows and the roll-ups they move, committed together before the answer, on either database. This file: the
 * interface and the SQLite implementation (record.ts's immediate transactions, answered as promises);
 * record-store-pg.ts: PostgreSQL. The dashboard reads the roll-ups (another part, still on SQLite).
 */
import type { Store } from '../db/database.js';
import { type ErrorRow, type EventRow, type HitRow, type PerformanceRow, recordErrors, recordEvent, recordHit, recordPerformance, type Stamp } from './record.js';

export interface AnalyticsStore {
  /** One census hit: a page view, and a unique visitor of the day when its visitor is new that day. */
  hit(at: Stamp, hit: HitRow): Promise<void>;
  /** One event; the server's own add-to-cart rows also count in the day's add-to-cart. */
  event(at: Stamp, event: EventRow): Promise<void>;
  /** A batch of performance records; their LCP samples go into the day's and the month's histograms. */
  performance(at: Stamp, rows: readonly PerformanceRow[]): Promise<void>;
  /** A batch of JavaScript errors, counted per day and message. */
  errors(at: Stamp, rows: readonly ErrorRow[]): Promise<void>;
}

export function sqliteAnalyticsStore(store: Store): AnalyticsStore {
  return {
    hit: async (at, hit) => recordHit(store, at, hit),
    event: async (at, event) => recordEvent(store, at, event),
    performance: async (at, rows) => recordPerformance(store, at, rows),
    errors: async (at, rows) => recordErrors(store, at, rows),
  };
}
