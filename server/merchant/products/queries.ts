/**
 * What the merchant product APIs read: a product as the merchant edits it (money in cents, stock, options with
 * their values, archived or not) and the paged, searchable list. Only the products of the caller's own
 * website's stores are ever found; any other id reads as missing.
 */
import { and, asc, eq, exists, inArray, or, type SQL, sql } from 'drizzle-orm';
import { parseJson } from '../../commerce/catalog.js';
import type { Reads } from '../../db/reads.js';
import type { collections, products, variants } from '../../db/schema.js';
import { all, get, type Work } from '../../db/work.js';
import { PRODUCTS_COLLECTION_TYPE } from '../../routes/store-setup.js';
import { isPricedOnProduct, type ProductTypeName, storedType, typeName } from './product-types.js';
import { type ListQuery, PAGE_SIZE } from './schemas.js';
import { likePattern } from '../like.js';
import { parseDigitalFile } from '../digital-files/digital-file.js';

function digitalFileView(json: string | null) {
  const file = parseDigitalFile(json);
  return file === null ? null : { fileName: file.fileName, contentType: file.contentType, bytes: file.bytes };
}

export type ProductRow = typeof products.$inferSelect;
export type VariantRow = typeof variants.$inferSelect;
type CollectionRow = typeof collections.$inferSelect;

/*
 * Each read is a piece of work (server/db/work.ts) over `{ db, t }`: the writes run it inside their transaction,
 * the routes as a read (`read(app.reads, …)`), on either database.
 */

/** The caller's store (products collection) by id, or null when it is not one of theirs. */
export function* storeOf({ db, t }: Reads, websiteId: string, storeId: string): Work<CollectionRow | null> {
  const { collections } = t;
  return (yield* get(db.select().from(collections).where(and(eq(collections.id, storeId), eq(collections.websiteId, websiteId), eq(collections.type, PRODUCTS_COLLECTION_TYPE))))) ?? null;
}

/** The website's first store (by navigation order), where a product goes when the request names none. */
export function* firstStore({ db, t }: Reads, websiteId: string): Work<CollectionRow | null> {
  const { collections } = t;
  return (
    (yield* get(
      db
        .select()
        .from(collections)
        .where(and(eq(collections.websiteId, websiteId), eq(collections.type, PRODUCTS_COLLECTION_TYPE)))
        .orderBy(asc(collections.ordering), asc(collections.id))
        .limit(1),
    )) ?? null
  );
}

/** The product with its store, when it belongs to the caller's website. */
export function* ownProduct({ db, t }: Reads, websiteId: string, productId: string): Work<{ row: ProductRow; store: CollectionRow } | null> {
  const { collections, products } = t;
  const found = yield* get(
    db
      .select({ row: products, store: collections })
      .from(products)
      .innerJoin(collections, eq(collections.id, products.collectionId))
      .where(and(eq(products.id, productId), eq(collections.websiteId, websiteId))),
  );
  return found ?? null;
}

export function* variantsOf({ db, t }: Reads, productId: string): Work<VariantRow[]> {
  const { variants } = t;
  return yield* all(db.select().from(variants).where(eq(variants.productId, productId)).orderBy(asc(variants.ordering), asc(variants.id)));
}

export function variantView(v: VariantRow) {
  return {
    id: v.id,
    sku: v.sku,
    attributes: parseJson<Record<string, string>>(v.attributes, {}),
    priceCents: v.priceCents,
    salePriceCents: v.salePriceCents,
    onSale: v.onSale,
    unlimited: v.unlimited,
    qtyInStock: v.qtyInStock,
    weightGrams: v.weightGrams,
  };
}

/** The options in the product's order, each with its values in the order the variants first use them. */
export function optionsOf(row: ProductRow, vs: readonly VariantRow[]): { name: string; values: string[] }[] {
  const names = parseJson<string[]>(row.variantOptionOrdering, []);
  const values = new Map<string, Set<string>>(names.map((n) => [n, new Set()]));
  for (const v of vs) {
    for (const [key, value] of Object.entries(parseJson<Record<string, string>>(v.attributes, {}))) values.get(key)?.add(value);
  }
  return names.map((n) => ({ name: n, values: [...values.get(n)!] }));
}

/** A product as the merchant APIs answer it. */
export function productView(row: ProductRow, storeUrlId: string, vs: readonly VariantRow[]) {
  const type = typeName(row);
  return {
    id: row.id,
    storeId: row.collectionId,
    urlId: row.urlId,
    url: `/${storeUrlId}/p/${row.urlId}`,
    title: row.title,
    description: row.body,
    type,
    archived: row.archived,
    featured: row.featured,
    currency: row.currency,
    price: isPricedOnProduct(type) ? { priceCents: row.priceCents ?? 0, salePriceCents: row.salePriceCents ?? 0, onSale: row.onSale } : null,
    subscriptionPlan: row.subscriptionPlan === null ? null : parseJson<unknown>(row.subscriptionPlan, null),
    customAddButtonText: row.useCustomAddButtonText ? row.customAddButtonText : null,
    categories: parseJson<string[]>(row.categories, []),
    tags: parseJson<string[]>(row.tags, []),
    /** The questions a buyer answers before adding it (`{ name, fields }`), null when none. */
    additionalFieldsForm: row.additionalFieldsForm === null ? null : parseJson<unknown>(row.additionalFieldsForm, null),
    /** The picture's address (an uploaded one, a generated demo one, or elsewhere), null when none. */
    imageUrl: row.imageUrl,
    /** A digital product's file (server/merchant/digital-files/), without its storage key; null when none. */
    digitalFile: digitalFileView(row.digitalFile),
    options: optionsOf(row, vs),
    variants: vs.map(variantView),
  };
}

export type ProductView = ReturnType<typeof productView>;

/** The caller's product as the APIs answer it, or null. */
export function* readProduct(q: Reads, websiteId: string, productId: string): Work<ProductView | null> {
  const found = yield* ownProduct(q, websiteId, productId);
  return found === null ? null : productView(found.row, found.store.urlId, yield* variantsOf(q, productId));
}

function typeCondition(products: Reads['t']['products'], type: ProductTypeName): SQL {
  const { productType, isSubscribable } = storedType(type);
  return isSubscribable ? eq(products.isSubscribable, true) : and(eq(products.productType, productType), eq(products.isSubscribable, false))!;
}

/**
 * The caller's products, PAGE_SIZE a page, in store order (stores by navigation order, then each store's
 * product order): by default the ones not archived; `q` finds a title or a variant's SKU containing it
 * (case-insensitive).
 */
export function* listProducts({ db, t }: Reads, websiteId: string, query: ListQuery) {
  const { collections, products, variants } = t;
  const conditions: SQL[] = [eq(collections.websiteId, websiteId), eq(collections.type, PRODUCTS_COLLECTION_TYPE)];
  const archived = query.archived ?? 'false';
  if (archived !== 'all') conditions.push(eq(products.archived, archived === 'true'));
  if (query.type !== undefined) conditions.push(typeCondition(products, query.type));
  if (query.storeId !== undefined) conditions.push(eq(products.collectionId, query.storeId));
  const q = query.q?.trim() ?? '';
  if (q !== '') {
    const pattern = likePattern(q);
    const skuMatch = db
      .select({ one: sql`1` })
      .from(variants)
      .where(and(eq(variants.productId, products.id), sql`lower(${variants.sku}) LIKE ${pattern} ESCAPE '\\'`));
    conditions.push(or(sql`lower(${products.title}) LIKE ${pattern} ESCAPE '\\'`, exists(skuMatch))!);
  }
  const where = and(...conditions);
  const page = Number(query.page ?? '1');
  const total = (yield* get(db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(products).innerJoin(collections, eq(collections.id, products.collectionId)).where(where)))?.n ?? 0;
  const rows = yield* all(
    db
      .select({ row: products, storeUrlId: collections.urlId })
      .from(products)
      .innerJoin(collections, eq(collections.id, products.collectionId))
      .where(where)
      .orderBy(asc(collections.ordering), asc(products.ordering), asc(products.id))
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE),
  );
  const byProduct = new Map<string, VariantRow[]>(rows.map((r) => [r.row.id, []]));
  if (rows.length > 0) {
    for (const v of yield* all(db.select().from(variants).where(inArray(variants.productId, [...byProduct.keys()])).orderBy(asc(variants.ordering), asc(variants.id)))) byProduct.get(v.productId)!.push(v);
  }
  return {
    products: rows.map((r) => productView(r.row, r.storeUrlId, byProduct.get(r.row.id)!)),
    total,
    page,
    pageSize: PAGE_SIZE,
    hasNextPage: page * PAGE_SIZE < total,
  };
}
