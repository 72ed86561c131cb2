/** Cart formatters on the shopping-cart JSON: item count, the cart link, and the subtotal. */
import { moneyFromMinor } from '../../../commerce/money.js';
import { isObject, toNumber } from '../../values.js';
import { field } from '../content/scalars.js';
import { nativeMarkup } from './money-format.js';
import type { Formatter } from '../types.js';

/**
 * Total quantity over the cart's entries, each read as the numeric formatters read a value (a missing one is 0,
 * `"2a"` is 2, text that is no number makes the total NaN), as the platform counts.
 */
export function cartQuantity(cart: unknown): number {
  const entries = isObject(cart) ? cart['entries'] : undefined;
  if (!Array.isArray(entries)) return 0;
  let total = 0;
  for (const e of entries) total += toNumber(field(e, 'quantity'));
  return total;
}

export const CART_FORMATTERS: Formatter<any>[] = [
  { name: 'cart-quantity', format: (cart) => `<span class="sqs-cart-quantity">${cartQuantity(cart)}</span>` },
  // The TypeScript reference prints a retirement notice here; the Java engine, which the platform runs, prints
  // the cart's `subtotalCents` as native money (a missing or unreadable amount counts as zero).
  {
    name: 'cart-subtotal',
    format: (cart) => {
      const cents = isObject(cart) ? cart['subtotalCents'] : undefined;
      const m = moneyFromMinor(cents) ?? moneyFromMinor(0)!;
      return `<span class="sqs-cart-subtotal">${nativeMarkup(m)}</span>`;
    },
  },
  { name: 'cart-url', format: () => '/cart' },
];
