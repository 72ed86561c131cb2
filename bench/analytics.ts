/**
 * `npm run bench -- analytics`: a year of a busy shop, then the owner dashboard's answer time over it.
 *
 * The generator writes into a SQLite file (default: a temporary one; `--db FILE` keeps it, and a file that
 * already holds a year is measured as it is): 5 M census hits over 365 site days (weekly rhythm, growth over
 * the year, 300 pages with a long tail, visitors drawn from a pool that grows over the year: most are new each
 * day, the heavy case for analytics_day_visitors), an LCP sample for every other hit, add-to-cart for 3 % of hits, JavaScript errors (40 messages) for 0.5 %, orders for 0.8 %, form submissions and restock
 * signups. Analytics go through the same record functions as the routes (so the roll-ups are the real ones);
 * orders, submissions and signups are inserted into their own tables.
 *
 * Then GET /config/analytics?days=365 (the whole page, signed in, through Fastify inject) and the figures alone
 * (dashboardData) are timed: the first answer, then the median and p95 of `--runs` more. Goal: under 100 ms.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../server/app.js';
import { dashboardData } from '../server/analytics/dashboard-data.js';
import { CART_SOURCE, recordErrors, recordEvent, recordHit, recordPerformance } from '../server/analytics/record.js';
import { addDays, dayKey, dayStart } from '../server/analytics/site-days.js';
import { siteOf } from '../server/analytics/stamp.js';
import { openStore, type Store } from '../server/db/database.js';
import { contributors } from '../server/db/schema.js';
import { seedDemoStore } from '../server/db/seed.js';
import { OWNER_COOKIE, openSession } from '../server/owner/sessions.js';

export const ANALYTICS_BENCH_USAGE = `Usage: tessera bench analytics [--hits N] [--days N] [--runs N] [--db FILE]

Generates a year of a busy shop (default 5000000 hits over 365 days) and times the owner dashboard over it.
  --hits N   census hits to generate (default 5000000)
  --days N   days they spread over, ending yesterday (default 365)
  --runs N   timed dashboard answers after the first (default 30)
  --db FILE  the SQLite file to fill and keep (a file already filled is measured as it is); default a
             temporary file, removed afterwards
`;

/** A small deterministic generator (mulberry32), so two runs generate the same year. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PAGES = Array.from({ length: 300 }, (_, i) => (i === 0 ? '/' : i < 10 ? `/page-${i}` : i < 30 ? `/shop/category-${i}` : `/shop/p/product-${i}`));
const MESSAGES = Array.from({ length: 40 }, (_, i) => `TypeError: Cannot read properties of undefined (reading 'item${i}')`);

interface Generated {
  hits: number;
  seconds: number;
}

function generate(store: Store, hits: number, days: number): Generated {
  const t0 = performance.now();
  const site = siteOf(store)!;
  const next = random(22);
  // a page by a long-tailed choice: the first pages take most views
  const page = () => PAGES[Math.min(PAGES.length - 1, Math.floor(PAGES.length * next() ** 3))]!;
  const today = dayKey(Date.now(), site.timeZone);
  const first = addDays(today, -days);
  const weights = Array.from({ length: days }, (_, d) => (1 + d / days) * ([0.8, 1, 1, 1, 1.1, 1.3, 1.2][d % 7] ?? 1));
  const weightSum = weights.reduce((a, b) => a + b, 0);
  const db = store.$client;
  const formIds = (db.prepare('SELECT id FROM forms').all() as { id: string }[]).map((r) => r.id);
  const variantRows = db.prepare('SELECT id, product_id AS productId FROM variants').all() as { id: string; productId: string }[];
  const insertCart = db.prepare('INSERT INTO carts (id, created_at, updated_at) VALUES (?, ?, ?)');
  const insertOrder = db.prepare(
    'INSERT INTO orders (id, website_id, order_number, purchased_cart_id, test_mode, email, items, currency, subtotal_cents, tax_cents, shipping_cents, discount_cents, grand_total_cents, created_at) ' +
      "VALUES (?, ?, ?, ?, 0, 'buyer@example.com', '[]', ?, ?, 0, 0, 0, ?, ?)",
  );
  const insertSubmission = db.prepare("INSERT INTO form_submissions (id, form_id, data, created_at) VALUES (?, ?, '{}', ?)");
  const insertSignup = db.prepare('INSERT INTO restock_signups (id, website_id, product_id, variant_id, email, created_at) VALUES (?, ?, ?, ?, ?, ?)');
  let written = 0;
  let orderNumber = 1000;
  let signups = 0;
  for (let d = 0; d < days; d++) {
    const day = addDays(first, d);
    const start = dayStart(day, site.timeZone);
    const count = d === days - 1 ? hits - written : Math.round((hits * weights[d]!) / weightSum);
    db.transaction(() => {
      for (let i = 0; i < count; i++) {
        const receivedAt = start + Math.floor(next() * 86_399_000);
        const at = { websiteId: site.id, receivedAt, day };
        const path = page();
        // visitors: a pool that grows over the year; most come back a few times
        const visitor = `v${Math.floor(next() * (20_000 + d * 2_000)).toString(36)}`;
        recordHit(store, at, { event: 'view', visitor, visit: null, data: { websiteId: site.id, url: `https://shop.example${path}`, title: path, viewportWidth: next() < 0.6 ? 390 : 1280 } });
        const r = next();
        if (r < 0.5) {
          const lcp = Math.round(600 + 2500 * next() ** 2 + (path.length % 7) * 150);
          recordPerformance(store, at, [{ app: 'storefront', event: 'page-speed', pageLoadId: randomUUID(), ts: receivedAt, data: { LCP: lcp, CLS: 0.02, INP: 120, TTFB: 180, path } }]);
        }
        if (r < 0.03) recordEvent(store, at, { source: CART_SOURCE, name: 'AddToCart', visitor: null, data: { cartId: 'c', itemId: path, quantity: 1 } });
        if (r < 0.005) recordErrors(store, at, [{ event: 'error', timestamp: receivedAt, message: MESSAGES[Math.floor(MESSAGES.length * next() ** 2)]!, page: path, data: {} }]);
        if (r < 0.008) {
          const cart = randomUUID();
          insertCart.run(cart, receivedAt, receivedAt);
          insertOrder.run(randomUUID(), site.id, orderNumber++, cart, site.currency, 4500, 4500 + Math.floor(next() * 20_000), receivedAt);
        }
        if (r < 0.001 && formIds.length > 0) insertSubmission.run(randomUUID(), formIds[Math.floor(next() * formIds.length)]!, receivedAt);
        if (r < 0.0005 && variantRows.length > 0) {
          const v = variantRows[Math.floor(next() * variantRows.length)]!;
          insertSignup.run(randomUUID(), site.id, v.productId, v.id, `shopper${signups++}@example.com`, receivedAt);
        }
      }
    })();
    written += count;
    if (d % 30 === 29) process.stderr.write(`  ${day}: ${written.toLocaleString('en-US')} hits\n`);
  }
  return { hits: written, seconds: (performance.now() - t0) / 1000 };
}

interface Timing {
  firstMs: number;
  medianMs: number;
  p95Ms: number;
}

async function time(runs: number, once: () => Promise<unknown>): Promise<Timing> {
  const t0 = performance.now();
  await once();
  const firstMs = performance.now() - t0;
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await once();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  const round = (n: number) => Math.round(n * 10) / 10;
  return { firstMs: round(firstMs), medianMs: round(at(0.5)), p95Ms: round(at(0.95)) };
}

export async function runAnalyticsBench(argv: readonly string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      options: { hits: { type: 'string' }, days: { type: 'string' }, runs: { type: 'string' }, db: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    }));
  } catch (e) {
    process.stderr.write(`tessera bench analytics: ${e instanceof Error ? e.message : String(e)}\n\n${ANALYTICS_BENCH_USAGE}`);
    return 2;
  }
  if (values.help === true) {
    process.stdout.write(ANALYTICS_BENCH_USAGE);
    return 0;
  }
  const whole = (text: string | undefined, fallback: number, name: string) => {
    if (text === undefined) return fallback;
    if (!/^\d+$/.test(text) || Number(text) < 1) throw new Error(`--${name} needs a positive whole number, got ${JSON.stringify(text)}`);
    return Number(text);
  };
  const hits = whole(values.hits, 5_000_000, 'hits');
  const days = whole(values.days, 365, 'days');
  const runs = whole(values.runs, 30, 'runs');
  const temporary = values.db === undefined ? mkdtempSync(join(tmpdir(), 'tessera-analytics-bench-')) : null;
  const file = values.db ?? join(temporary!, 'year.db');
  const existed = existsSync(file);
  const store = openStore(file);
  try {
    store.$client.pragma('synchronous = OFF');
    let generated: Generated | null = null;
    if (!existed || (store.$client.prepare('SELECT count(*) AS n FROM analytics_hits').get() as { n: number }).n === 0) {
      seedDemoStore(store);
      process.stderr.write(`generating ${hits.toLocaleString('en-US')} hits over ${days} days into ${file}\n`);
      generated = generate(store, hits, days);
    }
    store.$client.pragma('synchronous = FULL');
    store.$client.pragma('optimize');
    const site = siteOf(store)!;
    const contributor = store.select({ id: contributors.id }).from(contributors).get() ?? { id: randomUUID() };
    if (store.select({ id: contributors.id }).from(contributors).get() === undefined) {
      store.insert(contributors).values({ id: contributor.id, websiteId: site.id, email: 'bench@example.com', displayName: 'Bench', passwordHash: 'x', roles: '["admin"]', createdAt: 0 }).run();
    }
    const token = openSession(store, contributor.id, 3_600_000, Date.now());
    const app = await buildApp({ store });
    const today = dayKey(Date.now(), site.timeZone);
    const range = { from: addDays(today, -364), to: today, days: 365 };
    const count = (table: string) => (store.$client.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
    const page = await time(runs, async () => {
      const res = await app.inject({ method: 'GET', url: '/config/analytics?days=365', cookies: { [OWNER_COOKIE]: token } });
      if (res.statusCode !== 200) throw new Error(`the dashboard answered ${res.statusCode}`);
      return res;
    });
    const figures = await time(runs, async () => dashboardData(store, site, range));
    await app.close();
    const report = {
      file,
      generated,
      rows: Object.fromEntries(
        ['analytics_hits', 'analytics_performance', 'analytics_events', 'analytics_errors', 'analytics_day_visitors', 'analytics_lcp_daily', 'analytics_lcp_monthly', 'orders', 'form_submissions', 'restock_signups'].map((t) => [t, count(t)]),
      ),
      dashboard365Days: { page, figures },
      goalMs: 100,
    };
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    return page.medianMs < 100 ? 0 : 1;
  } finally {
    store.$client.close();
    if (temporary !== null) rmSync(temporary, { recursive: true, force: true });
  }
}
