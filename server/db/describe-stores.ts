/**
 * `describeStores(name, body)`: one test body run on both databases (issue 25), each test on a fresh copy of the
 * demo store. SQLite: a seeded `:memory:` store per test. PostgreSQL: a throwaway cluster per file
 * (describe-pg.ts); the demo store is seeded once into SQLite, moved over with `tessera export`/`import`'s own code
 * into a template database, and each test gets `CREATE DATABASE … TEMPLATE` of it (tens of ms) and a pool of 10
 * connections, so a test's concurrent calls really run at once. `TESSERA_TEST_DIALECTS=sqlite` (or
 * `postgresql`) runs one dialect alone, for a quick loop; by default both run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe } from 'vitest';
import { openStore, type Store } from './database.js';
import { describePg } from './describe-pg.js';
import { migratePg, openPgStore, type PgStore } from './pg-store.js';
import { pgRawDb, type Row } from './raw-db.js';
import { importSeeded } from './seed-pg.js';
import { seedDemoStore } from './seed.js';
import { type CommerceStores, pgStores, sqliteStores } from './stores.js';

export type Dialect = 'sqlite' | 'postgresql';

export interface StoresUnderTest {
  readonly dialect: Dialect;
  readonly stores: CommerceStores;
  /** One statement with `?` placeholders, for setting up and checking (flags come back 0/1 on SQLite, counts as text on PostgreSQL). */
  sql(statement: string, params?: readonly unknown[]): Promise<Row[]>;
  /** The first column of the first row as a number (a count, a sum, a stock). */
  number(statement: string, params?: readonly unknown[]): Promise<number>;
}

/** The dialects `TESSERA_TEST_DIALECTS` (comma-separated) asks for; both when unset. */
export function testDialects(env: NodeJS.ProcessEnv = process.env): Dialect[] {
  const asked = (env['TESSERA_TEST_DIALECTS'] ?? '').split(',').map((d) => d.trim()).filter((d) => d !== '');
  return asked.length === 0 ? ['sqlite', 'postgresql'] : (['sqlite', 'postgresql'] as const).filter((d) => asked.includes(d));
}

function underTest(dialect: Dialect, stores: CommerceStores, sql: StoresUnderTest['sql']): StoresUnderTest {
  return {
    dialect,
    stores,
    sql,
    async number(statement, params) {
      const row = (await sql(statement, params))[0];
      return Number(row === undefined ? NaN : Object.values(row)[0]);
    },
  };
}

/** A seeded store under test, for `body`'s tests to take from `current()`. */
export function describeStores(name: string, body: (current: () => StoresUnderTest) => void, seed: (store: Store) => void = seedDemoStore): void {
  const dialects = testDialects();
  if (dialects.includes('sqlite')) {
    describe(`${name} [sqlite]`, () => {
      let store: Store | undefined;
      let current: StoresUnderTest | undefined;
      beforeEach(() => {
        store = openStore(':memory:');
        seed(store);
        const sqlite = store.$client;
        current = underTest('sqlite', sqliteStores(store), async (statement, params = []) => {
          const prepared = sqlite.prepare(statement);
          if (prepared.reader) return prepared.all(...params) as Row[];
          prepared.run(...params);
          return [];
        });
      });
      afterEach(() => store?.$client.close());
      body(() => current ?? fail());
    });
  }
  if (dialects.includes('postgresql')) {
    describePg(`${name} [postgresql]`, (cluster) => {
      let folder: string | undefined;
      let made = 0;
      let store: PgStore | undefined;
      let current: StoresUnderTest | undefined;
      beforeAll(async () => {
        folder = mkdtempSync(join(tmpdir(), 'tessera-stores-'));
        await seededTemplate(cluster().createDatabase('seeded'), folder, seed);
      }, 60_000);
      afterAll(() => {
        if (folder !== undefined) rmSync(folder, { recursive: true, force: true });
      });
      beforeEach(() => {
        store = openPgStore(cluster().createDatabase(`test_${++made}`, 'seeded'), { max: 10 });
        const raw = pgRawDb(store);
        current = underTest('postgresql', pgStores(store), (statement, params) => raw.query(statement, params));
      });
      afterEach(async () => {
        await store?.$client.end();
      });
      body(() => current ?? fail());
    });
  }
}

function fail(): never {
  throw new Error('the store under test is made before each test');
}

/** Database `url`, migrated and holding what `seed` puts in a SQLite store, moved over as `tessera import` does. */
export async function seededTemplate(url: string, folder: string, seed: (store: Store) => void): Promise<void> {
  const pg = openPgStore(url, { max: 2 });
  try {
    await migratePg(pg);
    await importSeeded(pg, folder, seed);
  } finally {
    // a template takes no connections: closed before the first copy
    await pg.$client.end();
  }
}
