/**
 * The stores of the writes that must stay exact under contention (issue 25), one interface per feature, on
 * either database: the app takes them as `stores` and the routes `await` them, whichever dialect is behind.
 * The rest of the server still reads SQLite synchronously (server/db/README.md says which parts).
 */
import { type CartStore, sqliteCartStore } from '../cart-store.js';
import { pgCartStore } from '../cart-store-pg.js';
import { type CheckoutStore, sqliteCheckoutStore } from '../checkout-store.js';
import { pgCheckoutStore } from '../checkout-store-pg.js';
import { type FormStore, sqliteFormStore } from '../forms/store.js';
import { pgFormStore } from '../forms/store-pg.js';
import { type RestockStore, sqliteRestockStore } from '../restock/store.js';
import { pgRestockStore } from '../restock/store-pg.js';
import type { Store } from './database.js';
import type { PgStore } from './pg-store.js';

export interface CommerceStores {
  readonly cart: CartStore;
  readonly checkout: CheckoutStore;
  readonly restock: RestockStore;
  readonly forms: FormStore;
}

export function sqliteStores(db: Store): CommerceStores {
  return { cart: sqliteCartStore(db), checkout: sqliteCheckoutStore(db), restock: sqliteRestockStore(db), forms: sqliteFormStore(db) };
}

export function pgStores(db: PgStore): CommerceStores {
  return { cart: pgCartStore(db), checkout: pgCheckoutStore(db), restock: pgRestockStore(db), forms: pgFormStore(db) };
}
