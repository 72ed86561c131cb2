/**
 * Never lost: census hits, events, performance records and JavaScript errors answered with a 2xx survive
 * `kill -9`. The real server runs as a child process (server/durability-support.ts); writes are sent as a
 * browser's beacons would send them, the process is killed with SIGKILL while a burst is in flight, restarted
 * on the same file, and every acknowledged write must be there with its roll-up. Each life stays under the
 * analytics burst (120 writes), since the real server runs with the default limits.
 */
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { KillableServer } from '../durability-support.js';
import { TEST_COOKIE_HEADER, TEST_CRUMB } from '../test-support.js';
import { BUCKET_COLUMNS } from './lcp-buckets.js';

const server = new KillableServer();
afterAll(() => server.dispose());

type Kind = 'hit' | 'event' | 'record' | 'error';
const acked: Record<Kind, string[]> = { hit: [], event: [], record: [], error: [] };

const post = (base: string, path: string, body: string, type: string, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': type, ...headers }, body });

/** One write of `kind`, tagged `tag`; the tag is kept when the answer is a 2xx. */
async function send(base: string, kind: Kind, tag: string): Promise<void> {
  let res: Response;
  switch (kind) {
    case 'hit':
      res = await post(base, '/api/census/RecordHit', new URLSearchParams({ event: 'view', data: JSON.stringify({ title: tag, url: '/shop' }), ss_cvr: tag }).toString(), 'text/plain;charset=UTF-8');
      break;
    case 'event':
      res = await post(base, '/api/v1/clanker/events', JSON.stringify({ eventSchemaName: 'page_view', eventContent: JSON.stringify({ object_identifier: tag, page_path: '/' }) }), 'text/plain;charset=UTF-8');
      break;
    case 'record':
      res = await post(base, '/api/1/performance/records', JSON.stringify([{ app: 'storefront', event: 'LCP', pageLoadId: tag, ts: 1, data: { name: 'LCP', value: 1200, path: '/shop' } }]), 'text/plain;charset=UTF-8');
      break;
    case 'error':
      res = await post(base, '/api/events/RecordJavascriptErrors', JSON.stringify([{ event: 'error', timestamp: Date.now(), data: { message: tag, path: '/shop' } }]), 'application/json', {
        'x-csrf-token': TEST_CRUMB,
        cookie: TEST_COOKIE_HEADER,
      });
      break;
  }
  if (res.status >= 200 && res.status < 300) acked[kind].push(tag);
}

const KINDS: readonly Kind[] = ['hit', 'event', 'record', 'error'];

describe('acknowledged analytics survive kill -9', () => {
  it('finds every acknowledged hit, event, record and error, with its roll-ups, after restarts', async () => {
    let sent = 0;
    for (let life = 0; life < 2; life++) {
      const base = await server.start();
      // acknowledged one by one: 15 × 4 = 60 writes
      for (let i = 0; i < 15; i++) for (const kind of KINDS) await send(base, kind, `life${life}-${kind}-${i}`), sent++;
      // then a burst in flight, and the process killed as soon as the first is acknowledged
      const inFlight = Array.from({ length: 40 }, (_, i) => send(base, KINDS[i % 4]!, `life${life}-burst-${i}`).catch(() => undefined));
      await Promise.race(inFlight);
      await server.kill();
      await Promise.all(inFlight);
    }
    const total = Object.values(acked).reduce((n, tags) => n + tags.length, 0);
    expect(total).toBeGreaterThanOrEqual(sent);

    await server.start();
    const db = new Database(server.dbFile, { readonly: true });
    try {
      const column = (sql: string) => new Set((db.prepare(sql).all() as { v: string }[]).map((r) => r.v));
      const stored: Record<Kind, Set<string>> = {
        hit: column(`SELECT json_extract(data, '$.title') AS v FROM analytics_hits`),
        event: column(`SELECT json_extract(data, '$.object_identifier') AS v FROM analytics_events WHERE source = 'clanker'`),
        record: column('SELECT page_load_id AS v FROM analytics_performance'),
        error: column('SELECT message AS v FROM analytics_errors'),
      };
      for (const kind of KINDS) expect(acked[kind].filter((tag) => !stored[kind].has(tag)), kind).toEqual([]);
      // the roll-ups were committed with their rows
      const sum = (sql: string) => Number((db.prepare(sql).get() as { n: number | null }).n ?? 0);
      expect(sum('SELECT sum(page_views) AS n FROM analytics_daily')).toBe(sum('SELECT count(*) AS n FROM analytics_hits'));
      expect(sum('SELECT sum(unique_visitors) AS n FROM analytics_daily')).toBe(sum('SELECT count(*) AS n FROM analytics_day_visitors'));
      expect(sum(`SELECT sum(${BUCKET_COLUMNS.join(' + ')}) AS n FROM analytics_lcp_daily`)).toBe(sum('SELECT count(*) AS n FROM analytics_performance'));
      expect(sum('SELECT sum(count) AS n FROM analytics_errors_daily')).toBe(sum('SELECT count(*) AS n FROM analytics_errors'));
    } finally {
      db.close();
      await server.kill();
    }
  }, 90_000);
});
