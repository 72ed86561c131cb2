/**
 * Per-visitor write limits on PostgreSQL, shared by every node (issue 25: a visitor spreading writes over N nodes
 * gets the same limit as on one). The bucket of rate-limit.ts kept as one time per key, `full_at`: when the bucket
 * would hold its whole burst again (the generic cell rate algorithm). Each write costs `1/perMinute` of a minute;
 * a write is allowed while `full_at` is at most `(burst - 1)` such costs ahead of now, and pushes it one cost
 * further. The same verdicts as the in-memory token bucket (rate-limit.test.ts runs both), in one statement: an
 * upsert whose update is conditional, so two nodes taking the last token at once cannot both have it (the second
 * waits for the row lock and re-checks). A refusal reads the row once more for its Retry-After. A row whose
 * `full_at` has passed says no more than a missing one: every SWEEP_EVERY-th write of a node deletes those.
 */
import { eq, lt, sql } from 'drizzle-orm';
import type { PgStore } from '../db/pg-store.js';
import { rateLimitBuckets } from '../db/schema-pg.js';
import type { BucketRule, RateLimitStore, Verdict } from './rate-limit.js';

const at = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;
const millis = (ms: number) => sql`(${ms} * interval '1 millisecond')`;

/** How many writes of a node between two sweeps of the full buckets. */
export const SWEEP_EVERY = 1000;

export function pgRateLimitStore(db: PgStore): RateLimitStore {
  let writes = 0;
  return {
    async take(key: string, rule: BucketRule, now: number): Promise<Verdict> {
      if (++writes % SWEEP_EVERY === 0) await db.delete(rateLimitBuckets).where(lt(rateLimitBuckets.fullAt, now));
      const cost = 60_000 / rule.perMinute;
      const tolerance = (rule.burst - 1) * cost;
      const base = sql`GREATEST(${rateLimitBuckets.fullAt}, ${at(now)})`;
      const taken = await db
        .insert(rateLimitBuckets)
        .values({ key, fullAt: Math.ceil(now + cost) })
        .onConflictDoUpdate({ target: rateLimitBuckets.key, set: { fullAt: sql`${base} + ${millis(cost)}` }, setWhere: sql`${base} <= ${at(now)} + ${millis(tolerance)}` })
        .returning({ key: rateLimitBuckets.key });
      if (taken.length === 1) return { ok: true };
      const row = (await db.select({ fullAt: rateLimitBuckets.fullAt }).from(rateLimitBuckets).where(eq(rateLimitBuckets.key, key)))[0];
      const wait = row === undefined ? cost : row.fullAt - now - tolerance;
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(wait / 1000)) };
    },
  };
}
