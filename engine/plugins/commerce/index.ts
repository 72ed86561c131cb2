/** The commerce family: money, prices, product blocks (add to cart, variants, quantity...), cart and forms. */
import type { Formatter, Predicate } from '../types.js';
import { CART_FORMATTERS } from './cart.js';
import { FORM_FORMATTERS } from './forms.js';
import { MONEY_FORMATTERS } from './money.js';
import { COMMERCE_PREDICATES } from './predicates.js';
import { PRICE_FORMATTERS } from './prices.js';
import { PRODUCT_FORMATTERS } from './product.js';

export const COMMERCE_PLUGINS: { formatters: Formatter<any>[]; predicates: Predicate<any>[] } = {
  formatters: [...MONEY_FORMATTERS, ...PRICE_FORMATTERS, ...PRODUCT_FORMATTERS, ...CART_FORMATTERS, ...FORM_FORMATTERS],
  predicates: [...COMMERCE_PREDICATES],
};
