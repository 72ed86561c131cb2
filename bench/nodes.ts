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

export async function runNodesBench(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { duration: { type: 'string', default: '8' }, help: { type: 'boolean' } } });
  if (values.help) {
    process.stdout.write('tessera bench nodes [--duration S]: two nodes on one PostgreSQL behind haproxy (bench/nodes.ts)\n');
    return 0;
  }
  const unavailable = pgUnavailableReason();
  if (unavailable !== undefined) throw new Error(unavailable);
  if (spawnSync('haproxy', ['-v']).error !== undefined) throw new Error('haproxy is not installed (apt-get install haproxy)');
  const duration = Number(values.duration);
  const cluster = await startPgCluster('nodes');
  const folder = mkdtempSync(join(tmpdir(), 'tessera-nodes-'));
  const children: ChildProcess[] = [];
  const pg = openPgStore(cluster.url, { max: 4 });
  const raw = pgRawDb(pg);
  try {
    const ports = [await freePort(), await freePort()];
    const node = (port: number) => {
      const child = spawn(process.execPath, [resolve(repoRoot(), 'dist/server/main.js')], {
        env: { ...process.env, TESSERA_DATABASE_URL: cluster.url, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production', TESSERA_CRUMB_SECRET: SECRET, TESSERA_TRUST_PROXY: '1', LOG_LEVEL: 'warn' },
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
    children.push(spawn('haproxy', ['-f', config], { stdio: ['ignore', 'ignore', 'inherit'] }));
    const both = `http://127.0.0.1:${two}`;
    await waitFor(`${both}/shop`, 10_000);
    await waitFor(`http://127.0.0.1:${one}/shop`, 10_000);
    const stock = (n: number) => raw.query('UPDATE variants SET qty_in_stock = ?, unlimited = false WHERE product_id = ?', [n, ITEM]);
    const count = async (sql: string, params: unknown[] = []) => Number(Object.values((await raw.query(sql, params))[0] ?? {})[0]);

    // 1. 200 concurrent adds into one cart, stock 3
    await stock(3);
    const cart = cartOf(await write(both, '/api/commerce/shopping-cart/entries', { itemId: ITEM, quantity: 1 }))!;
    await raw.query('DELETE FROM cart_entries WHERE cart_id = ?', [cart]);
    const adds = await Promise.all(Array.from({ length: 200 }, () => write(both, '/api/commerce/shopping-cart/entries', { itemId: ITEM, quantity: 1 }, cart)));
    const addCodes = tally(adds.map((r) => r.status));
    const inCart = await count('SELECT coalesce(sum(quantity), 0) FROM cart_entries WHERE cart_id = ?', [cart]);
    process.stdout.write(`200 concurrent adds, one cart, stock 3: answers ${JSON.stringify(addCodes)}; units in the cart ${inCart}\n`);

    // 2. 100 checkouts, stock 3
    await stock(100);
    const carts: string[] = [];
    for (let i = 0; i < 100; i++) carts.push(cartOf(await write(both, '/api/commerce/shopping-cart/entries', { itemId: ITEM, quantity: 1 }))!);
    await stock(3);
    const ordersBefore = await count('SELECT count(*) FROM orders');
    const checkouts = await Promise.all(carts.map((c) => write(both, '/api/commerce/orders', ADDRESS, c)));
    const orders = (await count('SELECT count(*) FROM orders')) - ordersBefore;
    const left = await count('SELECT qty_in_stock FROM variants WHERE product_id = ?', [ITEM]);
    process.stdout.write(`100 concurrent checkouts, stock 3: answers ${JSON.stringify(tally(checkouts.map((r) => r.status)))}; orders ${orders}; stock left ${left}\n`);

    // 3. product-page reads, one node and two
    const page = '/shop/p/field-shirt';
    for (const [name, base] of [['1 node ', `http://127.0.0.1:${one}`], ['2 nodes', both]] as const) {
      await autocannon({ url: base + page, amount: 2_000, connections: 10 });
      const result = await autocannon({ url: base + page, duration, connections: 20 });
      process.stdout.write(`product page, ${name}: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}, errors ${result.errors}\n`);
    }

    // 4. 1,000 writes, one node killed midway
    await raw.query('UPDATE variants SET unlimited = true WHERE product_id = ?', [ITEM]);
    const acknowledged: string[] = [];
    let failed = 0;
    let next = 0;
    let killedAt = -1;
    const worker = async () => {
      while (next < 1_000) {
        next++;
        try {
          const res = await write(both, '/api/commerce/shopping-cart/entries', { itemId: ITEM, quantity: 1 });
          const id = cartOf(res);
          if (res.status === 200 && id !== undefined) acknowledged.push(id);
          else failed++;
        } catch {
          failed++;
        }
        if (killedAt < 0 && acknowledged.length >= 300) {
          killedAt = acknowledged.length;
          first.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: 10 }, worker));
    const held = new Set((await raw.query('SELECT DISTINCT cart_id FROM cart_entries WHERE product_id = ?', [ITEM])).map((r) => String(r['cart_id'])));
    const lost = acknowledged.filter((id) => !held.has(id)).length;
    process.stdout.write(`1,000 writes, node 1 killed (-9) after ${killedAt} acknowledged: ${acknowledged.length} acknowledged, ${failed} not acknowledged, ${lost} acknowledged and lost\n`);
    return inCart === 3 && orders === 3 && lost === 0 ? 0 : 1;
  } finally {
    for (const child of children.reverse()) child.kill('SIGKILL');
    await pg.$client.end();
    cluster.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}

function tally(codes: readonly number[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const c of codes) out[c] = (out[c] ?? 0) + 1;
  return out;
}
