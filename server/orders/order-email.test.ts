/**
 * The order confirmation e-mail (issue 21): queued in the outbox in the order's own transaction, to the
 * buyer, with every line, its options and answers, each digital line's download link (the same as on the
 * confirmation), the member areas a pass opens, the amounts and the address. A refused order queues nothing.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clearStore, seedDemoStore } from '../db/seed.js';
import * as schema from '../db/schema.js';
import { itOnSqliteOnly } from '../sqlite-only.js';
import { addToCartApi, postCheckoutForm, writeBeside } from '../test-support.js';
import { ORDER_EMAIL_KIND } from './order-email.js';
import { buy, confirmation, CUSTOMER, useFreshShops } from './order-test-support.js';

const freshShop = useFreshShops();

describe('order e-mail', () => {
  it('is queued with the lines, answers, download link, member area, amounts and address', async () => {
    const { app } = await freshShop();
    const bought = await buy(app, [
      { itemId: 'p09' },
      { itemId: 'p14' },
      { itemId: 'p07', additionalFields: JSON.stringify({ 'field-1': 'AK' }) },
      { itemId: 'p02', sku: 'SQP027', quantity: 2 },
    ]);
    const { db, t } = app.reads;
    const mails = await db.select().from(t.outboxEmails);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail).toMatchObject({ websiteId: 'demo', kind: ORDER_EMAIL_KIND, toAddress: 'ada@example.com', subject: 'Your order #1 from Tessera Supply Co.', language: null, sentAt: null });
    expect(JSON.parse(mail.related)).toEqual({ orderId: bought.orderId, orderNumber: 1 });

    const link = /href="(\/downloads\/[^"]+)"/.exec((await confirmation(app, bought)).body)![1]!;
    const body = mail.bodyText;
    expect(body).toContain('Thank you for your order, Ada Lovelace.');
    expect(body).toContain('Order #1 (test mode: no payment was taken)');
    expect(body).toContain('Field Guide (PDF) × 1: $9.00');
    expect(body).toContain(`  Download field-guide.pdf: ${link}`);
    expect(body).toMatch(/ {2}The link works 5 times, until November \d+, \d{4}, \d+:\d\d [AP]M E[SD]T\./);
    expect(body).toContain('Makers Circle membership × 1: $15.00');
    expect(body).toMatch(/ {2}Makers Circle: \/members, until November \d+, \d{4}, in the browser you ordered with\./);
    expect(body).toContain('Monogrammed Napkins × 1: $36.00\n  Initials: AK');
    expect(body).toContain('Field Shirt × 2: $178.00\n  Color: Navy · Size: L'); // SQP027: Navy / L, $89.00
    expect(body).toContain('Subtotal: $238.00\nShipping: $5.00\nTax: $0.00\nTotal: $243.00');
    expect(body).toContain('Shipping to:\nAda Lovelace\n12 St James Sq\nLondon SW1Y 4JH\nUnited Kingdom');
    // the link in the e-mail works
    expect((await app.inject(link)).statusCode).toBe(200);
  });

  it('is not queued for an order that is refused', async () => {
    const { app } = await freshShop();
    const cart = await addToCartApi(app, { itemId: 'p01', quantity: 2 });
    expect((await postCheckoutForm(app, { ...CUSTOMER, email: 'nope' }, { tessera_cart: cart })).statusCode).toBe(400);
    await writeBeside(app, async ({ db, t }) => {
      await db.update(t.variants).set({ qtyInStock: 1 }).where(eq(t.variants.id, 'p01-v1'));
    });
    expect((await postCheckoutForm(app, CUSTOMER, { tessera_cart: cart })).statusCode).toBe(409);
    const { db, t } = app.reads;
    expect(await db.select().from(t.outboxEmails)).toEqual([]);
  });

  it('says nothing of shipping for an order with nothing to ship', async () => {
    const { app } = await freshShop();
    await buy(app, [{ itemId: 'p09' }], { email: 'ada@example.com', name: 'Ada' });
    const { db, t } = app.reads;
    const body = (await db.select().from(t.outboxEmails))[0]!.bodyText;
    expect(body).not.toContain('Shipping to');
    expect(body).toContain('Shipping: $0.00');
  });

  // about SQLite itself: `npm run seed -- --reset` clears a SQLite file
  itOnSqliteOnly('leaves a store that `npm run seed -- --reset` can still clear', async () => {
    const { app, store } = await freshShop();
    await buy(app, [{ itemId: 'p09' }], { email: 'ada@example.com', name: 'Ada' });
    expect(() => clearStore(store)).not.toThrow();
    expect(store.select().from(schema.outboxEmails).all()).toEqual([]);
    expect(store.select().from(schema.orders).all()).toEqual([]);
    expect(seedDemoStore(store)).toBe(true);
  });
});
