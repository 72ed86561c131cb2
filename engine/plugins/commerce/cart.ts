/** Cart formatters on the shopping-cart JSON: item count, the cart link, and the retired subtotal. */
import { isObject } from '../../values.js';
import type { Formatter } from '../types.js';

/** Total quantity over the cart's entries; entries without a numeric quantity count as 0. */
export function cartQuantity(cart: unknown): number {
  const entries = isObject(cart) ? cart['entries'] : undefined;
  if (!Array.isArray(entries)) return 0;
  let total = 0;
  for (const e of entries) {
    const q = isObject(e) ? Number(e['quantity']) : NaN;
    if (Number.isFinite(q)) total += q;
  }
  return total;
}

export const CART_FORMATTERS: Formatter<any>[] = [
  { name: 'cart-quantity', format: (cart) => `<span class="sqs-cart-quantity">${cartQuantity(cart)}</span>` },
  // The platform retired this formatter; themes still call it, and it prints the platform's notice.
  { name: 'cart-subtotal', format: () => 'deprecated, do not use' },
  { name: 'cart-url', format: () => '/cart' },
];
