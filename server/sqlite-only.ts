/**
 * For server tests (not a test file itself; test-support.ts, which is also loaded outside vitest, does not import
 * vitest): `it` and `describe` for tests about SQLite itself (a SQLite file, a tool or a code path that only
 * SQLite has). They run on SQLite and are skipped, shown as skipped, when the apps run on PostgreSQL
 * (`TESSERA_TEST_DATABASE=postgresql`), where they have nothing to test.
 */
import { describe, it } from 'vitest';
import { testDatabase } from './db/pg-test-database.js';

const onPostgres = () => testDatabase() === 'postgresql';

export function itOnSqliteOnly(name: string, body: () => Promise<void> | void): void {
  it.skipIf(onPostgres())(name, body);
}

export function describeOnSqliteOnly(name: string, body: () => void): void {
  describe.skipIf(onPostgres())(name, body);
}
