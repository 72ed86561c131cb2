/**
 * `npm run bench -- db`: the numbers that decide how the store's queries go async for PostgreSQL (server/db/README.md).
 *
 * 1. Statements per page: the demo store in SQLite, each page requested through Fastify inject twice (cold, then
 *    warm), counting every statement better-sqlite3 runs.
 * 2. One point read (a variant by id, through drizzle): SQLite called synchronously, SQLite awaited (the same
 *    builder through its promise, what an async store interface costs SQLite), and PostgreSQL over loopback
 *    (postgres.js, one connection), then PostgreSQL with 8 reads in flight on 8 connections.
 * 3. A checkout-shaped transaction (lock the variant, take stock, insert an order, commit) on each.
 * 4. The stores of issue 25 (server/db/stores.ts) as the routes call them: one add to a cart, one checkout of a
 *    one-line cart, one after another, then 100 checkouts in flight at once (carts sharing no stock), on each.
 * PostgreSQL is a throwaway cluster (server/db/pg-cluster.ts); without its binaries only SQLite is measured.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { and, eq, gte, sql } from 'drizzle-orm';
import { buildApp } from '../server/app.js';
import { openStore, repoRoot, type Store } from '../server/db/database.js';
import { pgUnavailableReason, startPgCluster } from '../server/db/pg-cluster.js';
import { migratePg, openPgStore, type PgStore } from '../server/db/pg-store.js';
import { exportStore, importStore } from '../server/db/portable.js';
import { openRawDb } from '../server/db/raw-db.js';
import * as pgSchema from '../server/db/schema-pg.js';
import * as sqliteSchema from '../server/db/schema.js';
import { seedDemoStore } from '../server/db/seed.js';
import { type CommerceStores, pgStores, sqliteStores } from '../server/db/stores.js';
import { Theme } from '../server/theme.js';

const PAGES = ['/', '/shop', '/shop/p/linen-apron', '/shop/p/field-shirt', '/cart'];

/** Counts the statements a better-sqlite3 connection runs. */
function countStatements(store: Store): { count: () => number } {
  const client = store.$client;
  const prepare = client.prepare.bind(client);
  let n = 0;
  client.prepare = ((source: string) => {
    const statement = prepare(source);
    for (const method of ['run', 'get', 'all', 'iterate'] as const) {
      const original = statement[method].bind(statement) as (...args: unknown[]) => unknown;
      (statement as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => (n++, original(...args));
    }
    return statement;
  }) as typeof client.prepare;
  return { count: () => n };
}

/** Median and 95th percentile of `runs` timings of `fn`, in microseconds. */
async function time(runs: number, fn: () => unknown): Promise<{ median: number; p95: number }> {
  for (let i = 0; i < Math.min(200, runs); i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    samples.push((performance.now() - start) * 1000);
  }
  samples.sort((a, b) => a - b);
  return { median: samples[Math.floor(runs / 2)]!, p95: samples[Math.floor(runs * 0.95)]! };
}

const us = (t: { median: number; p95: number }) => `median ${t.median.toFixed(1)} µs, p95 ${t.p95.toFixed(1)} µs`;

const DETAILS = { email: 'bench@example.com', name: 'Bench', address1: '1 Road', city: 'London', postalCode: 'N1', country: 'GB' };

/** Issue 25's stores as the routes call them: an add, a checkout (each cart one unlimited line), 100 checkouts in flight. */
async function timeStores(name: string, stores: CommerceStores, say: (line: string) => void): Promise<void> {
  const filled = async (n: number) =>
    await Promise.all(
      Array.from({ length: n }, async () => {
        const cartId = await stores.cart.createCart();
        await stores.cart.addEntry(cartId, { itemId: 'p06', quantity: 1 });
        return cartId;
      }),
    );
  const addTo = await stores.cart.createCart();
  say(`\nthe stores (issue 25), ${name}:`);
  say(`  one add (a line of an unlimited variant)   ${us(await time(1_000, () => stores.cart.addEntry(addTo, { itemId: 'p06', quantity: 1 })))}`);
  const carts = await filled(1_200);
  say(`  one checkout (a one-line cart)             ${us(await time(1_000, () => stores.checkout.placeOrder(carts.pop()!, DETAILS, 'bench')))}`);
  const many = await filled(100);
  const start = performance.now();
  const placed = await Promise.all(many.map((cartId) => stores.checkout.placeOrder(cartId, DETAILS, 'bench')));
  const ms = performance.now() - start;
  say(`  100 checkouts in flight                    ${ms.toFixed(0)} ms for all (${((ms * 1000) / 100).toFixed(0)} µs each; ${placed.filter((p) => p.ok).length} placed)`);
}

export async function runDbBench(argv: string[]): Promise<number> {
  if (argv.includes('--help')) {
    process.stdout.write('Usage: tessera bench db\n\nStatements per page, point-read and checkout-transaction latency on SQLite and PostgreSQL (a throwaway cluster).\n');
    return 0;
  }
  const dir = mkdtempSync(join(tmpdir(), 'tessera-bench-db-'));
  const store = openStore(join(dir, 'store.db'));
  seedDemoStore(store);
  const say = (line: string) => process.stdout.write(line + '\n');
  try {
    const counter = countStatements(store);
    const app = await buildApp({ store, theme: new Theme(resolve(repoRoot(), 'templates'), false, () => {}) });
    say('statements per page (SQLite, demo store): cold, warm');
    for (const page of PAGES) {
      const before = counter.count();
      const cold = await app.inject(page);
      const middle = counter.count();
      await app.inject(page);
      say(`  ${page.padEnd(24)} ${String(middle - before).padStart(3)}, ${String(counter.count() - middle).padStart(3)}   (HTTP ${cold.statusCode})`);
    }
    await app.close();

    const v = sqliteSchema.variants;
    const readSqlite = () => store.select().from(v).where(eq(v.id, 'p01-v1')).get();
    say('\none point read (variant by id, drizzle):');
    say(`  SQLite, synchronous .get()   ${us(await time(20_000, readSqlite))}`);
    say(`  SQLite, awaited              ${us(await time(20_000, async () => await store.select().from(v).where(eq(v.id, 'p01-v1'))))}`);

    let orderNumber = 1000;
    const checkoutSqlite = () =>
      store.transaction(
        (tx) => {
          tx.update(v).set({ qtyInStock: sql`${v.qtyInStock} - 1` }).where(and(eq(v.id, 'p01-v1'), gte(v.qtyInStock, 1))).run();
          tx.update(v).set({ qtyInStock: sql`${v.qtyInStock} + 1` }).where(eq(v.id, 'p01-v1')).run();
          tx.insert(sqliteSchema.carts).values({ id: `c${++orderNumber}`, createdAt: 1, updatedAt: 1 }).run();
        },
        { behavior: 'immediate' },
      );

    const reason = pgUnavailableReason();
    if (reason !== undefined) {
      say(`\nPostgreSQL: ${reason}`);
      say(`\ncheckout-shaped transaction: SQLite ${us(await time(2_000, checkoutSqlite))}`);
      await timeStores('SQLite', sqliteStores(store), say);
      return 0;
    }
    const cluster = await startPgCluster('bench');
    let pg: PgStore | undefined;
    try {
      pg = openPgStore(cluster.url, { max: 8 });
      await migratePg(pg);
      // the same demo store, moved over by export and import
      const lines: string[] = [];
      const raw = openRawDb({ dialect: 'sqlite', file: join(dir, 'store.db') }, { readonly: true });
      await exportStore(raw, (line) => void lines.push(line));
      await raw.close();
      const { writeFileSync } = await import('node:fs');
      writeFileSync(join(dir, 'store.jsonl'), lines.join(''));
      const target = openRawDb({ dialect: 'postgresql', url: cluster.url });
      await importStore(target, join(dir, 'store.jsonl'));
      await target.close();

      const pv = pgSchema.variants;
      const db = pg;
      const one = openPgStore(cluster.url, { max: 1 });
      say(`  PostgreSQL, loopback         ${us(await time(5_000, async () => await one.select().from(pv).where(eq(pv.id, 'p01-v1'))))}`);
      const eight = await time(2_000, async () => await Promise.all(Array.from({ length: 8 }, () => db.select().from(pv).where(eq(pv.id, 'p01-v1')))));
      say(`  PostgreSQL, 8 in flight      ${us(eight)} for all 8 (${(eight.median / 8).toFixed(1)} µs a read)`);

      say('\ncheckout-shaped transaction (take stock, put it back, insert a row; commit):');
      say(`  SQLite (immediate)           ${us(await time(2_000, checkoutSqlite))}`);
      let n = 0;
      const checkoutPg = async () =>
        await one.transaction(async (tx) => {
          await tx.select({ q: pv.qtyInStock }).from(pv).where(eq(pv.id, 'p01-v1')).for('update');
          await tx.update(pv).set({ qtyInStock: sql`${pv.qtyInStock} - 1` }).where(and(eq(pv.id, 'p01-v1'), gte(pv.qtyInStock, 1)));
          await tx.update(pv).set({ qtyInStock: sql`${pv.qtyInStock} + 1` }).where(eq(pv.id, 'p01-v1'));
          await tx.insert(pgSchema.carts).values({ id: `c${++n}`, createdAt: 1, updatedAt: 1 });
        });
      say(`  PostgreSQL (read committed, row lock; fsync off)  ${us(await time(1_000, checkoutPg))}`);
      await one.$client.end();

      await timeStores('SQLite (file, WAL, synchronous FULL)', sqliteStores(store), say);
      await timeStores('PostgreSQL (pool of 8, fsync off)', pgStores(db), say);
    } finally {
      await pg?.$client.end();
      cluster.stop();
    }
    return 0;
  } finally {
    store.$client.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
