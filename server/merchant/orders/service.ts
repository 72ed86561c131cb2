/**
 * The merchant's changes to an order (issue 26), each in one transaction:
 * - fulfil: marks it shipped with its carrier and tracking number and queues the shipping e-mail
 *   (server/email/fulfil.ts `fulfilOrder`); once only, and never a cancelled order;
 * - cancel: marks it cancelled and puts each line's quantity back in stock (variants with limited stock; a
 *   variant since made unlimited needs nothing back). Once only, and never a fulfilled order: what has shipped
 *   is not cancelled, it is refunded or returned (not in this admin). No e-mail is sent: the merchant tells the
 *   customer why, as on the platform, where cancelling offers an optional message (left for later);
 * - note: adds a note, signed with the contributor's name, seen by the merchant only.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Reads } from '../../db/reads.js';
import { all, run, type Transactions, type Work } from '../../db/work.js';
import { fulfilOrderWork } from '../../email/fulfil.js';
import type { SignedInContributor } from '../../owner/sessions.js';
import { linesOf, type OrderDetail, orderDetail, ownOrder } from './queries.js';
import type { FulfilBody } from './schemas.js';

export const ORDER_MESSAGES = {
  notFound: 'There is no such order.',
  alreadyFulfilled: 'This order is already fulfilled.',
  alreadyCancelled: 'This order is already cancelled.',
  cancelledNotFulfilled: 'A cancelled order cannot be fulfilled.',
  fulfilledNotCancelled: 'A fulfilled order cannot be cancelled.',
  carrierWithoutNumber: 'Give the tracking number with the carrier.',
} as const;

export type Outcome = { readonly ok: true; readonly order: OrderDetail } | { readonly ok: false; readonly status: number; readonly message: string };

const refuse = (status: number, message: string): Outcome => ({ ok: false, status, message });

function* detail(q: Reads, websiteId: string, orderId: string): Work<Outcome> {
  const row = yield* ownOrder(q, websiteId, orderId);
  return row === null ? refuse(404, ORDER_MESSAGES.notFound) : { ok: true, order: yield* orderDetail(q, row) };
}

export function fulfil(transactions: Transactions, websiteId: string, orderId: string, body: FulfilBody, now = Date.now()): Promise<Outcome> {
  const carrier = body.carrier?.trim() ?? '';
  const trackingNumber = body.trackingNumber?.trim() ?? '';
  if (carrier !== '' && trackingNumber === '') return Promise.resolve(refuse(400, ORDER_MESSAGES.carrierWithoutNumber));
  return transactions.write(function* (q): Work<Outcome> {
    const result = yield* fulfilOrderWork(q, websiteId, orderId, { carrier, trackingNumber }, now);
    if (!result.ok) {
      if (result.reason === 'not-found') return refuse(404, ORDER_MESSAGES.notFound);
      return refuse(409, result.reason === 'cancelled' ? ORDER_MESSAGES.cancelledNotFulfilled : ORDER_MESSAGES.alreadyFulfilled);
    }
    return yield* detail(q, websiteId, orderId);
  });
}

export function cancel(transactions: Transactions, websiteId: string, orderId: string, now = Date.now()): Promise<Outcome> {
  return transactions.write(function* (q): Work<Outcome> {
    const { db } = q;
    const { orders, variants } = q.t;
    const row = yield* ownOrder(q, websiteId, orderId);
    if (row === null) return refuse(404, ORDER_MESSAGES.notFound);
    const mine = and(eq(orders.id, orderId), eq(orders.websiteId, websiteId), isNull(orders.cancelledAt), isNull(orders.fulfilledAt));
    if ((yield* all(db.update(orders).set({ cancelledAt: now }).where(mine).returning({ id: orders.id }))).length !== 1) {
      return refuse(409, row.cancelledAt !== null ? ORDER_MESSAGES.alreadyCancelled : ORDER_MESSAGES.fulfilledNotCancelled);
    }
    for (const line of linesOf(row)) {
      if (line.variantId === null || !(line.quantity > 0)) continue;
      yield* run(
        db
          .update(variants)
          .set({ qtyInStock: sql`${variants.qtyInStock} + ${line.quantity}` })
          .where(and(eq(variants.id, line.variantId), eq(variants.unlimited, false))),
      );
    }
    return yield* detail(q, websiteId, orderId);
  });
}

export function addNote(transactions: Transactions, contributor: SignedInContributor, orderId: string, text: string, now = Date.now()): Promise<Outcome> {
  return transactions.write(function* (q): Work<Outcome> {
    const row = yield* ownOrder(q, contributor.websiteId, orderId);
    if (row === null) return refuse(404, ORDER_MESSAGES.notFound);
    const author = contributor.displayName.trim() === '' ? contributor.email : contributor.displayName;
    yield* run(q.db.insert(q.t.orderNotes).values({ id: randomUUID(), orderId, websiteId: contributor.websiteId, author, body: text.trim(), createdAt: now }));
    return yield* detail(q, contributor.websiteId, orderId);
  });
}
