/** Commerce predicates on the current item: `on-sale?`, `sold-out?`, `has-variants?`, `varied-prices?`. */
import type { Predicate } from '../types.js';
import { DIGITAL, onSale, soldOut, typeOf, variantEntries, variedPrices } from './platform-product.js';

const onCurrentItem = (name: string, test: (item: unknown) => boolean): Predicate => ({
  name,
  test: (ctx) => test(ctx.node),
});

/** More than one entry in the variants list (whatever the entries are), and not a digital product, as the platform counts. */
function hasVariantEntries(item: unknown): boolean {
  return typeOf(item) !== DIGITAL && variantEntries(item).length > 1;
}

export const COMMERCE_PREDICATES: Predicate<any>[] = [
  onCurrentItem('on-sale?', onSale),
  onCurrentItem('sold-out?', soldOut),
  onCurrentItem('has-variants?', hasVariantEntries),
  onCurrentItem('varied-prices?', variedPrices),
];
