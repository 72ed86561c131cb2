/**
 * `tessera export` / `tessera import` round trip: the demo store with a platform theme's content (plus a row in every kind of table, text that sorts
 * differently by locale, a null time, ids past one insert batch) seeded in SQLite → export → import into PostgreSQL →
 * export → the same bytes → import into a fresh SQLite → export → the same bytes. And the ways an import refuses.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { main } from '../../bin/tessera.js';
import { ensureThemeContent } from '../theme-content/ensure-theme-content.js';
import { Theme } from '../theme.js';
import { openStore, repoRoot, type Store } from './database.js';
import { describePg } from './describe-pg.js';
import { openPgStore } from './pg-store.js';
import * as s from './schema.js';
import { seedDemoStore } from './seed.js';

const NOW = Date.UTC(2026, 10, 27, 12, 30, 15, 123);
const folder = mkdtempSync(join(tmpdir(), 'tessera-portable-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The demo shop with a platform theme's content (server/theme-content/), and at least one row in the tables the demo leaves empty. */
function seedEverything(store: Store): void {
  seedDemoStore(store, NOW);
  store.transaction((tx) => {
    tx.insert(s.carts).values({ id: 'cart-1', createdAt: NOW, updatedAt: NOW + 1 }).run();
    tx.insert(s.cartEntries).values({ id: 'e1', cartId: 'cart-1', productId: 'p01', variantId: 'p01-v1', quantity: 2, additionalFields: '{"note":"gift"}', createdAt: NOW }).run();
    tx.insert(s.orders)
      .values({
        id: 'o1',
        websiteId: 'demo',
        orderNumber: 1,
        purchasedCartId: 'cart-1',
        email: 'ada@example.com',
        items: '[{"sku":"SQP011","quantity":2}]',
        currency: 'USD',
        subtotalCents: 9600,
        taxCents: 0,
        shippingCents: 500,
        discountCents: 0,
        // past 2^31 cents: bigint in PostgreSQL
        grandTotalCents: 3_000_000_000_00,
        createdAt: NOW,
      })
      .run();
    tx.insert(s.formSubmissionKeys).values({ keyHash: 'f'.repeat(64), createdAt: NOW, expiresAt: NOW + 3_600_000 }).run();
    tx.insert(s.restockSignups).values({ id: 'r1', websiteId: 'demo', productId: 'p04', variantId: 'p04-v1', email: 'émile@example.com', isJoinMailingList: true, createdAt: NOW, notifiedAt: null }).run();
    tx.insert(s.outboxEmails).values({ id: 'm1', websiteId: 'demo', kind: 'restock', toAddress: 'émile@example.com', subject: 'Back "in" stock\n', bodyText: 'Line 1\nLine 2 😀', createdAt: NOW, sentAt: NOW + 5 }).run();
    tx.insert(s.siteDocuments).values({ websiteId: 'demo', name: 'layout', value: '{"nav":[]}', updatedAt: NOW }).run();
    tx.insert(s.contributors).values({ id: 'owner', websiteId: 'demo', email: 'owner@example.com', displayName: 'Owner', passwordHash: 'scrypt$00$00', roles: '["owner"]', createdAt: NOW }).run();
    tx.insert(s.ownerSessions).values({ tokenHash: 'a'.repeat(64), contributorId: 'owner', createdAt: NOW, expiresAt: NOW + 1000 }).run();
    // ids whose order differs between byte order and a locale's: the export sorts them byte by byte in both
    for (const id of ['Zed', 'alice', 'émile', '😀', 'Émile', 'b']) {
      tx.insert(s.siteUsers).values({ id, websiteId: 'demo', email: `${id}@example.com`, passwordHash: 'x', verifiedAt: id === 'b' ? null : NOW, createdAt: NOW }).run();
    }
    tx.insert(s.siteUserSessions).values({ tokenHash: 'b'.repeat(64), siteUserId: 'alice', createdAt: NOW, expiresAt: NOW + 1 }).run();
    for (let i = 0; i < 1203; i++) {
      tx.insert(s.analyticsHits).values({ websiteId: 'demo', receivedAt: NOW + i, day: '2026-11-27', event: 'pageview', visitor: i % 2 ? `v${i}` : null, visit: null, data: '{}' }).run();
    }
    tx.insert(s.analyticsEvents).values({ websiteId: 'demo', receivedAt: NOW, day: '2026-11-27', source: 'button-click', name: 'add', visitor: null, data: '{}' }).run();
    tx.insert(s.analyticsPerformance).values({ websiteId: 'demo', receivedAt: NOW, day: '2026-11-27', pageLoadId: 'pl', app: 'a', event: 'e', ts: NOW - 5, data: '{}' }).run();
    tx.insert(s.analyticsErrors).values({ websiteId: 'demo', receivedAt: NOW, day: '2026-11-27', event: 'error', timestamp: NOW, message: 'boom', page: '/', data: '{}' }).run();
    tx.insert(s.analyticsDaily).values({ websiteId: 'demo', day: '2026-11-27', pageViews: 1203, uniqueVisitors: 2, addToCart: 1 }).run();
    tx.insert(s.analyticsDayVisitors).values({ websiteId: 'demo', day: '2026-11-27', visitor: 'v1' }).run();
    // the bucket columns are typed loosely (a generated record), as the analytics code writes them: in SQL
    store.$client.exec(`INSERT INTO analytics_lcp_daily (website_id, day, path, b0, b44) VALUES ('demo', '2026-11-27', '/', 1, 7);
      INSERT INTO analytics_lcp_monthly (website_id, month, path, b3) VALUES ('demo', '2026-11', '/', 2)`);
    tx.insert(s.analyticsErrorsDaily).values({ websiteId: 'demo', day: '2026-11-27', message: 'boom', count: 1, lastSeen: NOW, lastPage: '/' }).run();
  });
  // a platform theme's collections and records (the layout stays the one above: an owner's is kept)
  expect(ensureThemeContent(store, new Theme(resolve(repoRoot(), 'fixtures/themes/atelier'), false), NOW).length).toBeGreaterThan(0);
}

const saved = { db: process.env['TESSERA_DB'], url: process.env['TESSERA_DATABASE_URL'] };
afterEach(() => {
  vi.restoreAllMocks();
  for (const [key, value] of [['TESSERA_DB', saved.db], ['TESSERA_DATABASE_URL', saved.url]] as const) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
});

/** Runs `tessera ARGS` on the SQLite file `db` or the PostgreSQL `url`; returns the exit code and what it printed. */
async function tessera(on: { db?: string; url?: string }, ...args: string[]) {
  const out: string[] = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((text) => (out.push(String(text)), true));
  vi.spyOn(process.stderr, 'write').mockImplementation((text) => (out.push(String(text)), true));
  delete process.env['TESSERA_DATABASE_URL'];
  if (on.db !== undefined) process.env['TESSERA_DB'] = on.db;
  if (on.url !== undefined) process.env['TESSERA_DATABASE_URL'] = on.url;
  try {
    const code = await main(args);
    return { code, out: out.join('') };
  } finally {
    vi.restoreAllMocks();
  }
}

const sqliteSource = join(folder, 'source.db');
const first = join(folder, 'first.jsonl');
beforeAll(async () => {
  const store = openStore(sqliteSource);
  seedEverything(store);
  store.$client.close();
  const result = await tessera({ db: sqliteSource }, 'export', first);
  expect(result.code, result.out).toBe(0);
}, 60_000);

describe('tessera export and import on SQLite', () => {
  it('writes a header, a line per table and its rows, with integers, booleans and ISO times', () => {
    const lines = readFileSync(first, 'utf8').trimEnd().split('\n');
    expect(JSON.parse(lines[0]!)).toEqual({ format: 'tessera-export', version: 1 });
    expect(JSON.parse(lines[1]!)).toMatchObject({ table: 'analytics_daily', columns: ['website_id', 'day', 'page_views', 'unique_visitors', 'add_to_cart'], rows: 1 });
    expect(lines).toContain('{"table":"websites","columns":["id","title","time_zone","currency","settings","localized_strings"],"rows":1}');
    const order = lines.find((l) => l.startsWith('{"id":"o1"'))!;
    expect(JSON.parse(order)).toMatchObject({ order_number: 1, grand_total_cents: 3_000_000_000_00, test_mode: true, created_at: '2026-11-27T12:30:15.123Z' });
    const signup = JSON.parse(lines.find((l) => l.startsWith('{"id":"r1"'))!);
    expect(signup).toMatchObject({ is_join_mailing_list: true, notified_at: null });
    // parents before children
    const tables = lines.filter((l) => l.startsWith('{"table":')).map((l) => JSON.parse(l).table as string);
    expect(tables.indexOf('variants')).toBeGreaterThan(tables.indexOf('products'));
    expect(tables.indexOf('cart_entries')).toBeGreaterThan(tables.indexOf('variants'));
    const users = lines.filter((l) => l.includes('"password_hash":"x"')).map((l) => JSON.parse(l).id);
    expect(users).toEqual(['Zed', 'alice', 'b', 'Émile', 'émile', '😀']);
  });

  it('imports into a fresh SQLite file and exports the same bytes', async () => {
    const copy = join(folder, 'copy.db');
    const imported = await tessera({ db: copy }, 'import', first);
    expect(imported.code, imported.out).toBe(0);
    expect(imported.out).toMatch(/imported \d+ rows of \d+ tables into SQLite/);
    const again = join(folder, 'copy.jsonl');
    expect((await tessera({ db: copy }, 'export', again)).code).toBe(0);
    expect(readFileSync(again, 'utf8')).toBe(readFileSync(first, 'utf8'));
  });

  it('refuses a store that is not empty, and a file that does not fit, keeping nothing', async () => {
    const refused = await tessera({ db: sqliteSource }, 'import', first);
    expect(refused.code).toBe(2);
    expect(refused.out).toContain('the target store is not empty (analytics_daily has 1 rows)');

    const lines = readFileSync(first, 'utf8').split('\n');
    const bad = lines.map((l) => (l.startsWith('{"id":"o1"') ? l.replace('"order_number":1', '"order_number":"one"') : l));
    const badFile = join(folder, 'bad.jsonl');
    writeFileSync(badFile, bad.join('\n'));
    const target = join(folder, 'bad.db');
    const failed = await tessera({ db: target }, 'import', badFile);
    expect(failed.code).toBe(2);
    expect(failed.out).toMatch(new RegExp(`bad\\.jsonl:${bad.findIndex((l) => l.startsWith('{"id":"o1"')) + 1}: orders\\.order_number should be an integer`));
    // the tables before the bad line were rolled back with it
    const store = openStore(target);
    expect(store.select().from(s.websites).all()).toEqual([]);
    store.$client.close();

    writeFileSync(badFile, '{"format":"something-else"}\n');
    expect((await tessera({ db: target }, 'import', badFile)).out).toContain('bad.jsonl:1: not a tessera-export file');
    expect((await tessera({ db: target }, 'import', join(folder, 'missing.jsonl'))).out).toContain('missing.jsonl does not exist');
    expect((await tessera({ db: join(folder, 'nothing.db') }, 'export', join(folder, 'x.jsonl'))).out).toContain('there is no store at');
    expect((await tessera({ db: target }, 'export')).code).toBe(2);
  });

  it('migrate status lists applied and pending migrations; up applies them', async () => {
    const status = await tessera({ db: sqliteSource }, 'migrate', 'status');
    expect(status.code).toBe(0);
    expect(status.out).toMatch(/^SQLite .*source\.db\napplied {2}0000_short_randall\n/);
    expect(status.out).toMatch(/\n\d+ applied, 0 pending\n$/);
    const fresh = join(folder, 'fresh.db');
    expect((await tessera({ db: fresh }, 'migrate', 'up')).out).toMatch(/SQLite .*fresh\.db: \d+ migrations applied; up to date/);
    expect((await tessera({ db: fresh }, 'migrate', 'sideways')).code).toBe(2);
    expect((await tessera({ url: 'mysql://x' }, 'migrate', 'status')).out).toContain('TESSERA_DATABASE_URL must be a postgres:// URL');
  });
});

describePg('tessera export and import through PostgreSQL', (cluster) => {
  it('SQLite → PostgreSQL → the same file → a fresh SQLite → the same file', async () => {
    const url = cluster().url;
    const before = await tessera({ url }, 'migrate', 'status');
    expect(before.code).toBe(1);
    expect(before.out).toContain('pending  0000_init');
    const imported = await tessera({ url }, 'import', first);
    expect(imported.code, imported.out).toBe(0);
    expect(imported.out).toMatch(/into PostgreSQL postgres:\/\/tessera:\*\*\*@127\.0\.0\.1:\d+\/[a-z0-9_]+\n/);
    expect((await tessera({ url }, 'migrate', 'status')).out).toMatch(/applied {2}0000_init\n(applied {2}\d{4}_\w+\n)*\d+ applied, 0 pending/);

    const fromPg = join(folder, 'from-pg.jsonl');
    expect((await tessera({ url }, 'export', fromPg)).code).toBe(0);
    expect(readFileSync(fromPg, 'utf8')).toBe(readFileSync(first, 'utf8'));

    const back = join(folder, 'back.db');
    expect((await tessera({ db: back }, 'import', fromPg)).code).toBe(0);
    const fromBack = join(folder, 'from-back.jsonl');
    expect((await tessera({ db: back }, 'export', fromBack)).code).toBe(0);
    expect(readFileSync(fromBack, 'utf8')).toBe(readFileSync(first, 'utf8'));

    // PostgreSQL's identity numbers on after the imported analytics ids
    const store = openPgStore(url, { max: 1 });
    try {
      const [row] = await store.$client`INSERT INTO analytics_hits (website_id, received_at, day, event, data) VALUES ('demo', now(), 'd', 'e', '{}') RETURNING id`;
      expect(Number(row!['id'])).toBe(1204);
      const [types] = await store.$client`SELECT pg_typeof(grand_total_cents)::text AS money, pg_typeof(created_at)::text AS at, pg_typeof(test_mode)::text AS flag FROM orders`;
      expect(types).toEqual({ money: 'bigint', at: 'timestamp with time zone', flag: 'boolean' });
    } finally {
      await store.$client.end();
    }
    const again = await tessera({ url }, 'import', first);
    expect(again.code).toBe(2);
    expect(again.out).toContain('the target store is not empty');
  });
});
