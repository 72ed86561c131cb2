/**
 * `Y.Squarespace.Commerce`: the platform's shop helpers that theme scripts call (from the corpus:
 * `goToCheckoutPage`, `isExpressCheckout`, `moneyString`, `priceString`, plus the product questions the
 * platform lists beside them), on Tessera's real store: prices are the product JSON's integer cents
 * (`structuredContent.variants[].price`), money is written as the islands write it (commerce/money-text.ts, the
 * site's currency and language), checkout is Tessera's `/checkout` page, express checkout the store setting
 * `expressCheckout`. The corpus's themes add to the cart through the cart API themselves, so no add is offered.
 */
import { moneyText } from '../commerce/money-text.js';
import { moneyLocale, storeSetting } from './page-context.js';

type Item = Record<string, unknown>;
type Variant = { price?: unknown; salePrice?: unknown; onSale?: unknown; unlimited?: unknown; qtyInStock?: unknown };

const variantsOf = (item: unknown): Variant[] => {
  const content = (item as Item | null)?.['structuredContent'] as Item | undefined;
  const variants = content?.['variants'];
  return Array.isArray(variants) ? (variants as Variant[]) : [];
};

const cents = (value: unknown): number | null => (typeof value === 'number' && Number.isInteger(value) ? value : null);

/** What a variant costs now: its sale price while on sale. */
const currentPrice = (v: Variant): number | null => (v.onSale === true ? cents(v.salePrice) : null) ?? cents(v.price);

/** `moneyString(2500)` → `$25.00`: integer cents as the site writes money (`currency` overrides the site's). */
export function moneyString(amountCents: unknown, currency?: unknown): string {
  const value = typeof amountCents === 'string' && /^-?\d+$/.test(amountCents) ? Number(amountCents) : amountCents;
  if (typeof value !== 'number' || !Number.isFinite(value)) return '';
  const site = moneyLocale();
  return moneyText(Math.round(value), typeof currency === 'string' && /^[A-Z]{3}$/.test(currency) ? currency : site.currency, site.locale);
}

export function hasVariants(item: unknown): boolean {
  return variantsOf(item).length > 1;
}

export function onSale(item: unknown): boolean {
  return variantsOf(item).some((v) => v.onSale === true);
}

export function soldOut(item: unknown): boolean {
  const variants = variantsOf(item);
  return variants.length > 0 && variants.every((v) => v.unlimited !== true && (cents(v.qtyInStock) ?? 0) <= 0);
}

export function getTotalStockRemaining(item: unknown): number {
  const variants = variantsOf(item);
  if (variants.some((v) => v.unlimited === true)) return Infinity;
  return variants.reduce((n, v) => n + Math.max(0, cents(v.qtyInStock) ?? 0), 0);
}

export function variedPrices(item: unknown): boolean {
  return new Set(variantsOf(item).map(currentPrice)).size > 1;
}

/** The lowest regular price of the item's variants, in cents. */
export function normalPrice(item: unknown): number {
  return Math.min(...variantsOf(item).map((v) => cents(v.price) ?? Infinity));
}

/** The lowest sale price of its variants on sale, in cents (0 when none is). */
export function salePrice(item: unknown): number {
  const prices = variantsOf(item).filter((v) => v.onSale === true).map((v) => cents(v.salePrice) ?? Infinity);
  return prices.length === 0 ? 0 : Math.min(...prices);
}

/** The lowest price one can pay now, in cents. */
export function fromPrice(item: unknown): number {
  return Math.min(...variantsOf(item).map((v) => currentPrice(v) ?? Infinity));
}

/** The item's price as a shopper reads it: `$25.00`, or `from $18.00` when its variants cost different amounts. */
export function priceString(item: unknown): string {
  const lowest = fromPrice(item);
  if (!Number.isFinite(lowest)) return '';
  return `${variedPrices(item) ? 'from ' : ''}${moneyString(lowest)}`;
}

export function isExpressCheckout(): boolean {
  return storeSetting('expressCheckout') === true;
}

export function goToCheckoutPage(): void {
  window.location.assign('/checkout');
}

export const Commerce = {
  moneyString,
  priceString,
  hasVariants,
  onSale,
  soldOut,
  getTotalStockRemaining,
  variedPrices,
  normalPrice,
  salePrice,
  fromPrice,
  isExpressCheckout,
  goToCheckoutPage,
};
