/**
 * Carts in the store: adding entries with the spec's validation (variant, gift-card denomination, quantity,
 * stock), and the cart as JSON with every amount computed here from stored prices.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, getTableName, sql } from 'drizzle-orm';
import { ADD_TO_CART_MESSAGES, quantityFromJson } from '../../commerce/add-to-cart.js';
import { cartTotals } from '../../commerce/cart.js';
import { additionalForm, answerLines, ANSWERS_SHAPE_MESSAGE, answersHaveShape, checkAnswers, parseAnswers } from '../../commerce/additional-fields.js';
import { VISITOR_MESSAGES } from '../../commerce/visitor-messages.js';
import { FORM_MESSAGES } from '../../commerce/form-validation.js';
import { neverRunsOut, pricedOnProduct, ProductType } from '../../commerce/products.js';
import { type Json, loadProductById, money, parseJson, type ProductRecord, variantJson } from './catalog.js';
import type { Store, StoreTransaction } from '../db/database.js';
import { cartEntries, carts, collections, products, variants, websites } from '../db/schema.js';
import { productImageUrl, variantImageKey } from '../images.js';
import { countCartAdd } from '../analytics/cart-adds.js';

export interface AddRequest {
  readonly itemId: string;
  /** The chosen variant by SKU (the platform's API) or id (our form). */
  readonly sku?: string | undefined;
  readonly variantId?: string | undefined;
  /** As sent in JSON: a JSON integer (a form's text is read by `quantityFromText` first). */
  readonly quantity: unknown;
  readonly additionalFields?: string | undefined;
}

export type CartEntryRow = typeof cartEntries.$inferSelect;

export type AddResult = { ok: true; entryId: string } | { ok: false; status: number; message: string };

export function createCart(db: Store, now = Date.now()): string {
  const id = randomUUID();
  db.insert(carts).values({ id, createdAt: now, updatedAt: now }).run();
  return id;
}

export function cartExists(db: Store, id: string): boolean {
  return db.select({ id: carts.id }).from(carts).where(eq(carts.id, id)).get() !== undefined;
}

/**
 * The count query, prepared once per store on the SQLite connection itself (as read-cache.ts does): a drizzle
 * query built per call cost more than the page, and even drizzle's prepared form adds a third to this one.
 * The same lines as `pricedEntries` (inner join on products), so the sum is always `cartJson`'s totalQuantity.
 */
const countQueries = new WeakMap<Store, { get(cartId: string): unknown }>();

/**
 * The cart's `totalQuantity` (as `cartJson` computes it) without building the cart: one prepared query, read
 * from the store on every call (never cached, so a change to the cart, by any process, shows at once).
 * 0 for a cart that does not exist, as for a visitor without a cart.
 */
export function cartQuantity(db: Store, cartId: string): number {
  let q = countQueries.get(db);
  if (q === undefined) {
    q = db.$client
      .prepare(
        `SELECT coalesce(sum(e.${cartEntries.quantity.name}), 0) FROM ${getTableName(cartEntries)} e ` +
          `JOIN ${getTableName(products)} p ON p.${products.id.name} = e.${cartEntries.productId.name} WHERE e.${cartEntries.cartId.name} = ?`,
      )
      .pluck();
    countQueries.set(db, q);
  }
  return Number(q.get(cartId));
}

/** A purchased cart takes no more changes (checkout marks it with its order). */
export const CART_PURCHASED_MESSAGE = VISITOR_MESSAGES['cart.purchased'];

/** Whether the cart has been checked out; read inside the caller's transaction, before it writes. */
function isPurchased(tx: Pick<StoreTransaction, 'select'>, cartId: string): boolean {
  const cart = tx.select({ orderId: carts.orderId }).from(carts).where(eq(carts.id, cartId)).get();
  return cart !== undefined && cart.orderId !== null;
}

/**
 * Whether the variant can cover `quantity` more units beside what the cart already holds of it (other than
 * entry `except`, whose quantity is being replaced). Unlimited variants and gift cards always can. Read
 * inside the caller's transaction, so the answer stays true until it writes.
 */
function inStock(tx: StoreTransaction, cartId: string, variantId: string, productType: number, quantity: number, except: string | null): boolean {
  if (productType === ProductType.GIFT_CARD) return true;
  const v = tx.select({ unlimited: variants.unlimited, qty: variants.qtyInStock }).from(variants).where(eq(variants.id, variantId)).get();
  if (v === undefined || v.unlimited) return stockCovers(productType, v ?? null, 0, quantity);
  const held = tx
    .select({ n: sql<number>`coalesce(sum(${cartEntries.quantity}), 0)` })
    .from(cartEntries)
    .where(and(eq(cartEntries.cartId, cartId), eq(cartEntries.variantId, variantId), except === null ? undefined : sql`${cartEntries.id} <> ${except}`))
    .get();
  return stockCovers(productType, v, held?.n ?? 0, quantity);
}

/**
 * Answers to a product's additional-fields form, checked with the form's rules: the sanitised JSON string to
 * keep, or the summary message. No answers (a plain post without JavaScript) are taken as none; answers for a
 * product without a form are kept as sent.
 */
export function checkedAnswers(formJson: string | null, text: string | undefined): { ok: true; value: string | undefined } | { ok: false; status: 400; message: string } {
  if (text === undefined) return { ok: true, value: undefined };
  // the platform keeps answers as a JSON string, which a body schema cannot see into: its shape is checked here
  if (!answersHaveShape(text)) return { ok: false, status: 400, message: ANSWERS_SHAPE_MESSAGE };
  const form = additionalForm(parseJson(formJson, null));
  // a product without a form of ours keeps what the platform's client sent, as the platform does
  if (form === null) return { ok: true, value: text };
  const check = checkAnswers(form, parseAnswers(text));
  return check.ok ? { ok: true, value: check.answers } : { ok: false, status: 400, message: FORM_MESSAGES.summary };
}

export type AddPlan =
  | { readonly ok: true; readonly row: ProductRecord['row']; readonly variant: ProductRecord['variants'][number] | undefined; readonly quantity: number; readonly additionalFields: string | undefined }
  | { readonly ok: false; readonly status: number; readonly message: string };

/**
 * What an add asks for, checked before any write: the quantity, the product (as loaded by the caller's store,
 * null when it does not exist), the answers to its form and the variant. Both stores' adds start here.
 */
export function planAdd(product: ProductRecord | null, request: AddRequest): AddPlan {
  const q = quantityFromJson(request.quantity);
  if (!q.ok) return { ok: false, status: 400, message: q.message };
  // an archived product is no longer sold: as if it did not exist
  if (product === null || product.row.archived) return { ok: false, status: 404, message: ADD_TO_CART_MESSAGES.variantUnavailable };
  const { row, variants: vs } = product;
  const answers = checkedAnswers(row.additionalFieldsForm, request.additionalFields);
  if (!answers.ok) return answers;
  let variant = vs.find((v) => (request.variantId !== undefined && v.id === request.variantId) || (request.sku !== undefined && v.sku === request.sku));
  if (variant === undefined && vs.length === 1 && request.sku === undefined && request.variantId === undefined) variant = vs[0];
  if (!pricedOnProduct(row.productType) && variant === undefined) {
    const message = row.productType === ProductType.GIFT_CARD ? ADD_TO_CART_MESSAGES.giftCardDenomination : ADD_TO_CART_MESSAGES.variantUnavailable;
    return { ok: false, status: 400, message };
  }
  return { ok: true, row, variant, quantity: q.quantity, additionalFields: answers.value };
}

/**
 * Whether a variant (null: gone) covers `quantity` more units beside the `held` ones a cart has of it:
 * unlimited variants and gift cards always do. The rule of both stores' stock checks.
 */
export function stockCovers(productType: number, variant: { unlimited: boolean; qty: number } | null, held: number, quantity: number): boolean {
  if (productType === ProductType.GIFT_CARD) return true;
  if (variant === null) return false;
  return variant.unlimited || variant.qty >= held + quantity;
}

/**
 * Add to a cart. One synchronous SQLite transaction reads the stock and what the cart already holds and
 * writes the entry, so concurrent requests can never sell more than there is.
 */
export function addEntry(db: Store, cartId: string, request: AddRequest): AddResult {
  const plan = planAdd(loadProductById(db, request.itemId), request);
  if (!plan.ok) return plan;
  const { row, variant, quantity, additionalFields } = plan;
  // immediate: take the write lock before reading stock, so a writer in another process cannot slip in between
  return db.transaction((tx): AddResult => {
    if (isPurchased(tx, cartId)) return { ok: false, status: 409, message: CART_PURCHASED_MESSAGE };
    if (variant !== undefined && !inStock(tx, cartId, variant.id, row.productType, quantity, null)) {
      return { ok: false, status: 409, message: ADD_TO_CART_MESSAGES.notEnoughStock };
    }
    const existing = tx
      .select()
      .from(cartEntries)
      .where(and(eq(cartEntries.cartId, cartId), eq(cartEntries.productId, row.id), variant === undefined ? sql`${cartEntries.variantId} is null` : eq(cartEntries.variantId, variant.id)))
      .get();
    const now = Date.now();
    if (existing !== undefined && (existing.additionalFields ?? null) === (additionalFields ?? null)) {
      tx.update(cartEntries).set({ quantity: existing.quantity + quantity }).where(eq(cartEntries.id, existing.id)).run();
      tx.update(carts).set({ updatedAt: now }).where(eq(carts.id, cartId)).run();
      countCartAdd(db, { cartId, itemId: row.id, variantId: variant?.id ?? null, quantity }, now);
      return { ok: true, entryId: existing.id };
    }
    const entryId = randomUUID();
    tx.insert(cartEntries)
      .values({ id: entryId, cartId, productId: row.id, variantId: variant?.id ?? null, quantity, additionalFields: additionalFields ?? null, createdAt: now })
      .run();
    tx.update(carts).set({ updatedAt: now }).where(eq(carts.id, cartId)).run();
    countCartAdd(db, { cartId, itemId: row.id, variantId: variant?.id ?? null, quantity }, now);
    return { ok: true, entryId };
  }, { behavior: 'immediate' });
}

/**
 * The cart's entries with what one unit costs now (the sale price when on sale), oldest first. Checkout reads
 * them inside its transaction, so it takes the transaction as well as the store.
 */
export function pricedEntries(db: Pick<StoreTransaction, 'select'>, cartId: string) {
  const rows = db
    .select({ entry: cartEntries, product: products, variant: variants })
    .from(cartEntries)
    .innerJoin(products, eq(products.id, cartEntries.productId))
    .leftJoin(variants, eq(variants.id, cartEntries.variantId))
    .where(eq(cartEntries.cartId, cartId))
    .orderBy(cartEntries.createdAt)
    .all();
  return rows.map((row) => priceEntry(row));
}

/** One cart line with what one unit costs now (the sale price when on sale): the same for both stores' rows. */
export function priceEntry({ entry, product, variant }: { entry: CartEntryRow; product: ProductRecord['row']; variant: ProductRecord['variants'][number] | null }) {
  const unitPriceCents = variant !== null ? (variant.onSale ? variant.salePriceCents : variant.priceCents) : product.onSale ? (product.salePriceCents ?? 0) : (product.priceCents ?? 0);
  const currency = variant?.currency ?? product.currency;
  return { entry, product, variant, unitPriceCents, currency, quantity: entry.quantity, productType: product.productType };
}

export type PricedEntry = ReturnType<typeof pricedEntries>[number];

/**
 * The picture of a cart line: the chosen variant's own picture when the demo draws one per value of the first
 * option (as the product page shows it), else the product's; null for a product without a picture.
 */
function entryImageUrl({ product, variant }: Pick<PricedEntry, 'product' | 'variant'>): string | null {
  if (product.imageUrl === null) return null;
  if (variant === null || product.imageUrl !== productImageUrl(product.id)) return product.imageUrl;
  const first = (JSON.parse(product.variantOptionOrdering) as string[])[0];
  const value = first === undefined ? undefined : (JSON.parse(variant.attributes) as Record<string, string>)[first];
  return typeof value === 'string' ? productImageUrl(variantImageKey(product.id, value)) : product.imageUrl;
}

/**
 * A line's chosen options in words, in the product's option order: `Color: Navy · Size: XL`. Empty for a gift
 * card (its one option is its value, shown as an amount) and for a product without options.
 */
export function optionsText(attributes: Readonly<Record<string, string>>, ordering: readonly string[], productType: number): string {
  if (productType === ProductType.GIFT_CARD) return '';
  const names = [...ordering.filter((n) => n in attributes), ...Object.keys(attributes).filter((n) => !ordering.includes(n))];
  return names.map((n) => `${n}: ${attributes[n]}`).join(' \u00b7 ');
}

/** A line's answers to its product's form as `{ label, value }` lines, labelled by the form as it is now. */
export function entryAnswers(formJson: string | null, answers: string | null): { label: string; value: string }[] {
  return answerLines(additionalForm(parseJson(formJson, null)), answers);
}

/** The URL path of each collection the lines' products live in (one query, whatever the number of lines). */
function collectionPaths(db: Pick<StoreTransaction, 'select'>, priced: readonly PricedEntry[]): Map<string, string> {
  if (priced.length === 0) return new Map();
  const rows = db.select({ id: collections.id, urlId: collections.urlId }).from(collections).all();
  return new Map(rows.map((r) => [r.id, r.urlId]));
}

/** The shopping cart of spec 000 §3, amounts in cents from stored prices. */
export function cartJson(db: Store, cartId: string, priced = pricedEntries(db, cartId)): Json {
  const cart = db.select().from(carts).where(eq(carts.id, cartId)).get();
  return cartJsonOf({ cartId, cart, priced, paths: collectionPaths(db, priced), websiteId: db.select({ id: websites.id }).from(websites).get()?.id ?? '' });
}

/** What `cartJson` is made of, as either store reads it: the cart's row (undefined: none), its priced lines, collection paths by id. */
export interface CartParts {
  readonly cartId: string;
  readonly cart: { createdAt: number; orderId: string | null } | undefined;
  readonly priced: readonly PricedEntry[];
  readonly paths: ReadonlyMap<string, string>;
  readonly websiteId: string;
}

export function cartJsonOf({ cartId, cart, priced, paths, websiteId }: CartParts): Json {
  const totals = cartTotals(priced);
  return {
    id: cartId,
    websiteId,
    created: cart?.createdAt ?? 0,
    isPurchased: cart !== undefined && cart.orderId !== null,
    orderId: cart?.orderId ?? null,
    entries: priced.map(({ entry, product, variant, unitPriceCents, currency }) => ({
      id: entry.id,
      itemId: product.id,
      title: product.title,
      /** The product page (`/shop/p/field-shirt`) and the line's picture, for the cart and checkout lines. */
      productUrl: `/${paths.get(product.collectionId) ?? ''}/p/${product.urlId}`,
      imageUrl: entryImageUrl({ product, variant }),
      optionsText: variant === null ? '' : optionsText(JSON.parse(variant.attributes) as Record<string, string>, JSON.parse(product.variantOptionOrdering) as string[], product.productType),
      isGiftCard: product.productType === ProductType.GIFT_CARD,
      chosenVariant: variant === null ? null : variantJson(variant, JSON.parse(product.variantOptionOrdering) as string[]),
      quantity: entry.quantity,
      purchasePriceCents: unitPriceCents,
      purchasePriceMoney: money(unitPriceCents, currency),
      subTotal: unitPriceCents * entry.quantity,
      subTotalMoney: money(unitPriceCents * entry.quantity, currency),
      additionalFields: entry.additionalFields,
      /** The product's additional-fields form, so the cart can offer the answers for editing. */
      additionalFieldsForm: parseJson<unknown>(product.additionalFieldsForm, null),
      /** The answers in words (`Initials: AK` as `{ label, value }`), for the checkout's lines and the order. */
      answers: entryAnswers(product.additionalFieldsForm, entry.additionalFields),
      productType: product.productType,
    })),
    ...totals,
    subtotalMoney: money(totals.subtotalCents, priced[0]?.currency ?? 'USD'),
    grandTotalMoney: money(totals.grandTotalCents, priced[0]?.currency ?? 'USD'),
  };
}

export type EntryResult = { ok: true } | { ok: false; status: number; message: string };

export const ENTRY_NOT_FOUND = VISITOR_MESSAGES['cart.entryNotFound'];

/** Set an entry's quantity, checking stock against the rest of the cart; the same validation as adding. */
export function setEntryQuantity(db: Store, cartId: string, entryId: string, quantity: unknown): EntryResult {
  const q = quantityFromJson(quantity);
  if (!q.ok) return { ok: false, status: 400, message: q.message };
  return db.transaction((tx): EntryResult => {
    if (isPurchased(tx, cartId)) return { ok: false, status: 409, message: CART_PURCHASED_MESSAGE };
    const entry = tx.select().from(cartEntries).where(and(eq(cartEntries.id, entryId), eq(cartEntries.cartId, cartId))).get();
    if (entry === undefined) return { ok: false, status: 404, message: ENTRY_NOT_FOUND };
    if (entry.variantId !== null) {
      const product = tx.select({ type: products.productType }).from(products).where(eq(products.id, entry.productId)).get();
      if (!inStock(tx, cartId, entry.variantId, product?.type ?? NaN, q.quantity, entryId)) {
        return { ok: false, status: 409, message: ADD_TO_CART_MESSAGES.notEnoughStock };
      }
    }
    tx.update(cartEntries).set({ quantity: q.quantity }).where(eq(cartEntries.id, entryId)).run();
    tx.update(carts).set({ updatedAt: Date.now() }).where(eq(carts.id, cartId)).run();
    return { ok: true };
  }, { behavior: 'immediate' });
}

export function removeEntry(db: Store, cartId: string, entryId: string): EntryResult {
  return db.transaction((tx): EntryResult => {
    if (isPurchased(tx, cartId)) return { ok: false, status: 409, message: CART_PURCHASED_MESSAGE };
    const r = tx.delete(cartEntries).where(and(eq(cartEntries.id, entryId), eq(cartEntries.cartId, cartId))).run();
    return r.changes > 0 ? { ok: true } : { ok: false, status: 404, message: ENTRY_NOT_FOUND };
  }, { behavior: 'immediate' });
}

export function setEntryFields(db: Store, cartId: string, entryId: string, text: string): EntryResult {
  return db.transaction((tx): EntryResult => {
    if (isPurchased(tx, cartId)) return { ok: false, status: 409, message: CART_PURCHASED_MESSAGE };
    const entry = tx.select({ productId: cartEntries.productId }).from(cartEntries).where(and(eq(cartEntries.id, entryId), eq(cartEntries.cartId, cartId))).get();
    if (entry === undefined) return { ok: false, status: 404, message: ENTRY_NOT_FOUND };
    const product = tx.select({ form: products.additionalFieldsForm }).from(products).where(eq(products.id, entry.productId)).get();
    const answers = checkedAnswers(product?.form ?? null, text);
    if (!answers.ok) return answers;
    const additionalFields = answers.value ?? null;
    const r = tx.update(cartEntries).set({ additionalFields }).where(and(eq(cartEntries.id, entryId), eq(cartEntries.cartId, cartId))).run();
    return r.changes > 0 ? { ok: true } : { ok: false, status: 404, message: ENTRY_NOT_FOUND };
  }, { behavior: 'immediate' });
}

/** Stock of each variant of an item read through the catalog store (`unlimited` for digital products and gift cards). */
export function stockOfProduct(itemId: string, product: ProductRecord | null): Json[] | null {
  if (product === null) return null;
  const never = neverRunsOut(product.row.productType);
  if (product.variants.length === 0) return [{ itemId, unlimited: never, qtyInStock: 0 }];
  return product.variants.map((v) => ({ itemId, variantId: v.id, sku: v.sku, unlimited: never || v.unlimited, qtyInStock: v.qtyInStock }));
}
