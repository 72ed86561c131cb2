/**
 * The HTTP load benchmark: the storefront in this process on a loopback port, over a fresh temporary SQLite
 * store seeded with the demo shop, loaded by autocannon on a product page and on a static route of the same
 * byte size added for the benchmark only. The static route costs everything but the page (Fastify, the
 * request hooks, the socket), so product/static is the share of the server's throughput left once a page is
 * rendered from the theme and the store.
 *
 * The product page is loaded twice: as a first-time visitor (no cookies) and as a shopper whose cart holds one
 * line (the `tessera_cart` cookie of a cart made through the cart API before the load, as a browser would).
 * The cart page is loaded by a shopper whose cart holds two lines, and compared with the product page: a cart
 * page is rendered per visitor, but should cost little more than a product page (issue 24: at least half its
 * requests per second).
 *
 * The load generator shares the process with the server, as `npm run bench` keeps to one process, but runs
 * on a worker thread of its own (autocannon's `workers: 1`): on the server's thread, the client's parsing of
 * every answer and its garbage counted against the server, more so for a larger page, and the two event loops'
 * turns mixed (`--same-thread` still measures that way, for comparing with earlier reports). Both routes are
 * measured under the same conditions, so the ratio holds even where the absolute numbers would be higher with
 * the client on another machine.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../server/app.js';
import { openStore, repoRoot } from '../server/db/database.js';
import { seedDemoStore } from '../server/db/seed.js';
import { Theme } from '../server/theme.js';
import { HTTP_BENCH_USAGE, type HttpBenchOptions, HttpBenchUsageError, parseHttpBenchArgs } from './http-cli.js';
import { formatHttpReport, type HttpBenchReport, type RouteResult, requestsRatio } from './http-report.js';

/** The benchmark's own route; it exists only in the app this benchmark builds. */
export const STATIC_PATH = '/__bench/static';
/** The cart page, loaded by a visitor whose cart holds CART_PAGE_LINES lines (issue 24). */
export const CART_PAGE_PATH = '/cart';
const CART_PAGE_LINES = 2;
/** Requests per route before measuring, so the theme's templates are compiled and code-generated first. */
const WARMUP_REQUESTS = 2000;

interface Io {
  out(line: string): void;
  err(line: string): void;
}

const defaultIo: Io = {
  out: (line) => process.stdout.write(line + '\n'),
  err: (line) => process.stderr.write(line + '\n'),
};

/** The cookies a load sends with every request (none: a first-time visitor). */
type Cookies = Readonly<Record<string, string>>;

const cookieHeader = (cookies: Cookies) => ({ cookie: Object.entries(cookies).map(([k, v]) => `${k}=${v}`).join('; ') });

interface Route {
  readonly name: string;
  readonly path: string;
  readonly bodyBytes: number;
  readonly cookies: Cookies;
}

type Round = Awaited<ReturnType<typeof autocannon>>;

const median = (xs: readonly number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Where autocannon runs: a worker thread of its own (one worker takes every connection), or this thread. */
const clientThread = (opts: HttpBenchOptions) => (opts.sameThread === true ? {} : { workers: 1 });

/**
 * Loads every route for `opts.durationS` seconds in all, as `opts.rounds` slices in mirrored order (ABC CBA
 * ABC…), so that a burst of other work on the machine falls on every route alike rather than on one.
 */
async function loadRoutes(base: string, routes: readonly Route[], opts: HttpBenchOptions, io: Io): Promise<RouteResult[]> {
  const slice = opts.durationS / opts.rounds;
  const rounds = routes.map((): Round[] => []);
  for (let round = 0; round < opts.rounds; round++) {
    const order = round % 2 === 0 ? routes.map((_, i) => i) : routes.map((_, i) => routes.length - 1 - i);
    io.err(`round ${round + 1}/${opts.rounds}: ${order.map((i) => routes[i]!.name).join(', ')}, ${slice.toFixed(1)} s each…`);
    for (const i of order) {
      const { path, cookies } = routes[i]!;
      const headers = Object.keys(cookies).length === 0 ? {} : { headers: cookieHeader(cookies) };
      rounds[i]!.push(await autocannon({ url: base + path, duration: slice, connections: opts.connections, ...clientThread(opts), ...headers }));
    }
  }
  return routes.map(({ name, path, bodyBytes, cookies }, i) => {
    const rs = rounds[i]!;
    const perRound = rs.map((r) => r.requests.average);
    return {
      name,
      path,
      ...(Object.keys(cookies).length === 0 ? {} : { cookies: Object.keys(cookies) }),
      bodyBytes,
      requestsPerSec: perRound.reduce((a, b) => a + b, 0) / perRound.length,
      roundRequestsPerSec: perRound,
      p50Ms: median(rs.map((r) => r.latency.p50)),
      p99Ms: Math.max(...rs.map((r) => r.latency.p99)),
      requests: rs.reduce((a, r) => a + r.requests.total, 0),
      non2xx: rs.reduce((a, r) => a + r.non2xx, 0),
      errors: rs.reduce((a, r) => a + r.errors + r.timeouts, 0),
    };
  });
}


/** The cookies of a response, by name (the value before its attributes). */
const cookiesSet = (res: Response): Record<string, string> =>
  Object.fromEntries(res.headers.getSetCookie().map((c) => /^([^=;]+)=([^;]*)/.exec(c)).filter((m) => m !== null).map((m) => [m[1]!, m[2]!]));

/**
 * A cart of `lines` lines of one unit each, made through the cart API as a browser would: first variants in
 * stock of the page's product, then of the products of `/shop`, one line per variant. Returns the cookies the
 * cart's visitor holds (the cart's, the crumb's and the visitor's own), after checking that the cart API answers
 * that cart with a quantity of `lines`.
 */
async function makeCart(base: string, page: string, lines: number): Promise<Record<string, string>> {
  // the crumb the server issues to a new visitor, with the cookies it is bound to
  const visit = await fetch(`${base}${page}`);
  const jar = cookiesSet(visit);
  const crumb = jar['crumb'];
  if (crumb === undefined) throw new Error(`${page} issued no crumb`);
  const items: unknown[] = [];
  for (const path of [page, '/shop']) {
    const context = (await (await fetch(`${base}${path}${path.includes('?') ? '&' : '?'}format=json`)).json()) as Record<string, unknown>;
    if (context['item'] !== undefined) items.push(context['item']);
    if (Array.isArray(context['items'])) items.push(...(context['items'] as unknown[]));
  }
  let added = 0;
  for (const item of items as { id: string; structuredContent?: { variants?: { sku: string }[] } }[]) {
    for (const variant of item.structuredContent?.variants ?? []) {
      const res = await fetch(`${base}/api/commerce/shopping-cart/entries`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': crumb, ...cookieHeader(jar) },
        body: JSON.stringify({ itemId: item.id, sku: variant.sku, quantity: 1 }),
      });
      if (res.status !== 200) continue;
      Object.assign(jar, cookiesSet(res));
      if (++added < lines) break; // the next line from another product
      const check = (await (await fetch(`${base}/api/commerce/shopping-cart`, { headers: cookieHeader(jar) })).json()) as { totalQuantity?: unknown; entries?: unknown[] };
      if (check.totalQuantity !== lines || check.entries?.length !== lines) throw new Error(`the cart made for the benchmark holds ${String(check.totalQuantity)} items, not ${lines}`);
      return jar;
    }
  }
  throw new Error(`fewer than ${lines} products on ${page} or /shop could be added to a cart`);
}

/** Runs the benchmark; returns the exit code (1 when the page does not answer 200 or requests failed). */
export async function runHttpBenchmark(opts: HttpBenchOptions, io: Io = defaultIo): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'tessera-http-bench-'));
  const store = openStore(join(dir, 'store.db'));
  seedDemoStore(store);
  const problems: string[] = [];
  const app = await buildApp({ store, theme: new Theme(resolve(repoRoot(), 'templates'), false, (p) => problems.push(p)) });
  // Filled in once the product page's size is known; routes cannot be added after the server starts.
  let staticBody = '';
  app.get(STATIC_PATH, async (_request, reply) => reply.type('text/html; charset=utf-8').send(staticBody));
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const first = await fetch(base + opts.page);
    const html = await first.text();
    if (first.status !== 200) {
      io.err(`tessera bench http: ${opts.page} answered ${first.status}, not 200`);
      return 1;
    }
    const bytes = Buffer.byteLength(html);
    staticBody = 'x'.repeat(bytes);
    // made before the load: the cart write empties the read cache, which the warm-up then fills again
    const withCart = { tessera_cart: (await makeCart(base, opts.page, 1))['tessera_cart']! };
    // the cart page's visitor (issue 24): a cart of two lines, with the cookies its crumb is bound to
    const cartVisitor = await makeCart(base, opts.page, CART_PAGE_LINES);
    const cartPage = await fetch(base + CART_PAGE_PATH, { headers: cookieHeader(cartVisitor) });
    const cartPageBytes = Buffer.byteLength(await cartPage.text());
    if (cartPage.status !== 200) {
      io.err(`tessera bench http: ${CART_PAGE_PATH} answered ${cartPage.status}, not 200`);
      return 1;
    }
    const cartRes = await fetch(base + opts.page, { headers: cookieHeader(withCart) });
    const cartBytes = Buffer.byteLength(await cartRes.text());
    if (cartRes.status !== 200) {
      io.err(`tessera bench http: ${opts.page} answered ${cartRes.status} to a visitor with a cart, not 200`);
      return 1;
    }

    io.err(`warming up (${WARMUP_REQUESTS} requests per route)…`);
    for (const [path, cookies] of [[opts.page, {}], [opts.page, withCart], [CART_PAGE_PATH, cartVisitor], [STATIC_PATH, {}]] as const) {
      await autocannon({ url: base + path, amount: WARMUP_REQUESTS, connections: opts.connections, ...clientThread(opts), ...(Object.keys(cookies).length === 0 ? {} : { headers: cookieHeader(cookies) }) });
    }
    const [product, productCart, cart, fixed] = await loadRoutes(
      base,
      [
        { name: 'product', path: opts.page, bodyBytes: bytes, cookies: {} },
        { name: 'product+cart', path: opts.page, bodyBytes: cartBytes, cookies: withCart },
        { name: 'cart', path: CART_PAGE_PATH, bodyBytes: cartPageBytes, cookies: cartVisitor },
        { name: 'static', path: STATIC_PATH, bodyBytes: bytes, cookies: {} },
      ],
      opts,
      io,
    );
    if (product === undefined || productCart === undefined || cart === undefined || fixed === undefined) throw new Error('a route was not loaded');

    const started = new Date();
    const report: HttpBenchReport = {
      timestamp: started.toISOString(),
      node: process.version,
      platform: `${process.platform} ${process.arch}`,
      cpu: `${cpus()[0]?.model ?? 'unknown'} (${cpus().length} cores)`,
      options: { durationS: opts.durationS, connections: opts.connections, page: opts.page, rounds: opts.rounds, client: opts.sameThread === true ? 'same-thread' : 'worker-thread' },
      routes: [product, productCart, cart, fixed],
      ratio: requestsRatio(product.requestsPerSec, fixed.requestsPerSec),
      cartRatio: requestsRatio(productCart.requestsPerSec, fixed.requestsPerSec),
      cartPageRatio: requestsRatio(cart.requestsPerSec, product.requestsPerSec),
    };
    const file = opts.out ?? join(repoRoot(), 'bench', 'results', `http-${started.toISOString().replace(/:/g, '-').replace(/\.\d+Z$/, 'Z')}.json`);
    try {
      mkdirSync(join(file, '..'), { recursive: true });
      writeFileSync(file, JSON.stringify(report, null, 2) + '\n');
    } catch (e) {
      io.err(`could not write ${file}: ${e instanceof Error ? e.message : String(e)}`);
    }
    for (const line of formatHttpReport(report)) io.out(line);
    for (const p of problems) io.err(`template problem: ${p}`);
    io.out('');
    io.out(`results: ${file}`);
    return report.routes.some((r) => r.non2xx + r.errors > 0) ? 1 : 0;
  } finally {
    await app.close();
    store.$client.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `tessera bench http …` with the arguments after `http`; returns the exit code. */
export async function runHttpBench(argv: readonly string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseHttpBenchArgs(argv);
  } catch (e) {
    if (!(e instanceof HttpBenchUsageError)) throw e;
    process.stderr.write(`tessera bench http: ${e.message}\n\n${HTTP_BENCH_USAGE}`);
    return 2;
  }
  if (parsed.help) {
    process.stdout.write(HTTP_BENCH_USAGE);
    return 0;
  }
  const { help: _help, ...opts } = parsed;
  return runHttpBenchmark(opts);
}
