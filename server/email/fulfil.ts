/**
 * Marking an order fulfilled (shipped) and telling the customer (kind `order-fulfilled`), in one transaction:
 * the order gets its fulfilment time, carrier and tracking number, and the shipping e-mail is queued with them.
 * The owner's fulfil API comes with the admin (issue 26); this is the function it calls. An order is fulfilled
 * once, and a cancelled order never: a second call, or one on a cancelled order, changes nothing and sends nothing.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { isRecord } from '../../commerce/json.js';
import type { Customer } from '../../commerce/checkout-form.js';
import type { Store } from '../db/database.js';
import type { Reads } from '../db/reads.js';
import { all, get, type Work, writeSqliteSync } from '../db/work.js';
import { addressLines, emailLanguage } from '../orders/order-email.js';
import { translator } from '../../commerce/messages/translate.js';
import { queueEmailStep } from './queue.js';
import { renderEmailHtml } from './render.js';

export const ORDER_FULFILLED_KIND = 'order-fulfilled';

export interface Shipment {
  /** The carrier's name as the merchant typed it (`UPS`, `La Poste`), or null. */
  readonly carrier?: string | null;
  readonly trackingNumber?: string | null;
}

export type FulfilResult = { readonly ok: true; readonly emailId: string } | { readonly ok: false; readonly reason: 'not-found' | 'already-fulfilled' | 'cancelled' };

interface ShippedLine {
  readonly name: string;
  readonly quantity: number;
}

function shippedLines(items: string): ShippedLine[] {
  try {
    const parsed: unknown = JSON.parse(items);
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(isRecord).map((l) => ({ name: String(l['productName'] ?? ''), quantity: Number(l['quantity'] ?? 1) }));
  } catch {
    return [];
  }
}

function customerOf(text: string, email: string): Customer {
  try {
    const parsed: unknown = JSON.parse(text);
    if (isRecord(parsed)) return { email, name: String(parsed['name'] ?? ''), shippingAddress: isRecord(parsed['shippingAddress']) ? (parsed['shippingAddress'] as unknown as Customer['shippingAddress']) : null };
  } catch {
    // shown without name or address
  }
  return { email, name: '', shippingAddress: null };
}

/** The shipping e-mail's subject and text, in `language` (issue 27: `email.*` of commerce/messages/). */
export function fulfilledEmail(
  orderNumber: number,
  customer: Customer,
  lines: readonly ShippedLine[],
  shipment: Shipment,
  siteTitle: string,
  language = 'en-US',
): { subject: string; bodyText: string } {
  const t = translator(language);
  const address = addressLines(customer, language);
  const number = String(orderNumber);
  const text = [
    customer.name === '' ? t('email.shipped.introNoName', { number, site: siteTitle }) : t('email.shipped.intro', { name: customer.name, number, site: siteTitle }),
    ...(shipment.trackingNumber
      ? ['', ...(shipment.carrier ? [`${t('email.shipped.carrier')} ${shipment.carrier}`] : []), `${t('email.shipped.tracking')} ${shipment.trackingNumber}`]
      : []),
    '',
    ...lines.map((l) => `${l.name} × ${l.quantity}`),
    ...(address.length === 0 ? [] : ['', t('email.shippingToLine'), ...address]),
    '',
    siteTitle,
  ];
  return { subject: t('email.shipped.subject', { number, site: siteTitle }), bodyText: `${text.join('\n')}\n` };
}

/** Marks `orderId` (of `websiteId`) fulfilled with `shipment` and queues its shipping e-mail (SQLite, synchronously). */
export function fulfilOrder(store: Store, websiteId: string, orderId: string, shipment: Shipment, now: number = Date.now()): FulfilResult {
  return writeSqliteSync(store, (q) => fulfilOrderWork(q, websiteId, orderId, shipment, now));
}

/** The same as a piece of work on either database (server/db/work.ts), run in the caller's transaction. */
export function* fulfilOrderWork(q: Reads, websiteId: string, orderId: string, shipment: Shipment, now: number = Date.now()): Work<FulfilResult> {
  const { db } = q;
  const { orders, websites } = q.t;
  const mine = and(eq(orders.id, orderId), eq(orders.websiteId, websiteId));
  const order = yield* get(db.select().from(orders).where(mine));
  if (order === undefined) return { ok: false, reason: 'not-found' } as const;
  const carrier = shipment.carrier || null;
  const trackingNumber = shipment.trackingNumber || null;
  // a cancelled order is never shipped (server/merchant/orders/)
  const changed = yield* all(
    db.update(orders).set({ fulfilledAt: now, shippingCarrier: carrier, trackingNumber }).where(and(mine, isNull(orders.fulfilledAt), isNull(orders.cancelledAt))).returning({ id: orders.id }),
  );
  if (changed.length !== 1) return { ok: false, reason: order.cancelledAt === null ? 'already-fulfilled' : 'cancelled' } as const;
  const site = yield* get(db.select({ title: websites.title, settings: websites.settings }).from(websites).where(eq(websites.id, websiteId)));
  const siteTitle = site?.title ?? '';
  const language = emailLanguage(site?.settings);
  const t = translator(language);
  const customer = customerOf(order.customer, order.email);
  const lines = shippedLines(order.items);
  const { subject, bodyText } = fulfilledEmail(order.orderNumber, customer, lines, { carrier, trackingNumber }, siteTitle, language);
  const words = {
    heading: t('email.shipped.heading', { number: String(order.orderNumber) }),
    hello: t('email.shipped.hello', { name: customer.name, site: siteTitle }),
    carrier: t('email.shipped.carrier'),
    tracking: t('email.shipped.tracking'),
    shippingTo: t('email.shippingTo'),
  };
  const data = {
    words,
    tracking: trackingNumber === null ? null : { carrier, number: trackingNumber },
    lines,
    shippingAddress: addressLines(customer, language),
  };
  const html = renderEmailHtml(ORDER_FULFILLED_KIND, { siteTitle, subject, language }, data);
  const emailId = yield* queueEmailStep(q, { websiteId, kind: ORDER_FULFILLED_KIND, to: order.email, subject, text: bodyText, html, related: { orderId, orderNumber: order.orderNumber } }, now);
  return { ok: true, emailId } as const;
}
