/**
 * Checkout on PostgreSQL (checkout-store.ts has the interface). One READ COMMITTED transaction, with the same
 * decisions as the SQLite checkout (`planOrder`, `orderLines`, `orderRecord`):
 * - the cart's row is locked first (`FOR UPDATE`), so one cart is bought once and an add waits for it;
 * - each limited variant's stock is taken by `UPDATE … SET qty = qty - n WHERE qty >= n`, variants in id
 *   order (two orders sharing variants lock them in the same order: no deadlock). A concurrent checkout of the
 *   same variant waits for this row, then re-checks the condition against the committed stock; a miss rolls the
 *   whole order back (409, as on SQLite). The CHECK (stock >= 0) is the backstop;
 * - the website's row is locked to number the order: the next checkout waits for this commit and then reads
 *   the new highest number (each statement at READ COMMITTED sees what committed before it), so numbers are
 *   unique and gapless without a counter table; the unique index (website, number) is the backstop.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { ProductType } from '../../commerce/products.js';
import { pgCartStore, pricedEntriesPg } from './cart-store-pg.js';
import { cartStateOf, checkoutSummaryOf, orderLines, orderRecord, type PlaceResult, planOrder, refuse, StockChanged, stockMessage } from './checkout-service.js';
import type { CheckoutStore } from './checkout-store.js';
import type { PgStore } from '../db/pg-store.js';
import { siteRow } from '../db/pg-transaction.js';
import { carts, collections, orders, outboxEmails, variants } from '../db/schema-pg.js';
import { orderMail } from '../orders/order-email.js';
import { outboxRow } from '../email/queue.js';
import { passAreasIn } from '../page-access.js';
import { TOKEN_CART_KINDS, tokenCartIdOf } from './token-carts.js';

export function pgCheckoutStore(db: PgStore): CheckoutStore {
  const cartJson = pgCartStore(db).cartJson;
  return {
    async cartState(cartId) {
      const [[cart], priced] = await Promise.all([db.select({ kind: carts.kind, orderId: carts.orderId }).from(carts).where(eq(carts.id, cartId)), pricedEntriesPg(db, cartId)]);
      return cart === undefined ? null : cartStateOf(cart, priced.length);
    },
    async summary(cartId) {
      const [[cart], priced, json] = await Promise.all([db.select({ kind: carts.kind }).from(carts).where(eq(carts.id, cartId)), pricedEntriesPg(db, cartId), cartJson(cartId)]);
      return checkoutSummaryOf(cart?.kind, priced, json);
    },
    async tokenCart(token) {
      const id = tokenCartIdOf(token);
      if (id === null) return null;
      const rows = await db.select({ id: carts.id }).from(carts).where(and(eq(carts.id, id), inArray(carts.kind, [...TOKEN_CART_KINDS])));
      return rows[0]?.id ?? null;
    },

    async order(orderId) {
      return (await db.select().from(orders).where(eq(orders.id, orderId)))[0] ?? null;
    },

    async placeOrder(cartId, details, linkSecret, now = Date.now(), siteUserId = null): Promise<PlaceResult> {
      try {
        return await db.transaction(async (tx): Promise<PlaceResult> => {
          const cart = (await tx.select().from(carts).where(eq(carts.id, cartId)).for('update'))[0];
          const priced = cart === undefined ? [] : await pricedEntriesPg(tx, cartId);
          const order = planOrder(cart, priced, details);
          if ('ok' in order) return order;
          for (const [variantId, w] of [...order.wanted].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
            const taken = await tx
              .update(variants)
              .set({ qtyInStock: sql`${variants.qtyInStock} - ${w.quantity}` })
              .where(and(eq(variants.id, variantId), eq(variants.unlimited, false), gte(variants.qtyInStock, w.quantity)))
              .returning({ id: variants.id });
            if (taken.length !== 1) throw new StockChanged(stockMessage(w.name));
          }
          const site = await siteRow(tx, true);
          if (site === undefined) throw new Error('checkout needs a website row');
          const last = (await tx
            .select({ n: sql<number>`coalesce(max(${orders.orderNumber}), 0)`.mapWith(Number) })
            .from(orders)
            .where(eq(orders.websiteId, site.id)))[0];
          const all = priced.some((p) => p.productType === ProductType.PAYWALL) ? await tx.select().from(collections) : [];
          const lines = orderLines(priced, order, now, (itemId) => passAreasIn(all, itemId));
          const orderId = randomUUID();
          const { row, email } = orderRecord(order, { orderId, orderNumber: (last?.n ?? 0) + 1, websiteId: site.id, cartId, siteUserId }, lines, now);
          await tx.insert(orders).values(row);
          await tx.insert(outboxEmails).values(outboxRow(orderMail(site.id, email, site, linkSecret), now));
          await tx.update(carts).set({ orderId, updatedAt: now }).where(eq(carts.id, cartId));
          return { ok: true, orderId, kind: order.kind };
        });
      } catch (e) {
        if (e instanceof StockChanged) return refuse(409, 'stock', e.message);
        throw e;
      }
    },
  };
}
