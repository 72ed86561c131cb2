/**
 * The readable companion of the HttpOnly cart cookie: the server sets and clears it with the cart cookie, and
 * the islands read it to know that a cart exists (spec 000 §4 "Cart loading"), never which one.
 */
export const HAS_CART_COOKIE = 'tessera_has_cart';
