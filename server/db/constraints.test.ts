/**
 * The database itself refuses the writes the shop must never make, in both dialects: stock below 0, a second order
 * with the same number, a form key stored twice or spent twice. Each bad write is plain SQL sent past the app.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from './database.js';
import { describePg } from './describe-pg.js';
import { migratePg, openPgStore, type PgStore } from './pg-store.js';
import * as pgSchema from './schema-pg.js';
import * as sqliteSchema from './schema.js';

const NOW = Date.UTC(2026, 10, 27, 12, 0, 0);

/** A website, a product with one variant (stock 3), a cart, order number 1 and one form key. */
const rows = {
  website: { id: 'w', title: 'Shop' },
  collection: { id: 'c', websiteId: 'w', urlId: 'shop', title: 'Shop', type: 13 },
  product: { id: 'p', collectionId: 'c', urlId: 'mug', title: 'Mug', productType: 1 },
  variant: { id: 'v', productId: 'p', sku: 'SKU1', priceCents: 1200, qtyInStock: 3 },
  cart: { id: 'cart', createdAt: NOW, updatedAt: NOW },
  order: {
    id: 'o1',
    websiteId: 'w',
    orderNumber: 1,
    purchasedCartId: 'cart',
    email: 'a@example.com',
    items: '[]',
    currency: 'USD',
    subtotalCents: 1200,
    taxCents: 0,
    shippingCents: 0,
    discountCents: 0,
    grandTotalCents: 1200,
    createdAt: NOW,
  },
  key: { keyHash: 'k1', createdAt: NOW, expiresAt: NOW + 60_000 },
};

/** One dialect as the tests see it: run SQL and say how many rows it changed. */
interface Db {
  exec(statement: string): Promise<number>;
}

const COPY_ORDER = `INSERT INTO orders (id, website_id, order_number, purchased_cart_id, email, items, currency, subtotal_cents, tax_cents,
  shipping_cents, discount_cents, grand_total_cents, created_at)
  SELECT 'o2', website_id, order_number, purchased_cart_id, email, items, currency, subtotal_cents, tax_cents, shipping_cents,
  discount_cents, grand_total_cents, created_at FROM orders WHERE id = 'o1'`;

function constraintTests(db: () => Db): void {
  it('refuses stock below 0, on insert and on update', async () => {
    await expect(db().exec(`INSERT INTO variants (id, product_id, sku, price_cents, qty_in_stock) VALUES ('v2', 'p', 'SKU2', 100, -1)`)).rejects.toThrow(/variants_stock_not_negative|CHECK/i);
    await expect(db().exec(`UPDATE variants SET qty_in_stock = qty_in_stock - 4 WHERE id = 'v'`)).rejects.toThrow(/variants_stock_not_negative|CHECK/i);
    expect(await db().exec(`UPDATE variants SET qty_in_stock = qty_in_stock - 3 WHERE id = 'v'`)).toBe(1);
    await db().exec(`UPDATE variants SET qty_in_stock = 3 WHERE id = 'v'`);
  });

  it('refuses a second order with the same number on the same website', async () => {
    await expect(db().exec(COPY_ORDER)).rejects.toThrow(/orders_number|UNIQUE/i);
    expect(await db().exec(COPY_ORDER.replace("'o2', website_id, order_number,", "'o2', website_id, order_number + 1,"))).toBe(1);
  });

  it('keeps a form key once and spends it once', async () => {
    await expect(db().exec(`INSERT INTO form_submission_keys (key_hash, created_at, expires_at) SELECT key_hash, created_at, expires_at FROM form_submission_keys`)).rejects.toThrow(
      /form_submission_keys_pkey|UNIQUE/i,
    );
    expect(await db().exec(`DELETE FROM form_submission_keys WHERE key_hash = 'k1'`)).toBe(1);
    expect(await db().exec(`DELETE FROM form_submission_keys WHERE key_hash = 'k1'`)).toBe(0);
  });
}

describe('database constraints on SQLite', () => {
  let store: Store;
  beforeAll(async () => {
    store = openStore(':memory:');
    const s = sqliteSchema;
    // drizzle's SQLite queries are awaitable too: the shape store code will have on both dialects
    await store.insert(s.websites).values(rows.website);
    await store.insert(s.collections).values(rows.collection);
    await store.insert(s.products).values(rows.product);
    await store.insert(s.variants).values(rows.variant);
    await store.insert(s.carts).values(rows.cart);
    await store.insert(s.orders).values(rows.order);
    await store.insert(s.formSubmissionKeys).values(rows.key);
  });
  afterAll(() => store.$client.close());
  constraintTests(() => ({ exec: async (statement) => store.$client.prepare(statement).run().changes }));
});

describePg('database constraints on PostgreSQL', (cluster) => {
  let store: PgStore;
  beforeAll(async () => {
    store = openPgStore(cluster().url, { max: 3 });
    await migratePg(store);
    const s = pgSchema;
    await store.insert(s.websites).values(rows.website);
    await store.insert(s.collections).values(rows.collection);
    await store.insert(s.products).values(rows.product);
    await store.insert(s.variants).values(rows.variant);
    await store.insert(s.carts).values(rows.cart);
    await store.insert(s.orders).values(rows.order);
    await store.insert(s.formSubmissionKeys).values([rows.key, { ...rows.key, keyHash: 'k2' }]);
  }, 60_000);
  afterAll(async () => await store.$client.end());
  constraintTests(() => ({ exec: async (statement) => (await store.$client.unsafe(statement)).count }));

  it('spends a form key once when two transactions race for it', async () => {
    const a = await store.$client.reserve();
    const b = await store.$client.reserve();
    try {
      await a`BEGIN`;
      await b`BEGIN`;
      expect((await a`DELETE FROM form_submission_keys WHERE key_hash = 'k2'`).count).toBe(1);
      // b waits on a's row lock, then finds the row gone
      const second = b`DELETE FROM form_submission_keys WHERE key_hash = 'k2'`.execute();
      await a`COMMIT`;
      expect((await second).count).toBe(0);
      await b`COMMIT`;
    } finally {
      a.release();
      b.release();
    }
  });

  it('reads times back as the epoch milliseconds written, stored as timestamptz', async () => {
    const [row] = await store.$client`SELECT created_at, pg_typeof(created_at)::text AS type, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') AS utc FROM carts`;
    expect(row!['type']).toBe('timestamp with time zone');
    expect(row!['utc']).toBe('2026-11-27 12:00');
    const [cart] = await store.select().from(pgSchema.carts);
    expect(cart!.createdAt).toBe(NOW);
  });
});
