/**
 * The outbox worker's claims on PostgreSQL (outbox-store.ts has the interface and the due rule): the claim is
 * `UPDATE … WHERE id AND due RETURNING *`; a second node's UPDATE waits for the first's row lock, re-checks the
 * condition against the committed row (no longer due) and changes nothing.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { PgStore } from '../db/pg-store.js';
import { outboxEmails, websites } from '../db/schema-pg.js';
import { dueAt, type OutboxStore } from './outbox-store.js';

export function pgOutboxStore(db: PgStore): OutboxStore {
  const ours = (id: string, claimId: string) => and(eq(outboxEmails.id, id), eq(outboxEmails.claimId, claimId));
  return {
    async due(now, limit) {
      return await db
        .select({ id: outboxEmails.id, websiteId: outboxEmails.websiteId })
        .from(outboxEmails)
        .where(dueAt(outboxEmails, now))
        .orderBy(asc(outboxEmails.createdAt), asc(outboxEmails.id))
        .limit(limit);
    },
    async claim(id, claimId, now, leaseUntil) {
      const rows = await db
        .update(outboxEmails)
        .set({ status: 'sending', claimId, leaseExpiresAt: leaseUntil, attempts: sql`${outboxEmails.attempts} + 1` })
        .where(and(eq(outboxEmails.id, id), dueAt(outboxEmails, now)))
        .returning();
      return rows[0] ?? null;
    },
    async sent(id, claimId, now) {
      await db.update(outboxEmails).set({ status: 'sent', sentAt: now, claimId: null, leaseExpiresAt: null, lastError: null }).where(ours(id, claimId));
    },
    async missed(id, claimId, giveUp, nextAttemptAt, lastError) {
      await db.update(outboxEmails).set({ status: giveUp ? 'failed' : 'queued', nextAttemptAt, lastError, claimId: null, leaseExpiresAt: null }).where(ours(id, claimId));
    },
    async siteTitle(websiteId) {
      return (await db.select({ title: websites.title }).from(websites).where(eq(websites.id, websiteId)))[0]?.title ?? '';
    },
  };
}
