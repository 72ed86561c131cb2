/**
 * The event the page's window hears when the visitor's cart comes to hold something (the cart store sends it).
 * The loader waits for it before it loads an island that shows nothing without a cart (the floating pill), so
 * a page a visitor only browses fetches no React for it.
 */
import { HAS_CART_COOKIE } from '../commerce/cookies.js';

export const CART_FILLED_EVENT = 'tessera:cart-filled';

/** Whether this browser has a cart (the readable companion of the cart cookie). */
export function hasCartCookie(): boolean {
  return document.cookie.includes(`${HAS_CART_COOKIE}=`);
}
