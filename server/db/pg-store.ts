/**
 * Opening the store in PostgreSQL: postgres.js (the `postgres` package) under drizzle's `postgres-js` driver, over
 * `schema-pg.ts`, with the migrations of `server/db/migrations-pg`. Today the CLI (`tessera migrate`, `export`,
 * `import`) and the tests use it; the server still runs on SQLite until its queries are async (server/db/README.md).
 * The session's time zone is UTC, so timestamptz values read back as `…+00` and map to the same epoch milliseconds.
 */
import { resolve } from 'node:path';
import { drizzle, type PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { migrate } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { repoRoot } from './database.js';
import * as schema from './schema-pg.js';

export type PgStore = PostgresJsDatabase<typeof schema> & { $client: postgres.Sql };

export const PG_MIGRATIONS = 'server/db/migrations-pg';

/** Opens a connection pool (at most `max` connections, default 10); `close()` with `store.$client.end()`. */
export function openPgStore(url: string, options: { max?: number } = {}): PgStore {
  const client = postgres(url, {
    max: options.max ?? 10,
    onnotice: () => {},
    connection: { TimeZone: 'UTC' },
  });
  return drizzle(client, { schema });
}

/** Applies the pending PostgreSQL migrations (in one transaction, as drizzle's migrator does). */
export async function migratePg(db: PgStore): Promise<void> {
  await migrate(db, { migrationsFolder: resolve(repoRoot(), PG_MIGRATIONS) });
}
