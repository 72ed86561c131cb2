/**
 * Add-to-cart counted where the cart API adds an entry (server/commerce/cart-service.ts `addEntry`), inside its
 * transaction: every successful add counts, with or without JavaScript, and the count is committed with the
 * entry. The row keeps what was added (item, variant, quantity, cart); the client's own AddToCart events are
 * stored as events but not counted again.
 */
import type { Store } from '../db/database.js';
import { CART_SOURCE, type EventRow, recordEvent } from './record.js';
import { stampAt } from './stamp.js';

export interface CartAdd {
  readonly cartId: string;
  readonly itemId: string;
  readonly variantId: string | null;
  readonly quantity: number;
}

/** The event row of one add, as either store writes it. */
export function cartAddEvent(add: CartAdd): EventRow {
  const data = { cartId: add.cartId, itemId: add.itemId, quantity: add.quantity, ...(add.variantId === null ? {} : { variantId: add.variantId }) };
  return { source: CART_SOURCE, name: 'AddToCart', visitor: null, data };
}

export function countCartAdd(store: Store, add: CartAdd, now: number): void {
  const at = stampAt(store, now);
  if (at === null) return;
  recordEvent(store, at, cartAddEvent(add));
}
