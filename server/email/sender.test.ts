/**
 * The sender against a real SMTP server on loopback (smtp-server): what arrives (recipient, subject, text, HTML
 * with whole links), retries with backoff on a clock the test moves, giving up after the last attempt or at once
 * on a permanent refusal, two nodes on one database never sending a row twice, a dead node's lease taken over,
 * and the app: started on listen, stopped on close, serving pages with a bad SMTP URL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../db/database.js';
import { outboxEmails, products, restockSignups, variants } from '../db/schema.js';
import { seedDemoStore } from '../db/seed.js';
import { buildApp } from '../app.js';
import { buy, CUSTOMER, useFreshShops } from '../orders/order-test-support.js';
import { sendRestockEmails } from '../restock/service.js';
import { queueEmail } from './queue.js';
import { type MailEnvironment, mailEnvironment } from './settings.js';
import { startSmtpServer, type TestSmtpServer } from './smtp-test-server.js';
import { MailWorker, type MailWorkerOptions } from './worker.js';

let smtp: TestSmtpServer;
// workers keep their pooled SMTP connection open: each is stopped before the server closes
const workers: MailWorker[] = [];
beforeEach(async () => {
  smtp = await startSmtpServer();
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
  await smtp.close();
});

const envFor = (port: number): MailEnvironment => mailEnvironment({ TESSERA_SMTP_URL: `smtp://127.0.0.1:${port}`, TESSERA_MAIL_FROM: 'Tessera Supply Co. <shop@example.com>', TESSERA_PUBLIC_URL: 'https://shop.example.com' });

/** A worker on `store` sending to the test server, on the clock `clock.now`. */
function workerFor(store: Store, clock: { now: number }, options: Partial<MailWorkerOptions> = {}) {
  const worker = new MailWorker({ store, env: envFor(smtp.port), now: () => clock.now, ...options });
  workers.push(worker);
  return worker;
}

const row = (store: Store, id: string) => store.select().from(outboxEmails).where(eq(outboxEmails.id, id)).get()!;

function queueOne(store: Store, to: string, now: number): string {
  return store.transaction((tx) => queueEmail(tx, { websiteId: 'demo', kind: 'test', to, subject: `Hello ${to}`, text: 'Hello.\n', html: '<p>Hello.</p>', related: {} }, now));
}

function freshStore(): Store {
  const store = openStore(':memory:');
  seedDemoStore(store);
  return store;
}

const freshShop = useFreshShops();

describe('what arrives', () => {
  it('a restock notice: recipient, subject, text and HTML, links made whole', async () => {
    const store = freshStore();
    const p = store.select().from(products).where(eq(products.urlId, 'canvas-tote')).get()!;
    const v = store.select().from(variants).where(eq(variants.productId, p.id)).get()!;
    store.insert(restockSignups).values({ id: 's1', websiteId: 'demo', productId: p.id, variantId: v.id, email: 'ada@example.com', isJoinMailingList: false, createdAt: 1 }).run();
    expect(sendRestockEmails(store, 'demo', [{ productId: p.id, variantId: v.id }], 1000)).toMatchObject({ ok: true, sent: 1 });

    const result = await workerFor(store, { now: 2000 }).runOnce();
    expect(result).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.envelopeTo).toEqual(['ada@example.com']);
    expect(mail.headers['from']).toBe('"Tessera Supply Co." <shop@example.com>');
    expect(mail.subject).toBe('Canvas Tote is back in stock');
    expect(mail.text).toContain('Good news: Canvas Tote');
    expect(mail.text).toContain('See it here: https://shop.example.com/shop/p/canvas-tote');
    expect(mail.html).toContain('<a href="https://shop.example.com/shop/p/canvas-tote"');
    expect(mail.html).toContain('Canvas Tote is back in stock</h1>');
    const sent = store.select().from(outboxEmails).get()!;
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, sentAt: 2000, lastError: null, claimId: null });
    expect(mail.messageId).toBe(`<${sent.id}@shop.example.com>`);
  });

  it('an order confirmation: to the buyer, with its lines, download link and address in both parts', async () => {
    const { app, store } = await freshShop();
    await buy(app, [{ itemId: 'p09' }, { itemId: 'p02', sku: 'SQP027', quantity: 2 }]);
    // the app's own reads and outbox: the shop's database, either one
    await workerFor(store, { now: Date.now() }, { reads: app.reads, outbox: app.stores.outbox }).runOnce();
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.envelopeTo).toEqual([CUSTOMER.email]);
    expect(mail.subject).toBe('Your order #1 from Tessera Supply Co.');
    expect(mail.text).toContain('Thank you for your order, Ada Lovelace.');
    expect(mail.text).toContain('Field Shirt × 2: $178.00');
    expect(mail.text).toMatch(/ {2}Download field-guide\.pdf: https:\/\/shop\.example\.com\/downloads\//);
    expect(mail.text).toContain('Shipping to:\nAda Lovelace\n12 St James Sq\nLondon SW1Y 4JH\nUnited Kingdom');
    expect(mail.html).toContain('Thank you for your order, Ada Lovelace.</h1>');
    expect(mail.html).toMatch(/<a href="https:\/\/shop\.example\.com\/downloads\/[^"]+"[^>]*>Download field-guide\.pdf<\/a>/);
    expect(mail.html).toContain('Field Shirt × 2');
    expect(mail.html).toContain('Ada Lovelace<br>12 St James Sq<br>London SW1Y 4JH<br>United Kingdom');
  });
});

describe('retries', () => {
  it('a server that refuses twice then accepts: sent on the third attempt, with doubling waits between', async () => {
    const store = freshStore();
    const id = queueOne(store, 'ada@example.com', 0);
    smtp.refuseData = (n) => (n <= 2 ? { code: 451, message: 'Try again later' } : null);
    const clock = { now: 1000 };
    const worker = workerFor(store, clock, { backoffMs: 60_000 });

    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 1, failed: 0 });
    expect(row(store, id)).toMatchObject({ status: 'queued', attempts: 1, nextAttemptAt: 61_000 });
    expect(row(store, id).lastError).toContain('451 Try again later');
    // not due yet: nothing is tried
    clock.now = 60_999;
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    clock.now = 61_000;
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 1, failed: 0 });
    expect(row(store, id)).toMatchObject({ status: 'queued', attempts: 2, nextAttemptAt: 61_000 + 120_000 });
    clock.now = 181_000;
    expect(await worker.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(row(store, id)).toMatchObject({ status: 'sent', attempts: 3, sentAt: 181_000, lastError: null });
    expect(smtp.received.map((m) => m.envelopeTo)).toEqual([['ada@example.com']]);
  });

  it('a server that refuses forever: failed after the maximum of attempts, with its last answer', async () => {
    const store = freshStore();
    const id = queueOne(store, 'ada@example.com', 0);
    smtp.refuseData = () => ({ code: 421, message: 'Service not available' });
    const clock = { now: 0 };
    const worker = workerFor(store, clock, { maxAttempts: 4, backoffMs: 1000, maxBackoffMs: 3000 });
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      await worker.runOnce();
      const r = row(store, id);
      if (r.nextAttemptAt !== null) {
        waits.push(r.nextAttemptAt - clock.now);
        clock.now = r.nextAttemptAt;
      }
    }
    expect(waits).toEqual([1000, 2000, 3000]); // doubled, capped at maxBackoffMs
    expect(row(store, id)).toMatchObject({ status: 'failed', attempts: 4, nextAttemptAt: null, sentAt: null });
    expect(row(store, id).lastError).toContain('421');
    // a failed row is never tried again by itself
    clock.now += 10 ** 9;
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(0);
  });

  it('a recipient refused for good (5xx): failed at the first attempt', async () => {
    const store = freshStore();
    const id = queueOne(store, 'nobody@example.com', 0);
    smtp.refuseRecipient = (address) => (address === 'nobody@example.com' ? { code: 550, message: 'No such mailbox' } : null);
    expect(await workerFor(store, { now: 1 }).runOnce()).toEqual({ sent: 0, retried: 0, failed: 1 });
    expect(row(store, id)).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row(store, id).lastError).toContain('550');
  });

  it('an SMTP server that is not there: retried later, nothing thrown', async () => {
    const store = freshStore();
    const id = queueOne(store, 'ada@example.com', 0);
    const port = smtp.port;
    await smtp.close();
    const worker = new MailWorker({ store, env: envFor(port), now: () => 5 });
    workers.push(worker);
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 1, failed: 0 });
    expect(row(store, id)).toMatchObject({ status: 'queued', attempts: 1 });
    expect(row(store, id).lastError).toMatch(/ECONNREFUSED|connect/i);
    smtp = await startSmtpServer(); // for afterEach
  });

  it('sends oldest first', async () => {
    const store = freshStore();
    queueOne(store, 'second@example.com', 20);
    queueOne(store, 'first@example.com', 10);
    await workerFor(store, { now: 100 }).runOnce();
    expect(smtp.received.map((m) => m.envelopeTo[0])).toEqual(['first@example.com', 'second@example.com']);
  });
});

describe('several nodes on one database', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'tessera-mail-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('two workers running together never deliver one row twice', async () => {
    const file = join(dir, 'shop.db');
    const a = openStore(file);
    seedDemoStore(a);
    const b = openStore(file);
    const ids = Array.from({ length: 12 }, (_, i) => queueOne(a, `r${i}@example.com`, i));
    const clock = { now: 1000 };
    const one = workerFor(a, clock, { batchSize: 5 });
    const two = workerFor(b, clock, { batchSize: 5 });
    for (let round = 0; round < 4; round++) await Promise.all([one.runOnce(), two.runOnce(), one.runOnce(), two.runOnce()]);
    expect(smtp.received).toHaveLength(12);
    expect(new Set(smtp.received.map((m) => m.messageId)).size).toBe(12);
    for (const id of ids) expect(row(b, id)).toMatchObject({ status: 'sent', attempts: 1 });
    a.$client.close();
    b.$client.close();
  });

  it("a row claimed by a node that died is sent by another once the claim's lease ran out", async () => {
    const store = freshStore();
    const id = queueOne(store, 'ada@example.com', 0);
    // a node claimed it at 1000 with a 5-minute lease, then died
    store.update(outboxEmails).set({ status: 'sending', claimId: 'dead-node', leaseExpiresAt: 1000 + 300_000, attempts: 1 }).where(eq(outboxEmails.id, id)).run();
    const clock = { now: 200_000 };
    const worker = workerFor(store, clock);
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    clock.now = 301_001;
    expect(await worker.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(row(store, id)).toMatchObject({ status: 'sent', attempts: 2, claimId: null });
  });
});

describe('with the app', () => {
  const logged = () => {
    const lines: string[] = [];
    const stream = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
    return { lines, logger: { level: 'info', stream } };
  };

  it('starts sending when the server listens and stops when it closes', async () => {
    const store = freshStore();
    queueOne(store, 'ada@example.com', Date.now());
    const log = logged();
    const app = await buildApp({ store, logger: log.logger, allowedOrigins: [], trustProxy: false, mail: { env: { TESSERA_SMTP_URL: `smtp://127.0.0.1:${smtp.port}` }, pollMs: 50 } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    await smtp.waitFor(1);
    await app.close();
    expect(smtp.received[0]!.envelopeTo).toEqual(['ada@example.com']);
    expect(log.lines.join('')).toContain(`e-mail: sender started, sending through 127.0.0.1:${smtp.port}`);
    expect(store.select().from(outboxEmails).get()!.status).toBe('sent');
  });

  it('a bad SMTP URL: one clear log line, nothing sent, and the shop still serves pages', async () => {
    const store = freshStore();
    queueOne(store, 'ada@example.com', 0);
    const log = logged();
    const app = await buildApp({ store, logger: log.logger, allowedOrigins: [], trustProxy: false, mail: { env: { TESSERA_SMTP_URL: 'http://mail.example.com' } } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const page = await app.inject('/');
    await app.close();
    expect(page.statusCode).toBe(200);
    expect(log.lines.join('')).toContain('e-mail: TESSERA_SMTP_URL is not valid: its scheme is http, not smtp or smtps; e-mails stay queued until it is fixed');
    expect(store.select().from(outboxEmails).get()!.status).toBe('queued');
  });
});
