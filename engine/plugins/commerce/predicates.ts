/** Commerce predicates on the current item: `on-sale?`, `sold-out?`, `has-variants?`, `varied-prices?`. */
import { hasVariedPrices, isSoldOut, pricedOnProduct, productContent, ProductType, productType, variantsOf } from '../../../commerce/products.js';
import { isTruthy } from '../../values.js';
import type { Predicate } from '../types.js';

/**
 * On sale as the platform shows it (`on-sale?`, `item-classes`, `product-status`): a product priced by its
 * variants counts only when it is physical or a service; gift cards and products of an unknown type never do
 * (found against the reference engine).
 */
export function showsOnSale(item: unknown): boolean {
  const type = productType(item);
  // The flag is read as the platform reads it: any truthy value (3, "3") counts.
  if (pricedOnProduct(type)) return isTruthy(productContent(item)['onSale']);
  if (type !== ProductType.PHYSICAL && type !== ProductType.SERVICE) return false;
  return variantsOf(item).some((v) => isTruthy(v['onSale']));
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
