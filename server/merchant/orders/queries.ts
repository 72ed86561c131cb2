/**
 * What the merchant order APIs read: an order as the merchant works with it (lines, money in cents, customer,
 * fulfilment, cancellation, notes) and the searchable list, newest first. Only the caller's website's orders
 * are ever found; any other id reads as missing.
 */
import { and, asc, desc, eq, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Customer } from '../../../commerce/checkout-form.js';
import { parseJson } from '../../commerce/catalog.js';
import type { OrderLine } from '../../commerce/checkout-service.js';
import { onPostgres, type Reads } from '../../db/reads.js';
import type { orders } from '../../db/schema.js';
import { all, get, type Work } from '../../db/work.js';
import { type Filters, type ListQuery, type OrderStatus, PAGE_SIZE } from './schemas.js';
import { likePattern } from '../like.js';

export type OrderRow = typeof orders.$inferSelect;

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
export function* orderDetail({ db, t }: Reads, row: OrderRow) {
  const { orderNotes } = t;
  const notes = yield* all(db.select().from(orderNotes).where(eq(orderNotes.orderId, row.id)).orderBy(asc(orderNotes.createdAt), asc(orderNotes.id)));
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

export type OrderDetail = ReturnType<typeof orderDetail> extends Work<infer D> ? D : never;

export function* ownOrder({ db, t }: Reads, websiteId: string, orderId: string): Work<OrderRow | null> {
  const { orders } = t;
  return (yield* get(db.select().from(orders).where(and(eq(orders.id, orderId), eq(orders.websiteId, websiteId))))) ?? null;
}

/**
 * The filters as SQL: a status, and `q` finding an order by its number (`1042` or `#1042`), or by the customer's
 * e-mail or name, or a product name or SKU in its lines (case-insensitive).
 */
function whereOf(reads: Reads, websiteId: string, filters: Filters): SQL {
  const { orders } = reads.t;
  const conditions: SQL[] = [eq(orders.websiteId, websiteId)];
  if (filters.status === 'open') conditions.push(isNull(orders.fulfilledAt), isNull(orders.cancelledAt));
  if (filters.status === 'fulfilled') conditions.push(isNotNull(orders.fulfilledAt), isNull(orders.cancelledAt));
  if (filters.status === 'cancelled') conditions.push(isNotNull(orders.cancelledAt));
  const q = filters.q?.trim() ?? '';
  if (q !== '') {
    const number = /^#?(\d{1,9})$/.exec(q);
    const pattern = likePattern(q);
    const like = (value: SQL) => sql`lower(${value}) LIKE ${pattern} ESCAPE '\\'`;
    // the JSON fields' values, not their keys: `name` finds a customer called so, not every order (JSON is text
    // in both dialects: SQLite's json functions, PostgreSQL's operators on the text cast to json)
    const pg = onPostgres(reads);
    const name = pg ? sql`(${orders.customer}::json ->> 'name')` : sql`json_extract(${orders.customer}, '$.name')`;
    const inLines = pg
      ? sql`exists (select 1 from json_array_elements(${orders.items}::json) as line(value) where ${like(sql`(value ->> 'productName')`)} or ${like(sql`(value ->> 'sku')`)})`
      : sql`exists (select 1 from json_each(${orders.items}) where ${like(sql`json_extract(value, '$.productName')`)} or ${like(sql`json_extract(value, '$.sku')`)})`;
    conditions.push(or(...(number === null ? [] : [eq(orders.orderNumber, Number(number[1]))]), like(sql`${orders.email}`), like(name), inLines)!);
  }
  return and(...conditions)!;
}

export function* listOrders(reads: Reads, websiteId: string, query: ListQuery) {
  const { db, t } = reads;
  const { orders } = t;
  const where = whereOf(reads, websiteId, query);
  const page = Number(query.page ?? '1');
  const total = (yield* get(db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(orders).where(where)))?.n ?? 0;
  const rows = yield* all(
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.orderNumber))
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE),
  );
  return { orders: rows.map(orderSummary), total, page, pageSize: PAGE_SIZE, hasNextPage: page * PAGE_SIZE < total };
}

/** Every order the filters find, newest first, read a batch at a time (the CSV export streams them). */
export async function* eachOrder(reads: Reads, websiteId: string, filters: Filters, batch = 500): AsyncGenerator<OrderRow> {
  const { db, t } = reads;
  const { orders } = t;
  const where = whereOf(reads, websiteId, filters);
  for (let offset = 0; ; offset += batch) {
    const rows = await db.select().from(orders).where(where).orderBy(desc(orders.createdAt), desc(orders.orderNumber)).limit(batch).offset(offset);
    yield* rows;
    if (rows.length < batch) return;
  }
}
