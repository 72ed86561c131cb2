/**
 * `tessera bench nodes`: two app nodes on one PostgreSQL behind Debian's haproxy, on this machine (issue 25's load
 * test; loopback only, every loop bounded in count and time). It starts a throwaway cluster (server/db/pg-cluster.ts),
 * two `node dist/server/main.js` processes on it (the first start migrates and seeds, the second finds it done),
 * and haproxy with two frontends: one node, and both nodes round robin. Then:
 *
 * 1. 200 concurrent adds of one unit into one cart, variant stock 3, through the two-node frontend → 3 in the cart.
 * 2. 100 carts of one unit each (stock 100), the stock set to 3, then 100 concurrent checkouts → 3 orders.
 * 3. Product-page requests per second through one node and through two (autocannon, `--duration` s each).
 * 4. 1,000 writes (each a new cart with one line), 10 in flight, through the two-node frontend; one node is
 *    `kill -9`ed after 300 are acknowledged; every acknowledged cart must then hold its line (0 lost).
 *
 * The layout and the contention steps (1, 2, 4) are exported for `nodes.test.ts`, which runs them in `npm test`.
 *
 * Each visitor's writes carry their own `X-Forwarded-For` (the nodes trust one hop, haproxy), so the per-address
 * write limits see 200 visitors, as they would in a real launch, rather than one address flooding.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { repoRoot } from '../server/db/database.js';
import { pgUnavailableReason, startPgCluster } from '../server/db/pg-cluster.js';
import { openPgStore } from '../server/db/pg-store.js';
import { pgRawDb } from '../server/db/raw-db.js';
import { crumbFor, VISITOR_COOKIE } from '../server/security/crumb.js';

const SECRET = 'tessera-bench-nodes-crumb-secret';
const VISITOR = '0123456789abcdef0123456789abcdef';
const CRUMB = crumbFor(SECRET, { visitor: VISITOR, owner: null, siteUser: null });
/** The demo shop's one-variant product the writes buy (Linen Apron). */
const ITEM = 'p01';
const ADDRESS = { email: 'ada@example.com', name: 'Ada Lovelace', shippingAddress: { address1: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'US' } };

const freePort = () =>
  new Promise<number>((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });

async function waitFor(url: string, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer within ${ms} ms`);
}

let visitors = 0;
/** A write as one visitor of many (its own forwarded address), with the bench's crumb. */
function write(base: string, path: string, body: unknown, cart?: string): Promise<Response> {
  const n = ++visitors;
  const cookies = [`${VISITOR_COOKIE}=${VISITOR}`, `crumb=${CRUMB}`, ...(cart === undefined ? [] : [`tessera_cart=${cart}`])];
  return fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: cookies.join('; '), 'x-csrf-token': CRUMB, 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` },
    body: JSON.stringify(body),
  });
}

const cartOf = (res: Response) => /tessera_cart=([0-9a-f-]{36})/.exec(res.headers.getSetCookie().join('\n'))?.[1];

function haproxyConfig(one: number, two: number, nodes: readonly number[]): string {
  const servers = nodes.map((port, i) => `  server node${i + 1} 127.0.0.1:${port} check inter 200 fall 1 rise 2`);
  return [
    'global',
    '  maxconn 2000',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 30s',
    '  timeout server 30s',
    // a request that fails on a node that died is tried on the other (a POST is retried only when no byte reached the node)
    '  retries 2',
    '  option redispatch',
    `frontend one`,
    `  bind 127.0.0.1:${one}`,
    '  default_backend one',
    `frontend two`,
    `  bind 127.0.0.1:${two}`,
    '  default_backend two',
    'backend one',
    '  balance roundrobin',
    servers[0]!,
    'backend two',
    '  balance roundrobin',
    ...servers,
    '',
  ].join('\n');
}

/** Two nodes on one database behind haproxy, started by `startTwoNodes`. */
export interface TwoNodes {
  /** haproxy's frontend to both nodes, round robin. */
  readonly both: string;
  /** haproxy's frontend to the first node alone. */
  readonly one: string;
  /** The database's own connection, for setting stock and counting what the nodes wrote. */
  query(sql: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
  /** `kill -9` of the first node. */
  killFirst(): void;
  stop(): Promise<void>;
}

/** Why the two-node layout cannot run here (haproxy or PostgreSQL missing), or undefined. */
export function twoNodesUnavailableReason(): string | undefined {
  const pg = pgUnavailableReason();
  if (pg !== undefined) return pg;
  return spawnSync('haproxy', ['-v']).error !== undefined ? 'haproxy is not installed (apt-get install haproxy)' : undefined;
}

export interface TwoNodesOptions {
  /** The server to run: `dist/server/main.js` by default; a bundle of server/main.ts in tests. */
  readonly entry?: string;
  /** haproxy's warnings (a node down, a retry) on this process's stderr: on for the bench, off in tests. */
  readonly proxyWarnings?: boolean;
}

/**
 * Starts two server processes on the (empty or prepared) database at `url`, one after the other (the first start
 * migrates and seeds, the second finds it done), and haproxy with its two frontends.
 */
export async function startTwoNodes(url: string, { entry = resolve(repoRoot(), 'dist/server/main.js'), proxyWarnings = true }: TwoNodesOptions = {}): Promise<TwoNodes> {
  const folder = mkdtempSync(join(tmpdir(), 'tessera-nodes-'));
  const children: ChildProcess[] = [];
  const pg = openPgStore(url, { max: 4 });
  const raw = pgRawDb(pg);
  const stop = async () => {
    for (const child of children.reverse()) child.kill('SIGKILL');
    await pg.$client.end();
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    const ports = [await freePort(), await freePort()];
    const node = (port: number) => {
      const child = spawn(process.execPath, [entry], {
        cwd: repoRoot(),
        env: { ...process.env, TESSERA_DATABASE_URL: url, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production', TESSERA_CRUMB_SECRET: SECRET, TESSERA_TRUST_PROXY: '1', LOG_LEVEL: 'warn' },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      children.push(child);
      return child;
    };
    const first = node(ports[0]!);
    await waitFor(`http://127.0.0.1:${ports[0]}/shop`, 60_000);
    node(ports[1]!);
    await waitFor(`http://127.0.0.1:${ports[1]}/shop`, 60_000);
    const [one, two] = [await freePort(), await freePort()];
    const config = join(folder, 'haproxy.cfg');
    writeFileSync(config, haproxyConfig(one, two, ports));
    children.push(spawn('haproxy', ['-f', config], { stdio: ['ignore', 'ignore', proxyWarnings ? 'inherit' : 'ignore'] }));
    const nodes: TwoNodes = {
      both: `http://127.0.0.1:${two}`,
      one: `http://127.0.0.1:${one}`,
      query: (sql, params = []) => raw.query(sql, params),
      killFirst: () => first.kill('SIGKILL'),
      stop,
    };
    await waitFor(`${nodes.both}/shop`, 10_000);
    await waitFor(`${nodes.one}/shop`, 10_000);
    return nodes;
  } catch (e) {
    await stop();
    throw e;
  }
}

const count = async (nodes: TwoNodes, sql: string, params: unknown[] = []) => Number(Object.values((await nodes.query(sql, params))[0] ?? {})[0]);
const setStock = (nodes: TwoNodes, n: number) => nodes.query('UPDATE variants SET qty_in_stock = ?, unlimited = false WHERE product_id = ?', [n, ITEM]);

/** 1. `adds` concurrent adds of one unit into one cart, the variant's stock `stock`, through both nodes. */
export async function concurrentAdds(nodes: TwoNodes, adds = 200, stock = 3) {
  await setStock(nodes, stock);
  const cart = cartOf(await write(nodes.both, '/api/commerce/shopping-cart/entries', { itemId: ITEM, quantity: 1 }))!;
  await nodes.query('DELETE FROM cart_entries WHERE cart_id = ?', [cart]);
  const answers = await Promise.all(Array.from({ length: adds }, () => write(nodes.both, '/api/commerce/shopping-cart/entries', { itemId: ITEM, quantity: 1 }, cart)));
  const inCart = await count(nodes, 'SELECT coalesce(sum(quantity), 0) FROM cart_entries WHERE cart_id = ?', [cart]);
  return { answers: tally(answers.map((r) => r.status)), inCart };
}

/** 2. `carts` carts of one unit each (made while the stock is ample), the stock then set to `stock`, and every cart checked out at once. */
export async function concurrentCheckouts(nodes: TwoNodes, carts = 100, stock = 3) {
  await setStock(nodes, carts);
  const ids: string[] = [];
  for (let i = 0; i < carts; i++) ids.push(cartOf(await write(nodes.both, '/api/commerce/shopping-cart/entries', { itemId: ITEM, quantity: 1 }))!);
  await setStock(nodes, stock);
  const before = await count(nodes, 'SELECT count(*) FROM orders');
  const answers = await Promise.all(ids.map((c) => write(nodes.both, '/api/commerce/orders', ADDRESS, c)));
  const orders = (await count(nodes, 'SELECT count(*) FROM orders')) - before;
  const stockLeft = await count(nodes, 'SELECT qty_in_stock FROM variants WHERE product_id = ?', [ITEM]);
  return { answers: tally(answers.map((r) => r.status)), orders, stockLeft };
}

/**
 * 4. `total` writes (each a new cart with one line), 10 in flight, through both nodes; the first node is killed
 * (`kill -9`) once `killAfter` are acknowledged. Every acknowledged cart must then hold its line.
 */
export async function writesWithKill(nodes: TwoNodes, total = 1_000, killAfter = 300) {
  await nodes.query('UPDATE variants SET unlimited = true WHERE product_id = ?', [ITEM]);
  const acknowledged: string[] = [];
  let failed = 0;
  let next = 0;
  let killedAt = -1;
  const worker = async () => {
    while (next < total) {
      next++;
      try {
        const res = await write(nodes.both, '/api/commerce/shopping-cart/entries', { itemId: ITEM, quantity: 1 });
        const id = cartOf(res);
        if (res.status === 200 && id !== undefined) acknowledged.push(id);
        else failed++;
      } catch {
        failed++;
      }
      if (killedAt < 0 && acknowledged.length >= killAfter) {
        killedAt = acknowledged.length;
        nodes.killFirst();
      }
    }
  };
  await Promise.all(Array.from({ length: 10 }, worker));
  const held = new Set((await nodes.query('SELECT DISTINCT cart_id FROM cart_entries WHERE product_id = ?', [ITEM])).map((r) => String(r['cart_id'])));
  const lost = acknowledged.filter((id) => !held.has(id)).length;
  return { acknowledged: acknowledged.length, failed, killedAt, lost };
}

export async function runNodesBench(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { duration: { type: 'string', default: '8' }, help: { type: 'boolean' } } });
  if (values.help) {
    process.stdout.write('tessera bench nodes [--duration S]: two nodes on one PostgreSQL behind haproxy (bench/nodes.ts)\n');
    return 0;
  }
  const unavailable = twoNodesUnavailableReason();
  if (unavailable !== undefined) throw new Error(unavailable);
  const duration = Number(values.duration);
  const cluster = await startPgCluster('nodes');
  try {
    const nodes = await startTwoNodes(cluster.url);
    try {
      const adds = await concurrentAdds(nodes);
      process.stdout.write(`200 concurrent adds, one cart, stock 3: answers ${JSON.stringify(adds.answers)}; units in the cart ${adds.inCart}\n`);
      const checkouts = await concurrentCheckouts(nodes);
      process.stdout.write(`100 concurrent checkouts, stock 3: answers ${JSON.stringify(checkouts.answers)}; orders ${checkouts.orders}; stock left ${checkouts.stockLeft}\n`);

      // 3. product-page reads, one node and two
      const page = '/shop/p/field-shirt';
      for (const [name, base] of [['1 node ', nodes.one], ['2 nodes', nodes.both]] as const) {
        await autocannon({ url: base + page, amount: 2_000, connections: 10 });
        const result = await autocannon({ url: base + page, duration, connections: 20 });
        process.stdout.write(`product page, ${name}: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}, errors ${result.errors}\n`);
      }

      const writes = await writesWithKill(nodes);
      process.stdout.write(`1,000 writes, node 1 killed (-9) after ${writes.killedAt} acknowledged: ${writes.acknowledged} acknowledged, ${writes.failed} not acknowledged, ${writes.lost} acknowledged and lost\n`);
      return adds.inCart === 3 && checkouts.orders === 3 && writes.lost === 0 ? 0 : 1;
    } finally {
      await nodes.stop();
    }
  } finally {
    cluster.stop();
  }
}

function tally(codes: readonly number[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const c of codes) out[c] = (out[c] ?? 0) + 1;
  return out;
}
