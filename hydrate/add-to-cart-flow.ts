/**
 * What pressing an add button does, for our buy box and for the platform's own add-to-cart markup alike:
 * check the choice on the client with the spec's messages, call the cart, subscription or gift-card API, and
 * say what happened. The caller shows the outcome; leaving the page (checkout, subscription, gift card)
 * happens here.
 */
import { ADD_TO_CART_MESSAGES, type AddMode, addFailureMessage, addFailureTitle, quantityFromText } from '../commerce/add-to-cart.js';
import { chooseVariant, type ChosenOptions } from '../commerce/variant-choice.js';
import type { VariantView } from '../commerce/variant-view.js';

export type { VariantView };
import { api, cookiesEnabled } from './api.js';
import { ADDED_TO_CART_EVENT, type AddedToCart } from './cart-event.js';
import { setCart, type ShoppingCart } from './cart-store.js';
import { navigation } from './navigation.js';

export interface AddRequest {
  readonly itemId: string;
  readonly productType: number;
  readonly mode: AddMode;
  readonly variantOptionOrdering: readonly string[];
  readonly variants: readonly VariantView[];
  readonly chosen: ChosenOptions;
  /** The quantity field's text; undefined when the product shows no quantity (one unit). */
  readonly quantity: string | undefined;
  /** The answers to the product's additional-fields form (their JSON string), when it has one. */
  readonly additionalFields?: string;
}

/** A refusal: its title and message (the spec's English), and the options a choice lacks when that was it. */
export type AddOutcome =
  | { readonly ok: true }
  | { readonly ok: false; readonly title: string; readonly message: string; readonly checked: boolean; readonly missing?: readonly string[] };

export { isSoldOutVariant as isSoldOut } from '../commerce/variant-view.js';

/** The spec's client-side checks (spec 000 §5), in its order; null when the add may go to the server. */
export function checkAdd(req: AddRequest): { message: string; missing?: readonly string[] } | { variant: VariantView; quantity: number } {
  const choice = chooseVariant({ variants: req.variants, variantOptionOrdering: req.variantOptionOrdering, productType: req.productType }, req.chosen);
  if (!choice.ok) return choice.missing !== undefined ? { message: choice.message, missing: choice.missing } : { message: choice.message };
  const q = quantityFromText(req.quantity ?? '1');
  if (!q.ok) return { message: q.message };
  const v = choice.variant;
  if (v.stock !== null && v.stock < q.quantity) return { message: ADD_TO_CART_MESSAGES.notEnoughStock };
  return { variant: v, quantity: q.quantity };
}

export async function addToCart(req: AddRequest): Promise<AddOutcome> {
  const title = addFailureTitle(req.mode);
  const checked = checkAdd(req);
  if ('message' in checked) return { ok: false, title, message: checked.message, checked: true, ...(checked.missing !== undefined ? { missing: checked.missing } : {}) };
  const sku = checked.variant.sku ?? undefined;
  if (req.mode === 'subscription' || req.mode === 'gift-card') {
    const path = req.mode === 'subscription' ? '/api/3/commerce/cart/subscription' : '/api/3/commerce/cart/gift-card';
    const body =
      req.mode === 'subscription'
        ? { itemId: req.itemId, sku, qty: checked.quantity, ...(req.additionalFields !== undefined ? { additionalFields: req.additionalFields } : {}) }
        : { itemId: req.itemId, sku };
    const r = await api<{ cartToken: string }>('POST', path, body);
    if (!r.ok) return { ok: false, title, message: addFailureMessage(r, cookiesEnabled()), checked: false };
    navigation.go(`/checkout?cartToken=${encodeURIComponent(r.data.cartToken)}`);
    return { ok: true };
  }
  const r = await api<{ shoppingCart: ShoppingCart }>('POST', '/api/commerce/shopping-cart/entries', {
    itemId: req.itemId,
    sku,
    quantity: checked.quantity,
    additionalFields: req.additionalFields ?? null,
  });
  if (!r.ok) return { ok: false, title, message: addFailureMessage(r, cookiesEnabled()), checked: false };
  setCart(r.data.shoppingCart);
  const added: AddedToCart = { itemId: req.itemId, variantId: checked.variant.id ?? null, quantity: checked.quantity };
  window.dispatchEvent(new CustomEvent(ADDED_TO_CART_EVENT, { detail: added }));
  if (req.mode === 'express') navigation.go('/checkout');
  return { ok: true };
}
