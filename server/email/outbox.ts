/**
 * The owner's view of the outbox: one site's messages newest first, a page at a time (a cursor of the last
 * row's time and id, as the restock lists page), optionally of one status; and sending a failed one again.
 * Bodies are not listed (they hold customers' links); each message says who, what, when and how it went.
 */
import { and, desc, eq, lt, or, type SQL } from 'drizzle-orm';
import type { Reads } from '../db/reads.js';
import type { outboxEmails } from '../db/schema.js';
import { all, get, type Transactions, type Work } from '../db/work.js';
import { encodeCursor } from '../restock/service.js';
import type { OutboxStatus } from './worker.js';

export const OUTBOX_PAGE_SIZE = 50;

export interface OutboxMessage {
  readonly id: string;
  readonly kind: string;
  readonly to: string;
  readonly subject: string;
  readonly status: string;
  readonly attempts: number;
  readonly lastError: string | null;
  readonly createdOn: number;
  readonly sentOn: number | null;
  readonly nextAttemptOn: number | null;
  readonly related: unknown;
}

type Row = typeof outboxEmails.$inferSelect;

function message(row: Row): OutboxMessage {
  let related: unknown = {};
  try {
    related = JSON.parse(row.related);
  } catch {
    // a row written by hand: shown without it
  }
  return {
    id: row.id,
    kind: row.kind,
    to: row.toAddress,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdOn: row.createdAt,
    sentOn: row.sentAt,
    nextAttemptOn: row.status === 'queued' ? (row.nextAttemptAt ?? row.createdAt) : null,
    related,
  };
}

/** A page of the site's messages, newest first; `after` is the last row's [createdAt, id] of the page before. */
export async function listOutbox({ db, t }: Reads, websiteId: string, status: OutboxStatus | undefined, after: readonly (string | number)[] | null) {
  const { outboxEmails } = t;
  const where: SQL[] = [eq(outboxEmails.websiteId, websiteId)];
  if (status !== undefined) where.push(eq(outboxEmails.status, status));
  if (after !== null) {
    const [at, id] = after as [number, string];
    where.push(or(lt(outboxEmails.createdAt, at), and(eq(outboxEmails.createdAt, at), lt(outboxEmails.id, id)))!);
  }
  const rows = await db
    .select()
    .from(outboxEmails)
    .where(and(...where))
    .orderBy(desc(outboxEmails.createdAt), desc(outboxEmails.id))
    .limit(OUTBOX_PAGE_SIZE + 1);
  const page = rows.slice(0, OUTBOX_PAGE_SIZE);
  const hasNextPage = rows.length > OUTBOX_PAGE_SIZE;
  const last = page[page.length - 1];
  return { messages: page.map(message), hasNextPage, nextPageCursor: hasNextPage && last !== undefined ? encodeCursor([last.createdAt, last.id]) : null };
}

export type RetryResult = { readonly ok: true; readonly message: OutboxMessage } | { readonly ok: false; readonly reason: 'not-found' | 'not-failed' };

/** A failed message queued again, due now, with its attempts counted from zero (its last error kept until the next). */
export function retryMessage(transactions: Transactions, websiteId: string, id: string): Promise<RetryResult> {
  return transactions.write(function* ({ db, t }): Work<RetryResult> {
    const { outboxEmails } = t;
    const mine = and(eq(outboxEmails.id, id), eq(outboxEmails.websiteId, websiteId));
    const row = yield* get(db.select().from(outboxEmails).where(mine));
    if (row === undefined) return { ok: false, reason: 'not-found' } as const;
    const [changed] = yield* all(db.update(outboxEmails).set({ status: 'queued', attempts: 0, nextAttemptAt: null }).where(and(mine, eq(outboxEmails.status, 'failed'))).returning());
    if (changed === undefined) return { ok: false, reason: 'not-failed' } as const;
    return { ok: true, message: message(changed) } as const;
  });
}
