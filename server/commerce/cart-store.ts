/**
 * The cart's contention-critical writes behind one async interface, so the routes run the same on SQLite and
 * PostgreSQL (issue 25, server/db/README.md): creating a cart (a visitor's, or a token cart bought on its own),
 * adding to it and changing its lines, an add or a new quantity checked against the stock beside what the cart
 * already holds; and the cart as JSON, which those writes answer with. `sqliteCartStore` is the synchronous SQLite code of cart-service.ts, answered as
 * a promise: its transaction never waits, so no other request's statement can enter it. The PostgreSQL twin is
 * cart-store-pg.ts; cart-store.test.ts runs one body on both.
 */
import { type AddRequest, type AddResult, addEntry, cartExists, cartJson, createCart, type EntryResult, removeEntry, setEntryFields, setEntryQuantity } from './cart-service.js';
import type { Json } from './catalog.js';
import type { Store } from '../db/database.js';
import { createTokenCart, type TokenCartKind, type TokenCartRequest, type TokenCartResult } from './token-carts.js';

export interface CartStore {
  /** A new empty cart's id. */
  createCart(now?: number): Promise<string>;
  cartExists(cartId: string): Promise<boolean>;
  /** The cart of spec 000 §3 (cart-service.ts `cartJson`), read now. */
  cartJson(cartId: string): Promise<Json>;
  /** A token cart of `kind` holding the item (token-carts.ts), with the add's rules; nothing kept when refused. */
  createTokenCart(kind: TokenCartKind, request: TokenCartRequest): Promise<TokenCartResult>;
  /**
   * Adds to cart `cartId` (which must exist): the spec's validation, then, in one transaction, refuses a
   * purchased cart (409) and more units than the variant's stock beside what the cart holds of it (409), and
   * adds to the line with the same variant and answers or makes a new one. Counted in analytics with the entry.
   */
  addEntry(cartId: string, request: AddRequest): Promise<AddResult>;
  /** A line's new quantity (the spec's validation), checked against the stock beside the cart's other lines of the variant. */
  setEntryQuantity(cartId: string, entryId: string, quantity: unknown): Promise<EntryResult>;
  removeEntry(cartId: string, entryId: string): Promise<EntryResult>;
  /** A line's new answers to its product's form, checked by the form's rules. */
  setEntryFields(cartId: string, entryId: string, text: string): Promise<EntryResult>;
}

export function sqliteCartStore(db: Store): CartStore {
  return {
    createCart: async (now) => createCart(db, now),
    cartExists: async (cartId) => cartExists(db, cartId),
    cartJson: async (cartId) => cartJson(db, cartId),
    createTokenCart: async (kind, request) => createTokenCart(db, kind, request),
    addEntry: async (cartId, request) => addEntry(db, cartId, request),
    setEntryQuantity: async (cartId, entryId, quantity) => setEntryQuantity(db, cartId, entryId, quantity),
    removeEntry: async (cartId, entryId) => removeEntry(db, cartId, entryId),
    setEntryFields: async (cartId, entryId, text) => setEntryFields(db, cartId, entryId, text),
  };
}
