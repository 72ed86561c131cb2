/**
 * The cart store on PostgreSQL (cart-store.ts has the interface): the same checks as the SQLite add
 * (`planAdd`, `stockCovers`) with the writes in one READ COMMITTED transaction that first locks the cart's row
 * (`SELECT … FOR UPDATE`). Adds to one cart therefore run one after another, each reading what the previous
 * one committed, so concurrent adds never put more units of a variant in a cart than its stock; adds to other
 * carts go on in parallel (stock is taken at checkout, not when added). A purchased cart is seen as such,
 * since checkout locks the same row first.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { ADD_TO_CART_MESSAGES } from '../commerce/add-to-cart.js';
import { cartAddEvent } from './analytics/cart-adds.js';
import { dayKey, validZone } from './analytics/site-days.js';
import { type AddRequest, type AddResult, CART_PURCHASED_MESSAGE, planAdd, stockCovers } from './cart-service.js';
import type { ProductRecord } from './catalog.js';
import type { CartStore } from './cart-store.js';
import { type PgQueries, type PgTransaction, siteRow } from './db/pg-transaction.js';
import type { PgStore } from './db/pg-store.js';
import { analyticsDaily, analyticsEvents, cartEntries, carts, products, variants } from './db/schema-pg.js';

/** A product with its variants in their order (catalog.ts `loadProductById` on PostgreSQL). */
export async function loadProductPg(db: PgQueries, id: string): Promise<ProductRecord | null> {
  const row = (await db.select().from(products).where(eq(products.id, id)))[0];
  if (row === undefined) return null;
  return { row, variants: await db.select().from(variants).where(eq(variants.productId, row.id)).orderBy(asc(variants.ordering)) };
}

/** The add counted in analytics, in the add's transaction (analytics/cart-adds.ts `countCartAdd`). */
async function countCartAddPg(tx: PgTransaction, add: Parameters<typeof cartAddEvent>[0], now: number): Promise<void> {
  const site = await siteRow(tx);
  if (site === undefined) return;
  const day = dayKey(now, validZone(site.timeZone));
  const event = cartAddEvent(add);
  await tx.insert(analyticsEvents).values({ websiteId: site.id, receivedAt: now, day, source: event.source, name: event.name, visitor: event.visitor, data: JSON.stringify(event.data) });
  await tx
    .insert(analyticsDaily)
    .values({ websiteId: site.id, day, addToCart: 1 })
    .onConflictDoUpdate({ target: [analyticsDaily.websiteId, analyticsDaily.day], set: { addToCart: sql`${analyticsDaily.addToCart} + 1` } });
}

export function pgCartStore(db: PgStore): CartStore {
  return {
    async createCart(now = Date.now()) {
      const id = randomUUID();
      await db.insert(carts).values({ id, createdAt: now, updatedAt: now });
      return id;
    },

    async addEntry(cartId: string, request: AddRequest): Promise<AddResult> {
      const plan = planAdd(await loadProductPg(db, request.itemId), request);
      if (!plan.ok) return plan;
      const { row, variant, quantity, additionalFields } = plan;
      return await db.transaction(async (tx): Promise<AddResult> => {
        // the cart's row lock: adds to this cart (and its checkout) wait here for each other
        const cart = (await tx.select({ orderId: carts.orderId }).from(carts).where(eq(carts.id, cartId)).for('update'))[0];
        if (cart !== undefined && cart.orderId !== null) return { ok: false, status: 409, message: CART_PURCHASED_MESSAGE };
        if (variant !== undefined) {
          const v = (await tx.select({ unlimited: variants.unlimited, qty: variants.qtyInStock }).from(variants).where(eq(variants.id, variant.id)))[0];
          const held = (await tx
            .select({ n: sql<number>`coalesce(sum(${cartEntries.quantity}), 0)`.mapWith(Number) })
            .from(cartEntries)
            .where(and(eq(cartEntries.cartId, cartId), eq(cartEntries.variantId, variant.id))))[0];
          if (!stockCovers(row.productType, v ?? null, held?.n ?? 0, quantity)) return { ok: false, status: 409, message: ADD_TO_CART_MESSAGES.notEnoughStock };
        }
        const existing = (await tx
          .select()
          .from(cartEntries)
          .where(and(eq(cartEntries.cartId, cartId), eq(cartEntries.productId, row.id), variant === undefined ? isNull(cartEntries.variantId) : eq(cartEntries.variantId, variant.id)))
          .orderBy(asc(cartEntries.createdAt), asc(cartEntries.id))
          .limit(1))[0];
        const now = Date.now();
        let entryId: string;
        if (existing !== undefined && (existing.additionalFields ?? null) === (additionalFields ?? null)) {
          entryId = existing.id;
          await tx.update(cartEntries).set({ quantity: sql`${cartEntries.quantity} + ${quantity}` }).where(eq(cartEntries.id, existing.id));
        } else {
          entryId = randomUUID();
          await tx.insert(cartEntries).values({ id: entryId, cartId, productId: row.id, variantId: variant?.id ?? null, quantity, additionalFields: additionalFields ?? null, createdAt: now });
        }
        await tx.update(carts).set({ updatedAt: now }).where(eq(carts.id, cartId));
        await countCartAddPg(tx, { cartId, itemId: row.id, variantId: variant?.id ?? null, quantity }, now);
        return { ok: true, entryId };
      });
    },
  };
}
