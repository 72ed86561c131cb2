/**
 * Opening the store: better-sqlite3 in WAL mode, drizzle on top, migrations applied at start, foreign keys on after
 * them. The file is `data/tessera.db` unless `TESSERA_DB` says otherwise (`:memory:` for a throwaway store). The
 * PostgreSQL twin is `pg-store.ts` (server/db/README.md).
 */
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import * as schema from './schema.js';

export type Store = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

/** The store inside `store.transaction(tx => …)`: what a write that joins its caller's transaction takes. */
export type StoreTransaction = Parameters<Parameters<Store['transaction']>[0]>[0];

/** The repository root: the nearest folder above this file holding package.json (works from dist/ too). */
export function repoRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const up = dirname(dir);
    if (up === dir) throw new Error('cannot find the repository root (package.json)');
    dir = up;
  }
  return dir;
}

export function defaultDatabaseFile(env: NodeJS.ProcessEnv = process.env): string {
  const file = env['TESSERA_DB'];
  return file !== undefined && file !== '' ? file : resolve(repoRoot(), 'data/tessera.db');
}

export function openStore(file: string = defaultDatabaseFile()): Store {
  if (file !== ':memory:') mkdirSync(dirname(resolve(file)), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  // Said, not left to the build's default: a commit reaches the disk (the WAL file, synced) before its answer
  // leaves, so an acknowledged write survives a power cut as well as a killed process.
  sqlite.pragma('synchronous = FULL');
  const db = drizzle(sqlite, { schema });
  migrateSqlite(db);
  sqlite.pragma('foreign_keys = ON');
  return db;
}

export const SQLITE_MIGRATIONS = 'server/db/migrations';

/**
 * Applies the pending migrations. Foreign keys are off while they run: SQLite changes a table (a new CHECK) by
 * copying it into a new one and dropping the old, which a parent table's references would refuse; the migrator's
 * transaction makes drizzle-kit's own `PRAGMA foreign_keys=OFF` a no-op, so it is done here, outside it. After, every
 * reference is checked once.
 */
export function migrateSqlite(db: Store): void {
  const sqlite = db.$client;
  const wasOn = sqlite.pragma('foreign_keys', { simple: true }) === 1;
  sqlite.pragma('foreign_keys = OFF');
  try {
    migrate(db, { migrationsFolder: resolve(repoRoot(), SQLITE_MIGRATIONS) });
    const broken = sqlite.pragma('foreign_key_check') as unknown[];
    if (broken.length > 0) throw new Error(`after the migrations, ${broken.length} rows point at rows that do not exist: ${JSON.stringify(broken.slice(0, 3))}`);
  } finally {
    if (wasOn) sqlite.pragma('foreign_keys = ON');
  }
}
