/**
 * The amounts of an order placed in test mode, in integer minor units. The spec names the amounts (subtotal,
 * tax, shipping, discount, grand total) but not how a store computes them, so the rules are ours and simple:
 * a flat shipping charge when anything in the order has to be shipped, no tax, no discounts. The cart shows
 * only its subtotal (`commerce/cart.ts`); shipping is decided here, at checkout, as on the platform where the
 * shipping option is chosen at checkout.
 */
import { cartTotals, type PricedEntry } from './cart.js';

/** Flat shipping in minor units of the order's currency (5.00 in USD; ¥500 in JPY, which has no minor digits). */
export const FLAT_SHIPPING_MINOR = 500;

export interface OrderAmounts {
  readonly subtotalCents: number;
  readonly shippingCents: number;
  readonly taxCents: number;
  readonly discountCents: number;
  readonly grandTotalCents: number;
  readonly requiresShipping: boolean;
}

export function orderAmounts(lines: readonly PricedEntry[]): OrderAmounts {
  const totals = cartTotals(lines);
  const shippingCents = totals.requiresShipping ? FLAT_SHIPPING_MINOR : 0;
  const taxCents = 0;
  const discountCents = 0;
  return {
    subtotalCents: totals.subtotalCents,
    shippingCents,
    taxCents,
    discountCents,
    grandTotalCents: totals.subtotalCents + shippingCents + taxCents - discountCents,
    requiresShipping: totals.requiresShipping,
  };
}
