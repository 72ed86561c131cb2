/**
 * The outbox worker's reads and writes behind an async interface (issue 25: nodes on one PostgreSQL database
 * share the outbox; worker.ts keeps the schedule and the sending). A claim is one conditional UPDATE that only
 * succeeds while the row is still due, so two nodes never both claim a row; finishing is conditional on the
 * claim still being ours. This file: the interface, the due rule and the SQLite implementation;
 * outbox-store-pg.ts: PostgreSQL.
 */
import { and, asc, type Column, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Store } from '../db/database.js';
import { outboxEmails, websites } from '../db/schema.js';

export type OutboxRow = typeof outboxEmails.$inferSelect;

export interface OutboxStore {
  /** Up to `limit` rows a node may claim at `now`, oldest first. */
  due(now: number, limit: number): Promise<{ id: string; websiteId: string }[]>;
  /** Claims row `id` as `sending` under `claimId` until `leaseUntil` (one more attempt); the row, or null when another node claimed it first. */
  claim(id: string, claimId: string, now: number, leaseUntil: number): Promise<OutboxRow | null>;
  /** Row `id` was sent, if `claimId` still holds it. */
  sent(id: string, claimId: string, now: number): Promise<void>;
  /** Row `id` failed: `queued` again from `nextAttemptAt`, or `failed` for good (`nextAttemptAt` null), if `claimId` still holds it. */
  missed(id: string, claimId: string, giveUp: boolean, nextAttemptAt: number | null, lastError: string): Promise<void>;
  /** The site's title (the sender's name when no From is set). */
  siteTitle(websiteId: string): Promise<string>;
}

/** Rows a node may claim at `now`: queued and due, or sending with a lease run out (both dialects' column objects). */
export function dueAt(t: { readonly status: Column; readonly nextAttemptAt: Column; readonly leaseExpiresAt: Column }, now: number) {
  return or(and(eq(t.status, 'queued'), or(isNull(t.nextAttemptAt), lte(t.nextAttemptAt, now))), and(eq(t.status, 'sending'), lt(t.leaseExpiresAt, now)));
}

export function sqliteOutboxStore(store: Store): OutboxStore {
  const ours = (id: string, claimId: string) => and(eq(outboxEmails.id, id), eq(outboxEmails.claimId, claimId));
  return {
    async due(now, limit) {
      return store
        .select({ id: outboxEmails.id, websiteId: outboxEmails.websiteId })
        .from(outboxEmails)
        .where(dueAt(outboxEmails, now))
        .orderBy(asc(outboxEmails.createdAt), asc(outboxEmails.id))
        .limit(limit)
        .all();
    },
    async claim(id, claimId, now, leaseUntil) {
      const claimed = store
        .update(outboxEmails)
        .set({ status: 'sending', claimId, leaseExpiresAt: leaseUntil, attempts: sql`${outboxEmails.attempts} + 1` })
        .where(and(eq(outboxEmails.id, id), dueAt(outboxEmails, now)))
        .run();
      return claimed.changes === 1 ? store.select().from(outboxEmails).where(eq(outboxEmails.id, id)).get()! : null;
    },
    async sent(id, claimId, now) {
      store.update(outboxEmails).set({ status: 'sent', sentAt: now, claimId: null, leaseExpiresAt: null, lastError: null }).where(ours(id, claimId)).run();
    },
    async missed(id, claimId, giveUp, nextAttemptAt, lastError) {
      store
        .update(outboxEmails)
        .set({ status: giveUp ? 'failed' : 'queued', nextAttemptAt, lastError, claimId: null, leaseExpiresAt: null })
        .where(ours(id, claimId))
        .run();
    },
    async siteTitle(websiteId) {
      return store.select({ title: websites.title }).from(websites).where(eq(websites.id, websiteId)).get()?.title ?? '';
    },
  };
}
