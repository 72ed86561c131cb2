/**
 * Issue 25's load test in `npm test`: two nodes of the real server (server/main.ts, bundled) on one PostgreSQL
 * database behind haproxy, loopback only, every loop bounded (bench/nodes.ts; `tessera bench nodes` runs the
 * same steps and measures the product page's requests per second besides). Skipped, with the reason in its
 * name, only where haproxy or PostgreSQL's binaries are missing; `.ci/run` installs both.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describePg } from '../server/db/describe-pg.js';
import { releaseServerBundle, serverBundle } from '../server/durability-support.js';
import { concurrentAdds, concurrentCheckouts, startTwoNodes, type TwoNodes, twoNodesUnavailableReason, writesWithKill } from './nodes.js';

const missing = twoNodesUnavailableReason();
const bundleUser = {};

describePg(missing === undefined ? 'two nodes behind haproxy on one database' : `two nodes behind haproxy [skipped: ${missing}]`, (cluster) => {
  let nodes: TwoNodes | undefined;
  const running = () => {
    if (nodes === undefined) throw new Error('the two nodes did not start');
    return nodes;
  };
  beforeAll(async () => {
    if (missing !== undefined) return;
    nodes = await startTwoNodes(cluster().url, { entry: await serverBundle(bundleUser), proxyWarnings: false });
  }, 120_000);
  afterAll(async () => {
    await nodes?.stop();
    releaseServerBundle(bundleUser);
  });

  it.skipIf(missing !== undefined)('200 concurrent adds into one cart on stock 3 leave 3 in the cart; the others are refused, none fails', async () => {
    const { answers, inCart } = await concurrentAdds(running());
    expect(inCart).toBe(3);
    expect(answers[200]).toBe(3);
    expect(Object.keys(answers).filter((code) => Number(code) >= 500)).toEqual([]);
  });

  it.skipIf(missing !== undefined)('100 concurrent checkouts on stock 3 make 3 orders and leave the stock at 0', async () => {
    const { answers, orders, stockLeft } = await concurrentCheckouts(running());
    expect(orders).toBe(3);
    expect(stockLeft).toBe(0);
    expect(Object.keys(answers).filter((code) => Number(code) >= 500)).toEqual([]);
  });

  it.skipIf(missing !== undefined)('1,000 writes with one node killed (-9) midway: every acknowledged write is kept', async () => {
    const { acknowledged, killedAt, lost } = await writesWithKill(running());
    expect(killedAt).toBeGreaterThanOrEqual(300);
    // the second node takes the rest: most writes are acknowledged, not only those before the kill
    expect(acknowledged).toBeGreaterThan(900);
    expect(lost).toBe(0);
  });
});
