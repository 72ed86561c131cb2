/**
 * Page caches across nodes on PostgreSQL (issue 25): two nodes (two pools) on one database; a stock change made on
 * one (a checkout through its store) empties the other's page cache within CHANGE_BOUND_MS, so it reads the new
 * stock; a write to a node-state table (a session) does not. Every table is either one pages are built from (it
 * notifies) or named as one that does not: a new table must be put in one list or the other.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describePg } from './describe-pg.js';
import { CHANGE_BOUND_MS, type ChangeFeed, listenForChanges } from './change-feed.js';
import { seededTemplate } from './describe-stores.js';
import { openPgStore, type PgStore } from './pg-store.js';
import { seedDemoStore } from './seed.js';
import { pgStores } from './stores.js';
import { ReadCache } from '../read-cache.js';

const SHIPPED = { email: 'ada@example.com', name: 'Ada Lovelace', address1: '12 St James Sq', city: 'London', postalCode: 'SW1Y 4JH', country: 'GB' };

/** Tables no page is built from: they change on nearly every request (migration 0005_change_notify). */
const SILENT_TABLES = [
  'analytics_daily',
  'analytics_day_visitors',
  'analytics_errors',
  'analytics_errors_daily',
  'analytics_events',
  'analytics_hits',
  'analytics_lcp_daily',
  'analytics_lcp_monthly',
  'analytics_performance',
  'contributor_invitations',
  'form_submission_keys',
  'form_submissions',
  'order_notes',
  'outbox_emails',
  'owner_sessions',
  'rate_limit_buckets',
  'sign_in_throttle',
  'site_user_sessions',
];

describePg('page caches across nodes (LISTEN/NOTIFY)', (cluster) => {
  let a: PgStore;
  let b: PgStore;
  let feed: ChangeFeed;
  let folder: string;
  beforeAll(async () => {
    // the demo shop, as describeStores seeds it; both nodes on one database
    folder = mkdtempSync(join(tmpdir(), 'tessera-feed-'));
    await seededTemplate(cluster().createDatabase('seeded'), folder, seedDemoStore);
    const url = cluster().createDatabase('shop', 'seeded');
    a = openPgStore(url, { max: 4 });
    b = openPgStore(url, { max: 4 });
    feed = await listenForChanges(a);
  }, 60_000);
  afterAll(async () => {
    rmSync(folder, { recursive: true, force: true });
    await feed?.close();
    await a?.$client.end();
    await b?.$client.end();
  });

  /** Waits until `done()` or the bound passes; answers how long it took. */
  async function within(bound: number, done: () => boolean): Promise<number> {
    const start = performance.now();
    while (!done() && performance.now() - start < bound) await new Promise((resolve) => setTimeout(resolve, 2));
    return performance.now() - start;
  }

  it("a stock change on one node is seen on the other's page cache within the bound", async () => {
    const cache = new ReadCache(feed);
    const stockOnA = () => cache.getAsync('product:p03', async () => (await pgStores(a).catalog.productById('p03'))!.variants[0]!.qtyInStock);
    const stock = await stockOnA();
    expect(stock).toBeGreaterThanOrEqual(2);
    const cart = await pgStores(b).cart.createCart();
    expect((await pgStores(b).cart.addEntry(cart, { itemId: 'p03', quantity: 2 })).ok).toBe(true);
    // an add takes no stock (checkout does)
    expect(await stockOnA()).toBe(stock);
    const before = feed.generation();
    const placed = await pgStores(b).checkout.placeOrder(cart, SHIPPED, 'secret');
    expect(placed.ok).toBe(true);
    const waited = await within(CHANGE_BOUND_MS, () => feed.generation() !== before);
    expect(feed.generation()).not.toBe(before);
    expect(await stockOnA()).toBe(stock - 2);
    console.log(`[postgresql] another node's stock change reached this node's page cache in ${waited.toFixed(1)} ms (bound ${CHANGE_BOUND_MS} ms)`);
  });

  it("a session or a write limit on another node leaves this node's cache alone", async () => {
    const before = feed.generation();
    await pgStores(b).rateLimits.take('cart 192.0.2.1', { burst: 5, perMinute: 60 }, Date.now());
    await pgStores(b).forms.issueKey();
    // a change after them: when its notification has arrived, theirs would have too
    await b.$client`UPDATE websites SET title = 'Demo' WHERE id = 'demo'`;
    await within(CHANGE_BOUND_MS, () => feed.generation() !== before);
    expect(feed.generation()).toBe(before + 1);
  });

  it('every table either notifies or is named as one that does not', async () => {
    const rows = await a.$client<{ table: string; notifies: boolean }[]>`
      SELECT c.relname AS table, EXISTS (SELECT 1 FROM pg_trigger t WHERE t.tgrelid = c.oid AND t.tgname = 'tessera_changes') AS notifies
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind = 'r' ORDER BY c.relname`;
    expect(rows.filter((r) => !r.notifies).map((r) => r.table)).toEqual(SILENT_TABLES);
    expect(rows.filter((r) => r.notifies).length).toBeGreaterThan(10);
  });
});
