/**
 * The demo store in PostgreSQL (issue 25): seeded into a SQLite file, as `npm start` seeds SQLite, then moved over
 * with `tessera export`/`import`'s own functions, so both databases start with the same shop byte for byte and
 * the seed is written once. `preparePgStore` is what a node does at start: migrations and, into an empty
 * database, the demo store, both under one PostgreSQL advisory lock, so nodes starting at once take turns (the
 * second finds the migrations applied and the shop there).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore, type Store } from './database.js';
import { migratePg, type PgStore } from './pg-store.js';
import { exportStore, importStore } from './portable.js';
import { openRawDb, pgRawDb } from './raw-db.js';
import { websites } from './schema-pg.js';
import { seedDemoStore } from './seed.js';

/** The lock nodes take to migrate and seed (any fixed number; this one spells "tessera" in ASCII, cut to 53 bits). */
const START_LOCK = 0x74_65_73_73_65_72;

/** Fills `pg` (migrated, empty) with what `seed` puts in a SQLite store, as `tessera import` would; `folder` holds the files meanwhile. */
export async function importSeeded(pg: PgStore, folder: string, seed: (store: Store) => void = seedDemoStore): Promise<void> {
  const file = join(folder, 'seeded.db');
  const sqlite = openStore(file);
  seed(sqlite);
  sqlite.$client.close();
  const lines: string[] = [];
  const source = openRawDb({ dialect: 'sqlite', file }, { readonly: true });
  await exportStore(source, (line) => void lines.push(line));
  await source.close();
  const exported = join(folder, 'seeded.jsonl');
  writeFileSync(exported, lines.join(''));
  await importStore(pgRawDb(pg), exported);
}

/** A node's start on PostgreSQL: pending migrations, then the demo store (`seed`'s) into an empty database. True when it seeded. */
export async function preparePgStore(pg: PgStore, seed: (store: Store) => void = seedDemoStore): Promise<boolean> {
  const lock = await pg.$client.reserve();
  try {
    await lock`SELECT pg_advisory_lock(${START_LOCK})`;
    await migratePg(pg);
    if ((await pg.select({ id: websites.id }).from(websites).limit(1)).length > 0) return false;
    const folder = mkdtempSync(join(tmpdir(), 'tessera-seed-'));
    try {
      await importSeeded(pg, folder, seed);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
    return true;
  } finally {
    await lock`SELECT pg_advisory_unlock(${START_LOCK})`.catch(() => {});
    lock.release();
  }
}
