/**
 * Opening the store: better-sqlite3 in WAL mode, drizzle on top, migrations applied at start. The file is
 * `data/tessera.db` unless `TESSERA_DB` says otherwise (`:memory:` for a throwaway store).
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
  sqlite.pragma('foreign_keys = ON');
  const db = drizzle(sqlite, { schema });
  migrate(db, { migrationsFolder: resolve(repoRoot(), 'server/db/migrations') });
  return db;
}
