/**
 * One database of either dialect behind plain SQL, for the commands that work on every table alike (`tessera
 * migrate`, `export`, `import`): queries with `?` placeholders, rows streamed in order, a transaction, migrations.
 * The app's own queries go through drizzle's typed builders instead; this is for tools, which see tables as data.
 * Identifiers are written with double quotes, which both dialects read.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import Database from 'better-sqlite3';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { migrateSqlite, openStore, repoRoot, SQLITE_MIGRATIONS, type Store } from './database.js';
import { migratePg, openPgStore, PG_MIGRATIONS, type PgStore } from './pg-store.js';
import type { DatabaseTarget } from './target.js';

export type Row = Record<string, unknown>;

export interface RawDb {
  readonly dialect: DatabaseTarget['dialect'];
  /** Runs one statement (`?` placeholders) and returns its rows. */
  query(statement: string, params?: readonly unknown[]): Promise<Row[]>;
  /** The rows of a SELECT, a batch at a time, without holding a whole table. */
  stream(statement: string): AsyncIterable<Row>;
  /**
   * Runs `fn` in one transaction: all of it or none. `snapshot` makes it a read-only one that sees the store as it
   * was at its start (an export of a live store is then consistent across tables).
   */
  transaction<T>(fn: () => Promise<T>, options?: { snapshot?: boolean }): Promise<T>;
  /** The migrations of this dialect's folder, oldest first, with whether each is applied. */
  migrations(): Promise<{ tag: string; applied: boolean }[]>;
  /** Applies the pending migrations. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Opens a target; `readonly` opens a SQLite file without creating or migrating it (an export never writes). */
export function openRawDb(target: DatabaseTarget, options: { readonly?: boolean } = {}): RawDb {
  return target.dialect === 'sqlite' ? sqliteRawDb(target.file, options.readonly === true) : pgRawDb(openPgStore(target.url, { max: 2 }));
}

interface JournalEntry {
  readonly tag: string;
  readonly when: number;
}

/** The migrations of a folder (drizzle-kit's journal), each with whether `lastApplied` (the newest applied migration's time) covers it. */
function statusOf(folder: string, lastApplied: number | null): { tag: string; applied: boolean }[] {
  const journal = JSON.parse(readFileSync(resolve(repoRoot(), folder, 'meta/_journal.json'), 'utf8')) as { entries: JournalEntry[] };
  // drizzle's migrator applies every migration newer than the newest one it recorded: the same rule here
  const times = readMigrationFiles({ migrationsFolder: resolve(repoRoot(), folder) }).map((m) => m.folderMillis);
  return journal.entries.map((e, i) => ({ tag: e.tag, applied: lastApplied !== null && (times[i] ?? e.when) <= lastApplied }));
}

function sqliteRawDb(file: string, readonly: boolean): RawDb {
  let store: Store | undefined;
  let sqlite: Database.Database;
  if (readonly) {
    sqlite = new Database(file, { readonly: true, fileMustExist: true });
  } else {
    store = openStore(file);
    sqlite = store.$client;
  }
  const db: RawDb = {
    dialect: 'sqlite',
    async query(statement, params = []) {
      const prepared = sqlite.prepare(statement);
      if (prepared.reader) return prepared.all(...params) as Row[];
      prepared.run(...params);
      return [];
    },
    async *stream(statement) {
      yield* sqlite.prepare(statement).iterate() as IterableIterator<Row>;
    },
    async transaction(fn, options = {}) {
      // a deferred transaction's snapshot starts at its first read (WAL); an immediate one takes the write lock
      sqlite.exec(options.snapshot === true ? 'BEGIN' : 'BEGIN IMMEDIATE');
      try {
        const result = await fn();
        sqlite.exec('COMMIT');
        return result;
      } catch (e) {
        sqlite.exec('ROLLBACK');
        throw e;
      }
    },
    async migrations() {
      const recorded = sqlite.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'`).get();
      const last = recorded === undefined ? undefined : (sqlite.prepare('SELECT max(created_at) AS t FROM "__drizzle_migrations"').get() as { t: number | null });
      return statusOf(SQLITE_MIGRATIONS, last?.t == null ? null : Number(last.t));
    },
    async migrate() {
      if (store === undefined) throw new Error('this store was opened read-only');
      migrateSqlite(store);
    },
    async close() {
      sqlite.close();
    },
  };
  return db;
}

/** A PostgreSQL store as a RawDb (tests use it for plain SQL beside the typed stores). */
export function pgRawDb(store: PgStore): RawDb {
  const client = store.$client;
  // one reserved connection: a transaction's statements must all go to it
  let reserved: Awaited<ReturnType<typeof client.reserve>> | undefined;
  const numbered = (statement: string) => {
    let n = 0;
    return statement.replace(/\?/g, () => `$${++n}`);
  };
  const connection = () => reserved ?? client;
  return {
    dialect: 'postgresql',
    async query(statement, params = []) {
      return [...(await connection().unsafe(numbered(statement), params as never[]))] as Row[];
    },
    async *stream(statement) {
      for await (const batch of connection().unsafe(statement).cursor(500)) yield* batch as Row[];
    },
    async transaction(fn, options = {}) {
      reserved = await client.reserve();
      try {
        await reserved.unsafe(options.snapshot === true ? 'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY' : 'BEGIN');
        try {
          const result = await fn();
          await reserved`COMMIT`;
          return result;
        } catch (e) {
          await reserved`ROLLBACK`;
          throw e;
        }
      } finally {
        reserved.release();
        reserved = undefined;
      }
    },
    async migrations() {
      const [found] = await client`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`;
      const last = found?.['present'] === true ? await client`SELECT max(created_at) AS t FROM drizzle.__drizzle_migrations` : [];
      const t = last[0]?.['t'];
      return statusOf(PG_MIGRATIONS, t == null ? null : Number(t));
    },
    async migrate() {
      await migratePg(store);
    },
    async close() {
      await client.end();
    },
  };
}
