/**
 * Never lost: form submissions and restock signups acknowledged with a 2xx survive `kill -9`. The real server
 * (`server/main.ts` through tsx) runs as a child process on a temporary SQLite file and a free port; writes
 * are sent, the process is killed with SIGKILL while more writes are in flight, restarted on the same file,
 * and every acknowledged write must be there. This proves that a write is committed before its answer leaves
 * (not held in the process); it cannot tell synchronous=FULL from OFF, since the operating system's page cache
 * outlives a killed process: server/db/database.test.ts checks that pragma itself. Each life of the server stays
 * under the per-visitor write limit (20), since the real server runs with the default limits.
 */
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { KillableServer } from '../durability-support.js';
import { TEST_COOKIE_HEADER, TEST_COOKIES, TEST_CRUMB } from '../test-support.js';

const server = new KillableServer();
const dbFile = server.dbFile;
const start = () => server.start();
const kill = () => server.kill();

afterAll(() => server.dispose());

const headers = { 'content-type': 'application/json', 'x-csrf-token': TEST_CRUMB, cookie: TEST_COOKIE_HEADER };
const json = (base: string, path: string, body?: unknown) => fetch(`${base}${path}`, { method: 'POST', headers, body: body === undefined ? '' : JSON.stringify(body) });

interface Acked {
  messages: string[];
  emails: string[];
}

/** One form submission by the API (key, then save); the message is recorded when the save is acknowledged. */
async function apiSubmission(base: string, message: string, acked: Acked) {
  const key = await json(base, '/api/form/FormSubmissionKey');
  if (!key.ok) return;
  const { key: k } = (await key.json()) as { key: string };
  const res = await json(base, '/api/form/SaveFormSubmission', { key: k, formId: 'contact-form', form: JSON.stringify({ name: 'Durable', email: 'd@example.com', message }) });
  if (res.ok) acked.messages.push(message);
}

async function plainSubmission(base: string, message: string, acked: Acked) {
  const body = new URLSearchParams({ name: 'Plain', email: 'p@example.com', message, crumb: TEST_CRUMB });
  const res = await fetch(`${base}/forms/contact-form`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: TEST_COOKIE_HEADER }, body });
  if (res.status === 303) acked.messages.push(message);
}

async function signup(base: string, ids: { productId: string; variantId: string }, email: string, acked: Acked) {
  const res = await json(base, '/api/site-users/account/notifications/restock', { ...ids, siteVisitorEmail: email, isJoinMailingList: false });
  if (res.ok) acked.emails.push(email);
}

describe('acknowledged writes survive kill -9', () => {
  it('finds every acknowledged submission and signup after restarts', async () => {
    const acked: Acked = { messages: [], emails: [] };
    let base = await start();
    const read = new Database(dbFile, { readonly: true });
    const tote = read.prepare(`SELECT p.id AS productId, v.id AS variantId FROM products p JOIN variants v ON v.product_id = p.id WHERE p.url_id = 'canvas-tote'`).get() as {
      productId: string;
      variantId: string;
    };
    read.close();
    let sent = 0;
    for (let life = 0; life < 2; life++) {
      if (life > 0) base = await start();
      // acknowledged one by one: 4 × (2 + 1 + 1) = 16 writes
      for (let i = 0; i < 4; i++) {
        await apiSubmission(base, `life ${life} api ${i}`, acked);
        await plainSubmission(base, `life ${life} plain ${i}`, acked);
        await signup(base, tote, `life${life}-${i}@example.com`, acked);
        sent += 3;
      }
      // then three more in flight, and the process killed as soon as the first is acknowledged
      const inFlight = [
        plainSubmission(base, `life ${life} burst 0`, acked),
        signup(base, tote, `life${life}-burst@example.com`, acked),
        plainSubmission(base, `life ${life} burst 1`, acked),
      ].map((p) => p.catch(() => undefined));
      await Promise.race(inFlight);
      await kill();
      await Promise.all(inFlight);
    }
    expect(acked.messages.length + acked.emails.length).toBeGreaterThanOrEqual(sent);

    base = await start();
    expect((await fetch(`${base}/contact`)).status).toBe(200);
    const db = new Database(dbFile, { readonly: true });
    try {
      const messages = new Set((db.prepare(`SELECT data FROM form_submissions WHERE form_id = 'contact-form'`).all() as { data: string }[]).map((r) => JSON.parse(r.data).message as string));
      const emails = new Set((db.prepare('SELECT email FROM restock_signups').all() as { email: string }[]).map((r) => r.email));
      expect(acked.messages.filter((m) => !messages.has(m))).toEqual([]);
      expect(acked.emails.filter((e) => !emails.has(e))).toEqual([]);
    } finally {
      db.close();
      await kill();
    }
  }, 60_000);
});
