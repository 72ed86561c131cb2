/**
 * What the PostgreSQL stores share (issue 25): the transaction type their helpers take, and the website row a
 * write needs. PostgreSQL runs each write as `db.transaction(async tx => …)` at READ COMMITTED, the default:
 * every statement sees what committed before it began, and the rows a write depends on are locked
 * (`SELECT … FOR UPDATE`) or changed by a conditional `UPDATE … WHERE …`, which re-reads the row after waiting.
 * No SERIALIZABLE, so no retry loop (server/db/README.md).
 */
import type { PgStore } from './pg-store.js';
import { websites } from './schema-pg.js';

export type PgTransaction = Parameters<Parameters<PgStore['transaction']>[0]>[0];

/** A PostgreSQL store or a transaction on one: what a read that may run in either takes. */
export type PgQueries = PgStore | PgTransaction;

export type WebsiteRow = typeof websites.$inferSelect;

/**
 * The store's website (the store serves one, as SQLite's `select … from websites` takes the first), or
 * undefined. `lock`: `FOR UPDATE`, which a checkout takes to number its order (the next checkout waits for
 * the commit, then reads the new highest number).
 */
export async function siteRow(db: PgQueries, lock = false): Promise<WebsiteRow | undefined> {
  const query = db.select().from(websites).limit(1);
  return (await (lock ? query.for('update') : query))[0];
}
