/**
 * Islands that wait for a cart. The floating pill shows nothing without one, so the loader holds it back until
 * the window hears that the visitor's cart came to hold something (the cart store sends the event): a page a
 * visitor only browses fetches no React for it. `npm run size` counts a first visit (no cart) the same way.
 */
import { HAS_CART_COOKIE } from '../commerce/cookies.js';

export const CART_FILLED_EVENT = 'tessera:cart-filled';

/**
 * Sent on the window when an add to the cart succeeded (hydrate/add-to-cart-flow.ts); the visitor tracker
 * (hydrate/analytics/) records it. `detail`: `AddedToCart`.
 */
export const ADDED_TO_CART_EVENT = 'tessera:added-to-cart';

export interface AddedToCart {
  readonly itemId: string;
  readonly variantId: string | null;
  readonly quantity: number;
}

/** The islands the loader holds back while the visitor has no cart. */
export const WAIT_FOR_CART: ReadonlySet<string> = new Set(['cart-pill']);

/** Whether this browser has a cart (the readable companion of the cart cookie). */
export function hasCartCookie(): boolean {
  return document.cookie.includes(`${HAS_CART_COOKIE}=`);
}
