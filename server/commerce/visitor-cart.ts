/** The visitor's cart, identified by an HttpOnly cookie holding the cart id. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { cartExists, cartJson, cartQuantity } from './cart-service.js';
import type { CartStore } from './cart-store.js';
import type { Json } from './catalog.js';
import { HAS_CART_COOKIE } from '../../commerce/cookies.js';
import { ReadCache } from '../read-cache.js';
import type { Store } from '../db/database.js';
import { clearSiteCookie, setSiteCookie } from '../security/cookies.js';

export const CART_COOKIE = 'tessera_cart';
const CART_COOKIE_SECONDS = 60 * 60 * 24 * 30;

/** Forget the visitor's cart (after checkout): both cookies. */
export function clearCartCookies(reply: FastifyReply): void {
  clearSiteCookie(reply, CART_COOKIE);
  clearSiteCookie(reply, HAS_CART_COOKIE);
}

const CART_ID = /^[0-9a-f-]{36}$/;

/** The cart id the cookie names, when it is shaped like one (whether that cart exists is not looked up). */
function cookieCartId(request: FastifyRequest): string | null {
  const id = request.cookies[CART_COOKIE];
  return typeof id === 'string' && CART_ID.test(id) ? id : null;
}

/** The cart id from the cookie when it names an existing cart; a cookie that does not is ignored. */
export function currentCartId(store: Store, request: FastifyRequest): string | null {
  const id = cookieCartId(request);
  return id !== null && cartExists(store, id) ? id : null;
}

/** `currentCartId` asked of the cart store, as the cart's writes do (on either database). */
export async function storedCartId(carts: CartStore, request: FastifyRequest): Promise<string | null> {
  const id = cookieCartId(request);
  return id !== null && (await carts.cartExists(id)) ? id : null;
}

/** The visitor's cart, made (and its cookies set) when there is none yet. */
export async function ensureCart(carts: CartStore, request: FastifyRequest, reply: FastifyReply): Promise<string> {
  const existing = await storedCartId(carts, request);
  if (existing !== null) return existing;
  const id = await carts.createCart();
  setCartCookies(reply, id);
  return id;
}

/** The visitor's cart from now on is `id` (a new one, or a site user's cart on sign-in). */
export function setCartCookies(reply: FastifyReply, id: string): void {
  setSiteCookie(reply, CART_COOKIE, id, { maxAge: CART_COOKIE_SECONDS });
  // scripts may know that a cart exists (so the islands load it, spec 000 §4), never which one
  setSiteCookie(reply, HAS_CART_COOKIE, '1', { httpOnly: false, maxAge: CART_COOKIE_SECONDS });
}

export function emptyCart(): Json {
  return { entries: [], totalQuantity: 0, subtotalCents: 0, grandTotalCents: 0, subtotalMoney: { value: '0.00', currency: 'USD' } };
}

interface LazyCart {
  readonly store: Store;
  readonly id: string;
  built: boolean;
}

/** The store and id behind each cart made by `visitorCart` for a cookie, until the cart is built. */
const lazyCarts = new WeakMap<object, LazyCart>();

/**
 * The visitor's cart as JSON: `cartJson` of the cookie's cart, or an empty cart when there is no cart. For a
 * cookie, the cart is built on first use (any read, key listing or write of the object), not here: a kept page
 * needs only the count (`cartTotalQuantity`), and building the whole cart cost 10 times the page (issue 9).
 * Whoever reads the object sees what `cartJson` answers, kept as the cart count is (exact to this process's
 * writes, another process's seen within 250 ms: `cachedCart`).
 */
export function visitorCart(store: Store, request: FastifyRequest): Json {
  const id = cookieCartId(request);
  if (id === null) return emptyCart();
  const target: Json = {};
  const lazy: LazyCart = { store, id, built: false };
  const built = (): Json => {
    if (!lazy.built) {
      lazy.built = true;
      Object.assign(target, cachedCart(store, id));
    }
    return target;
  };
  // every trap builds the cart into the target first, then acts on the target: the proxy is then the cart
  const cart = new Proxy(target, {
    get: (_t, key) => Reflect.get(built(), key),
    has: (_t, key) => Reflect.has(built(), key),
    ownKeys: () => Reflect.ownKeys(built()),
    getOwnPropertyDescriptor: (_t, key) => Reflect.getOwnPropertyDescriptor(built(), key),
    set: (_t, key, value) => Reflect.set(built(), key, value),
    defineProperty: (_t, key, descriptor) => Reflect.defineProperty(built(), key, descriptor),
    deleteProperty: (_t, key) => Reflect.deleteProperty(built(), key),
    preventExtensions: () => Reflect.preventExtensions(built()),
  });
  lazyCarts.set(cart, lazy);
  return cart;
}

/**
 * The cart's `totalQuantity` without building it: one prepared count query for a cart from `visitorCart` that
 * nobody has read yet, else the cart's own field.
 */
export function cartTotalQuantity(cart: Json): unknown {
  const lazy = lazyCarts.get(cart);
  return lazy !== undefined && !lazy.built ? cachedQuantity(lazy.store, lazy.id) : cart['totalQuantity'];
}

/**
 * Cart counts (and whole carts, `cachedCart`) are kept like the page data they are shown in (server/read-cache.ts):
 * exact to every write of this process, another process's writes seen within its 250 ms. In a cache of their
 * own, so that many shoppers' carts never push kept pages out. A count read cost a SQLite statement (about 4 µs, most of it the
 * read lock), a fifth of a kept page's whole answer.
 */
const cartCaches = new WeakMap<Store, ReadCache>();

function cartCache(store: Store): ReadCache {
  let cache = cartCaches.get(store);
  if (cache === undefined) cartCaches.set(store, (cache = new ReadCache(store)));
  return cache;
}

/**
 * Where carts are read ahead of the page (PostgreSQL, server/db/pg-app.ts): the cart store and the cache
 * (on the change feed) to keep them in. Set before the first page.
 */
const aheadCarts = new WeakMap<Store, CartStore>();

export function readCartsAhead(store: Store, carts: CartStore, cache: ReadCache): void {
  aheadCarts.set(store, carts);
  cartCaches.set(store, cache);
}

/**
 * The visitor's cart for a page. On SQLite `visitorCart`'s lazy cart (its count read only when a kept page asks);
 * where carts are read ahead (PostgreSQL, where nothing is read while rendering), the whole cart, loaded before
 * the page and kept like the lazy one (`cart` + id in the cart cache). Either way a fresh object per request.
 */
export async function pageCart(store: Store, request: FastifyRequest): Promise<Json> {
  const carts = aheadCarts.get(store);
  if (carts === undefined) return visitorCart(store, request);
  const id = cookieCartId(request);
  if (id === null) return emptyCart();
  const kept = await cartCache(store).getAsync(`cart\u0000${id}`, async () => ((await carts.cartExists(id)) ? await carts.cartJson(id) : emptyCart()));
  return { ...kept };
}

function cachedQuantity(store: Store, cartId: string): number {
  return cartCache(store).get(cartId, () => cartQuantity(store, cartId));
}

/**
 * The whole cart as `cartJson` answers it, kept the same way as its count (beside it, under its own key): the
 * cart page read it on every request, five queries built by drizzle, the most of that page's time (issue 24).
 * Deep-frozen like everything the cache keeps; `visitorCart` copies its top level into the visitor's object.
 */
function cachedCart(store: Store, cartId: string): Json {
  return cartCache(store).get(`cart\u0000${cartId}`, () => (cartExists(store, cartId) ? cartJson(store, cartId) : emptyCart()));
}
