/**
 * The cart across sign-in and sign-out. An account keeps a cart of its own (`site_users.cart_id`), so it follows
 * the customer from device to device. On sign-in the visitor's cart (the cookie's) becomes the account's cart
 * when the account has none, or is merged into it (same product, variant and answers: quantities add up; other
 * lines move over), and the cookie then names the account's cart. On sign-out with `cloneCart=true` the browser
 * keeps a copy of the account's cart as a visitor's cart; without it the browser's cart cookie goes, and the
 * cart stays with the account. A purchased cart, or one of another kind, is never carried over.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Store, StoreTransaction } from '../db/database.js';
import { cartEntries, carts, siteUsers } from '../db/schema.js';
import { clearCartCookies, setCartCookies } from '../commerce/visitor-cart.js';

/** The cart id when it names a standard cart not yet bought, else null. */
function openCart(tx: StoreTransaction, id: string | null): string | null {
  if (id === null) return null;
  const row = tx.select({ id: carts.id }).from(carts).where(and(eq(carts.id, id), eq(carts.kind, 'standard'), isNull(carts.orderId))).get();
  return row === undefined ? null : row.id;
}

/** Moves the lines of `from` into `into`: a line equal to one there adds its quantity; `from` is left empty. */
function mergeInto(tx: StoreTransaction, from: string, into: string, now: number): void {
  const target = tx.select().from(cartEntries).where(eq(cartEntries.cartId, into)).all();
  for (const entry of tx.select().from(cartEntries).where(eq(cartEntries.cartId, from)).all()) {
    const same = target.find((t) => t.productId === entry.productId && t.variantId === entry.variantId && (t.additionalFields ?? null) === (entry.additionalFields ?? null));
    if (same === undefined) {
      tx.update(cartEntries).set({ cartId: into }).where(eq(cartEntries.id, entry.id)).run();
    } else {
      same.quantity += entry.quantity;
      tx.update(cartEntries).set({ quantity: same.quantity }).where(eq(cartEntries.id, same.id)).run();
      tx.delete(cartEntries).where(eq(cartEntries.id, entry.id)).run();
    }
  }
  tx.update(carts).set({ updatedAt: now }).where(eq(carts.id, into)).run();
}

/**
 * At sign-in, inside the sign-in's transaction: the cart the browser goes on with (the account's, after the
 * visitor's was handed over), or null when neither has one.
 */
export function cartAtSignIn(tx: StoreTransaction, siteUserId: string, accountCart: string | null, visitorCart: string | null, now: number): string | null {
  const account = openCart(tx, accountCart);
  const visitor = openCart(tx, visitorCart);
  let result = account;
  if (account === null) result = visitor;
  else if (visitor !== null && visitor !== account) mergeInto(tx, visitor, account, now);
  if (result !== accountCart) tx.update(siteUsers).set({ cartId: result }).where(eq(siteUsers.id, siteUserId)).run();
  return result;
}

/**
 * At sign-out: with `cloneCart`, the browser keeps a copy of the account's cart (a new cart with the same
 * lines: its id); otherwise, or when the account has no cart, null: the browser's cart cookies go (`cartCookiesAtSignOut`).
 */
export function cartAtSignOut(store: Store, accountCart: string | null, cloneCart: boolean, now = Date.now()): string | null {
  return !cloneCart
    ? null
    : store.transaction(
        (tx) => {
          const source = openCart(tx, accountCart);
          if (source === null) return null;
          const id = randomUUID();
          tx.insert(carts).values({ id, createdAt: now, updatedAt: now }).run();
          for (const e of tx.select().from(cartEntries).where(eq(cartEntries.cartId, source)).all()) {
            tx.insert(cartEntries).values({ ...e, id: randomUUID(), cartId: id, createdAt: now }).run();
          }
          return id;
        },
        { behavior: 'immediate' },
      );
}

/** The browser's cart cookies after a sign-out: the copy's, or none. */
export function cartCookiesAtSignOut(reply: FastifyReply, copy: string | null): void {
  if (copy === null) clearCartCookies(reply);
  else setCartCookies(reply, copy);
}
