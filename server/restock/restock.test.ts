/**
 * Back-in-stock signups in-process: the visitor API and plain form with every rule and message, one signup per
 * e-mail and variant, the language rule, and the owner listings and sends (guarded by the owner session).
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_CAPTCHA_TOKEN } from '../forms/captcha.js';
import { NOT_ALLOWED, SIGN_IN_REQUIRED } from '../owner/guard.js';
import { hashPassword } from '../owner/password.js';
import { ensureSiteOwner } from '../owner/site-owner.js';
import { changeSiteSettings, demoApp, siteDocumentBeside, TEST_COOKIES, TEST_CRUMB, withCrumb, writeBeside } from '../test-support.js';
import { GROUPS_PAGE_SIZE, SIGNUPS_PAGE_SIZE } from './service.js';

const BASE = '/api/site-users/account/notifications/restock';
let app: FastifyInstance;
const tokens: Record<string, string> = {};
let tote: { productId: string; variantId: string; url: string };
let inStock: { productId: string; variantId: string };

const setSettings = (patch: Record<string, unknown>) => changeSiteSettings(app, (settings) => ({ ...settings, ...patch }));

const signUp = (payload: Record<string, unknown>) => app.inject(withCrumb({ method: 'POST', url: BASE, payload }));
const as = (who: string, options: InjectOptions): InjectOptions => {
  const signed = { ...options, cookies: { ...options.cookies, tessera_owner: tokens[who]! } };
  return options.method === 'GET' ? signed : withCrumb(signed);
};
const signups = () => {
  const { db, t } = app.reads;
  return db.select().from(t.restockSignups).where(eq(t.restockSignups.variantId, tote.variantId));
};

beforeAll(async () => {
  ({ app } = await demoApp({ guards: { rateLimits: { visitor: { burst: 10_000, perMinute: 10_000 }, owner: { burst: 10_000, perMinute: 10_000 } } } }));
  // the owner as a node makes it at start, and two staff added beside the app (either database)
  await ensureSiteOwner(app.stores.transactions, { TESSERA_OWNER_EMAIL: 'admin@example.com', TESSERA_OWNER_PASSWORD: 'admin password' }, () => {});
  const passwordHash = await hashPassword('staff password');
  await writeBeside(app, async ({ db, t }) => {
    for (const [who, roles] of [['store', ['store manager']], ['viewer', ['viewer']]] as const) {
      await db.insert(t.contributors).values({ id: randomUUID(), websiteId: 'demo', email: `${who}@example.com`, displayName: who, passwordHash, roles: JSON.stringify(roles), createdAt: Date.now() });
    }
  });
  const signIn = async (email: string, password: string) =>
    (await app.inject(withCrumb({ method: 'POST', url: '/api/owner/session', payload: { email, password } }))).cookies.find((c) => c.name === 'tessera_owner')!.value;
  tokens['admin'] = await signIn('admin@example.com', 'admin password');
  tokens['store'] = await signIn('store@example.com', 'staff password');
  tokens['viewer'] = await signIn('viewer@example.com', 'staff password');
  const { db, t } = app.reads;
  const p = (await db.select().from(t.products).where(eq(t.products.urlId, 'canvas-tote')))[0]!;
  tote = { productId: p.id, variantId: (await db.select().from(t.variants).where(eq(t.variants.productId, p.id)).limit(1))[0]!.id, url: '/shop/p/canvas-tote' };
  const v = (await db.select().from(t.variants).where(eq(t.variants.unlimited, false)).orderBy(t.variants.id)).find((x) => x.qtyInStock > 0)!;
  inStock = { productId: v.productId, variantId: v.id };
});
afterAll(() => app.close());
beforeEach(() => setSettings({ captchaSettings: {}, featureFlags: { useCLDRMoneyFormat: true } }));

describe('POST restock signup', () => {
  it('signs up: 200 { success: true, message: "Signed up!" }, e-mail kept lower case', async () => {
    const res = await signUp({ productId: tote.productId, variantId: tote.variantId, siteVisitorEmail: ' Ada@Example.com ', isJoinMailingList: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Signed up!' });
    expect((await signups()).map((s) => s.email)).toContain('ada@example.com');
  });

  it('a repeat is 200 and creates no duplicate (the mailing-list choice may turn on)', async () => {
    const body = { productId: tote.productId, variantId: tote.variantId, siteVisitorEmail: 'twice@example.com', isJoinMailingList: false };
    expect((await signUp(body)).statusCode).toBe(200);
    expect((await signUp({ ...body, siteVisitorEmail: 'TWICE@example.com', isJoinMailingList: true })).statusCode).toBe(200);
    const rows = (await signups()).filter((s) => s.email === 'twice@example.com');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.isJoinMailingList).toBe(true);
  });

  it('email rules: blank and malformed, answered as { message, data: { message } }', async () => {
    const ids = { productId: tote.productId, variantId: tote.variantId };
    for (const [email, message] of [[undefined, 'Email cannot be blank'], ['  ', 'Email cannot be blank'], ['not-an-email', 'Email is invalid']] as const) {
      const res = await signUp({ ...ids, ...(email === undefined ? {} : { siteVisitorEmail: email }) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message, data: { message } });
    }
  });

  it('unknown product or variant (or a variant of another product) → 404; in stock → 409', async () => {
    const email = { siteVisitorEmail: 'x@example.com' };
    expect((await signUp({ productId: 'nope', variantId: tote.variantId, ...email })).statusCode).toBe(404);
    expect((await signUp({ productId: tote.productId, variantId: 'nope', ...email })).statusCode).toBe(404);
    expect((await signUp({ productId: inStock.productId, variantId: tote.variantId, ...email })).statusCode).toBe(404);
    const res = await signUp({ ...inStock, ...email });
    expect(res.statusCode).toBe(409);
    expect(res.json().data).toEqual({ message: 'This item is back in stock.' });
  });

  it('strict body: unknown fields refused in the same shape', async () => {
    const res = await signUp({ productId: tote.productId, variantId: tote.variantId, siteVisitorEmail: 'a@b.co', extra: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'extra is not an accepted field.', data: { message: 'extra is not an accepted field.' } });
  });

  it('captcha: with a site key, a token is needed (checkbox or enterprise v3)', async () => {
    await setSettings({ captchaSettings: { siteKey: 'k', provider: 'test' } });
    const body = { productId: tote.productId, variantId: tote.variantId, siteVisitorEmail: 'robot@example.com' };
    const none = await signUp(body);
    expect(none.statusCode).toBe(400);
    expect(none.json().data.message).toBe('Complete CAPTCHA before submitting.');
    expect((await signUp({ ...body, captchaToken: 'wrong' })).statusCode).toBe(400);
    expect((await signUp({ ...body, captchaToken: TEST_CAPTCHA_TOKEN })).statusCode).toBe(200);
    expect((await signUp({ ...body, recaptchaEnterpriseV3Token: TEST_CAPTCHA_TOKEN })).statusCode).toBe(200);
  });

  it('language is kept only with the multilingual-emails flag and a connected translation widget', async () => {
    const body = (email: string) => ({ productId: tote.productId, variantId: tote.variantId, siteVisitorEmail: email, language: 'fr-fr' });
    const language = async (email: string) => (await signups()).find((s) => s.email === email)!.language;
    await signUp(body('l1@example.com'));
    expect(await language('l1@example.com')).toBeNull();
    await setSettings({ featureFlags: { multilingualEmails: true } });
    await signUp(body('l2@example.com'));
    expect(await language('l2@example.com')).toBeNull();
    await siteDocumentBeside(app, 'demo', 'multilingual', { languages: ['fr-FR'], connected: true });
    await signUp(body('l3@example.com'));
    expect(await language('l3@example.com')).toBe('fr-FR');
    await siteDocumentBeside(app, 'demo', 'multilingual', { languages: [], connected: false });
  });

  it('the plain form (/restock) stores and goes back to the product page with the message', async () => {
    const form = new URLSearchParams({ productId: tote.productId, variantId: tote.variantId, email: 'plain@example.com', isJoinMailingList: 'on', crumb: TEST_CRUMB });
    const res = await app.inject({ method: 'POST', url: '/restock', cookies: TEST_COOKIES, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: form.toString() });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`${tote.url}?variant=${tote.variantId}&message=restock.signedUp&restock=signed-up#restock-${tote.productId}`);
    expect((await signups()).find((s) => s.email === 'plain@example.com')!.isJoinMailingList).toBe(true);
    form.set('email', 'bad');
    const bad = await app.inject({ method: 'POST', url: '/restock', cookies: TEST_COOKIES, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: form.toString() });
    expect(bad.headers.location).toContain('&message=restock.emailInvalid&restock=error');
  });

  it('needs the crumb', async () => {
    const res = await app.inject({ method: 'POST', url: BASE, payload: { ...tote, siteVisitorEmail: 'a@b.co' } });
    expect(res.statusCode).toBe(403);
  });
});

describe('owner restock APIs', () => {
  it('visitors 401, roles without the right 403', async () => {
    for (const options of [
      { method: 'GET', url: `${BASE}/groups` },
      { method: 'GET', url: `${BASE}?productId=a&variantId=b` },
      { method: 'POST', url: `${BASE}/send`, payload: { productId: 'a', variantId: 'b' } },
      { method: 'POST', url: `${BASE}/send/all`, payload: { sendRequests: [] } },
    ] as InjectOptions[]) {
      const visitor = await app.inject(options.method === 'GET' ? options : withCrumb(options));
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json().message).toBe(SIGN_IN_REQUIRED);
      const viewer = await app.inject(as('viewer', options));
      expect(viewer.statusCode).toBe(403);
      expect(viewer.json().message).toBe(NOT_ALLOWED);
    }
  });

  it('groups and signups, paged by cursor; send marks them notified and fills the outbox once', async () => {
    // a fresh sold-out variant with more signups than a page holds
    const variantIds: string[] = [];
    for (let i = 0; i < GROUPS_PAGE_SIZE + 2; i++) variantIds.push(`restock-test-${String(i).padStart(2, '0')}`);
    const now = Date.now();
    await writeBeside(app, async ({ db, t }) => {
      await db.insert(t.variants).values(variantIds.map((id) => ({ id, productId: tote.productId, sku: `SKU-${id}`, priceCents: 100, qtyInStock: 0 })));
      await db.insert(t.restockSignups).values(Array.from({ length: SIGNUPS_PAGE_SIZE + 3 }, (_, i) => ({ id: `s-${i}`, websiteId: 'demo', productId: tote.productId, variantId: variantIds[0]!, email: `p${i}@example.com`, createdAt: now + i })));
      await db.insert(t.restockSignups).values(variantIds.slice(1).map((v) => ({ id: `g-${v}`, websiteId: 'demo', productId: tote.productId, variantId: v, email: 'g@example.com', createdAt: now })));
    });

    const groups: { variantId: string; signUpCount: number; pendingCount: number }[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `${BASE}/groups${cursor === null ? '' : `?cursor=${cursor}`}`;
      const res = await app.inject(as('store', { method: 'GET', url }));
      expect(res.statusCode).toBe(200);
      const body: { signUpGroups: typeof groups; hasNextPage: boolean; nextPageCursor: string | null } = res.json();
      expect(Object.keys(body).sort()).toEqual(['hasNextPage', 'nextPageCursor', 'signUpGroups']);
      groups.push(...body.signUpGroups);
      cursor = body.hasNextPage ? body.nextPageCursor : null;
      pages++;
    } while (cursor !== null);
    expect(pages).toBe(2);
    const first = groups.find((g) => g.variantId === variantIds[0])!;
    expect(first).toMatchObject({ productId: tote.productId, productName: 'Canvas Tote', signUpCount: SIGNUPS_PAGE_SIZE + 3, pendingCount: SIGNUPS_PAGE_SIZE + 3, notifiedCount: 0 });
    expect(new Set(groups.map((g) => g.variantId)).size).toBe(groups.length);

    const list = await app.inject(as('admin', { method: 'GET', url: `${BASE}?productId=${tote.productId}&variantId=${variantIds[0]}` }));
    const page1 = list.json();
    expect(page1.signUps).toHaveLength(SIGNUPS_PAGE_SIZE);
    expect(page1.hasNextPage).toBe(true);
    expect(page1.signUps[0]).toMatchObject({ email: 'p0@example.com', isJoinMailingList: false, notifiedOn: null });
    const page2 = (await app.inject(as('admin', { method: 'GET', url: `${BASE}?productId=${tote.productId}&variantId=${variantIds[0]}&cursor=${page1.nextPageCursor}` }))).json();
    expect(page2).toMatchObject({ hasNextPage: false, nextPageCursor: null });
    expect(page2.signUps.map((s: { email: string }) => s.email)).toEqual(['p50@example.com', 'p51@example.com', 'p52@example.com']);
    expect((await app.inject(as('admin', { method: 'GET', url: `${BASE}/groups?cursor=garbage` }))).statusCode).toBe(400);

    const send = await app.inject(as('store', { method: 'POST', url: `${BASE}/send`, payload: { productId: tote.productId, variantId: variantIds[0] } }));
    expect(send.statusCode).toBe(200);
    expect(send.json()).toEqual({ sent: SIGNUPS_PAGE_SIZE + 3, results: [{ productId: tote.productId, variantId: variantIds[0], sent: SIGNUPS_PAGE_SIZE + 3 }] });
    const mails = (await app.reads.db.select().from(app.reads.t.outboxEmails)).filter((m) => JSON.parse(m.related).variantId === variantIds[0]);
    expect(mails).toHaveLength(SIGNUPS_PAGE_SIZE + 3);
    expect(mails[0]).toMatchObject({ kind: 'restock', subject: 'Canvas Tote is back in stock', sentAt: null });
    expect(mails[0]!.bodyText).toContain('/shop/p/canvas-tote');
    // sending again sends nothing new
    const again = await app.inject(as('admin', { method: 'POST', url: `${BASE}/send`, payload: { productId: tote.productId, variantId: variantIds[0] } }));
    expect(again.json().sent).toBe(0);

    const all = await app.inject(
      as('admin', { method: 'POST', url: `${BASE}/send/all`, payload: { sendRequests: variantIds.slice(1, 3).map((variantId) => ({ productId: tote.productId, variantId })) } }),
    );
    expect(all.json().sent).toBe(2);
    const { db, t } = app.reads;
    expect((await db.select().from(t.restockSignups).where(and(eq(t.restockSignups.variantId, variantIds[1]!))))[0]!.notifiedAt).not.toBeNull();
    const missing = await app.inject(as('admin', { method: 'POST', url: `${BASE}/send/all`, payload: { sendRequests: [{ productId: tote.productId, variantId: variantIds[3] }, { productId: 'x', variantId: 'y' }] } }));
    expect(missing.statusCode).toBe(404);
    expect((await db.select().from(t.restockSignups).where(eq(t.restockSignups.variantId, variantIds[3]!)))[0]!.notifiedAt).toBeNull();
  });

  it('a signup after its e-mail went out waits again', async () => {
    const body = { productId: tote.productId, variantId: tote.variantId, siteVisitorEmail: 'again@example.com' };
    await signUp(body);
    await app.inject(as('admin', { method: 'POST', url: `${BASE}/send`, payload: { productId: tote.productId, variantId: tote.variantId } }));
    expect((await signups()).find((s) => s.email === 'again@example.com')!.notifiedAt).not.toBeNull();
    await signUp(body);
    const rows = (await signups()).filter((s) => s.email === 'again@example.com');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.notifiedAt).toBeNull();
  });
});
