/**
 * Products as the platform's templates expect them: an item with `structuredContent` (productType,
 * variants with priceMoney, variantOptionOrdering…), money as decimal strings of major units.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { decimalString } from '../../commerce/decimal.js';
import { currencyDigits } from '../../commerce/currencies.js';
import type { Store } from '../db/database.js';
import { productImageFields } from '../images.js';
import { collections, products, variants } from '../db/schema.js';

type ProductRow = typeof products.$inferSelect;
export type VariantRow = typeof variants.$inferSelect;
export type Json = Record<string, unknown>;

/** `{ value: "48.00", currency: "USD" }` from integer cents. */
export function money(cents: number, currency: string): Json {
  return { value: decimalString({ units: BigInt(cents), scale: currencyDigits(currency) }), currency };
}

/** Stored JSON text, or the fallback when there is none or it does not parse. */
export function parseJson<T>(json: string | null, fallback: T): T {
  if (json === null) return fallback;
  try {
    return JSON.parse(json) as T;
  } catch {
    return fallback;
  }
}

export function variantJson(v: VariantRow, ordering: readonly string[]): Json {
  const attributes = parseJson<Record<string, string>>(v.attributes, {});
  return {
    id: v.id,
    sku: v.sku,
    attributes,
    optionValues: ordering.filter((name) => name in attributes).map((optionName) => ({ optionName, value: attributes[optionName] })),
    price: v.priceCents,
    salePrice: v.salePriceCents,
    priceMoney: money(v.priceCents, v.currency),
    salePriceMoney: money(v.salePriceCents, v.currency),
    onSale: v.onSale,
    unlimited: v.unlimited,
    qtyInStock: v.qtyInStock,
  };
}

/** The platform's item JSON for a product and its variants. */
export function productJson(p: ProductRow, vs: readonly VariantRow[], collectionUrl: string): Json {
  const ordering = parseJson<string[]>(p.variantOptionOrdering, []);
  const structuredContent: Json = {
    productType: p.productType,
    variantOptionOrdering: ordering,
    variants: vs.map((v) => variantJson(v, ordering)),
    isSubscribable: p.isSubscribable,
    useCustomAddButtonText: p.useCustomAddButtonText,
    customAddButtonText: p.customAddButtonText ?? '',
  };
  if (p.subscriptionPlan !== null) structuredContent['subscriptionPlan'] = parseJson(p.subscriptionPlan, null);
  if (p.additionalFieldsForm !== null) {
    structuredContent['additionalFieldsFormId'] = `${p.id}-form`;
    structuredContent['additionalFieldsForm'] = parseJson(p.additionalFieldsForm, null);
  }
  if (p.priceCents !== null) {
    structuredContent['priceMoney'] = money(p.priceCents, p.currency);
    structuredContent['salePriceMoney'] = money(p.salePriceCents ?? 0, p.currency);
    structuredContent['onSale'] = p.onSale;
  }
  // the demo pictures: one per value of the first option, the main image of the variants having that value
  const first = ordering[0];
  const firstValue = (v: Json) => (first === undefined ? undefined : (v['attributes'] as Record<string, string>)[first]);
  const keys = [...new Set((structuredContent['variants'] as Json[]).map(firstValue).filter((x): x is string => typeof x === 'string'))];
  const images = productImageFields(p.id, p.imageUrl, p.title, keys);
  const pictures = Array.isArray(images['items']) ? (images['items'] as Json[]) : [];
  if (pictures.length > 1) {
    for (const v of structuredContent['variants'] as Json[]) {
      const picture = pictures[1 + keys.indexOf(firstValue(v) ?? '')];
      if (picture !== undefined) Object.assign(v, { mainImageId: picture['id'], mainImage: picture });
    }
  }
  return {
    id: p.id,
    collectionId: p.collectionId,
    recordType: 11,
    recordTypeLabel: 'store-item',
    title: p.title,
    urlId: p.urlId,
    fullUrl: `/${collectionUrl}/p/${p.urlId}`,
    body: p.body,
    categories: parseJson<string[]>(p.categories, []),
    tags: parseJson<string[]>(p.tags, []),
    // the platform's flag for a highlighted item (blog posts carry it too); the home page features these
    starred: p.featured,
    ...images,
    structuredContent,
    merchandising: merchandisingJson(p, vs),
  };
}

/**
 * The product's merchandising context: its stored settings plus the views computed from stock (a scarcity
 * notice per limited variant in stock, a restock form per sold-out variant).
 */
function merchandisingJson(p: ProductRow, vs: readonly VariantRow[]): Json {
  const m = parseJson<Json>(p.merchandising, {});
  const single = vs.length === 1;
  const attributesOf = (v: VariantRow) => (single ? undefined : parseJson<Json>(v.attributes, {}));
  if (m['scarcityEnabled'] === true) {
    m['scarcityTemplateViews'] = vs.filter((v) => !v.unlimited && v.qtyInStock > 0).map((v) => ({ qtyInStock: v.qtyInStock, attributes: attributesOf(v) }));
  }
  if (m['restockNotificationMessages'] !== undefined) {
    m['restockNotificationViews'] = vs.filter((v) => !v.unlimited && v.qtyInStock <= 0).map((v) => ({ variantId: v.id, hiddenByDefault: !single }));
  }
  return m;
}

export interface ProductRecord {
  readonly row: ProductRow;
  readonly variants: VariantRow[];
}

/** The collection's products the storefront shows (archived ones are the merchant's only), in the store's order. */
export function loadProducts(db: Store, collectionId: string): ProductRecord[] {
  const rows = db.select().from(products).where(and(eq(products.collectionId, collectionId), eq(products.archived, false))).orderBy(asc(products.ordering)).all();
  const inCollection = db.select({ id: products.id }).from(products).where(eq(products.collectionId, collectionId));
  const byProduct = new Map<string, VariantRow[]>(rows.map((row) => [row.id, []]));
  for (const v of db.select().from(variants).where(inArray(variants.productId, inCollection)).orderBy(asc(variants.ordering)).all()) {
    byProduct.get(v.productId)?.push(v);
  }
  return rows.map((row) => ({ row, variants: byProduct.get(row.id)! }));
}

/**
 * The page queries, prepared once per store: drizzle otherwise builds the SQL and SQLite compiles it on every
 * call, which cost more than rendering the product page itself (see `npm run bench -- http`).
 */
function preparedQueries(db: Store) {
  return {
    productByUrl: db
      .select()
      .from(products)
      .where(and(eq(products.collectionId, sql.placeholder('collectionId')), eq(products.urlId, sql.placeholder('urlId')), eq(products.archived, false)))
      .prepare(),
    variantsOf: db.select().from(variants).where(eq(variants.productId, sql.placeholder('productId'))).orderBy(asc(variants.ordering)).prepare(),
    collectionByUrl: db.select().from(collections).where(eq(collections.urlId, sql.placeholder('urlId'))).prepare(),
  };
}

const prepared = new WeakMap<Store, ReturnType<typeof preparedQueries>>();

function queries(db: Store): ReturnType<typeof preparedQueries> {
  let q = prepared.get(db);
  if (q === undefined) {
    q = preparedQueries(db);
    prepared.set(db, q);
  }
  return q;
}

export function loadProduct(db: Store, collectionId: string, urlId: string): ProductRecord | null {
  const q = queries(db);
  const row = q.productByUrl.get({ collectionId, urlId });
  if (row === undefined) return null;
  return { row, variants: q.variantsOf.all({ productId: row.id }) };
}

export function loadProductById(db: Store, id: string): ProductRecord | null {
  const row = db.select().from(products).where(eq(products.id, id)).get();
  if (row === undefined) return null;
  return { row, variants: queries(db).variantsOf.all({ productId: row.id }) };
}

/** The fields every collection has in the platform's JSON (store and content collections alike). */
export function baseCollectionJson(c: typeof collections.$inferSelect) {
  return {
    id: c.id,
    websiteId: c.websiteId,
    type: c.type,
    title: c.title,
    navigationTitle: c.navigationTitle ?? c.title,
    urlId: c.urlId,
    fullUrl: `/${c.urlId}`,
    description: c.description,
    enabled: c.enabled,
  };
}

/** A store collection as pages see it. */
export function collectionJson(c: typeof collections.$inferSelect): Json {
  return { ...baseCollectionJson(c), typeName: 'products' };
}

export function loadCollectionByUrl(db: Store, urlId: string) {
  return queries(db).collectionByUrl.get({ urlId }) ?? null;
}
