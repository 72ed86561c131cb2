/**
 * The shop's events (spec 000 §7 "Also"): an add to the cart (the islands' `tessera:added-to-cart`,
 * hydrate/cart-event.ts) goes to the legacy tracker as `AddToCart` with its variant; the order confirmation
 * sends `CheckoutConfirmed` through the newer tracker with the order's `orderId`, `cartId`, `testMode` and
 * `websiteId`, once per order in this browser (a reload of the confirmation does not count the sale again).
 */
import { ADDED_TO_CART_EVENT, type AddedToCart } from '../cart-event.js';
import { trackEvent } from './events.js';
import { recordEvent } from './legacy-event.js';
import type { CensusPage } from './page.js';
import { readStored, store } from './storage.js';

export const CONFIRMED_KEY = 'ss_confirmed_order';

export function recordCommerce(win: Window, page: CensusPage): void {
  win.addEventListener(ADDED_TO_CART_EVENT, (e) => recordEvent(page, 'AddToCart', (e as CustomEvent<AddedToCart>).detail?.variantId ?? null));
  const order = page.order;
  if (order === undefined || readStored('localStorage', CONFIRMED_KEY) === order.orderId) return;
  store('localStorage', CONFIRMED_KEY, order.orderId);
  trackEvent(page, 'CheckoutConfirmed', { orderId: order.orderId, cartId: order.cartId, testMode: order.testMode, websiteId: order.websiteId });
}
