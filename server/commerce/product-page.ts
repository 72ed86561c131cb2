/**
 * What the product page adds to its item and context beyond the catalogue JSON: the instalment context and
 * pill (spec 000 §3–§5), and whether the reviews section shows (spec 000 §2). The rules are in commerce/;
 * this only feeds them the website settings and the product.
 *
 * The instalment context is stored in the website settings as `storeSettings.installmentContext`
 * (`afterPayAvailable`, `afterPayMin` and `afterPayMax` in integer cents, `shopperLanguage`,
 * `stripeAccountCountry`, optional `numInstallments`, default 4).
 */
import { installmentContextOf, productInstallmentPill } from '../../commerce/installments.js';
import { isRecord } from '../../commerce/json.js';
import { compareMoney, type Money } from '../../commerce/money.js';
import { flag, isSoldOut, productType, variantPrice, variantSalePrice, variantsOf } from '../../commerce/products.js';
import { reviewsEnabled } from '../../commerce/reviews.js';
import type { Json } from './catalog.js';
import type { Store } from '../db/database.js';
import { websiteSettings } from '../page-context.js';

/** The price a shopper pays for the cheapest variant: its sale price when on sale (the "from" price). */
export function lowestCurrentPrice(item: unknown): Money | null {
  let lowest: Money | null = null;
  for (const v of variantsOf(item)) {
    const price = flag(v['onSale']) ? variantSalePrice(v) : variantPrice(v);
    if (price !== null && (lowest === null || compareMoney(price, lowest) < 0)) lowest = price;
  }
  return lowest;
}

export function installmentSettings(settings: unknown): unknown {
  const store = isRecord(settings) ? settings['storeSettings'] : undefined;
  return isRecord(store) ? store['installmentContext'] : undefined;
}

/**
 * The item with `installmentContext` and `installmentPill` (absent when no pill shows), and the context's
 * `reviewsEnabled`. The product is a cart of one here: the pill is about buying it, at its "from" price, and
 * a sold-out product has none.
 */
export function productPageParts(item: Json, settings: unknown): { item: Json; extra: Json } {
  const context = installmentContextOf(installmentSettings(settings));
  const price = lowestCurrentPrice(item);
  const product = { productType: productType(item), soldOut: isSoldOut(item) };
  const pill = price === null || price.minor > BigInt(Number.MAX_SAFE_INTEGER) ? null : productInstallmentPill(context, product, Number(price.minor), price.currency);
  const withInstalments: Json = { ...item };
  if (context !== null) withInstalments['installmentContext'] = context;
  if (pill !== null) withInstalments['installmentPill'] = pill;
  return { item: withInstalments, extra: { reviewsEnabled: reviewsEnabled(settings) } };
}

/** The same, with the store's website settings. */
export function productPage(store: Store, item: Json): { item: Json; extra: Json } {
  return productPageParts(item, websiteSettings(store));
}
