/**
 * A read or a transaction written once for both databases (issue 25: the owner's side). The owner's and the
 * merchant's writes check, then write (a free URL id, a free SKU, a product of the caller's site), and must do
 * both in one transaction. better-sqlite3 runs a transaction synchronously (its transaction cannot await, and an
 * await inside a hand-opened one would let other requests' statements in: server/db/README.md), PostgreSQL only
 * asynchronously. So such a piece of work is written as a **generator of steps**: it builds each query with
 * drizzle's builders over `{ db, t }` (server/db/reads.ts) and yields it (`yield* get(q)`, `all(q)`, `run(q)`);
 * a runner executes the steps:
 *
 * - `sqliteTransactions(store)`: inside one better-sqlite3 transaction, each step with its synchronous terminal,
 *   so the SQLite behaviour is the synchronous code's, statement for statement;
 * - `pgTransactions(pg)`: inside `db.transaction(async tx => …)` (READ COMMITTED), each step awaited.
 *
 * The app has them as `stores.transactions` (server/db/stores.ts; on PostgreSQL each write also empties this
 * node's page caches when it resolves: pg-app.ts).
 *
 * Reads run the same generators outside a transaction (`runRead`, both dialects awaited). "How many changed" is a
 * `.returning()` read with `all`, never `changes` (PostgreSQL has no `run()`).
 */
import type { Store } from './database.js';
import type { PgStore } from './pg-store.js';
import { onPostgres, pgReads, type Reads, sqliteReads } from './reads.js';

/** One query of a piece of work and the terminal it needs on SQLite. */
export interface Step {
  readonly kind: 'all' | 'get' | 'run';
  readonly query: unknown;
}

/** A piece of work: yields its queries, receives their rows, returns its answer. */
export type Work<T> = Generator<Step, T, unknown>;

/** The rows of a query. */
export function* all<R>(query: { all(): R[] }): Generator<Step, R[], unknown> {
  return (yield { kind: 'all', query }) as R[];
}

/** The first row of a query, or undefined. */
export function* get<R>(query: { get(): R | undefined }): Generator<Step, R | undefined, unknown> {
  return (yield { kind: 'get', query }) as R | undefined;
}

/** A write whose rows are not needed. */
export function* run(query: { run(): unknown }): Generator<Step, void, unknown> {
  yield { kind: 'run', query };
}

/**
 * `query` locking the rows it reads until the transaction ends, on PostgreSQL (`FOR UPDATE`); on SQLite as it is
 * (its write transaction holds the whole file).
 */
export function forUpdate<Q extends object>(q: Reads, query: Q): Q {
  return onPostgres(q) ? (query as unknown as { for(strength: 'update'): Q }).for('update') : query;
}

/** Locks the rows `query` reads until the transaction ends, on PostgreSQL; nothing on SQLite (its write transaction holds the file). */
export function* lockRows(q: Reads, query: { all(): unknown[] }): Work<void> {
  if (onPostgres(q)) yield* all(forUpdate(q, query));
}

type Terminals = { all(): unknown[]; get(): unknown; run(): unknown };

function driveSync<T>(work: Work<T>): T {
  let next = work.next();
  while (next.done !== true) {
    const query = next.value.query as Terminals;
    next = work.next(next.value.kind === 'all' ? query.all() : next.value.kind === 'get' ? query.get() : query.run());
  }
  return next.value;
}

async function driveAsync<T>(work: Work<T>): Promise<T> {
  let next = work.next();
  while (next.done !== true) {
    const rows = await (next.value.query as PromiseLike<unknown>);
    next = work.next(next.value.kind === 'all' ? rows : next.value.kind === 'get' ? (rows as unknown[])[0] : undefined);
  }
  return next.value;
}

/** Runs `body` as a read, outside a transaction, awaiting each step (both dialects). */
export function runRead<T>(reads: Reads, body: (q: Reads) => Work<T>): Promise<T> {
  return driveAsync(body(reads));
}

/** Runs pieces of work as one transaction each, on the app's database. */
export interface Transactions {
  /** `body`'s steps in one transaction; a throw rolls it back and rejects. */
  write<T>(body: (q: Reads) => Work<T>): Promise<T>;
}

/**
 * `body` in one SQLite transaction, synchronously (`BEGIN IMMEDIATE`: the write lock first, so what it checks
 * stays true until it writes, whichever process shares the file). For SQLite-only callers that are synchronous.
 */
export function writeSqliteSync<T>(store: Store, body: (q: Reads) => Work<T>): T {
  const { t } = sqliteReads(store);
  // better-sqlite3's transaction is synchronous: nothing else runs on the connection until it commits
  return store.transaction((tx) => driveSync(body({ db: tx as unknown as Store, t })), { behavior: 'immediate' });
}

/** `body` on a SQLite handle, synchronously, inside whatever transaction the caller has open (for the synchronous callers of a step). */
export function runSqliteSync<T>(store: Store, body: (q: Reads) => Work<T>): T {
  return driveSync(body(sqliteReads(store)));
}

export function sqliteTransactions(store: Store): Transactions {
  return { write: async (body) => writeSqliteSync(store, body) };
}

export function pgTransactions(pg: PgStore): Transactions {
  const { t } = pgReads(pg);
  return { write: (body) => pg.transaction((tx) => driveAsync(body({ db: tx as unknown as Store, t }))) };
}

/** `db`'s transactions: a SQLite handle's, or the ones given (callers that run on either database). */
export function transactionsOf(db: Store | Transactions): Transactions {
  return 'write' in db && typeof db.write === 'function' ? db : sqliteTransactions(db as Store);
}
