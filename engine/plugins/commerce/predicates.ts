/** Commerce predicates on the current item: `on-sale?`, `sold-out?`, `has-variants?`, `varied-prices?`. */
import { hasVariedPrices, isOnSale, isSoldOut, pricedOnProduct, productContent, ProductType, productType } from '../../../commerce/products.js';
import type { Predicate } from '../types.js';

/**
 * On sale as the platform shows it (`on-sale?`, `item-classes`, `product-status`): a product priced by its
 * variants counts only when it is physical or a service; gift cards and products of an unknown type never do
 * (found against the reference engine).
 */
export function showsOnSale(item: unknown): boolean {
  const type = productType(item);
  if (!pricedOnProduct(type) && type !== ProductType.PHYSICAL && type !== ProductType.SERVICE) return false;
  return isOnSale(item);
}

const onCurrentItem = (name: string, test: (item: unknown) => boolean): Predicate => ({
  name,
  test: (ctx) => test(ctx.node),
});

/** More than one entry in the variants list (whatever the entries are), and not a digital product, as the platform counts. */
function hasVariantEntries(item: unknown): boolean {
  const variants = productContent(item)['variants'];
  return !pricedOnProduct(productType(item)) && Array.isArray(variants) && variants.length > 1;
}

export const COMMERCE_PREDICATES: Predicate<any>[] = [
  onCurrentItem('on-sale?', showsOnSale),
  onCurrentItem('sold-out?', isSoldOut),
  onCurrentItem('has-variants?', hasVariantEntries),
  onCurrentItem('varied-prices?', hasVariedPrices),
];
