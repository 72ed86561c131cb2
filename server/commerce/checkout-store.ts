/**
 * Checkout's write behind one async interface (issue 25): placing the order for a cart, which takes the stock,
 * numbers the order and marks the cart purchased in one transaction. `sqliteCheckoutStore` is checkout-service.ts
 * `placeOrder` (one synchronous immediate transaction) answered as a promise; the PostgreSQL twin is
 * checkout-store-pg.ts. Both decide with the same pure steps (`planOrder`, `orderLines`, `orderRecord`). Beside
 * it, the reads the order routes need around it: the token cart a token names, and the order placed.
 */
import { type CartState, cartState, checkoutSummary, loadOrder, type OrderRow, type PlaceResult, placeOrder } from './checkout-service.js';
import type { Json } from './catalog.js';
import type { Store } from '../db/database.js';
import { tokenCartId } from './token-carts.js';

export interface CheckoutStore {
  /**
   * Places the order for `cartId` with the customer's `details` (validated here), queues its e-mail (download
   * links signed with `linkSecret`). Refusals come back as values, never half-written orders.
   */
  placeOrder(cartId: string, details: Readonly<Record<string, unknown>>, linkSecret: string, now?: number, siteUserId?: string | null): Promise<PlaceResult>;
  /** The token cart (subscription, gift card) a token names, or null for a malformed or unknown token. */
  tokenCart(token: string): Promise<string | null>;
  /** An order by id, or null. */
  order(orderId: string): Promise<OrderRow | null>;
  /** Whether the cart exists, is bought, is empty (the checkout page's first question), or null. */
  cartState(cartId: string): Promise<CartState | null>;
  /** The checkout page's data: the cart, its amounts, a subscription's plan. */
  summary(cartId: string): Promise<Json>;
}

export function sqliteCheckoutStore(db: Store): CheckoutStore {
  return {
    placeOrder: async (cartId, details, linkSecret, now = Date.now(), siteUserId = null) => placeOrder(db, cartId, details, linkSecret, now, siteUserId),
    tokenCart: async (token) => tokenCartId(db, token),
    order: async (orderId) => loadOrder(db, orderId),
    cartState: async (cartId) => cartState(db, cartId),
    summary: async (cartId) => checkoutSummary(db, cartId),
  };
}
