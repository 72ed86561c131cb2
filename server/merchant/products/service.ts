/**
 * The merchant's product writes: create, edit, archive, the variant matrix, stock and order. Each is written once
 * as steps and runs in one transaction of either database (server/db/work.ts), so what it checks (a free URL id,
 * a free SKU, stock not below 0) is still true when it writes; the storefront sees the change at once, because
 * any write empties the pages' read cache (server/read-cache.ts; on PostgreSQL this node's at once, the others'
 * on the change feed). Each returns the product as the APIs answer it, or a refusal with its status and
 * message (the spec 001 editor's messages verbatim where one applies: 'This {tagType} already exists',
 * '{val} is not one of the expected options', '{val} is not a valid page URL').
 */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { MIN_URL_ID_LENGTH, slugify, storeUrlId } from '../../../commerce/store-url-id.js';
import type { Reads } from '../../db/reads.js';
import { all, get, lockRows, run, type Transactions, type Work } from '../../db/work.js';
import { storedForm } from './additional-fields-form.js';
import { canChangeType, isPricedOnProduct, type ProductTypeName, storedType, typeLabel, typeName } from './product-types.js';
import { firstStore, ownProduct, type ProductRow, type ProductView, readProduct, storeOf, variantsOf } from './queries.js';
import type { CreateBody, EditBody, PriceBody, StockBody, VariantsBody } from './schemas.js';

/** A product's URL id when its title gives none (spec 001's rule names a fallback title; ours). */
export const FALLBACK_PRODUCT_URL_ID = 'product';

export const PRODUCT_MESSAGES = {
  notFound: 'There is no such product.',
  variantNotFound: 'There is no such variant.',
  noStore: 'There is no such store.',
  storeFirst: 'Create a store first.',
  urlTaken: 'This product URL already exists',
  badUrl: (val: string) => `${val} is not a valid page URL`,
  skuTaken: 'This SKU already exists',
  optionTaken: 'This option already exists',
  valueTaken: 'This option value already exists',
  variantTaken: 'This variant already exists',
  notAnOption: (val: string) => `${val} is not one of the expected options`,
  missingAttribute: (sku: string, option: string) => `Variant ${sku} has no ${option}.`,
  unknownVariant: (id: string) => `There is no variant ${id} on this product.`,
  ordered: (sku: string) => `Variant ${sku} has been ordered and cannot be removed; set its stock to 0 instead.`,
  pricedOnProduct: (type: ProductTypeName) => `A ${typeLabel(type)} product is priced on the product and has no variants.`,
  pricedByVariants: (type: ProductTypeName) => `A ${typeLabel(type)} product is priced by its variants (PUT its variants).`,
  priceRequired: (type: ProductTypeName) => `A ${typeLabel(type)} product needs a price.`,
  planRequired: 'A subscription needs a plan (billingPeriod).',
  planOnlyForSubscriptions: 'Only a subscription has a plan.',
  saleNotLower: 'The sale price must be lower than the price.',
  typeFixed: "A product's type cannot change, except between physical and subscription.",
  giftCardStock: "A gift card's stock is unlimited.",
  noStockOnProduct: (type: ProductTypeName) => `A ${typeLabel(type)} product has no stock.`,
  belowZero: 'Stock cannot go below 0.',
  unlimitedDelta: "This variant's stock is unlimited; set a quantity first.",
  otherStore: 'Every product to order must be in the same store.',
  categoryTaken: 'This category already exists',
  tagTaken: 'This tag already exists',
} as const;

export type Outcome = { ok: true; product: ProductView } | { ok: false; status: number; message: string };
const refuse = (status: number, message: string): Outcome => ({ ok: false, status, message });

/** Ids in the platform's style: 24 hex digits. */
const newId = () => randomBytes(12).toString('hex');

function checkPrice(p: { priceCents: number; salePriceCents?: number; onSale?: boolean }): string | null {
  return p.onSale === true && (p.salePriceCents ?? 0) >= p.priceCents ? PRODUCT_MESSAGES.saleNotLower : null;
}

/** A URL id taken in the store by another product than `except`, compared case-insensitively. */
function* urlIdTaken({ db, t }: Reads, storeId: string, urlId: string, except?: string): Work<boolean> {
  const { products } = t;
  const clash = yield* get(
    db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.collectionId, storeId), sql`lower(${products.urlId}) = ${urlId.toLowerCase()}`, except === undefined ? undefined : ne(products.id, except))),
  );
  return clash !== undefined;
}

/** The store's URL ids, lowercased (a new product's id is chosen among the free ones without a read per candidate). */
function* urlIdsOf({ db, t }: Reads, storeId: string): Work<Set<string>> {
  const { products } = t;
  return new Set((yield* all(db.select({ urlId: products.urlId }).from(products).where(eq(products.collectionId, storeId)))).map((r) => r.urlId.toLowerCase()));
}

/** The SKUs among `skus` used by the website's variants outside `exceptProduct`. */
function* skusTaken({ db, t }: Reads, websiteId: string, skus: readonly string[], exceptProduct?: string): Work<boolean> {
  if (skus.length === 0) return false;
  const { collections, products, variants } = t;
  const clash = yield* get(
    db
      .select({ id: variants.id })
      .from(variants)
      .innerJoin(products, eq(products.id, variants.productId))
      .innerJoin(collections, eq(collections.id, products.collectionId))
      .where(and(eq(collections.websiteId, websiteId), inArray(sql`lower(${variants.sku})`, skus.map((s) => s.toLowerCase())), exceptProduct === undefined ? undefined : ne(products.id, exceptProduct))),
  );
  return clash !== undefined;
}

/** The price fields of a product priced on itself; null for the others. */
function productPrice(price: PriceBody | undefined) {
  return price === undefined ? null : { priceCents: price.priceCents, salePriceCents: price.salePriceCents ?? 0, onSale: price.onSale ?? false };
}

/** What the type asks of the price and plan fields, or a refusal message. */
function typeRules(type: ProductTypeName, body: { price?: PriceBody; subscriptionPlan?: unknown }, has: { price: boolean; plan: boolean }): string | null {
  if (isPricedOnProduct(type) && !has.price) return PRODUCT_MESSAGES.priceRequired(type);
  if (type === 'subscription' && !has.plan) return PRODUCT_MESSAGES.planRequired;
  if (type !== 'subscription' && body.subscriptionPlan !== undefined) return PRODUCT_MESSAGES.planOnlyForSubscriptions;
  return body.price === undefined ? null : checkPrice(body.price);
}

const planJson = (plan: CreateBody['subscriptionPlan']) => (plan === undefined ? null : JSON.stringify({ billingPeriod: plan.billingPeriod, numBillingCycles: plan.numBillingCycles ?? 0 }));

/** The product's categories and tags as sent, trimmed; a refusal when one is given twice (case aside). */
function labels(body: { categories?: readonly string[]; tags?: readonly string[] }): { ok: true; changes: { categories?: string; tags?: string } } | { ok: false; message: string } {
  const changes: { categories?: string; tags?: string } = {};
  for (const [field, taken] of [['categories', PRODUCT_MESSAGES.categoryTaken], ['tags', PRODUCT_MESSAGES.tagTaken]] as const) {
    const list = body[field]?.map((label) => label.trim());
    if (list === undefined) continue;
    if (new Set(list.map((label) => label.toLowerCase())).size !== list.length) return { ok: false, message: taken };
    changes[field] = JSON.stringify(list);
  }
  return { ok: true, changes };
}

export async function createProduct(transactions: Transactions, websiteId: string, body: CreateBody): Promise<Outcome> {
  const type = body.type;
  const rule = typeRules(type, body, { price: body.price !== undefined, plan: body.subscriptionPlan !== undefined });
  if (rule !== null) return refuse(400, rule);
  if (!isPricedOnProduct(type) && body.price === undefined) return refuse(400, PRODUCT_MESSAGES.priceRequired(type));
  const variantFields = [body.sku, body.qtyInStock, body.unlimited, body.weightGrams].some((x) => x !== undefined);
  if (isPricedOnProduct(type) && variantFields) return refuse(400, PRODUCT_MESSAGES.pricedOnProduct(type));
  const labelled = labels(body);
  if (!labelled.ok) return refuse(409, labelled.message);
  const form = storedForm(body.additionalFieldsForm ?? null);
  if (!form.ok) return refuse(400, form.message);
  return transactions.write(function* (q): Work<Outcome> {
    const { db, t } = q;
    const { products, variants } = t;
    const shop = body.storeId === undefined ? yield* firstStore(q, websiteId) : yield* storeOf(q, websiteId, body.storeId);
    if (shop === null) return body.storeId === undefined ? refuse(409, PRODUCT_MESSAGES.storeFirst) : refuse(404, PRODUCT_MESSAGES.noStore);
    if (body.sku !== undefined && (yield* skusTaken(q, websiteId, [body.sku]))) return refuse(409, PRODUCT_MESSAGES.skuTaken);
    const source = body.urlId !== undefined && body.urlId.trim() !== '' ? body.urlId : body.title;
    // on PostgreSQL two creations in one store take turns from here (the store's row locked), so both cannot
    // choose the same free URL id (unique per store: the second would fail)
    yield* lockRows(q, db.select({ id: t.collections.id }).from(t.collections).where(eq(t.collections.id, shop.id)));
    const taken = yield* urlIdsOf(q, shop.id);
    const urlId = storeUrlId(source, (candidate) => taken.has(candidate.toLowerCase()), FALLBACK_PRODUCT_URL_ID);
    const last = yield* get(db.select({ n: sql<number | null>`max(${products.ordering})` }).from(products).where(eq(products.collectionId, shop.id)));
    const id = newId();
    const priced = isPricedOnProduct(type) ? productPrice(body.price) : null;
    const currency = yield* currencyOf(q, websiteId);
    yield* run(
      db.insert(products).values({
        id,
        collectionId: shop.id,
        urlId,
        title: body.title.trim(),
        body: body.description ?? '',
        ...storedType(type),
        priceCents: priced?.priceCents ?? null,
        salePriceCents: priced?.salePriceCents ?? null,
        onSale: priced?.onSale ?? false,
        currency,
        subscriptionPlan: planJson(body.subscriptionPlan),
        useCustomAddButtonText: typeof body.customAddButtonText === 'string',
        customAddButtonText: body.customAddButtonText ?? null,
        featured: body.featured ?? false,
        additionalFieldsForm: form.json,
        ...labelled.changes,
        ordering: (last?.n ?? -1) + 1,
      }),
    );
    if (!isPricedOnProduct(type)) {
      const price = body.price!;
      yield* run(
        db.insert(variants).values({
          id: newId(),
          productId: id,
          sku: body.sku ?? `SQ${id.slice(-8).toUpperCase()}`,
          priceCents: price.priceCents,
          salePriceCents: price.salePriceCents ?? 0,
          onSale: price.onSale ?? false,
          currency,
          unlimited: type === 'gift-card' || (body.unlimited ?? false),
          qtyInStock: body.qtyInStock ?? 0,
          weightGrams: body.weightGrams ?? null,
          ordering: 0,
        }),
      );
    }
    return { ok: true, product: (yield* readProduct(q, websiteId, id))! };
  });
}

function* currencyOf({ db, t }: Reads, websiteId: string): Work<string> {
  return (yield* get(db.select({ currency: t.websites.currency }).from(t.websites).where(eq(t.websites.id, websiteId))))?.currency ?? 'USD';
}

export async function editProduct(transactions: Transactions, websiteId: string, productId: string, body: EditBody): Promise<Outcome> {
  return transactions.write(function* (q): Work<Outcome> {
    const { db, t } = q;
    const found = yield* ownProduct(q, websiteId, productId);
    if (found === null) return refuse(404, PRODUCT_MESSAGES.notFound);
    const row = found.row;
    const was = typeName(row);
    const type = body.type ?? was;
    if (!canChangeType(was, type)) return refuse(409, PRODUCT_MESSAGES.typeFixed);
    const rule = typeRules(type, body, { price: body.price !== undefined || row.priceCents !== null, plan: body.subscriptionPlan !== undefined || (type === was && row.subscriptionPlan !== null) });
    if (rule !== null) return refuse(400, rule);
    if (body.price !== undefined && !isPricedOnProduct(type)) return refuse(400, PRODUCT_MESSAGES.pricedByVariants(type));
    const changes: Partial<ProductRow> = {};
    if (body.urlId !== undefined) {
      const urlId = slugify(body.urlId);
      if (urlId.length < MIN_URL_ID_LENGTH) return refuse(400, PRODUCT_MESSAGES.badUrl(body.urlId));
      if (yield* urlIdTaken(q, row.collectionId, urlId, row.id)) return refuse(409, PRODUCT_MESSAGES.urlTaken);
      changes.urlId = urlId;
    }
    if (body.title !== undefined) changes.title = body.title.trim();
    if (body.description !== undefined) changes.body = body.description;
    if (body.featured !== undefined) changes.featured = body.featured;
    const labelled = labels(body);
    if (!labelled.ok) return refuse(409, labelled.message);
    Object.assign(changes, labelled.changes);
    if (body.additionalFieldsForm !== undefined) {
      const form = storedForm(body.additionalFieldsForm);
      if (!form.ok) return refuse(400, form.message);
      changes.additionalFieldsForm = form.json;
    }
    if (body.type !== undefined) Object.assign(changes, storedType(type));
    if (type !== 'subscription') changes.subscriptionPlan = null;
    else if (body.subscriptionPlan !== undefined) changes.subscriptionPlan = planJson(body.subscriptionPlan);
    const price = productPrice(body.price);
    if (price !== null) Object.assign(changes, price);
    if (body.customAddButtonText !== undefined) Object.assign(changes, { useCustomAddButtonText: body.customAddButtonText !== null, customAddButtonText: body.customAddButtonText });
    if (Object.keys(changes).length > 0) yield* run(db.update(t.products).set(changes).where(eq(t.products.id, row.id)));
    return { ok: true, product: (yield* readProduct(q, websiteId, row.id))! };
  });
}

export function setArchived(transactions: Transactions, websiteId: string, productId: string, archived: boolean): Promise<Outcome> {
  return setProductFields(transactions, websiteId, productId, { archived });
}

/** Sets fields of the caller's product that need no check but its being theirs; the product after. */
function setProductFields(transactions: Transactions, websiteId: string, productId: string, fields: Partial<ProductRow>): Promise<Outcome> {
  return transactions.write(function* (q): Work<Outcome> {
    if ((yield* ownProduct(q, websiteId, productId)) === null) return refuse(404, PRODUCT_MESSAGES.notFound);
    yield* run(q.db.update(q.t.products).set(fields).where(eq(q.t.products.id, productId)));
    return { ok: true, product: (yield* readProduct(q, websiteId, productId))! };
  });
}

/** Checks the options and each variant's attributes against them; a refusal message or null. */
function matrixProblem(body: VariantsBody): string | null {
  const names = new Set<string>();
  for (const option of body.options) {
    const key = option.name.trim().toLowerCase();
    if (names.has(key)) return PRODUCT_MESSAGES.optionTaken;
    names.add(key);
    const values = new Set(option.values.map((v) => v.trim().toLowerCase()));
    if (values.size !== option.values.length) return PRODUCT_MESSAGES.valueTaken;
  }
  const combinations = new Set<string>();
  const skus = new Set<string>();
  for (const v of body.variants) {
    const sku = v.sku.toLowerCase();
    if (skus.has(sku)) return PRODUCT_MESSAGES.skuTaken;
    skus.add(sku);
    for (const key of Object.keys(v.attributes)) {
      if (!body.options.some((o) => o.name.trim() === key)) return PRODUCT_MESSAGES.notAnOption(key);
    }
    for (const option of body.options) {
      const value = v.attributes[option.name.trim()];
      if (value === undefined) return PRODUCT_MESSAGES.missingAttribute(v.sku, option.name.trim());
      if (!option.values.some((x) => x.trim() === value.trim())) return PRODUCT_MESSAGES.notAnOption(value);
    }
    const combination = JSON.stringify(body.options.map((o) => v.attributes[o.name.trim()]!.trim().toLowerCase()));
    if (combinations.has(combination)) return PRODUCT_MESSAGES.variantTaken;
    combinations.add(combination);
    const price = checkPrice(v);
    if (price !== null) return price;
  }
  return null;
}

/**
 * Replaces the product's options and variants. A variant sent with its `id` is updated in place (carts and
 * back-in-stock signups keep pointing at it); one without is new; one not sent is removed, with the open carts'
 * lines and the signups that name it. A variant in a purchased cart (an order) cannot be removed.
 */
export function replaceVariants(transactions: Transactions, websiteId: string, productId: string, body: VariantsBody): Promise<Outcome> {
  return transactions.write(function* (q): Work<Outcome> {
    const { db, t } = q;
    const { cartEntries, carts, products, restockSignups, variants } = t;
    const found = yield* ownProduct(q, websiteId, productId);
    if (found === null) return refuse(404, PRODUCT_MESSAGES.notFound);
    const type = typeName(found.row);
    if (isPricedOnProduct(type)) return refuse(409, PRODUCT_MESSAGES.pricedOnProduct(type));
    const problem = matrixProblem(body);
    if (problem !== null) return refuse(400, problem);
    const existing = yield* variantsOf(q, productId);
    const existingIds = new Set(existing.map((v) => v.id));
    const unknown = body.variants.find((v) => v.id !== undefined && !existingIds.has(v.id));
    if (unknown !== undefined) return refuse(400, PRODUCT_MESSAGES.unknownVariant(unknown.id!));
    if (yield* skusTaken(q, websiteId, body.variants.map((v) => v.sku), productId)) return refuse(409, PRODUCT_MESSAGES.skuTaken);
    const kept = new Set(body.variants.flatMap((v) => (v.id === undefined ? [] : [v.id])));
    const removed = existing.filter((v) => !kept.has(v.id));
    if (removed.length > 0) {
      const ordered = yield* get(
        db
          .select({ variantId: cartEntries.variantId })
          .from(cartEntries)
          .innerJoin(carts, eq(carts.id, cartEntries.cartId))
          .where(and(inArray(cartEntries.variantId, removed.map((v) => v.id)), isNotNull(carts.orderId))),
      );
      if (ordered !== undefined) return refuse(409, PRODUCT_MESSAGES.ordered(removed.find((v) => v.id === ordered.variantId)!.sku));
      const ids = removed.map((v) => v.id);
      yield* run(db.delete(cartEntries).where(inArray(cartEntries.variantId, ids)));
      yield* run(db.delete(restockSignups).where(inArray(restockSignups.variantId, ids)));
      yield* run(db.delete(variants).where(inArray(variants.id, ids)));
    }
    const currency = yield* currencyOf(q, websiteId);
    const names = body.options.map((o) => o.name.trim());
    for (const [ordering, v] of body.variants.entries()) {
      const fields = {
        sku: v.sku,
        attributes: JSON.stringify(Object.fromEntries(names.map((n) => [n, v.attributes[n]!.trim()]))),
        priceCents: v.priceCents,
        salePriceCents: v.salePriceCents ?? 0,
        onSale: v.onSale ?? false,
        unlimited: type === 'gift-card' || (v.unlimited ?? false),
        qtyInStock: v.qtyInStock ?? 0,
        weightGrams: v.weightGrams ?? null,
        ordering,
      };
      if (v.id !== undefined) yield* run(db.update(variants).set(fields).where(eq(variants.id, v.id)));
      else yield* run(db.insert(variants).values({ id: newId(), productId, currency, ...fields }));
    }
    yield* run(db.update(products).set({ variantOptionOrdering: JSON.stringify(names) }).where(eq(products.id, productId)));
    return { ok: true, product: (yield* readProduct(q, websiteId, productId))! };
  });
}

/**
 * Sets one variant's stock: an absolute `qtyInStock` (the variant becomes limited), a `delta` added to it, or
 * `unlimited`. The delta is one conditional UPDATE, so two merchants (or a checkout) changing the same stock at
 * once both count, and it never goes below 0 (the database's CHECK would refuse it too).
 */
export function changeStock(transactions: Transactions, websiteId: string, productId: string, variantId: string, body: StockBody): Promise<Outcome> {
  return transactions.write(function* (q): Work<Outcome> {
    const { db, t } = q;
    const { variants } = t;
    const found = yield* ownProduct(q, websiteId, productId);
    if (found === null) return refuse(404, PRODUCT_MESSAGES.notFound);
    const variant = (yield* variantsOf(q, productId)).find((v) => v.id === variantId);
    if (variant === undefined) return refuse(404, PRODUCT_MESSAGES.variantNotFound);
    const type = typeName(found.row);
    if (type === 'gift-card') return refuse(409, PRODUCT_MESSAGES.giftCardStock);
    if ('qtyInStock' in body) {
      yield* run(db.update(variants).set({ qtyInStock: body.qtyInStock, unlimited: false }).where(eq(variants.id, variantId)));
    } else if ('unlimited' in body) {
      yield* run(db.update(variants).set({ unlimited: body.unlimited }).where(eq(variants.id, variantId)));
    } else {
      if (variant.unlimited) return refuse(409, PRODUCT_MESSAGES.unlimitedDelta);
      const changed = yield* all(
        db
          .update(variants)
          .set({ qtyInStock: sql`${variants.qtyInStock} + ${body.delta}` })
          .where(and(eq(variants.id, variantId), sql`${variants.qtyInStock} + ${body.delta} >= 0`))
          .returning({ id: variants.id }),
      );
      if (changed.length === 0) return refuse(409, PRODUCT_MESSAGES.belowZero);
    }
    return { ok: true, product: (yield* readProduct(q, websiteId, productId))! };
  });
}

/**
 * Puts the listed products in the given order, in the places they held: the others of the store keep theirs,
 * so a page of the list (or one product dragged) reorders without sending the whole store. Then numbers the
 * store 0, 1, 2, … Answers the store's product ids in their new order.
 */
export function reorderProducts(transactions: Transactions, websiteId: string, ids: readonly string[]): Promise<{ ok: true; ids: string[] } | { ok: false; status: number; message: string }> {
  return transactions.write(function* (q) {
    const { db, t } = q;
    const { products } = t;
    const rows: ({ row: ProductRow } | null)[] = [];
    for (const id of ids) rows.push(yield* ownProduct(q, websiteId, id));
    if (rows.some((r) => r === null)) return { ok: false as const, status: 404, message: PRODUCT_MESSAGES.notFound };
    const storeId = rows[0]!.row.collectionId;
    if (rows.some((r) => r!.row.collectionId !== storeId)) return { ok: false as const, status: 400, message: PRODUCT_MESSAGES.otherStore };
    const inStore = (yield* all(db.select({ id: products.id }).from(products).where(eq(products.collectionId, storeId)).orderBy(products.ordering, products.id))).map((r) => r.id);
    const moved = new Set(ids);
    let next = 0;
    const order = inStore.map((id) => (moved.has(id) ? ids[next++]! : id));
    for (const [ordering, id] of order.entries()) yield* run(db.update(products).set({ ordering }).where(eq(products.id, id)));
    return { ok: true as const, ids: order };
  });
}

/** Gives a product a picture (the address of an uploaded one, server/merchant/pictures/) or, with null, none. */
export function setPicture(transactions: Transactions, websiteId: string, productId: string, imageUrl: string | null): Promise<Outcome> {
  return setProductFields(transactions, websiteId, productId, { imageUrl });
}
