/** The commerce family: money, prices, product blocks (add to cart, variants, quantity...), cart and forms. */
import type { Formatter, Predicate } from '../types.js';
import { MONEY_FORMATTERS } from './money.js';
import { COMMERCE_PREDICATES } from './predicates.js';
import { PRICE_FORMATTERS } from './prices.js';

export const COMMERCE_PLUGINS: { formatters: Formatter<any>[]; predicates: Predicate<any>[] } = {
  formatters: [...MONEY_FORMATTERS, ...PRICE_FORMATTERS],
  predicates: [...COMMERCE_PREDICATES],
};
