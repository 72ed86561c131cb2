/**
 * A product's variants as the buy box needs them (prices in integer cents, stock or unlimited, option
 * values, image), read from the platform's item JSON: the server builds the islands' props with it and the
 * platform-markup island reads a theme's `data-variants` with it.
 */
import { isRecord } from './json.js';
import { flag, neverRunsOut, pricedOnProduct, productContent, productType, variantPrice, variantSalePrice, variantsOf } from './products.js';
import { moneyOf } from './money.js';

export interface VariantView {
  /** The variant's id (the back-in-stock signup names it); absent for a product priced on the product itself. */
  readonly id?: string | null;
  /** Null for a product priced on the product itself (digital, paywall): the cart takes no sku then. */
  readonly sku: string | null;
  readonly attributes: Readonly<Record<string, string>>;
  readonly priceCents: number;
  readonly salePriceCents: number;
  readonly onSale: boolean;
  /** Units left; null when it never runs out. */
  readonly stock: number | null;
  readonly imageId?: string | null;
}

const cents = (m: { minor: bigint } | null) => (m === null ? 0 : Number(m.minor));

function attributesOf(v: Record<string, unknown>): Record<string, string> {
  const a = v['attributes'];
  if (!isRecord(a)) return {};
  return Object.fromEntries(Object.entries(a).filter(([, value]) => value !== null && value !== undefined).map(([k, value]) => [k, String(value)]));
}

/** One view per variant, or one for the product when it is priced on the product. */
export function variantViews(item: unknown, variants: readonly unknown[] = variantsOf(item)): VariantView[] {
  const type = productType(item);
  const unlimited = neverRunsOut(type);
  if (pricedOnProduct(type)) {
    const sc = productContent(item);
    return [{ sku: null, attributes: {}, priceCents: cents(moneyOf(sc['priceMoney'])), salePriceCents: cents(moneyOf(sc['salePriceMoney'])), onSale: flag(sc['onSale']), stock: null }];
  }
  return variants.filter(isRecord).map((v) => {
    const mainImage = v['mainImage'];
    const imageId = isRecord(mainImage) && typeof mainImage['id'] === 'string' ? mainImage['id'] : null;
    const qty = Number(v['qtyInStock']);
    return {
      id: typeof v['id'] === 'string' ? v['id'] : null,
      sku: typeof v['sku'] === 'string' ? v['sku'] : null,
      attributes: attributesOf(v),
      priceCents: cents(variantPrice(v)),
      salePriceCents: cents(variantSalePrice(v)),
      onSale: flag(v['onSale']),
      stock: unlimited || flag(v['unlimited']) ? null : Number.isFinite(qty) ? Math.max(0, qty) : 0,
      imageId,
    };
  });
}

/** What one unit costs now: the sale price when on sale. */
export const currentPrice = (v: VariantView): number => (v.onSale ? v.salePriceCents : v.priceCents);

export const isSoldOutVariant = (v: VariantView): boolean => v.stock !== null && v.stock <= 0;

/** The variants that agree with every chosen value (empty values choose nothing); `except` is left out. */
export function matchingVariants(variants: readonly VariantView[], chosen: Readonly<Record<string, string>>, except?: string): VariantView[] {
  return variants.filter((v) => Object.entries(chosen).every(([name, value]) => name === except || value === '' || v.attributes[name] === value));
}

/** A value is sold out when every variant having it (and the other chosen values) is. */
export function valueSoldOut(variants: readonly VariantView[], chosen: Readonly<Record<string, string>>, option: string, value: string): boolean {
  const having = matchingVariants(variants, chosen, option).filter((v) => v.attributes[option] === value);
  return having.length > 0 && having.every(isSoldOutVariant);
}

/** The price to show for some variants: `from` the lowest when they differ, a sale with its original, or one price. */
export type PriceSummary =
  | { readonly kind: 'from'; readonly cents: number }
  | { readonly kind: 'sale'; readonly cents: number; readonly originalCents: number }
  | { readonly kind: 'single'; readonly cents: number };

export function priceSummary(shown: readonly VariantView[]): PriceSummary | null {
  const first = shown[0];
  if (first === undefined) return null;
  const prices = shown.map(currentPrice);
  const lowest = Math.min(...prices);
  if (prices.some((p) => p !== lowest)) return { kind: 'from', cents: lowest };
  if (shown.every((v) => v.onSale && v.priceCents === first.priceCents)) return { kind: 'sale', cents: lowest, originalCents: first.priceCents };
  return { kind: 'single', cents: lowest };
}
