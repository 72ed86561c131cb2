/** The visitor's cart, identified by an HttpOnly cookie holding the cart id. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { cartExists, cartJson, createCart } from '../cart-service.js';
import type { Json } from '../catalog.js';
import type { Store } from '../db/database.js';

export const CART_COOKIE = 'tessera_cart';

/** The cart id from the cookie when it names an existing cart; a cookie that does not is ignored. */
export function currentCartId(store: Store, request: FastifyRequest): string | null {
  const id = request.cookies[CART_COOKIE];
  return typeof id === 'string' && /^[0-9a-f-]{36}$/.test(id) && cartExists(store, id) ? id : null;
}

export function ensureCart(store: Store, request: FastifyRequest, reply: FastifyReply): string {
  const existing = currentCartId(store, request);
  if (existing !== null) return existing;
  const id = createCart(store);
  reply.setCookie(CART_COOKIE, id, { path: '/', httpOnly: true, sameSite: 'lax', maxAge: 60 * 60 * 24 * 30 });
  return id;
}

/** The carts made by `emptyCart`: visitors without a cart, who all see the same page around the content. */
const noCarts = new WeakSet<object>();

/** Whether `cart` stands for a visitor who has no cart at all. */
export function isNoCart(cart: Json): boolean {
  return noCarts.has(cart);
}

export function emptyCart(): Json {
  const cart: Json = { entries: [], totalQuantity: 0, subtotalCents: 0, grandTotalCents: 0, subtotalMoney: { value: '0.00', currency: 'USD' } };
  noCarts.add(cart);
  return cart;
}

export function visitorCart(store: Store, request: FastifyRequest): Json {
  const id = currentCartId(store, request);
  return id === null ? emptyCart() : cartJson(store, id);
}
