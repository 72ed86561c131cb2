/**
 * The merchant order APIs in-process, over the demo store with orders placed through the real checkout: each
 * route's validation, role checks (every role) and crumb; search and filters; fulfilling (the shipping e-mail
 * queued, once, never for a cancelled order); cancelling (stock back, once, never a fulfilled order); notes; the
 * CSV export (a row per line, formulas defused).
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_FULFILLED_KIND } from '../../email/fulfil.js';
import { NOT_ALLOWED, SIGN_IN_REQUIRED } from '../../owner/guard.js';
import { CONTRIBUTOR_ROLES, OWNER_PERMISSIONS } from '../../owner/roles.js';
import { buy, CUSTOMER } from '../../orders/order-test-support.js';
import { demoApp, withCrumb } from '../../test-support.js';
import { type CallAs, type EveryRole, signInEveryRole } from '../role-test-support.js';
import { csvCell } from '../csv.js';
import { ORDER_MESSAGES } from './service.js';

let app: FastifyInstance;
let roles: EveryRole;
let call: CallAs;
/** Orders placed in beforeAll: #1 Ada (2 Field Shirts), #2 Grace (a tote and a shirt), #3 a formula name. */
const placed: string[] = [];

const stockOf = async (variantId: string) => {
  const { db, t } = app.reads;
  return (await db.select({ n: t.variants.qtyInStock }).from(t.variants).where(eq(t.variants.id, variantId)))[0]!.n;
};
const shirtVariant = async () => {
  const { db, t } = app.reads;
  return (await db.select({ id: t.variants.id }).from(t.variants).where(eq(t.variants.sku, 'SQP027')))[0]!.id;
};
const shippingMails = () => {
  const { db, t } = app.reads;
  return db.select().from(t.outboxEmails).where(eq(t.outboxEmails.kind, ORDER_FULFILLED_KIND));
};

beforeAll(async () => {
  ({ app } = await demoApp({ guards: { rateLimits: { owner: { burst: 10_000, perMinute: 10_000 }, cart: { burst: 1000, perMinute: 1000 } } } }));
  roles = await signInEveryRole(app);
  call = roles.call;
  placed.push((await buy(app, [{ itemId: 'p02', sku: 'SQP027', quantity: 2 }])).orderId);
  placed.push((await buy(app, [{ itemId: 'p01', sku: 'SQP011' }, { itemId: 'p02', sku: 'SQP027' }], { ...CUSTOMER, email: 'grace@example.com', name: 'Grace Hopper' })).orderId);
  placed.push((await buy(app, [{ itemId: 'p01', sku: 'SQP011' }], { ...CUSTOMER, email: 'sum@example.com', name: '=SUM(A1:A9)' })).orderId);
});
afterAll(() => app.close());

describe('roles and crumb', () => {
  const reads = (): InjectOptions[] => [{ url: '/api/merchant/orders' }, { url: `/api/merchant/orders/${placed[0]}` }, { url: '/api/merchant/orders.csv' }];
  // each on an order that cannot change (a missing one): the guard answers before the rules, which answer 404
  const writes: InjectOptions[] = [
    { method: 'POST', url: '/api/merchant/orders/missing/fulfil', payload: {} },
    { method: 'POST', url: '/api/merchant/orders/missing/cancel' },
    { method: 'POST', url: '/api/merchant/orders/missing/notes', payload: { text: 'Gift wrap' } },
  ];

  it('reads: 401 signed out, 403 for a role without readOrders, 200 for each role with it', async () => {
    for (const options of reads()) {
      expect((await app.inject(options)).json()).toEqual({ message: SIGN_IN_REQUIRED });
      for (const role of CONTRIBUTOR_ROLES) {
        const res = await call(options, role);
        const allowed = (OWNER_PERMISSIONS.readOrders as readonly string[]).includes(role);
        expect(res.statusCode, `${role} ${options.url}`).toBe(allowed ? 200 : 403);
        if (!allowed) expect(res.json()).toEqual({ message: NOT_ALLOWED });
      }
    }
  });

  it('writes: 401 signed out, 403 for a role without writeOrders, through to the rules for each role with it, 403 without the crumb', async () => {
    for (const options of writes) {
      expect((await app.inject(withCrumb(options))).statusCode, String(options.url)).toBe(401);
      for (const role of CONTRIBUTOR_ROLES) {
        const res = await call(options, role);
        const allowed = (OWNER_PERMISSIONS.writeOrders as readonly string[]).includes(role);
        expect(res.statusCode, `${role} ${options.url}: ${res.body}`).toBe(allowed ? 404 : 403);
        expect(res.json()).toEqual({ message: allowed ? ORDER_MESSAGES.notFound : NOT_ALLOWED });
      }
      const noCrumb = await app.inject({ ...options, cookies: roles.cookies('admin') });
      expect(noCrumb.statusCode, String(options.url)).toBe(403);
      expect(noCrumb.json()).toMatchObject({ crumbFail: true });
    }
    expect(OWNER_PERMISSIONS.writeOrders).toEqual(['admin', 'website manager', 'store manager']);
  });
});

describe('GET /api/merchant/orders', () => {
  const list = async (query = '') => (await call({ url: `/api/merchant/orders${query}` })).json();

  it('lists the orders newest first, with their totals in cents and status', async () => {
    const body = await list();
    expect(body).toMatchObject({ total: 3, page: 1, pageSize: 50, hasNextPage: false });
    expect(body.orders.map((o: { orderNumber: number }) => o.orderNumber)).toEqual([3, 2, 1]);
    expect(body.orders[2]).toMatchObject({ id: placed[0], email: 'ada@example.com', customerName: 'Ada Lovelace', itemCount: 2, currency: 'USD', status: 'open', testMode: true });
    expect(Number.isInteger(body.orders[2].grandTotalCents)).toBe(true);
  });

  it('finds an order by number, e-mail, name, product or SKU, case-insensitively; `name` is no key search', async () => {
    const numbers = async (q: string) => (await list(`?q=${encodeURIComponent(q)}`)).orders.map((o: { orderNumber: number }) => o.orderNumber);
    expect(await numbers('#2')).toEqual([2]);
    expect(await numbers('3')).toEqual([3]);
    // a number finds its order, and any line whose SKU holds it
    expect(await numbers('2')).toEqual([2, 1]);
    expect(await numbers('GRACE@')).toEqual([2]);
    expect(await numbers('lovelace')).toEqual([1]);
    expect(await numbers('linen apron')).toEqual([3, 2]);
    expect(await numbers('sqp027')).toEqual([2, 1]);
    expect(await numbers('name')).toEqual([]);
    expect(await numbers('100%')).toEqual([]);
  });

  it('refuses a bad filter or page in words', async () => {
    expect((await call({ url: '/api/merchant/orders?status=shipped' })).json()).toEqual({ message: 'status must be one of: open, fulfilled, cancelled, all.' });
    expect((await call({ url: '/api/merchant/orders?page=0' })).statusCode).toBe(400);
    expect((await call({ url: '/api/merchant/orders?sort=total' })).json()).toEqual({ message: 'sort is not an accepted field.' });
    expect((await call({ url: `/api/merchant/orders?q=${'x'.repeat(201)}` })).statusCode).toBe(400);
    expect((await call({ url: '/api/merchant/orders/not%20an%20id' })).statusCode).toBe(400);
    expect((await call({ url: '/api/merchant/orders/unknown-order' })).json()).toEqual({ message: ORDER_MESSAGES.notFound });
  });
});

describe('fulfil, cancel, notes', () => {
  it('fulfils with a tracking number: the shipping e-mail is queued once; the list filters by status', async () => {
    const id = placed[0]!;
    expect((await call({ method: 'POST', url: `/api/merchant/orders/${id}/fulfil`, payload: { carrier: 'Royal Mail' } })).json()).toEqual({ message: ORDER_MESSAGES.carrierWithoutNumber });
    expect((await call({ method: 'POST', url: `/api/merchant/orders/${id}/fulfil`, payload: { trackingNumber: 'RM1\nX' } })).statusCode).toBe(400);
    expect((await call({ method: 'POST', url: `/api/merchant/orders/${id}/fulfil`, payload: { tracking: 'RM1' } })).json()).toEqual({ message: 'tracking is not an accepted field.' });
    const res = await call({ method: 'POST', url: `/api/merchant/orders/${id}/fulfil`, payload: { carrier: 'Royal Mail', trackingNumber: 'RM 123 456 GB' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'fulfilled', carrier: 'Royal Mail', trackingNumber: 'RM 123 456 GB', cancelledOn: null });
    expect(await shippingMails()).toEqual([expect.objectContaining({ toAddress: 'ada@example.com' })]);
    expect((await shippingMails())[0]!.bodyText).toContain('Tracking number: RM 123 456 GB');
    const again = await call({ method: 'POST', url: `/api/merchant/orders/${id}/fulfil`, payload: {} });
    expect([again.statusCode, again.json()]).toEqual([409, { message: ORDER_MESSAGES.alreadyFulfilled }]);
    expect(await shippingMails()).toHaveLength(1);
    const cancelShipped = await call({ method: 'POST', url: `/api/merchant/orders/${id}/cancel` });
    expect([cancelShipped.statusCode, cancelShipped.json()]).toEqual([409, { message: ORDER_MESSAGES.fulfilledNotCancelled }]);
    const byStatus = async (status: string) => (await call({ url: `/api/merchant/orders?status=${status}` })).json().orders.map((o: { orderNumber: number }) => o.orderNumber);
    expect(await byStatus('fulfilled')).toEqual([1]);
    expect(await byStatus('open')).toEqual([3, 2]);
  });

  it('cancels an order: its stock goes back, once; a cancelled order is never fulfilled', async () => {
    const id = placed[1]!;
    const apron = await stockOf('p01-v1');
    const shirt = await stockOf(await shirtVariant());
    const res = await call({ method: 'POST', url: `/api/merchant/orders/${id}/cancel` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', fulfilledOn: null });
    expect(await stockOf('p01-v1')).toBe(apron + 1);
    expect(await stockOf(await shirtVariant())).toBe(shirt + 1);
    const again = await call({ method: 'POST', url: `/api/merchant/orders/${id}/cancel` });
    expect([again.statusCode, again.json()]).toEqual([409, { message: ORDER_MESSAGES.alreadyCancelled }]);
    expect(await stockOf('p01-v1')).toBe(apron + 1);
    const ship = await call({ method: 'POST', url: `/api/merchant/orders/${id}/fulfil`, payload: { trackingNumber: 'X1' } });
    expect([ship.statusCode, ship.json()]).toEqual([409, { message: ORDER_MESSAGES.cancelledNotFulfilled }]);
    const { db, t } = app.reads;
    expect((await db.select({ f: t.orders.fulfilledAt }).from(t.orders).where(eq(t.orders.id, id)))[0]!.f).toBeNull();
    expect(await (await call({ url: '/api/merchant/orders?status=cancelled' })).json().orders.map((o: { id: string }) => o.id)).toEqual([id]);
  });

  it('adds notes signed by the contributor, oldest first; an empty or long note is refused', async () => {
    const id = placed[2]!;
    for (const [payload, message] of [
      [{}, 'text is required.'],
      [{ text: '   ' }, 'text is not in the expected format.'],
      [{ text: 'x'.repeat(2001) }, 'text must be at most 2000 characters.'],
      [{ text: 'ok', pinned: true }, 'pinned is not an accepted field.'],
    ] as const) {
      const res = await call({ method: 'POST', url: `/api/merchant/orders/${id}/notes`, payload });
      expect([res.statusCode, res.json()]).toEqual([400, { message }]);
    }
    const first = await call({ method: 'POST', url: `/api/merchant/orders/${id}/notes`, payload: { text: '  Gift wrap, please.  ' } }, 'store manager');
    expect(first.statusCode).toBe(201);
    await call({ method: 'POST', url: `/api/merchant/orders/${id}/notes`, payload: { text: 'Wrapped.' } });
    const detail = (await call({ url: `/api/merchant/orders/${id}` })).json();
    expect(detail.notes.map((n: { author: string; text: string }) => [n.author, n.text])).toEqual([
      ['store manager', 'Gift wrap, please.'],
      ['admin', 'Wrapped.'],
    ]);
    expect(detail.lines).toEqual([expect.objectContaining({ productName: 'Linen Apron', sku: 'SQP011', quantity: 1, lineTotalCents: detail.lines[0].unitPriceCents })]);
    expect(detail.customer).toMatchObject({ name: '=SUM(A1:A9)', shippingAddress: expect.objectContaining({ city: 'London' }) });
  });
});

describe('GET /api/merchant/orders.csv', () => {
  it('exports one row per line, filtered like the list, as a download; a formula is never a formula', async () => {
    const res = await call({ url: '/api/merchant/orders.csv' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = res.body.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(rows[0]).toBe('Order number,Created,Status,Email,Customer name,Currency,Subtotal,Shipping,Tax,Discount,Total,Item,SKU,Options,Quantity,Unit price,Address,City,Region,Postal code,Country,Fulfilled,Carrier,Tracking number,Cancelled,Test mode');
    // #3 (1 line), #2 (2 lines), #1 (1 line)
    expect(rows.slice(1).map((r) => r.split(',')[0])).toEqual(['3', '2', '2', '1']);
    expect(rows[1]).toContain(",'=SUM(A1:A9),USD,");
    expect(rows[4]).toMatch(/^1,[^,]+,fulfilled,ada@example\.com,Ada Lovelace,USD,/);
    expect(rows[4]).toContain(',Royal Mail,RM 123 456 GB,,yes');
    const open = await call({ url: '/api/merchant/orders.csv?status=open' });
    expect(open.body.trimEnd().split('\r\n')).toHaveLength(2);
    expect((await call({ url: '/api/merchant/orders.csv?page=2' })).json()).toEqual({ message: 'page is not an accepted field.' });
  });

  it('quotes what CSV must quote', () => {
    expect(csvCell('Smith, "Jr"')).toBe('"Smith, ""Jr"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('+44 20')).toBe("'+44 20");
    expect(csvCell('@home')).toBe("'@home");
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(null)).toBe('');
  });
});
