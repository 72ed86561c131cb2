/**
 * The stores of the writes that must stay exact under contention (issue 25), one interface per feature, on
 * either database: the app takes them as `stores` and the routes `await` them, whichever dialect is behind.
 * Beside them, what a node must not keep to itself: the crumb secret, owner and customer sessions, the write
 * limits' buckets, the sign-in counts, the e-mail sender's claims on the outbox. The rest of the server still
 * reads SQLite synchronously (server/db/README.md says which parts).
 */
import { type AnalyticsStore, sqliteAnalyticsStore } from '../analytics/record-store.js';
import { pgAnalyticsStore } from '../analytics/record-store-pg.js';
import { type CartStore, sqliteCartStore } from '../commerce/cart-store.js';
import { pgCartStore } from '../commerce/cart-store-pg.js';
import { type CatalogStore, sqliteCatalogStore } from '../commerce/catalog-store.js';
import { pgCatalogStore } from '../commerce/catalog-store-pg.js';
import { type CheckoutStore, sqliteCheckoutStore } from '../commerce/checkout-store.js';
import { pgCheckoutStore } from '../commerce/checkout-store-pg.js';
import { type FormStore, sqliteFormStore } from '../forms/store.js';
import { pgFormStore } from '../forms/store-pg.js';
import { type DownloadStore, sqliteDownloadStore } from '../orders/download-store.js';
import { pgDownloadStore } from '../orders/download-store-pg.js';
import { type RestockStore, sqliteRestockStore } from '../restock/store.js';
import { pgRestockStore } from '../restock/store-pg.js';
import { type OutboxStore, sqliteOutboxStore } from '../email/outbox-store.js';
import { pgOutboxStore } from '../email/outbox-store-pg.js';
import { type OwnerSessionStore, sqliteOwnerSessionStore } from '../owner/session-store.js';
import { pgOwnerSessionStore } from '../owner/session-store-pg.js';
import { type CrumbSecretStore, sqliteCrumbSecretStore } from '../security/crumb-secret.js';
import { pgCrumbSecretStore } from '../security/crumb-secret-pg.js';
import { memoryRateLimitStore, type RateLimitStore } from '../security/rate-limit.js';
import { pgRateLimitStore } from '../security/rate-limit-store-pg.js';
import { type SignInThrottleStore, sqliteSignInThrottleStore } from '../security/sign-in-throttle.js';
import { pgSignInThrottleStore } from '../security/sign-in-throttle-pg.js';
import { type AccountStore, sqliteAccountStore } from '../site-users/account-store.js';
import { pgAccountStore } from '../site-users/account-store-pg.js';
import { type SiteUserSessionStore, sqliteSiteUserSessionStore } from '../site-users/session-store.js';
import { pgSiteUserSessionStore } from '../site-users/session-store-pg.js';
import type { Store } from './database.js';
import { pgTransactions, sqliteTransactions, type Transactions } from './work.js';
import type { PgStore } from './pg-store.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's stores (buildApp's `stores`), for hooks and helpers that have the request but not the options. */
    stores: CommerceStores;
  }
}

export interface CommerceStores {
  readonly cart: CartStore;
  readonly checkout: CheckoutStore;
  readonly restock: RestockStore;
  readonly forms: FormStore;
  /** The catalog reads of the product page and the store list (the first page reads behind a store). */
  readonly catalog: CatalogStore;
  readonly crumbSecret: CrumbSecretStore;
  readonly ownerSessions: OwnerSessionStore;
  readonly siteUserSessions: SiteUserSessionStore;
  /** Customer accounts: sign-up, confirmation, reset, sign-in and out with the cart handover (server/site-users/). */
  readonly accounts: AccountStore;
  /** Taking a digital line's download (its count, within its limit). */
  readonly downloads: DownloadStore;
  /** What the tracker's beacons record: raw rows and their roll-ups (the dashboard reads them elsewhere). */
  readonly analytics: AnalyticsStore;
  /** SQLite: this process's memory (one process serves the file); PostgreSQL: a table every node shares. */
  readonly rateLimits: RateLimitStore;
  /** Per-account sign-in counts (owner and customer sign-ins). */
  readonly signInThrottle: SignInThrottleStore;
  /** The e-mail sender's claims on the outbox (server/email/worker.ts). */
  readonly outbox: OutboxStore;
  /** The owner's and the merchant's writes, each written once as steps and run in one transaction (work.ts). */
  readonly transactions: Transactions;
}

export function sqliteStores(db: Store): CommerceStores {
  return {
    cart: sqliteCartStore(db),
    checkout: sqliteCheckoutStore(db),
    restock: sqliteRestockStore(db),
    forms: sqliteFormStore(db),
    catalog: sqliteCatalogStore(db),
    crumbSecret: sqliteCrumbSecretStore(db),
    ownerSessions: sqliteOwnerSessionStore(db),
    siteUserSessions: sqliteSiteUserSessionStore(db),
    accounts: sqliteAccountStore(db),
    downloads: sqliteDownloadStore(db),
    analytics: sqliteAnalyticsStore(db),
    rateLimits: memoryRateLimitStore(),
    signInThrottle: sqliteSignInThrottleStore(db),
    outbox: sqliteOutboxStore(db),
    transactions: sqliteTransactions(db),
  };
}

export function pgStores(db: PgStore): CommerceStores {
  return {
    cart: pgCartStore(db),
    checkout: pgCheckoutStore(db),
    restock: pgRestockStore(db),
    forms: pgFormStore(db),
    catalog: pgCatalogStore(db),
    crumbSecret: pgCrumbSecretStore(db),
    ownerSessions: pgOwnerSessionStore(db),
    siteUserSessions: pgSiteUserSessionStore(db),
    accounts: pgAccountStore(db),
    downloads: pgDownloadStore(db),
    analytics: pgAnalyticsStore(db),
    rateLimits: pgRateLimitStore(db),
    signInThrottle: pgSignInThrottleStore(db),
    outbox: pgOutboxStore(db),
    transactions: pgTransactions(db),
  };
}
