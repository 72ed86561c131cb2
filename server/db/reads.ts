/**
 * Reads written once for both databases (issue 25, server/db/README.md "async reads", rule 1): a feature's read
 * takes `{ db, t }`, the drizzle handle and the schema module of its dialect (`schema.ts` or `schema-pg.ts`: the
 * same table names and row types), builds its query with drizzle's builders and `await`s it. Never `.get()`,
 * `.all()` or `.run()` (SQLite-only terminals, which PostgreSQL's builders do not have: a read that used one
 * fails on PostgreSQL at once, and the tests run every read on both); counts through `.mapWith(Number)`.
 *
 * Both are typed as the SQLite pair: the PostgreSQL handle is the same builder API over tables of the same names
 * and row types, and awaiting a builder is all a read does with it (better-sqlite3's drizzle answers `await`
 * too, measured as free). Only `pgReads` says otherwise, in one place.
 */
import type { Store } from './database.js';
import type { PgStore } from './pg-store.js';
import * as sqliteSchema from './schema.js';
import * as pgSchema from './schema-pg.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's reads (buildApp: PostgreSQL's with `readAhead`, else the SQLite store's). */
    reads: Reads;
  }
}

export interface Reads {
  readonly db: Store;
  readonly t: typeof sqliteSchema;
}

export function sqliteReads(store: Store): Reads {
  return { db: store, t: sqliteSchema };
}

export function pgReads(store: PgStore): Reads {
  return { db: store as unknown as Store, t: pgSchema as unknown as typeof sqliteSchema };
}

/** `db`'s reads: a SQLite handle's, or the ones given (functions that tests still call with the SQLite store). */
export function readsOf(db: Store | Reads): Reads {
  return 'db' in db && 't' in db ? db : sqliteReads(db);
}

/** Whether `reads` are PostgreSQL's: for the few expressions the dialects spell differently (JSON fields). */
export function onPostgres(reads: Reads): boolean {
  return reads.t !== sqliteSchema;
}
