/**
 * The owner's e-mail APIs in-process: the outbox list (newest first, by status, paged), sending a failed message
 * again, and the mail settings (validated, the password never shown, the environment winning); each with its
 * role check and crumb.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { openStore, type Store } from '../db/database.js';
import { contributors, outboxEmails } from '../db/schema.js';
import { seedDemoStore } from '../db/seed.js';
import { NOT_ALLOWED, SIGN_IN_REQUIRED } from '../owner/guard.js';
import { hashPassword } from '../owner/password.js';
import { ensureSiteOwner } from '../owner/site-owner.js';
import { readSiteDocument } from '../site-documents.js';
import { withCrumb } from '../test-support.js';
import { queueEmail } from './queue.js';
import { EMAIL_MESSAGES } from './routes.js';
import { MAIL_DOCUMENT } from './settings.js';

let store: Store;
const tokens: Record<string, string> = {};

async function appWith(env: NodeJS.ProcessEnv): Promise<FastifyInstance> {
  return buildApp({ store, allowedOrigins: [], trustProxy: false, guards: { rateLimits: { owner: { burst: 1000, perMinute: 1000 } } }, mail: { env, worker: false } });
}

let app: FastifyInstance;
let envApp: FastifyInstance;

function as(who: string, options: InjectOptions): InjectOptions {
  const signed = { ...options, cookies: { ...options.cookies, tessera_owner: tokens[who]! } };
  return options.method === undefined || options.method === 'GET' ? signed : withCrumb(signed);
}

const queue = (to: string, createdAt: number, status = 'queued', lastError: string | null = null) => {
  const id = store.transaction((tx) => queueEmail(tx, { websiteId: 'demo', kind: 'restock', to, subject: `To ${to}`, text: 't', html: null, related: { n: createdAt } }, createdAt));
  store.update(outboxEmails).set({ status, lastError, attempts: status === 'queued' ? 0 : 8 }).where(eq(outboxEmails.id, id)).run();
  return id;
};

const SETTINGS = { smtp: { host: 'smtp.example.com', port: 587, secure: false, user: 'shop', password: 'hunter2' }, from: 'Shop <shop@example.com>', siteUrl: 'https://shop.example.com/', notificationAddress: null };

beforeAll(async () => {
  store = openStore(':memory:');
  seedDemoStore(store);
  await ensureSiteOwner(store, { TESSERA_OWNER_EMAIL: 'admin@example.com', TESSERA_OWNER_PASSWORD: 'admin password' }, () => {});
  for (const [who, roles] of [['store', ['store manager']], ['editor', ['editor']]] as const) {
    store
      .insert(contributors)
      .values({ id: randomUUID(), websiteId: 'demo', email: `${who}@example.com`, displayName: who, passwordHash: await hashPassword('staff password'), roles: JSON.stringify(roles), createdAt: Date.now() })
      .run();
  }
  app = await appWith({});
  envApp = await appWith({ TESSERA_SMTP_URL: 'smtps://ops:secret@mail.example.net', TESSERA_MAIL_FROM: 'ops@example.net' });
  const signIn = async (email: string, password: string) =>
    (await app.inject(withCrumb({ method: 'POST', url: '/api/owner/session', payload: { email, password } }))).cookies.find((c) => c.name === 'tessera_owner')!.value;
  tokens['admin'] = await signIn('admin@example.com', 'admin password');
  tokens['store'] = await signIn('store@example.com', 'staff password');
  tokens['editor'] = await signIn('editor@example.com', 'staff password');
});
afterAll(async () => {
  await app.close();
  await envApp.close();
});

describe('GET /api/email/outbox', () => {
  it('lists newest first with status, attempts and last error, by status, a page at a time', async () => {
    store.delete(outboxEmails).run();
    for (let i = 0; i < 55; i++) queue(`q${i}@example.com`, 1000 + i);
    const failed = queue('bad@example.com', 5000, 'failed', 'RCPT TO: 550 No such mailbox');
    const first = await app.inject(as('store', { url: '/api/email/outbox' }));
    expect(first.statusCode).toBe(200);
    const page = first.json();
    expect(page.messages).toHaveLength(50);
    expect(page.messages[0]).toMatchObject({ id: failed, kind: 'restock', to: 'bad@example.com', status: 'failed', attempts: 8, lastError: 'RCPT TO: 550 No such mailbox', createdOn: 5000, sentOn: null, nextAttemptOn: null, related: { n: 5000 } });
    expect(page.messages[1]).toMatchObject({ to: 'q54@example.com', status: 'queued', nextAttemptOn: 1054 });
    expect(page.hasNextPage).toBe(true);
    const second = (await app.inject(as('store', { url: `/api/email/outbox?cursor=${page.nextPageCursor}` }))).json();
    expect(second.messages.map((m: { to: string }) => m.to)).toEqual(['q5@example.com', 'q4@example.com', 'q3@example.com', 'q2@example.com', 'q1@example.com', 'q0@example.com']);
    expect(second).toMatchObject({ hasNextPage: false, nextPageCursor: null });
    const onlyFailed = (await app.inject(as('admin', { url: '/api/email/outbox?status=failed' }))).json();
    expect(onlyFailed.messages.map((m: { id: string }) => m.id)).toEqual([failed]);
  });

  it('refuses a bad status, a bad cursor, an unknown field; strangers and other roles', async () => {
    expect((await app.inject(as('admin', { url: '/api/email/outbox?status=lost' }))).json()).toEqual({ message: 'status must be one of: queued, sending, sent, failed.' });
    const bad = await app.inject(as('admin', { url: '/api/email/outbox?cursor=nonsense' }));
    expect([bad.statusCode, bad.json()]).toEqual([400, { message: EMAIL_MESSAGES.badCursor }]);
    expect((await app.inject(as('admin', { url: '/api/email/outbox?page=2' }))).statusCode).toBe(400);
    const anonymous = await app.inject({ url: '/api/email/outbox' });
    expect([anonymous.statusCode, anonymous.json()]).toEqual([401, { message: SIGN_IN_REQUIRED }]);
    const editor = await app.inject(as('editor', { url: '/api/email/outbox' }));
    expect([editor.statusCode, editor.json()]).toEqual([403, { message: NOT_ALLOWED }]);
  });
});

describe('POST /api/email/outbox/:id/retry', () => {
  it('queues a failed message again, due now, attempts from zero', async () => {
    const id = queue('retry@example.com', 6000, 'failed', '421 busy');
    const res = await app.inject(as('store', { method: 'POST', url: `/api/email/outbox/${id}/retry` }));
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatchObject({ id, status: 'queued', attempts: 0, lastError: '421 busy', nextAttemptOn: 6000 });
    expect(store.select().from(outboxEmails).where(eq(outboxEmails.id, id)).get()).toMatchObject({ status: 'queued', attempts: 0, nextAttemptAt: null });
  });

  it('409 for a message that has not failed, 404 for an unknown one; crumb and role checked', async () => {
    const id = queue('fine@example.com', 7000);
    const notFailed = await app.inject(as('admin', { method: 'POST', url: `/api/email/outbox/${id}/retry` }));
    expect([notFailed.statusCode, notFailed.json()]).toEqual([409, { message: EMAIL_MESSAGES.notFailed }]);
    const unknown = await app.inject(as('admin', { method: 'POST', url: '/api/email/outbox/nope/retry' }));
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { message: EMAIL_MESSAGES.notFound }]);
    const failed = queue('f@example.com', 7001, 'failed');
    const noCrumb = await app.inject({ method: 'POST', url: `/api/email/outbox/${failed}/retry`, cookies: { tessera_owner: tokens['admin']! } });
    expect(noCrumb.statusCode).toBe(403);
    expect((await app.inject(as('editor', { method: 'POST', url: `/api/email/outbox/${failed}/retry` }))).statusCode).toBe(403);
    expect(store.select().from(outboxEmails).where(eq(outboxEmails.id, failed)).get()!.status).toBe('failed');
  });
});

describe('mail settings', () => {
  it('saves and shows them without the password; an omitted password is kept, null clears it', async () => {
    const put = await app.inject(as('admin', { method: 'PUT', url: '/api/email/settings', payload: SETTINGS }));
    expect(put.statusCode).toBe(200);
    const shown = { smtp: { host: 'smtp.example.com', port: 587, secure: false, user: 'shop', passwordSet: true }, from: 'Shop <shop@example.com>', siteUrl: 'https://shop.example.com', notificationAddress: null, fixedByEnvironment: [], sending: true };
    expect(put.json()).toEqual(shown);
    expect(put.body).not.toContain('hunter2');
    expect((await app.inject(as('admin', { url: '/api/email/settings' }))).json()).toEqual(shown);
    const { password: _omitted, ...withoutPassword } = SETTINGS.smtp;
    await app.inject(as('admin', { method: 'PUT', url: '/api/email/settings', payload: { ...SETTINGS, smtp: { ...withoutPassword, port: 2525 } } }));
    expect(readSiteDocument(store, 'demo', MAIL_DOCUMENT)).toMatchObject({ smtp: { port: 2525, password: 'hunter2' } });
    const cleared = await app.inject(as('admin', { method: 'PUT', url: '/api/email/settings', payload: { ...SETTINGS, smtp: { ...SETTINGS.smtp, password: null } } }));
    expect(cleared.json().smtp.passwordSet).toBe(false);
  });

  it('the environment wins, and says which fields it fixes', async () => {
    await app.inject(as('admin', { method: 'PUT', url: '/api/email/settings', payload: SETTINGS }));
    const res = await envApp.inject(as('admin', { url: '/api/email/settings' }));
    expect(res.json()).toEqual({
      smtp: { host: 'mail.example.net', port: 465, secure: true, user: 'ops', passwordSet: true },
      from: 'ops@example.net',
      siteUrl: 'https://shop.example.com',
      notificationAddress: null,
      fixedByEnvironment: ['smtp', 'from'],
      sending: true,
    });
    expect(res.body).not.toContain('secret');
  });

  it('refuses bad values with words, and other roles', async () => {
    const put = (payload: unknown, who = 'admin') => app.inject(as(who, { method: 'PUT', url: '/api/email/settings', payload: payload as Record<string, unknown> }));
    expect((await put({ ...SETTINGS, from: 'Shop <shop@example.com>\r\nBcc: all@example.com' })).json()).toEqual({ message: 'from is not in the expected format.' });
    expect((await put({ ...SETTINGS, siteUrl: 'javascript:alert(1)' })).json()).toEqual({ message: 'siteUrl is not in the expected format.' });
    expect((await put({ ...SETTINGS, smtp: { ...SETTINGS.smtp, port: 70000 } })).json()).toEqual({ message: 'smtp.port must be <= 65535.' });
    expect((await put({ ...SETTINGS, notificationAddress: 'not an address' })).statusCode).toBe(400);
    expect((await put({ ...SETTINGS, extra: 1 })).json()).toEqual({ message: 'extra is not an accepted field.' });
    expect((await put({ smtp: null })).json()).toEqual({ message: 'from is required.' });
    expect((await put(SETTINGS, 'store')).statusCode).toBe(403);
    expect((await app.inject(as('store', { url: '/api/email/settings' }))).statusCode).toBe(403);
  });
});
