/**
 * What the merchant order APIs read: an order as the merchant works with it (lines, money in cents, customer,
 * fulfilment, cancellation, notes) and the searchable list, newest first. Only the caller's website's orders
 * are ever found; any other id reads as missing.
 */
import { and, asc, desc, eq, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Customer } from '../../../commerce/checkout-form.js';
import { parseJson } from '../../commerce/catalog.js';
import type { OrderLine } from '../../commerce/checkout-service.js';
import type { Store } from '../../db/database.js';
import { orderNotes, orders } from '../../db/schema.js';
import { type Filters, type ListQuery, type OrderStatus, PAGE_SIZE } from './schemas.js';
import { likePattern } from '../like.js';

export type OrderRow = typeof orders.$inferSelect;
type Tx = Parameters<Parameters<Store['transaction']>[0]>[0];
export type Reader = Store | Tx;

export function statusOf(row: Pick<OrderRow, 'fulfilledAt' | 'cancelledAt'>): OrderStatus {
  return row.cancelledAt !== null ? 'cancelled' : row.fulfilledAt !== null ? 'fulfilled' : 'open';
}

export function linesOf(row: OrderRow): OrderLine[] {
  const lines = parseJson<unknown>(row.items, []);
  return Array.isArray(lines) ? (lines as OrderLine[]) : [];
}

export function customerOf(row: OrderRow): Customer {
  const customer = parseJson<Partial<Customer> | null>(row.customer, null);
  return { email: row.email, name: typeof customer?.name === 'string' ? customer.name : '', shippingAddress: customer?.shippingAddress ?? null };
}

/** An order as the list shows it. */
export function orderSummary(row: OrderRow) {
  const lines = linesOf(row);
  return {
    id: row.id,
    orderNumber: row.orderNumber,
    createdOn: row.createdAt,
    email: row.email,
    customerName: customerOf(row).name,
    itemCount: lines.reduce((n, l) => n + (Number(l.quantity) || 0), 0),
    currency: row.currency,
    grandTotalCents: row.grandTotalCents,
    status: statusOf(row),
    testMode: row.testMode,
  };
}

/** An order as its detail shows it, with the merchant's notes. */
export function orderDetail(db: Reader, row: OrderRow) {
  const notes = db.select().from(orderNotes).where(eq(orderNotes.orderId, row.id)).orderBy(asc(orderNotes.createdAt), asc(orderNotes.id)).all();
  return {
    ...orderSummary(row),
    customer: customerOf(row),
    lines: linesOf(row).map((l) => ({
      productName: l.productName,
      sku: l.sku,
      variantId: l.variantId,
      attributes: l.attributes ?? {},
      quantity: l.quantity,
      unitPriceCents: l.unitPriceCents,
      lineTotalCents: l.unitPriceCents * l.quantity,
      answers: l.answers ?? [],
    })),
    subtotalCents: row.subtotalCents,
    shippingCents: row.shippingCents,
    taxCents: row.taxCents,
    discountCents: row.discountCents,
    fulfilledOn: row.fulfilledAt,
    carrier: row.shippingCarrier,
    trackingNumber: row.trackingNumber,
    cancelledOn: row.cancelledAt,
    notes: notes.map((n) => ({ id: n.id, author: n.author, text: n.body, createdOn: n.createdAt })),
  };
}

export type OrderDetail = ReturnType<typeof orderDetail>;

export function ownOrder(db: Reader, websiteId: string, orderId: string): OrderRow | null {
  return db.select().from(orders).where(and(eq(orders.id, orderId), eq(orders.websiteId, websiteId))).get() ?? null;
}

/**
 * The filters as SQL: a status, and `q` finding an order by its number (`1042` or `#1042`), or by the customer's
 * e-mail or name, or a product name or SKU in its lines (case-insensitive).
 */
function whereOf(websiteId: string, filters: Filters): SQL {
  const conditions: SQL[] = [eq(orders.websiteId, websiteId)];
  if (filters.status === 'open') conditions.push(isNull(orders.fulfilledAt), isNull(orders.cancelledAt));
  if (filters.status === 'fulfilled') conditions.push(isNotNull(orders.fulfilledAt), isNull(orders.cancelledAt));
  if (filters.status === 'cancelled') conditions.push(isNotNull(orders.cancelledAt));
  const q = filters.q?.trim() ?? '';
  if (q !== '') {
    const number = /^#?(\d{1,9})$/.exec(q);
    const pattern = likePattern(q);
    const like = (value: SQL) => sql`lower(${value}) LIKE ${pattern} ESCAPE '\\'`;
    // the JSON fields' values, not their keys: `name` finds a customer called so, not every order
    const name = sql`json_extract(${orders.customer}, '$.name')`;
    const inLines = sql`exists (select 1 from json_each(${orders.items}) where ${like(sql`json_extract(value, '$.productName')`)} or ${like(sql`json_extract(value, '$.sku')`)})`;
    conditions.push(or(...(number === null ? [] : [eq(orders.orderNumber, Number(number[1]))]), like(sql`${orders.email}`), like(name), inLines)!);
  }
  return and(...conditions)!;
}

export function listOrders(db: Store, websiteId: string, query: ListQuery) {
  const where = whereOf(websiteId, query);
  const page = Number(query.page ?? '1');
  const total = db.select({ n: sql<number>`count(*)` }).from(orders).where(where).get()?.n ?? 0;
  const rows = db
    .select()
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.orderNumber))
    .limit(PAGE_SIZE)
    .offset((page - 1) * PAGE_SIZE)
    .all();
  return { orders: rows.map(orderSummary), total, page, pageSize: PAGE_SIZE, hasNextPage: page * PAGE_SIZE < total };
}

/** Every order the filters find, newest first, read a batch at a time (the CSV export streams them). */
export function* eachOrder(db: Store, websiteId: string, filters: Filters, batch = 500): Generator<OrderRow> {
  const where = whereOf(websiteId, filters);
  for (let offset = 0; ; offset += batch) {
    const rows = db.select().from(orders).where(where).orderBy(desc(orders.createdAt), desc(orders.orderNumber)).limit(batch).offset(offset).all();
    yield* rows;
    if (rows.length < batch) return;
  }
}
