/**
 * Checkout's write behind one async interface (issue 25): placing the order for a cart, which takes the stock,
 * numbers the order and marks the cart purchased in one transaction. `sqliteCheckoutStore` is checkout-service.ts
 * `placeOrder` (one synchronous immediate transaction) answered as a promise; the PostgreSQL twin is
 * checkout-store-pg.ts. Both decide with the same pure steps (`planOrder`, `orderLines`, `orderRecord`).
 */
import { type PlaceResult, placeOrder } from './checkout-service.js';
import type { Store } from './db/database.js';

export interface CheckoutStore {
  /**
   * Places the order for `cartId` with the customer's `details` (validated here), queues its e-mail (download
   * links signed with `linkSecret`). Refusals come back as values, never half-written orders.
   */
  placeOrder(cartId: string, details: Readonly<Record<string, unknown>>, linkSecret: string, now?: number, siteUserId?: string | null): Promise<PlaceResult>;
}

export function sqliteCheckoutStore(db: Store): CheckoutStore {
  return {
    placeOrder: async (cartId, details, linkSecret, now = Date.now(), siteUserId = null) => placeOrder(db, cartId, details, linkSecret, now, siteUserId),
  };
}
