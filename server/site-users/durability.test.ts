/**
 * Never lost: a sign-up answered with its redirect has its account and its confirmation e-mail in the store,
 * whatever happens next. The real server runs as a child process (server/durability-support.ts); sign-ups are sent,
 * the process is killed with SIGKILL while more are in flight, restarted on the same file, and every
 * acknowledged address must have its account and its `verify-email` row. Each life stays under the per-address
 * limit of the customer routes (10), since the real server runs with the default limits.
 */
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { KillableServer } from '../durability-support.js';
import { TEST_COOKIE_HEADER, TEST_CRUMB } from '../test-support.js';

const server = new KillableServer({ TESSERA_CUSTOMER_EMAIL: 'demo@example.com', TESSERA_CUSTOMER_PASSWORD: 'demo password' });
const dbFile = server.dbFile;
const start = () => server.start();
const kill = () => server.kill();

afterAll(() => server.dispose());

async function register(base: string, email: string, acked: string[]) {
  const body = new URLSearchParams({ crumb: TEST_CRUMB, email, password: 'durable password' });
  const res = await fetch(`${base}/account/register`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: TEST_COOKIE_HEADER }, body });
  if (res.status === 303) acked.push(email);
}

describe('acknowledged sign-ups survive kill -9', () => {
  it('finds every acknowledged account and its confirmation e-mail after restarts', async () => {
    const acked: string[] = [];
    for (let life = 0; life < 2; life++) {
      const base = await start();
      for (let i = 0; i < 5; i++) await register(base, `life${life}-${i}@example.com`, acked);
      const inFlight = [0, 1, 2].map((i) => register(base, `life${life}-burst${i}@example.com`, acked).catch(() => undefined));
      await Promise.race(inFlight);
      await kill();
      await Promise.all(inFlight);
    }
    expect(acked.length).toBeGreaterThanOrEqual(10);
    const base = await start();
    expect((await fetch(`${base}/account/login`)).status).toBe(200);
    const db = new Database(dbFile, { readonly: true });
    try {
      const accounts = new Set((db.prepare('SELECT email FROM site_users').all() as { email: string }[]).map((r) => r.email));
      const mails = new Set((db.prepare(`SELECT to_address AS email FROM outbox_emails WHERE kind = 'verify-email'`).all() as { email: string }[]).map((r) => r.email));
      expect(acked.filter((e) => !accounts.has(e))).toEqual([]);
      expect(acked.filter((e) => !mails.has(e))).toEqual([]);
      // the demo customer was made once, at the first start, confirmed
      expect(db.prepare(`SELECT count(*) AS n FROM site_users WHERE email = 'demo@example.com' AND verified_at IS NOT NULL`).get()).toEqual({ n: 1 });
    } finally {
      db.close();
      await kill();
    }
  }, 90_000);
});
