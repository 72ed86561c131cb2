/**
 * The cart store on PostgreSQL (cart-store.ts has the interface): the same checks as the SQLite cart
 * (`planAdd`, `stockCovers`, `checkedAnswers`), each write in one READ COMMITTED transaction that first locks the
 * cart's row (`SELECT … FOR UPDATE`). Adds and changes to one cart therefore run one after another, each reading what the previous
 * one committed, so concurrent adds never put more units of a variant in a cart than its stock; adds to other
 * carts go on in parallel (stock is taken at checkout, not when added). A purchased cart is seen as such,
 * since checkout locks the same row first.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { ADD_TO_CART_MESSAGES, quantityFromJson } from '../../commerce/add-to-cart.js';
import { cartAddEvent } from '../analytics/cart-adds.js';
import { dayKey, validZone } from '../analytics/site-days.js';
import { type AddRequest, type AddResult, CART_PURCHASED_MESSAGE, cartJsonOf, priceEntry, checkedAnswers, ENTRY_NOT_FOUND, type EntryResult, planAdd, stockCovers } from './cart-service.js';
import type { ProductRecord } from './catalog.js';
import type { CartStore } from './cart-store.js';
import { type PgQueries, type PgTransaction, siteRow, type WebsiteRow } from '../db/pg-transaction.js';
import type { PgStore } from '../db/pg-store.js';
import { analyticsDaily, analyticsEvents, cartEntries, carts, collections, products, variants } from '../db/schema-pg.js';
import { planTokenCart } from './token-carts.js';

/** A product with its variants in their order (catalog.ts `loadProductById` on PostgreSQL). */
export async function loadProductPg(db: PgQueries, id: string): Promise<ProductRecord | null> {
  // both by the product's id, so both at once (two connections of the pool: one round trip's wait)
  const [[row], vs] = await Promise.all([db.select().from(products).where(eq(products.id, id)), db.select().from(variants).where(eq(variants.productId, id)).orderBy(asc(variants.ordering))]);
  return row === undefined ? null : { row, variants: vs };
}

/**
 * The add counted in analytics, in the add's transaction (analytics/cart-adds.ts `countCartAdd`); `site` is read
 * before the transaction (beside the product), for its id and time zone.
 */
async function countCartAddPg(tx: PgTransaction, site: WebsiteRow | undefined, add: Parameters<typeof cartAddEvent>[0], now: number): Promise<void> {
  if (site === undefined) return;
  const day = dayKey(now, validZone(site.timeZone));
  const event = cartAddEvent(add);
  await tx.insert(analyticsEvents).values({ websiteId: site.id, receivedAt: now, day, source: event.source, name: event.name, visitor: event.visitor, data: JSON.stringify(event.data) });
  await tx
    .insert(analyticsDaily)
    .values({ websiteId: site.id, day, addToCart: 1 })
    .onConflictDoUpdate({ target: [analyticsDaily.websiteId, analyticsDaily.day], set: { addToCart: sql`${analyticsDaily.addToCart} + 1` } });
}

/** Locks the cart's row: adds and changes to this cart (and its checkout) wait here for each other. Whether it is purchased. */
async function lockCart(tx: PgTransaction, cartId: string): Promise<boolean> {
  const cart = (await tx.select({ orderId: carts.orderId }).from(carts).where(eq(carts.id, cartId)).for('update'))[0];
  return cart !== undefined && cart.orderId !== null;
}

const PURCHASED = { ok: false, status: 409, message: CART_PURCHASED_MESSAGE } as const;
const NO_ENTRY = { ok: false, status: 404, message: ENTRY_NOT_FOUND } as const;

/**
 * Whether the variant covers `quantity` more units beside what the cart holds of it other than entry `except`
 * (cart-service.ts `inStock`): the stock and the units held in one statement.
 */
async function inStockPg(tx: PgTransaction, cartId: string, variantId: string, productType: number, quantity: number, except: string | null): Promise<boolean> {
  const e = cartEntries;
  const others = except === null ? sql`` : sql` and ${e.id} <> ${except}`;
  const [v] = await tx
    .select({
      unlimited: variants.unlimited,
      qty: variants.qtyInStock,
      held: sql<number>`(select coalesce(sum(${e.quantity}), 0) from ${e} where ${e.cartId} = ${cartId} and ${e.variantId} = ${variantId}${others})`.mapWith(Number),
    })
    .from(variants)
    .where(eq(variants.id, variantId));
  return stockCovers(productType, v ?? null, v?.held ?? 0, quantity);
}

/** The cart's lines, priced, oldest first (cart-service.ts `pricedEntries` on PostgreSQL). */
export async function pricedEntriesPg(db: PgQueries, cartId: string) {
  const rows = await db
    .select({ entry: cartEntries, product: products, variant: variants })
    .from(cartEntries)
    .innerJoin(products, eq(products.id, cartEntries.productId))
    .leftJoin(variants, eq(variants.id, cartEntries.variantId))
    .where(eq(cartEntries.cartId, cartId))
    .orderBy(asc(cartEntries.createdAt), asc(cartEntries.id));
  return rows.map((row) => priceEntry(row));
}

export function pgCartStore(db: PgStore): CartStore {
  const store: CartStore = {
    async createCart(now = Date.now()) {
      const id = randomUUID();
      await db.insert(carts).values({ id, createdAt: now, updatedAt: now });
      return id;
    },

    async cartExists(cartId) {
      return (await db.select({ id: carts.id }).from(carts).where(eq(carts.id, cartId))).length > 0;
    },

    async cartJson(cartId) {
      const [[cart], priced, site] = await Promise.all([db.select().from(carts).where(eq(carts.id, cartId)), pricedEntriesPg(db, cartId), siteRow(db)]);
      const rows = priced.length === 0 ? [] : await db.select({ id: collections.id, urlId: collections.urlId }).from(collections);
      return cartJsonOf({ cartId, cart, priced, paths: new Map(rows.map((r) => [r.id, r.urlId])), websiteId: site?.id ?? '' });
    },

    async createTokenCart(kind, request) {
      const plan = planTokenCart(kind, request, await loadProductPg(db, request.itemId));
      if (!plan.ok) return plan;
      const now = Date.now();
      await db.insert(carts).values({ id: plan.cartId, kind, createdAt: now, updatedAt: now });
      const added = await store.addEntry(plan.cartId, plan.add);
      if (added.ok) return { ok: true, cartToken: plan.cartToken };
      // refused (variant, denomination, stock): the cart was never handed out, so it goes
      await db.delete(carts).where(eq(carts.id, plan.cartId));
      return added;
    },

    async addEntry(cartId: string, request: AddRequest): Promise<AddResult> {
      const [product, site] = await Promise.all([loadProductPg(db, request.itemId), siteRow(db)]);
      const plan = planAdd(product, request);
      if (!plan.ok) return plan;
      const { row, variant, quantity, additionalFields } = plan;
      return await db.transaction(async (tx): Promise<AddResult> => {
        if (await lockCart(tx, cartId)) return PURCHASED;
        if (variant !== undefined && !(await inStockPg(tx, cartId, variant.id, row.productType, quantity, null))) {
          return { ok: false, status: 409, message: ADD_TO_CART_MESSAGES.notEnoughStock };
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
        await countCartAddPg(tx, site, { cartId, itemId: row.id, variantId: variant?.id ?? null, quantity }, now);
        return { ok: true, entryId };
      });
    },

    async setEntryQuantity(cartId, entryId, quantity): Promise<EntryResult> {
      const q = quantityFromJson(quantity);
      if (!q.ok) return { ok: false, status: 400, message: q.message };
      return await db.transaction(async (tx): Promise<EntryResult> => {
        if (await lockCart(tx, cartId)) return PURCHASED;
        const entry = (await tx.select().from(cartEntries).where(and(eq(cartEntries.id, entryId), eq(cartEntries.cartId, cartId))))[0];
        if (entry === undefined) return NO_ENTRY;
        if (entry.variantId !== null) {
          const product = (await tx.select({ type: products.productType }).from(products).where(eq(products.id, entry.productId)))[0];
          if (!(await inStockPg(tx, cartId, entry.variantId, product?.type ?? NaN, q.quantity, entryId))) return { ok: false, status: 409, message: ADD_TO_CART_MESSAGES.notEnoughStock };
        }
        await tx.update(cartEntries).set({ quantity: q.quantity }).where(eq(cartEntries.id, entryId));
        await tx.update(carts).set({ updatedAt: Date.now() }).where(eq(carts.id, cartId));
        return { ok: true };
      });
    },

    async removeEntry(cartId, entryId): Promise<EntryResult> {
      return await db.transaction(async (tx): Promise<EntryResult> => {
        if (await lockCart(tx, cartId)) return PURCHASED;
        const gone = await tx.delete(cartEntries).where(and(eq(cartEntries.id, entryId), eq(cartEntries.cartId, cartId))).returning({ id: cartEntries.id });
        return gone.length > 0 ? { ok: true } : NO_ENTRY;
      });
    },

    async setEntryFields(cartId, entryId, text): Promise<EntryResult> {
      return await db.transaction(async (tx): Promise<EntryResult> => {
        if (await lockCart(tx, cartId)) return PURCHASED;
        const entry = (await tx.select({ productId: cartEntries.productId }).from(cartEntries).where(and(eq(cartEntries.id, entryId), eq(cartEntries.cartId, cartId))))[0];
        if (entry === undefined) return NO_ENTRY;
        const product = (await tx.select({ form: products.additionalFieldsForm }).from(products).where(eq(products.id, entry.productId)))[0];
        const answers = checkedAnswers(product?.form ?? null, text);
        if (!answers.ok) return answers;
        await tx.update(cartEntries).set({ additionalFields: answers.value ?? null }).where(eq(cartEntries.id, entryId));
        return { ok: true };
      });
    },
  };
  return store;
}
