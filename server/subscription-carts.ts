/**
 * Subscription carts: a separate cart (kind 'subscription') holding one subscribable product, reached by an
 * unguessable token rather than the visitor's cart cookie. The cart's id is the SHA-256 of the token, so the
 * store keeps only what it needs to find the cart: a leaked database or order record (which shows the cart id
 * as `purchasedCartId`) does not give anyone the token.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { ADD_TO_CART_MESSAGES, parseQuantity } from '../commerce/add-to-cart.js';
import { subscriptionOf } from '../commerce/subscribe.js';
import { addEntry } from './cart-service.js';
import { loadProductById, productJson } from './catalog.js';
import type { Store } from './db/database.js';
import { carts } from './db/schema.js';

export const SUBSCRIPTION_CART = 'subscription';

/** 32 random bytes, base64url: 43 characters. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const cartIdOf = (token: string) => createHash('sha256').update(token).digest('hex');

export interface SubscribeRequest {
  readonly itemId: string;
  readonly sku?: string | undefined;
  readonly quantity?: unknown;
  readonly additionalFields?: string | undefined;
}

export type SubscribeResult = { ok: true; cartToken: string } | { ok: false; status: number; message: string };

/**
 * A new subscription cart holding the item, with the same variant, quantity and stock rules (and messages) as
 * adding to the cart. Nothing is stored when the item is refused.
 */
export function createSubscriptionCart(db: Store, req: SubscribeRequest): SubscribeResult {
  const q = parseQuantity(req.quantity ?? 1);
  if (!q.ok) return { ok: false, status: 400, message: q.message };
  const product = loadProductById(db, req.itemId);
  if (product === null) return { ok: false, status: 404, message: ADD_TO_CART_MESSAGES.variantUnavailable };
  const check = subscriptionOf(productJson(product.row, product.variants, ''));
  if (!check.ok) return { ok: false, status: 400, message: check.message };
  const cartToken = randomBytes(32).toString('base64url');
  const cartId = cartIdOf(cartToken);
  const now = Date.now();
  db.insert(carts).values({ id: cartId, kind: SUBSCRIPTION_CART, createdAt: now, updatedAt: now }).run();
  const added = addEntry(db, cartId, { itemId: req.itemId, sku: req.sku, quantity: q.quantity, additionalFields: req.additionalFields });
  if (!added.ok) {
    // refused (variant, stock): the cart was never handed out, so it goes
    db.delete(carts).where(eq(carts.id, cartId)).run();
    return added;
  }
  return { ok: true, cartToken };
}

/** The subscription cart a token names, or null for a malformed or unknown token. */
export function subscriptionCartId(db: Store, token: string): string | null {
  if (!TOKEN_PATTERN.test(token)) return null;
  const id = cartIdOf(token);
  const row = db.select({ id: carts.id }).from(carts).where(and(eq(carts.id, id), eq(carts.kind, SUBSCRIPTION_CART))).get();
  return row === undefined ? null : row.id;
}
