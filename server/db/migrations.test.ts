/**
 * The checked-in migrations match the schemas: drizzle-kit `generate`, run into a copy of each migrations folder,
 * adds nothing (so CI fails when a schema changed without its migration). And they apply: SQLite from an older
 * store with rows in it (the stock CHECK copies the variants table, which cart entries point at), PostgreSQL onto
 * an empty database.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore, repoRoot, SQLITE_MIGRATIONS } from './database.js';
import { describePg } from './describe-pg.js';
import { migratePg, openPgStore, PG_MIGRATIONS } from './pg-store.js';

const root = repoRoot();
const temp = mkdtempSync(join(tmpdir(), 'tessera-migrations-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** Every file under `dir`, path → text. */
function contents(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) out.set(join(entry.parentPath, entry.name).slice(dir.length), readFileSync(join(entry.parentPath, entry.name), 'utf8'));
  }
  return out;
}

describe('checked-in migrations', () => {
  const dialects = [
    { dialect: 'sqlite', schema: './server/db/schema.ts', folder: SQLITE_MIGRATIONS },
    { dialect: 'postgresql', schema: './server/db/schema-pg.ts', folder: PG_MIGRATIONS },
  ] as const;
  for (const { dialect, schema, folder } of dialects) {
    it(`${dialect}: drizzle-kit generate finds nothing new`, () => {
      const copy = join(temp, dialect);
      cpSync(resolve(root, folder), copy, { recursive: true });
      const before = contents(copy);
      const result = spawnSync(process.execPath, [resolve(root, 'node_modules/drizzle-kit/bin.cjs'), 'generate', '--dialect', dialect, '--schema', schema, '--out', relative(root, copy)], {
        cwd: root,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
        // a rename question would wait for an answer forever: fail instead
        timeout: 120_000,
      });
      // drizzle-kit exits 0 on some failures (an absolute --out path): it must say it found nothing
      expect(result.status, result.stderr + result.stdout).toBe(0);
      const after = contents(copy);
      const added = [...after.keys()].filter((f) => !before.has(f));
      expect(added, `the schema changed without its migration: run npx drizzle-kit generate${dialect === 'postgresql' ? ' --config drizzle-pg.config.ts' : ''}`).toEqual([]);
      expect(after).toEqual(before);
      expect(result.stdout + result.stderr).toContain('No schema changes, nothing to migrate');
    }, 130_000);
  }

  it('SQLite: a store made by the older migrations, with a cart pointing at a variant, takes the new ones', () => {
    const older = join(temp, 'older');
    cpSync(resolve(root, SQLITE_MIGRATIONS), older, { recursive: true });
    const journalFile = join(older, 'meta/_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
    const upTo = journal.entries.findIndex((e) => e.tag.startsWith('0006_'));
    expect(upTo).toBeGreaterThan(0);
    journal.entries = journal.entries.slice(0, upTo);
    writeFileSync(journalFile, JSON.stringify(journal));
    const file = join(temp, 'older.db');
    const sqlite = new Database(file);
    sqlite.pragma('foreign_keys = ON');
    migrate(drizzle(sqlite), { migrationsFolder: older });
    sqlite.exec(`INSERT INTO websites (id, title) VALUES ('w', 'Shop');
      INSERT INTO collections (id, website_id, url_id, title, type) VALUES ('c', 'w', 'shop', 'Shop', 13);
      INSERT INTO products (id, collection_id, url_id, title, product_type) VALUES ('p', 'c', 'mug', 'Mug', 1);
      INSERT INTO variants (id, product_id, sku, price_cents, qty_in_stock) VALUES ('v', 'p', 'S', 100, 2);
      INSERT INTO carts (id, created_at, updated_at) VALUES ('k', 1, 1);
      INSERT INTO cart_entries (id, cart_id, product_id, variant_id, quantity, created_at) VALUES ('e', 'k', 'p', 'v', 1, 1);`);
    sqlite.close();
    const store = openStore(file);
    try {
      expect(store.$client.prepare('SELECT qty_in_stock FROM variants').get()).toEqual({ qty_in_stock: 2 });
      expect(store.$client.pragma('foreign_keys', { simple: true })).toBe(1);
      expect(() => store.$client.exec(`UPDATE variants SET qty_in_stock = -1`)).toThrow(/CHECK/);
      expect(() => store.$client.exec(`INSERT INTO cart_entries (id, cart_id, product_id, variant_id, quantity, created_at) VALUES ('f', 'k', 'p', 'nope', 1, 1)`)).toThrow(/FOREIGN KEY/);
    } finally {
      store.$client.close();
    }
  });
});

describePg('PostgreSQL migrations', (cluster) => {
  it('apply to an empty database, and again as a no-op', async () => {
    const store = openPgStore(cluster().url, { max: 1 });
    try {
      await migratePg(store);
      await migratePg(store);
      const tables = await store.$client`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'`;
      const created = readdirSync(resolve(root, PG_MIGRATIONS))
        .filter((file) => file.endsWith('.sql'))
        .reduce((n, file) => n + (readFileSync(resolve(root, PG_MIGRATIONS, file), 'utf8').match(/CREATE TABLE/g) ?? []).length, 0);
      expect(tables[0]!['n']).toBe(created);
    } finally {
      await store.$client.end();
    }
  });
});
