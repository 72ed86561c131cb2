/**
 * Display rules for store products (spec 001 §4 "Product display status", §5 "Display"), on the platform's
 * item JSON: `structuredContent` holds productType, variants, onSale, priceMoney... Shared by the engine's
 * commerce formatters, the server and the islands, so a product looks the same everywhere.
 */
import { compareMoney, type Money, moneyFromMinor, moneyOf } from './money.js';
import { isRecord } from './json.js';

export const ProductType = { PHYSICAL: 1, DIGITAL: 2, SERVICE: 3, GIFT_CARD: 4, PAYWALL: 5 } as const;

/**
 * Priced on the product itself, without variants: digital goods and paywall passes (spec 000: the cart side
 * also knows paywall, type 5, e.g. a member-area pass; the display layer only shows types 1–4).
 */
export function pricedOnProduct(type: number): boolean {
  return type === ProductType.DIGITAL || type === ProductType.PAYWALL;
}

/** Never runs out of stock: what is priced on the product, and gift cards. */
export function neverRunsOut(type: number): boolean {
  return pricedOnProduct(type) || type === ProductType.GIFT_CARD;
}

/** Shown in store listings and product pages: the display layer's types 1–4. */
export function isDisplayedType(type: number): boolean {
  return type >= ProductType.PHYSICAL && type <= ProductType.GIFT_CARD;
}

/** Stock of an unlimited variant, and of digital products and gift cards. */
export const UNLIMITED_STOCK = Number.MAX_SAFE_INTEGER;

type Json = Record<string, unknown>;


/** The item's structuredContent, or an empty object. */
export function productContent(item: unknown): Json {
  const sc = isRecord(item) ? item['structuredContent'] : undefined;
  return isRecord(sc) ? sc : {};
}

/** The product type as a number (JSON may carry "1"); NaN when absent. */
export function productType(item: unknown): number {
  const t = productContent(item)['productType'];
  return typeof t === 'number' ? t : typeof t === 'string' && t.trim() !== '' ? Number(t) : NaN;
}

export function variantsOf(item: unknown): Json[] {
  const v = productContent(item)['variants'];
  return Array.isArray(v) ? v.filter(isRecord) : [];
}

/** JSON booleans arrive as true or "true". */
export function flag(v: unknown): boolean {
  return v === true || v === 'true';
}

function stockOf(variant: Json): number {
  if (flag(variant['unlimited'])) return UNLIMITED_STOCK;
  const q = Number(variant['qtyInStock']);
  return Number.isFinite(q) ? q : 0;
}

/** Stock left over all variants: unlimited for digital products, gift cards and any unlimited variant. */
export function totalStock(item: unknown): number {
  if (neverRunsOut(productType(item))) return UNLIMITED_STOCK;
  let total = 0;
  for (const v of variantsOf(item)) {
    const s = stockOf(v);
    if (s === UNLIMITED_STOCK) return UNLIMITED_STOCK;
    total += Math.max(0, s);
  }
  return Math.min(total, UNLIMITED_STOCK);
}

/**
 * Sold out (spec 001 §4): a physical product or service with no variant unlimited or in stock. Digital
 * products, gift cards and passes never run out.
 */
export function isSoldOut(item: unknown): boolean {
  const type = productType(item);
  return (type === ProductType.PHYSICAL || type === ProductType.SERVICE) && totalStock(item) <= 0;
}

/** More than one variant, and not a digital product. */
export function hasVariants(item: unknown): boolean {
  return !pricedOnProduct(productType(item)) && variantsOf(item).length > 1;
}

/** A variant's regular price: `priceMoney`, else the legacy `price` in cents. */
export function variantPrice(v: Json): Money | null {
  return moneyOf(v['priceMoney']) ?? moneyFromMinor(v['price']);
}

export function variantSalePrice(v: Json): Money | null {
  return moneyOf(v['salePriceMoney']) ?? moneyFromMinor(v['salePrice']);
}

function sameMoney(a: Money | null, b: Money | null): boolean {
  if (a === null || b === null) return a === b;
  return compareMoney(a, b) === 0;
}

/** Priced by its variants: the display layer's physical, service and gift-card products. */
function pricedByVariants(type: number): boolean {
  return type === ProductType.PHYSICAL || type === ProductType.SERVICE || type === ProductType.GIFT_CARD;
}

/** Variants differ in onSale, in price, or (when on sale) in sale price. */
export function hasVariedPrices(item: unknown): boolean {
  if (!pricedByVariants(productType(item))) return false;
  const [first, ...rest] = variantsOf(item);
  if (first === undefined) return false;
  const onSale = flag(first['onSale']);
  return rest.some((v) => {
    if (flag(v['onSale']) !== onSale) return true;
    if (!sameMoney(variantPrice(v), variantPrice(first))) return true;
    return onSale && !sameMoney(variantSalePrice(v), variantSalePrice(first));
  });
}

/** Subscriptions are sold only for physical and service products. */
export function isSubscriptionAvailable(item: unknown): boolean {
  const type = productType(item);
  return type === ProductType.PHYSICAL || type === ProductType.SERVICE;
}

export function isSubscribable(item: unknown): boolean {
  return flag(productContent(item)['isSubscribable']);
}

/** The store setting, default true when the settings do not say. */
export function multipleQuantityAllowedForServices(settings: unknown): boolean {
  const store = isRecord(settings) ? settings['storeSettings'] : undefined;
  const allowed = isRecord(store) ? store['multipleQuantityAllowedForServices'] : undefined;
  return allowed === undefined || allowed === null ? true : flag(allowed);
}

/**
 * The quantity input shows for physical products, or services when the store allows several, when the
 * product is not subscribable and more than one unit is left.
 */
export function showsQuantityInput(item: unknown, settings: unknown): boolean {
  const type = productType(item);
  const kindAllows = type === ProductType.PHYSICAL || (type === ProductType.SERVICE && multipleQuantityAllowedForServices(settings));
  return kindAllows && !isSubscribable(item) && totalStock(item) > 1;
}

export interface VariantOption {
  readonly name: string;
  readonly values: string[];
}

/**
 * The options a shopper chooses between, in `variantOptionOrdering`, each with its distinct values in the
 * order the variants list them. Empty unless there is more than one variant to choose from.
 */
export function variantOptions(item: unknown): VariantOption[] {
  const variants = variantsOf(item);
  if (variants.length <= 1) return [];
  const ordering = productContent(item)['variantOptionOrdering'];
  if (!Array.isArray(ordering)) return [];
  return ordering
    .filter((n): n is string => typeof n === 'string')
    .map((name) => {
      const values: string[] = [];
      for (const v of variants) {
        const attrs = v['attributes'];
        const value = isRecord(attrs) ? attrs[name] : undefined;
        if (value === undefined || value === null) continue;
        const text = String(value);
        if (!values.includes(text)) values.push(text);
      }
      return { name, values };
    });
}
