/**
 * Token carts: a separate one-product cart bought on its own, reached by an unguessable token rather than the
 * visitor's cart cookie. Two kinds: `subscription` (a subscribable product) and `gift-card` (a gift card of a
 * chosen denomination). The cart's id is the SHA-256 of the token, so the store keeps only what it needs to
 * find the cart: a leaked database or order record (which shows the cart id as `purchasedCartId`) does not
 * give anyone the token.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { ADD_TO_CART_MESSAGES, quantityFromJson } from '../../commerce/add-to-cart.js';
import { ProductType } from '../../commerce/products.js';
import { subscriptionOf } from '../../commerce/subscribe.js';
import { VISITOR_MESSAGES } from '../../commerce/visitor-messages.js';
import { type AddRequest, addEntry } from './cart-service.js';
import { loadProductById, type ProductRecord, productJson } from './catalog.js';
import type { Store } from '../db/database.js';
import { carts } from '../db/schema.js';

export const SUBSCRIPTION_CART = 'subscription';
export const GIFT_CARD_CART = 'gift-card';
export type TokenCartKind = typeof SUBSCRIPTION_CART | typeof GIFT_CARD_CART;
export const TOKEN_CART_KINDS: readonly TokenCartKind[] = [SUBSCRIPTION_CART, GIFT_CARD_CART];

/** Ours: the spec has no words for a gift-card purchase of something that is not one. */
export const NOT_A_GIFT_CARD = VISITOR_MESSAGES['cart.notAGiftCard'];

/** 32 random bytes, base64url: 43 characters. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const cartIdOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** The id of the cart a token names (its SHA-256), or null for a malformed token: both dialects look that id up. */
export const tokenCartIdOf = (token: string): string | null => (TOKEN_PATTERN.test(token) ? cartIdOf(token) : null);

export interface TokenCartRequest {
  readonly itemId: string;
  /** The chosen variant by SKU (the API) or id (the form). */
  readonly sku?: string | undefined;
  readonly variantId?: string | undefined;
  readonly quantity?: unknown;
  readonly additionalFields?: string | undefined;
}

export type TokenCartResult = { ok: true; cartToken: string } | { ok: false; status: number; message: string };

/** Whether the product (as the caller's store loaded it, null: none) may be bought as a cart of this kind: a refusal, or null. */
export function tokenCartRefusal(kind: TokenCartKind, product: ProductRecord | null): { status: number; message: string } | null {
  if (product === null || product.row.archived) return { status: 404, message: ADD_TO_CART_MESSAGES.variantUnavailable };
  if (kind === GIFT_CARD_CART) return product.row.productType === ProductType.GIFT_CARD ? null : { status: 400, message: NOT_A_GIFT_CARD };
  const check = subscriptionOf(productJson(product.row, product.variants, ''));
  return check.ok ? null : { status: 400, message: check.message };
}

/**
 * A new token cart of the kind holding the item, with the same variant, quantity and stock rules (and
 * messages) as adding to the cart; a gift card is always one card. Nothing is stored when the item is refused.
 */
export function createTokenCart(db: Store, kind: TokenCartKind, req: TokenCartRequest): TokenCartResult {
  const plan = planTokenCart(kind, req, loadProductById(db, req.itemId));
  if (!plan.ok) return plan;
  const { cartToken, cartId, add } = plan;
  const now = Date.now();
  db.insert(carts).values({ id: cartId, kind, createdAt: now, updatedAt: now }).run();
  const added = addEntry(db, cartId, add);
  if (!added.ok) {
    // refused (variant, denomination, stock): the cart was never handed out, so it goes
    db.delete(carts).where(eq(carts.id, cartId)).run();
    return added;
  }
  return { ok: true, cartToken };
}

/** A token cart's checks before any write (both stores'): its token and id, and the add that fills it; or a refusal. */
export function planTokenCart(
  kind: TokenCartKind,
  req: TokenCartRequest,
  product: ProductRecord | null,
): { ok: true; cartToken: string; cartId: string; add: AddRequest } | { ok: false; status: number; message: string } {
  const q = quantityFromJson(kind === GIFT_CARD_CART ? 1 : (req.quantity ?? 1));
  if (!q.ok) return { ok: false, status: 400, message: q.message };
  const refused = tokenCartRefusal(kind, product);
  if (refused !== null) return { ok: false, ...refused };
  const cartToken = randomBytes(32).toString('base64url');
  const add = { itemId: req.itemId, sku: req.sku, variantId: req.variantId, quantity: q.quantity, additionalFields: req.additionalFields };
  return { ok: true, cartToken, cartId: cartIdOf(cartToken), add };
}

/** The token cart a token names (of one of `kinds`), or null for a malformed or unknown token. */
export function tokenCartId(db: Store, token: string, kinds: readonly TokenCartKind[] = TOKEN_CART_KINDS): string | null {
  const id = tokenCartIdOf(token);
  if (id === null) return null;
  const row = db.select({ id: carts.id }).from(carts).where(and(eq(carts.id, id), inArray(carts.kind, [...kinds]))).get();
  return row === undefined ? null : row.id;
}

/** Whether a cart of this kind is a token cart (it has no cookie of its own to clear after checkout). */
export function isTokenCartKind(kind: string): boolean {
  return (TOKEN_CART_KINDS as readonly string[]).includes(kind);
}
