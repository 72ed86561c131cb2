/**
 * Putting one e-mail into the outbox (`outbox_emails`): the one insert every kind goes through, always inside
 * the transaction of what caused it, so an e-mail exists exactly when its cause was committed. A new row is
 * `queued` with no attempt yet and due at once; the sender (worker.ts) takes it from there.
 */
import { randomUUID } from 'node:crypto';
import type { StoreTransaction } from '../db/database.js';
import { outboxEmails } from '../db/schema.js';
import type { Reads } from '../db/reads.js';
import { run, type Work } from '../db/work.js';

export interface QueuedEmail {
  readonly websiteId: string;
  readonly kind: string;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  /** The HTML part (render.ts); null for a text-only e-mail. */
  readonly html: string | null;
  /** BCP 47 tag of the e-mail's language, or null for the site's own. */
  readonly language?: string | null;
  /** What it is about (orderId, productId, signupId…), kept as JSON. */
  readonly related: Readonly<Record<string, unknown>>;
}

/** The outbox row of `mail`, as either store writes it (SQLite here, PostgreSQL in the stores of issue 25). */
export function outboxRow(mail: QueuedEmail, now: number): typeof outboxEmails.$inferInsert {
  return {
    id: randomUUID(),
    websiteId: mail.websiteId,
    kind: mail.kind,
    toAddress: mail.to,
    subject: mail.subject,
    bodyText: mail.text,
    bodyHtml: mail.html,
    language: mail.language ?? null,
    related: JSON.stringify(mail.related),
    createdAt: now,
  };
}

/** Queues `mail` inside `tx`; returns the new row's id. */
export function queueEmail(tx: StoreTransaction, mail: QueuedEmail, now: number): string {
  const row = outboxRow(mail, now);
  tx.insert(outboxEmails).values(row).run();
  return row.id;
}

/** Queues `mail` as a step of a piece of work on either database (server/db/work.ts); returns the new row's id. */
export function* queueEmailStep({ db, t }: Reads, mail: QueuedEmail, now: number): Work<string> {
  const row = outboxRow(mail, now);
  yield* run(db.insert(t.outboxEmails).values(row));
  return row.id;
}
