/**
 * Cart arithmetic (spec 000 §3 "Shopping cart"): every amount in integer cents, computed from the unit prices
 * the server holds, never from the client.
 */
import { neverRunsOut, ProductType } from './products.js';

export interface PricedEntry {
  readonly quantity: number;
  /** What one unit costs now (the sale price when on sale), in cents. */
  readonly unitPriceCents: number;
  readonly productType: number;
}

export interface CartTotals {
  subtotalCents: number;
  taxCents: number;
  shippingCostCents: number;
  discountCents: number;
  grandTotalCents: number;
  totalQuantity: number;
  hasDigital: boolean;
  purelyDigital: boolean;
  requiresShipping: boolean;
}

/** Nothing to ship: digital goods, paywall passes and gift cards. */
const isDigital = (type: number) => neverRunsOut(type);

/** Totals of a cart. Tax, shipping and discounts are zero until the store configures them. */
export function cartTotals(entries: readonly PricedEntry[]): CartTotals {
  let subtotalCents = 0;
  let totalQuantity = 0;
  let digital = 0;
  let physical = 0;
  for (const e of entries) {
    subtotalCents += e.unitPriceCents * e.quantity;
    totalQuantity += e.quantity;
    if (isDigital(e.productType)) digital++;
    if (e.productType === ProductType.PHYSICAL) physical++;
  }
  const taxCents = 0;
  const shippingCostCents = 0;
  const discountCents = 0;
  return {
    subtotalCents,
    taxCents,
    shippingCostCents,
    discountCents,
    grandTotalCents: subtotalCents + taxCents + shippingCostCents - discountCents,
    totalQuantity,
    hasDigital: digital > 0,
    purelyDigital: entries.length > 0 && digital === entries.length,
    requiresShipping: physical > 0,
  };
}
