/**
 * A product's JSON as the platform's templates read it, found by differential testing against the reference
 * engine over odd data (the shop's own rules, for the server and the islands, are in commerce/products.ts):
 * - the type is `structuredContent.productType` read as the numeric formatters read a value (`"2abc"` is 2,
 *   `true` 1, a list 0): 1 physical, 2 digital, 3 service, 4 gift card, -1 none; any other is an unknown
 *   type, priced at 0 and always sold out;
 * - the variants are the list as it is: an entry that is not an object has no fields (price 0, not on sale,
 *   no stock), and counts wherever entries are counted;
 * - flags (`onSale`, `unlimited`) are read by truthiness (`"false"` is on, `{}` off), a count (`qtyInStock`)
 *   as a number, `isSubscribable` as a comparison reads a boolean (`true`, `"true"` or a whole non-zero number);
 * - "varied prices" compares every variant's `onSale`, legacy `price` and (when on sale) `salePrice` with the
 *   first variant's, as JSON values (3 and "3" differ; missing and null do not).
 */
import { ProductType } from '../../../commerce/products.js';
import { isObject, isTruthy, readsTrue, toNumber, valuesEqual } from '../../values.js';
import { field, text } from '../content/scalars.js';
import { type Amount, compareAmounts, moneyAmount, ZERO } from './platform-decimal.js';

// The platform's type codes, as the shop's own rules name them.
export const { PHYSICAL, DIGITAL, SERVICE, GIFT_CARD } = ProductType;
/** The type of a record that is no product: no price at all. */
export const NO_PRODUCT = -1;

type Json = Record<string, unknown>;

/** The item's structuredContent, or an empty object. */
export function contentOf(item: unknown): Json {
  const sc = field(item, 'structuredContent');
  return isObject(sc) ? sc : {};
}

export function typeOf(item: unknown): number {
  return toNumber(contentOf(item)['productType']);
}

/** Priced by its variants: physical, service and gift-card products. */
export function byVariants(type: number): boolean {
  return type === PHYSICAL || type === SERVICE || type === GIFT_CARD;
}

/** The variants list as it is (entries of any kind), or empty. */
export function variantEntries(item: unknown): readonly unknown[] {
  const v = contentOf(item)['variants'];
  return Array.isArray(v) ? v : [];
}

const onSaleFlag = (variant: unknown) => isTruthy(field(variant, 'onSale'));

export function isSubscribableProduct(item: unknown): boolean {
  return readsTrue(contentOf(item)['isSubscribable']);
}

/**
 * `sold-out?`: digital products and gift cards never, physical products and services when no variant is
 * unlimited or in stock, anything else always.
 */
export function soldOut(item: unknown): boolean {
  const type = typeOf(item);
  if (type === DIGITAL || type === GIFT_CARD) return false;
  if (type !== PHYSICAL && type !== SERVICE) return true;
  return !variantEntries(item).some((v) => isTruthy(field(v, 'unlimited')) || toNumber(field(v, 'qtyInStock')) > 0);
}

/** `on-sale?`: a digital product's own flag, any variant's of a physical product or service. */
export function onSale(item: unknown): boolean {
  const type = typeOf(item);
  if (type === DIGITAL) return isTruthy(contentOf(item)['onSale']);
  return (type === PHYSICAL || type === SERVICE) && variantEntries(item).some(onSaleFlag);
}

/** `varied-prices?` (see the file comment). */
export function variedPrices(item: unknown): boolean {
  if (!byVariants(typeOf(item))) return false;
  const [first, ...rest] = variantEntries(item);
  const sale = onSaleFlag(first);
  const same = (v: unknown, key: string) => valuesEqual(field(v, key), field(first, key));
  return rest.some((v) => !same(v, 'onSale') || !same(v, 'price') || (sale && !same(v, 'salePrice')));
}

/** An amount with the currency of the money object it came from. */
export interface Price {
  readonly amount: Amount;
  readonly currency: unknown;
  /** The money object is missing, or has no value: the amount reads as 0. */
  readonly missing: boolean;
}

export const ZERO_PRICE: Price = { amount: ZERO, currency: undefined, missing: false };

export function priceOf(money: unknown): Price {
  const value = field(money, 'value');
  return { amount: moneyAmount(money), currency: field(money, 'currency'), missing: value === undefined || value === null };
}

/** The index of the best of the prices by `better` (a comparison), the first kept on ties; -1 when there are none. */
function bestAt(prices: readonly Price[], better: (c: number) => boolean): number {
  let at = -1;
  for (let i = 0; i < prices.length; i++) if (at < 0 || better(compareAmounts(prices[i]!.amount, prices[at]!.amount))) at = i;
  return at;
}

const higher = (c: number) => c > 0;
const lower = (c: number) => c < 0;
const pick = (prices: readonly Price[], better: (c: number) => boolean): Price => prices[bestAt(prices, better)] ?? ZERO_PRICE;

/** `normal-price`: the highest variant price, a digital product's own; 0 for other types. */
export function normalPrice(item: unknown): Price {
  const type = typeOf(item);
  if (type === DIGITAL) return priceOf(contentOf(item)['priceMoney']);
  return byVariants(type) ? pick(variantEntries(item).map((v) => priceOf(field(v, 'priceMoney'))), higher) : ZERO_PRICE;
}

/** `sale-price`: the lowest sale price of the variants on sale, a digital product's own; 0 for gift cards. */
export function salePrice(item: unknown): Price {
  const type = typeOf(item);
  if (type === DIGITAL) return priceOf(contentOf(item)['salePriceMoney']);
  if (type !== PHYSICAL && type !== SERVICE) return ZERO_PRICE;
  return pick(variantEntries(item).filter(onSaleFlag).map((v) => priceOf(field(v, 'salePriceMoney'))), lower);
}

/** What a variant (or a pricing option) costs now: its sale price when on sale. */
export const currentPrice = (v: unknown): Price => priceOf(field(v, onSaleFlag(v) ? 'salePriceMoney' : 'priceMoney'));

/** The variant that costs least now (the first of equals), or undefined when there is none. */
export function cheapestVariant(item: unknown): unknown {
  const variants = variantEntries(item);
  return variants[bestAt(variants.map(currentPrice), lower)];
}

/** `from-price`: the lowest current price of the variants; a digital product's price. */
export function fromPrice(item: unknown): Price {
  const type = typeOf(item);
  if (type === DIGITAL) return priceOf(contentOf(item)['priceMoney']);
  return byVariants(type) ? pick(variantEntries(item).map(currentPrice), lower) : ZERO_PRICE;
}

export { onSaleFlag };

/** An option a shopper chooses, with its values as the select prints them. */
export interface SelectOption {
  readonly name: string;
  readonly values: string[];
}

/**
 * `variants-select`'s options: with more than one entry in the variants list, one per entry of
 * `variantOptionOrdering` (its name as text), each with the distinct texts of the variants' attribute of that
 * name, in the variants' order; an attribute that is null (or not text) is an empty choice, a missing one none.
 */
export function selectOptions(item: unknown): SelectOption[] {
  const variants = variantEntries(item);
  const ordering = contentOf(item)['variantOptionOrdering'];
  if (variants.length <= 1 || !Array.isArray(ordering)) return [];
  return ordering.map((entry) => {
    const name = text(entry);
    const values: string[] = [];
    for (const v of variants) {
      const value = field(field(v, 'attributes'), name);
      if (value === undefined) continue;
      const shown = text(value);
      if (!values.includes(shown)) values.push(shown);
    }
    return { name, values };
  });
}
