/**
 * What `buildApp` is given to serve from PostgreSQL (issue 25): the stores on the pool (`pgStores`), a page cache
 * on the change feed (`LISTEN/NOTIFY`, emptied when any node commits to a table pages are built from), the reads
 * that pages load ahead (the site, the visitor's cart), and, as `store`, a **stand-in** for the SQLite handle the
 * rest of the server still takes.
 *
 * The stand-in holds no data: any statement on it throws `NotOnPostgresError` (503 with a message), so a route
 * whose reads have not moved to the async stores yet (server/db/README.md lists what is left) answers "not on
 * PostgreSQL yet" instead of crashing or, worse, answering from an empty store. The
 * routes that have moved never touch it; a test on both databases proves each one.
 */
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { type ChangeFeed, type ChangeSignal, listenForChanges } from './change-feed.js';
import type { Store } from './database.js';
import type { PgStore } from './pg-store.js';
import { pgReads, type Reads } from './reads.js';
import * as schema from './schema.js';
import { type CommerceStores, pgStores } from './stores.js';

export const NOT_ON_POSTGRES = 'This part of the shop does not run on PostgreSQL yet (server/db/README.md lists what does); it runs on the SQLite store.';

/** What a route still reading SQLite answers on PostgreSQL: 503 with `{ message }` (server/app.ts answers it). */
export class NotOnPostgresError extends Error {
  readonly statusCode = 503;
  /** What server/error-page.ts answers 503 for (any other 5xx is a 500 that says nothing). */
  readonly notOnPostgres = true;
  constructor(message = NOT_ON_POSTGRES) {
    super(message);
  }
}

/** A SQLite handle with no database behind it: every statement throws `NotOnPostgresError` (with `message`). */
export function sqliteStandIn(message = NOT_ON_POSTGRES): Store {
  const refuse = () => {
    throw new NotOnPostgresError(message);
  };
  const client = new Proxy({}, { get: () => refuse });
  return drizzle(client as never, { schema }) as Store;
}

/** The page reads loaded ahead of rendering, and what empties the node's caches they are kept in. */
export interface ReadAhead {
  readonly reads: Reads;
  readonly changes: ChangeSignal;
}

export interface PgApp {
  readonly store: Store;
  readonly stores: CommerceStores;
  readonly readAhead: ReadAhead;
  /** Stops listening for changes (the pool itself is the caller's). */
  close(): Promise<void>;
}

/**
 * The store writes that change what pages show. A node empties its caches as soon as one of them resolves, so a
 * visitor sees their own add or order on the next page from this node without waiting for the notification
 * (which another node's writes do wait for: milliseconds, change-feed.ts).
 */
const PAGE_WRITES = {
  cart: ['addEntry', 'setEntryQuantity', 'removeEntry', 'setEntryFields', 'createTokenCart'],
  checkout: ['placeOrder'],
  restock: ['signUp', 'sendRestockEmails'],
  // a sign-in hands the visitor's cart over to the account's; a sign-out may copy it
  accounts: ['signIn', 'signOut'],
  // the owner's and the merchant's writes (a product, a price, the site's title…): rare, so each one counts
  transactions: ['write'],
} as const;

/** `stores` whose page writes move `changes` when they resolve. */
function noticingOwnWrites(stores: CommerceStores, noticed: () => void): CommerceStores {
  const out: Record<string, unknown> = { ...stores };
  for (const [name, methods] of Object.entries(PAGE_WRITES)) {
    const store: Record<string, unknown> = { ...(stores as unknown as Record<string, Record<string, unknown>>)[name] };
    for (const method of methods) {
      const write = store[method] as (...args: unknown[]) => Promise<unknown>;
      store[method] = (...args: unknown[]) => write(...args).finally(noticed);
    }
    out[name] = store;
  }
  return out as unknown as CommerceStores;
}

/** The app's parts on `pg` (migrated). Resolves once the change feed listens. */
export async function pgApp(pg: PgStore): Promise<PgApp> {
  const feed: ChangeFeed = await listenForChanges(pg);
  let own = 0;
  const changes: ChangeSignal = { generation: () => feed.generation() + own };
  const stores = noticingOwnWrites(pgStores(pg), () => void own++);
  return { store: sqliteStandIn(), stores, readAhead: { reads: pgReads(pg), changes }, close: () => feed.close() };
}
