/** Commerce predicates on the current item: `on-sale?`, `sold-out?`, `has-variants?`, `varied-prices?`. */
import { hasVariants, hasVariedPrices, isOnSale, isSoldOut } from '../../../commerce/products.js';
import type { Predicate } from '../types.js';

const onCurrentItem = (name: string, test: (item: unknown) => boolean): Predicate => ({
  name,
  test: (ctx) => test(ctx.node),
});

export const COMMERCE_PREDICATES: Predicate<any>[] = [
  onCurrentItem('on-sale?', isOnSale),
  onCurrentItem('sold-out?', isSoldOut),
  onCurrentItem('has-variants?', hasVariants),
  onCurrentItem('varied-prices?', hasVariedPrices),
];
