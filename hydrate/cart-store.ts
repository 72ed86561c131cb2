/**
 * The one cart store every island on a page shares (esbuild keeps this module in the shared chunk, so there
 * is one instance): the visitor's cart as the server last answered it, with subscribe/notify. No framework
 * context crosses islands; each reads the store through `useCart`.
 */
import { useSyncExternalStore } from 'react';
import { HAS_CART_COOKIE } from '../commerce/cookies.js';
import { api } from './api.js';
import { CART_FILLED_EVENT, hasCartCookie } from './cart-event.js';

export interface CartEntry {
  readonly id: string;
  readonly itemId: string;
  readonly title: string;
  readonly quantity: number;
  readonly purchasePriceCents: number;
  readonly subTotal: number;
  readonly chosenVariant?: { readonly sku?: string; readonly attributes?: Record<string, string> } | null;
}

export interface ShoppingCart {
  readonly id?: string;
  readonly entries: readonly CartEntry[];
  readonly totalQuantity: number;
  readonly subtotalCents: number;
  readonly subtotalMoney?: { readonly value: string; readonly currency: string };
}

export interface CartState {
  /** False until the first sync with the server (or the decision that there is no cart to load). */
  readonly initialised: boolean;
  readonly cart: ShoppingCart | null;
}

/** The server renders every island before any cart is known: the state hydration starts from. */
export const UNINITIALISED: CartState = { initialised: false, cart: null };
const EMPTY_CART: ShoppingCart = { entries: [], totalQuantity: 0, subtotalCents: 0 };

export { HAS_CART_COOKIE };

let state: CartState = UNINITIALISED;
const listeners = new Set<() => void>();
let loading: Promise<void> | null = null;

export function getCartState(): CartState {
  return state;
}

export function subscribeCart(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The server's answer after any change: every island re-renders from it. */
export function setCart(cart: ShoppingCart): void {
  state = { initialised: true, cart };
  for (const listener of [...listeners]) listener();
  if (cart.totalQuantity > 0 && typeof window !== 'undefined') window.dispatchEvent(new Event(CART_FILLED_EVENT));
}

/**
 * Load the cart once per page: only when a cart cookie exists (spec 000 §4 "Cart loading"; there are no
 * site-user accounts yet), otherwise the cart is known to be empty without asking. Every read carries a
 * timestamp so no cache answers it.
 */
export function ensureCartLoaded(hasCart = hasCartCookie()): Promise<void> {
  if (loading !== null) return loading;
  if (!hasCart) {
    if (!state.initialised) setCart(EMPTY_CART);
    loading = Promise.resolve();
    return loading;
  }
  loading = api<ShoppingCart>('GET', `/api/commerce/shopping-cart?timecode=${Date.now()}`).then((r) => {
    // a failed read leaves the pill as it was rendered; the next change will sync it
    if (r.ok) setCart(r.data);
  });
  return loading;
}

/** For tests: back to the state a fresh page starts in. */
export function resetCartStore(): void {
  state = UNINITIALISED;
  loading = null;
  listeners.clear();
  countsBound = false;
}

const serverSnapshot = () => UNINITIALISED;

/** The cart state in a component; the server snapshot is the uninitialised one, as the markup was rendered. */
export function useCart(): CartState {
  return useSyncExternalStore(subscribeCart, getCartState, serverSnapshot);
}

let countsBound = false;

/** Keep every `.sqs-cart-quantity` of the page (the header's, a platform theme's) at the cart's count. */
export function bindCartCounts(): void {
  if (countsBound) return;
  countsBound = true;
  subscribeCart(() => {
    const { cart } = state;
    if (cart === null) return;
    for (const count of document.querySelectorAll<HTMLElement>('.sqs-cart-quantity')) {
      count.textContent = String(cart.totalQuantity);
      // the default theme hides its badge from sight while this is 0 (templates/styles/base.css)
      count.dataset['count'] = String(cart.totalQuantity);
    }
  });
}
