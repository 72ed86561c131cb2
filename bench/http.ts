/**
 * The HTTP load benchmark: the storefront in this process on a loopback port, over a fresh temporary SQLite
 * store seeded with the demo shop, loaded by autocannon on a product page and on a static route of the same
 * byte size added for the benchmark only. The static route costs everything but the page (Fastify, the
 * request hooks, the socket), so product/static is the share of the server's throughput left once a page is
 * rendered from the theme and the store.
 *
 * The load generator shares the process with the server, as `npm run bench` keeps to one process; both
 * routes are measured under the same conditions, so the ratio holds even where the absolute numbers would
 * be higher with the client on another machine.
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

async function load(base: string, name: string, path: string, bodyBytes: number, opts: HttpBenchOptions): Promise<RouteResult> {
  const r = await autocannon({ url: base + path, duration: opts.durationS, connections: opts.connections });
  return {
    name,
    path,
    bodyBytes,
    requestsPerSec: r.requests.average,
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
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

    io.err(`warming up (${WARMUP_REQUESTS} requests per route)…`);
    for (const path of [opts.page, STATIC_PATH]) await autocannon({ url: base + path, amount: WARMUP_REQUESTS, connections: opts.connections });
    io.err(`product page ${opts.page}: ${opts.durationS} s…`);
    const product = await load(base, 'product', opts.page, bytes, opts);
    io.err(`static route ${STATIC_PATH}: ${opts.durationS} s…`);
    const fixed = await load(base, 'static', STATIC_PATH, bytes, opts);

    const started = new Date();
    const report: HttpBenchReport = {
      timestamp: started.toISOString(),
      node: process.version,
      platform: `${process.platform} ${process.arch}`,
      cpu: `${cpus()[0]?.model ?? 'unknown'} (${cpus().length} cores)`,
      options: { durationS: opts.durationS, connections: opts.connections, page: opts.page },
      routes: [product, fixed],
      ratio: requestsRatio(product.requestsPerSec, fixed.requestsPerSec),
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
    return product.non2xx + product.errors + fixed.non2xx + fixed.errors > 0 ? 1 : 0;
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
