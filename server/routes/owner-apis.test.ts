/**
 * The owner's APIs in-process (Fastify inject) on a fresh in-memory demo store: sign-in, the role guard and
 * every store-setup and settings call with its validation errors.
 */
import { createHash, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRead } from '../db/work.js';
import { NOT_ALLOWED, SIGN_IN_REQUIRED } from '../owner/guard.js';
import { hashPassword } from '../owner/password.js';
import { ensureSiteOwner } from '../owner/site-owner.js';
import { readSiteDocumentStep } from '../site-documents.js';
import { NO_MAIN_NAVIGATION } from '../site-layout.js';
import { demoApp, siteDocumentBeside, TEST_CRUMB, withCrumb, writeBeside } from '../test-support.js';
import { WRONG_CREDENTIALS } from './owner-session.js';

const ADMIN = { email: 'admin@example.com', password: 'admin password' };
const PASSWORD = 'staff password';
const STORES = '/api/content-service/product/1.1/websites/demo/products';

let app: FastifyInstance;
const tokens: Record<string, string> = {};

/** The staff, added beside the app in one write (either database), all with PASSWORD (hashed once: scrypt is slow on purpose). */
async function addContributors(staff: readonly (readonly [email: string, roles: readonly string[]])[]) {
  const passwordHash = await hashPassword(PASSWORD);
  await writeBeside(app, async ({ db, t }) => {
    await db.insert(t.contributors).values(staff.map(([email, roles]) => ({ id: randomUUID(), websiteId: 'demo', email, displayName: email, passwordHash, roles: JSON.stringify(roles), createdAt: Date.now() })));
  });
}

/** A site document of the demo site, read through the app's reads (either database). */
const siteDocument = (name: string) => runRead(app.reads, (q) => readSiteDocumentStep(q, 'demo', name));

async function signIn(email: string, password: string, extra: Record<string, unknown> = {}) {
  return app.inject(withCrumb({ method: 'POST', url: '/api/owner/session', payload: { email, password, ...extra } }));
}

const tokenOf = (res: { cookies: { name: string; value: string }[] }) => res.cookies.find((c) => c.name === 'tessera_owner')?.value;

/** A request as `who` (signed in once in beforeAll); writes carry the crumb. */
function as(who: string, options: InjectOptions): InjectOptions {
  const signedIn = { ...options, cookies: { ...options.cookies, tessera_owner: tokens[who]! } };
  return options.method === undefined || options.method === 'GET' ? signedIn : withCrumb(signedIn);
}

beforeAll(async () => {
  ({ app } = await demoApp({ guards: { rateLimits: { owner: { burst: 1000, perMinute: 1000 } } } }));
  // the owner as a node makes it at start, and the staff added beside the app (either database)
  await ensureSiteOwner(app.stores.transactions, { TESSERA_OWNER_EMAIL: ADMIN.email, TESSERA_OWNER_PASSWORD: ADMIN.password }, () => {});
  await addContributors([
    ['editor@example.com', ['editor']],
    ['viewer@example.com', ['viewer']],
    ['billing@example.com', ['billing', 'reporting']],
    ['store@example.com', ['store manager']],
  ]);
  // the sign-ins at once: each is an scrypt check on libuv's thread pool
  await Promise.all([
    signIn(ADMIN.email, ADMIN.password).then((res) => (tokens['admin'] = tokenOf(res)!)),
    ...['editor', 'viewer', 'billing', 'store'].map((who) => signIn(`${who}@example.com`, PASSWORD).then((res) => (tokens[who] = tokenOf(res)!))),
  ]);
  // seven scrypt computations (slow on purpose) besides the app: past vitest's 10 s on a busy two-core machine
}, 30_000);
afterAll(() => app.close());

describe('owner session', () => {
  it('signs in with an HttpOnly SameSite=Lax cookie and answers a new crumb as xsrfToken', async () => {
    const res = await signIn(ADMIN.email, ADMIN.password);
    expect(res.statusCode).toBe(200);
    // the session starts with a crumb of its own, set as the cookie too: not the one the visitor had before
    const { xsrfToken } = res.json() as { xsrfToken: string };
    expect(xsrfToken).toMatch(/^[0-9a-f]{32}$/);
    expect(xsrfToken).not.toBe(TEST_CRUMB);
    expect(res.cookies.find((c) => c.name === 'crumb')?.value).toBe(xsrfToken);
    const cookie = res.cookies.find((c) => c.name === 'tessera_owner')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.maxAge).toBeUndefined();
    // only the token's SHA-256 is stored, with an expiry
    const hash = createHash('sha256').update(cookie.value).digest('hex');
    const row = (await app.reads.db.select().from(app.reads.t.ownerSessions).where(eq(app.reads.t.ownerSessions.tokenHash, hash)))[0]!;
    expect(row.expiresAt).toBeGreaterThan(Date.now());
    expect((await app.reads.db.select().from(app.reads.t.ownerSessions).where(eq(app.reads.t.ownerSessions.tokenHash, cookie.value)))[0]).toBeUndefined();
  });

  it('keeps a remembered session in a lasting cookie; the e-mail is case-insensitive', async () => {
    const res = await signIn(' ADMIN@example.com', ADMIN.password, { rememberMe: true });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'tessera_owner')!.maxAge).toBe(30 * 24 * 60 * 60);
  });

  it('answers a wrong password and an unknown e-mail alike', async () => {
    const wrong = await signIn(ADMIN.email, 'nope nope');
    const unknown = await signIn('nobody@example.com', ADMIN.password);
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: WRONG_CREDENTIALS });
      expect(tokenOf(res)).toBeUndefined();
    }
  });

  it('validates the sign-in body', async () => {
    for (const payload of [{ email: ADMIN.email }, { email: ADMIN.email, password: 12345678 }, { ...ADMIN, admin: true }, { ...ADMIN, rememberMe: 'yes' }, { email: '', password: 'x' }]) {
      const res = await app.inject(withCrumb({ method: 'POST', url: '/api/owner/session', payload }));
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toHaveProperty('message');
    }
  });

  it('needs the crumb', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/owner/session', payload: ADMIN });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ crumbFail: true });
    const put = await app.inject({ method: 'PUT', url: '/api/site-header-footer', cookies: { tessera_owner: tokens['admin']! }, payload: { header: {}, footer: {} } });
    expect(put.statusCode).toBe(403);
    expect(put.json()).toMatchObject({ crumbFail: true });
  });

  it('says who is signed in, with role codes', async () => {
    const res = await app.inject(as('billing', { url: '/api/owner/session' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'billing@example.com', websiteId: 'demo', roles: [{ name: 'billing', code: 2 }, { name: 'reporting', code: 3 }] });
    // what those roles allow, so the admin shows only those screens: reading orders and products, no writes
    expect(res.json().permissions).toEqual(['readCommercePreferences', 'readAnalytics', 'readProducts', 'readOrders']);
    expect((await app.inject({ url: '/api/owner/session' })).statusCode).toBe(401);
  });

  it('signs out: the session stops working', async () => {
    const token = tokenOf(await signIn(ADMIN.email, ADMIN.password))!;
    const headerFooter = { url: '/api/site-header-footer', cookies: { tessera_owner: token } };
    expect((await app.inject(headerFooter)).statusCode).toBe(200);
    const out = await app.inject(withCrumb({ method: 'DELETE', url: '/api/owner/session', cookies: { tessera_owner: token } }));
    expect(out.statusCode).toBe(204);
    expect(out.cookies.find((c) => c.name === 'tessera_owner')?.value).toBe('');
    expect((await app.inject(headerFooter)).statusCode).toBe(401);
  });

  it('refuses an expired session', async () => {
    const token = tokenOf(await signIn(ADMIN.email, ADMIN.password))!;
    const hash = createHash('sha256').update(token).digest('hex');
    const { db, t } = app.reads;
    await db.update(t.ownerSessions).set({ expiresAt: Date.now() - 1 }).where(eq(t.ownerSessions.tokenHash, hash));
    const res = await app.inject({ url: '/api/site-header-footer', cookies: { tessera_owner: token } });
    expect(res.statusCode).toBe(401);
  });
});

describe('owner guard', () => {
  const guarded: InjectOptions[] = [
    { method: 'POST', url: STORES, payload: { title: 'X' } },
    { method: 'POST', url: `${STORES}/shop/categories`, payload: { displayName: 'X', type: 'ROOT' } },
    { url: '/api/commondata/GetSiteLayout' },
    { method: 'POST', url: '/api/widget/UpdateNavigation', payload: { navigation: { items: [] } } },
    { url: '/api/v1/commerce-preferences/general' },
    { method: 'PUT', url: '/api/v1/commerce-preferences/general', payload: {} },
    { url: '/api/site-header-footer' },
    { method: 'PUT', url: '/api/site-header-footer', payload: { header: {}, footer: {} } },
    { url: '/api/multilingual/settings' },
    { url: '/api/multilingual/status' },
    { method: 'PUT', url: '/api/multilingual/languages', payload: { languages: [] } },
    { method: 'DELETE', url: '/api/multilingual/connection' },
    { url: '/api/template/GetTemplateSchema?type=template' },
  ];

  it('answers 401 without a session, or with a forged one, before looking at the body', async () => {
    for (const options of guarded) {
      for (const cookies of [{}, { tessera_owner: 'A'.repeat(43) }, { tessera_owner: 'garbage' }] as Record<string, string>[]) {
        const res = await app.inject(withCrumb({ ...options, cookies }));
        expect(res.statusCode, `${options.method ?? 'GET'} ${options.url}`).toBe(401);
        expect(res.json()).toEqual({ message: SIGN_IN_REQUIRED });
      }
    }
    const badBody = await app.inject(withCrumb({ method: 'POST', url: STORES, payload: { nonsense: 1 } }));
    expect(badBody.statusCode).toBe(401);
  });

  it('answers 403 to a role without the right (a viewer, for every owner API)', async () => {
    for (const options of guarded) {
      const res = await app.inject(as('viewer', options));
      expect(res.statusCode, `${options.method ?? 'GET'} ${options.url}`).toBe(403);
      expect(res.json()).toEqual({ message: NOT_ALLOWED });
    }
  });

  it('follows the role table: billing reads commerce preferences but cannot write them or set up a store', async () => {
    expect((await app.inject(as('billing', { url: '/api/v1/commerce-preferences/general' }))).statusCode).toBe(200);
    expect((await app.inject(as('billing', { method: 'PUT', url: '/api/v1/commerce-preferences/general', payload: {} }))).statusCode).toBe(403);
    expect((await app.inject(as('billing', { method: 'POST', url: STORES, payload: { title: 'X' } }))).statusCode).toBe(403);
    expect((await app.inject(as('editor', { method: 'POST', url: STORES, payload: { title: 'X' } }))).statusCode).toBe(403);
    expect((await app.inject(as('editor', { url: '/api/multilingual/settings' }))).statusCode).toBe(200);
    expect((await app.inject(as('editor', { method: 'PUT', url: '/api/multilingual/languages', payload: { languages: [] } }))).statusCode).toBe(403);
    expect((await app.inject(as('store', { url: '/api/site-header-footer' }))).statusCode).toBe(403);
  });
});

describe('store setup', () => {
  const create = (payload: unknown, who = 'admin', url = STORES) => app.inject(as(who, { method: 'POST', url, payload: payload as Record<string, unknown> }));

  it('creates an enabled products collection whose URL id is the title slug', async () => {
    const res = await create({ navigationTitle: 'Goods', title: 'Summer Goods', urlId: '', description: 'Hot things', enabled: false });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ websiteId: 'demo', type: 13, title: 'Summer Goods', navigationTitle: 'Goods', urlId: 'summer-goods', description: 'Hot things', enabled: true });
    expect(body.id).toMatch(/^[0-9a-f]{24}$/);
    // a store manager may create stores too, and the storefront serves the new store
    expect((await create({ title: 'Winter Goods' }, 'store')).json().urlId).toBe('winter-goods');
    expect((await app.inject('/summer-goods')).statusCode).toBe(200);
  });

  it('takes the owner URL id when given, falls back to "store" when too short and appends -1, -2', async () => {
    expect((await create({ title: 'Shop' })).json().urlId).toBe('shop-1');
    expect((await create({ title: 'Shop' })).json().urlId).toBe('shop-2');
    expect((await create({ title: 'Anything', urlId: 'Ab' })).json().urlId).toBe('store');
    expect((await create({ title: '!!' })).json().urlId).toBe('store-1');
    expect((await create({ title: 'Anything', urlId: 'My Own Path' })).json().urlId).toBe('my-own-path');
    // a path the storefront answers itself counts as taken
    expect((await create({ title: 'Cart' })).json().urlId).toBe('cart-1');
  });

  it('validates the body and the website', async () => {
    for (const payload of [{}, { title: '' }, { title: '   ' }, { title: 7 }, { title: 'X', enabled: 'true' }, { title: 'X', extra: 1 }, { title: 'x'.repeat(201) }, []]) {
      const res = await create(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toHaveProperty('message');
    }
    const unknown = await create({ title: 'X' }, 'admin', '/api/content-service/product/1.1/websites/elsewhere/products');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Website not found' });
    expect((await create({ title: 'X' }, 'admin', '/api/content-service/product/1.1/websites/bad%20id/products')).statusCode).toBe(400);
  });

  it('creates the root category once, with the spec constants', async () => {
    const storeId = (await create({ title: 'Autumn Goods' })).json().id as string;
    const url = `${STORES}/${storeId}/categories`;
    const res = await create({ displayName: 'Autumn Goods', parentCategoryId: null, type: 'ROOT', pageRendering: 'LIST_VIEW', displayIndex: 1 }, 'admin', url);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ collectionId: storeId, displayName: 'Autumn Goods', parentCategoryId: null, type: 'ROOT', pageRendering: 'LIST_VIEW', displayIndex: 1 });
    const again = await create({ displayName: 'Again', type: 'ROOT' }, 'admin', url);
    expect(again.statusCode).toBe(409);
    expect((await create({ displayName: 'X', type: 'ROOT' }, 'admin', `${STORES}/nope/categories`)).statusCode).toBe(404);
  });

  it('validates the category body', async () => {
    const url = `${STORES}/shop/categories`;
    for (const payload of [
      { type: 'ROOT' },
      { displayName: 'X' },
      { displayName: 'X', type: 'CATEGORY' },
      { displayName: 'X', type: 'ROOT', pageRendering: 'GRID' },
      { displayName: 'X', type: 'ROOT', displayIndex: 2 },
      { displayName: 'X', type: 'ROOT', displayIndex: '1' },
      { displayName: 'X', type: 'ROOT', parentCategoryId: 'abc' },
      { displayName: 'X', type: 'ROOT', more: true },
    ]) {
      const res = await create(payload, 'admin', url);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });
});

describe('site layout and navigation', () => {
  const update = (payload: unknown, who = 'admin') => app.inject(as(who, { method: 'POST', url: '/api/widget/UpdateNavigation', payload: payload as Record<string, unknown> }));

  it('derives the layout from the collections on first read', async () => {
    const res = await app.inject(as('editor', { url: '/api/commondata/GetSiteLayout' }));
    expect(res.statusCode).toBe(200);
    const [main] = res.json().layout;
    expect(main.identifier).toBe('mainNav');
    expect(main.links).toContainEqual({ collectionId: 'shop' });
  });

  it('replaces the main navigation, and the storefront header follows it', async () => {
    const storeId = (await app.inject(as('admin', { method: 'POST', url: STORES, payload: { title: 'Spring Goods', navigationTitle: 'Spring' } }))).json().id;
    const items = [
      { collectionId: storeId },
      { collectionId: 'shop', items: [{ externalLink: '/cart', title: 'Your cart' }] },
      { externalLink: 'https://example.com/journal', title: 'Journal', collectionId: null, memberAreaId: null },
    ];
    const res = await update({ fieldName: 'mainNav', templateId: 'tessera', navigation: { items } });
    expect(res.statusCode).toBe(200);
    expect(res.json().layout[0]).toEqual({ identifier: 'mainNav', links: items });
    expect((await app.inject(as('store', { url: '/api/commondata/GetSiteLayout' }))).json().layout[0].links).toEqual(items);

    const page = await app.inject('/shop?format=json');
    expect(page.json().navigation).toEqual([
      { title: 'Spring', url: '/spring-goods' },
      { title: 'Shop', url: '/shop', items: [{ title: 'Your cart', url: '/cart', external: false }] },
      { title: 'Journal', url: 'https://example.com/journal', external: true },
    ]);
    expect((await app.inject('/shop')).body).toContain('href="https://example.com/journal"');
  });

  it('validates items recursively, with a depth cap', async () => {
    const deep = { navigation: { items: [{ collectionId: 'shop', items: [{ collectionId: 'shop', items: [{ collectionId: 'shop', items: [{ collectionId: 'shop' }] }] }] }] } };
    const bad: [unknown, RegExp | null][] = [
      [{}, null],
      [{ navigation: {} }, null],
      [{ navigation: { items: {} } }, null],
      [{ navigation: { items: [{ collectionId: 'shop', label: 'x' }] } }, null],
      [{ navigation: { items: [{ collectionId: 5 }] } }, null],
      [{ navigation: { items: [] }, fieldName: 3 }, null],
      [deep, null],
      [{ navigation: { items: [{ collectionId: 'nope' }] } }, /There is no collection nope/],
      [{ navigation: { items: [{ externalLink: 'javascript:alert(1)' }] } }, /is not a valid page URL/],
      [{ navigation: { items: [{ externalLink: '//evil.example' }] } }, /is not a valid page URL/],
      [{ navigation: { items: [{ collectionId: 'shop', externalLink: 'https://example.com' }] } }, /exactly one/],
      [{ navigation: { items: [{ title: 'Nothing' }] } }, /exactly one/],
      [{ navigation: { items: [{ collectionId: 'shop', items: [{ items: [] }] }] } }, /exactly one/],
    ];
    for (const [payload, message] of bad) {
      const res = await update(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      if (message !== null) expect(res.json().message).toMatch(message);
    }
    // three levels are fine
    expect((await update({ navigation: { items: [{ collectionId: 'shop', items: [{ collectionId: 'shop', items: [{ collectionId: 'shop' }] }] }] } })).statusCode).toBe(200);
  });

  it("answers 'Unable to find site main navigation' when the layout has no first entry", async () => {
    const saved = await siteDocument('layout');
    await siteDocumentBeside(app, 'demo', 'layout', []);
    try {
      const get = await app.inject(as('admin', { url: '/api/commondata/GetSiteLayout' }));
      expect(get.statusCode).toBe(404);
      expect(get.json()).toEqual({ message: NO_MAIN_NAVIGATION });
      const post = await update({ navigation: { items: [] } });
      expect(post.statusCode).toBe(404);
      expect(post.json()).toEqual({ message: NO_MAIN_NAVIGATION });
    } finally {
      await siteDocumentBeside(app, 'demo', 'layout', saved);
    }
  });
});

describe('commerce preferences', () => {
  const url = '/api/v1/commerce-preferences/checkout';

  it('stores a free-form object per namespace and strips websiteId from reads', async () => {
    expect((await app.inject(as('admin', { url: '/api/v1/commerce-preferences/never-saved' }))).json()).toEqual({});
    const prefs = { currency: 'EUR', taxes: { inclusive: true, rates: [0.2, 0.055] }, note: null };
    const put = await app.inject(as('admin', { method: 'PUT', url, payload: { ...prefs, websiteId: 'someone-else' } }));
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual(prefs);
    const get = await app.inject(as('billing', { url }));
    expect(get.statusCode).toBe(200);
    expect(get.json()).toEqual(prefs);
    // the stored document names its own site
    expect(await siteDocument('commerce-preferences/checkout')).toEqual({ ...prefs, websiteId: 'demo' });
  });

  it('validates namespace and body, and caps size and nesting', async () => {
    for (const ns of ['-lead', 'a!b', 'x'.repeat(65)]) {
      expect((await app.inject(as('admin', { url: `/api/v1/commerce-preferences/${ns}` }))).statusCode, ns).toBe(400);
      expect((await app.inject(as('admin', { method: 'PUT', url: `/api/v1/commerce-preferences/${ns}`, payload: {} }))).statusCode, ns).toBe(400);
    }
    for (const payload of [[1, 2], 'text', 3, null]) {
      const res = await app.inject(as('admin', { method: 'PUT', url, payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } }));
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    let deep: unknown = 1;
    for (let i = 0; i < 17; i++) deep = { d: deep };
    expect((await app.inject(as('admin', { method: 'PUT', url, payload: deep as Record<string, unknown> }))).statusCode).toBe(400);
    const hostile = `{"a":${'['.repeat(10_000)}${']'.repeat(10_000)}}`;
    expect((await app.inject(as('admin', { method: 'PUT', url, payload: hostile, headers: { 'content-type': 'application/json' } }))).statusCode).toBe(400);
    const big = await app.inject(as('admin', { method: 'PUT', url, payload: { blob: 'x'.repeat(40_000) } }));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toHaveProperty('message');
  });
});

describe('site header and footer', () => {
  const url = '/api/site-header-footer';

  it('reads empty objects until saved, then what was saved', async () => {
    expect((await app.inject(as('editor', { url }))).json()).toEqual({ header: {}, footer: {} });
    const body = { header: { layout: 'center', showCart: true }, footer: { blocks: [{ type: 'text', html: '<p>hi</p>' }] } };
    const put = await app.inject(as('editor', { method: 'PUT', url, payload: body }));
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual(body);
    expect((await app.inject(as('admin', { url }))).json()).toEqual(body);
  });

  it('validates the body', async () => {
    for (const payload of [{ header: {} }, { footer: {} }, { header: 'x', footer: {} }, { header: {}, footer: [] }, { header: {}, footer: {}, extra: 1 }]) {
      const res = await app.inject(as('admin', { method: 'PUT', url, payload }));
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });
});

describe('multilingual', () => {
  it('sets canonical, deduplicated languages and reports settings and status', async () => {
    expect((await app.inject(as('admin', { url: '/api/multilingual/status' }))).json()).toEqual({ status: 'DISCONNECTED', languageCount: 0 });
    const put = await app.inject(as('admin', { method: 'PUT', url: '/api/multilingual/languages', payload: { languages: ['fr-fr', 'en-US', 'FR-FR', 'de'] } }));
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ languages: ['fr-FR', 'en-US', 'de'] });
    expect((await app.inject(as('editor', { url: '/api/multilingual/settings' }))).json()).toEqual({ websiteLanguage: 'en-US', languages: ['fr-FR', 'en-US', 'de'], connected: true });
    expect((await app.inject(as('admin', { url: '/api/multilingual/status' }))).json()).toEqual({ status: 'CONNECTED', languageCount: 3 });
    // the list itself is public, for the storefront
    expect((await app.inject('/api/multilingual/languages')).json()).toEqual({ languages: ['fr-FR', 'en-US', 'de'] });
  });

  it('rejects bad tags and too many languages', async () => {
    for (const [languages, message] of [
      [['en_US'], null],
      [['a'], /a is not a valid language tag/],
      [['en-US', 7], null],
      ['en-US', null],
      [Array.from({ length: 51 }, () => 'en'), null],
      [['en', 'fr', 'de', 'es', 'it', 'pt', 'nl', 'sv', 'da', 'nb', 'fi', 'pl', 'cs', 'ja', 'ko', 'zh', 'ru', 'tr', 'el', 'he', 'ar'], /at most 20/],
    ] as [unknown, RegExp | null][]) {
      const res = await app.inject(as('admin', { method: 'PUT', url: '/api/multilingual/languages', payload: { languages } as Record<string, unknown> }));
      expect(res.statusCode, JSON.stringify(languages)).toBe(400);
      if (message !== null) expect(res.json().message).toMatch(message);
    }
  });

  it('disconnects: languages cleared', async () => {
    const res = await app.inject(as('admin', { method: 'DELETE', url: '/api/multilingual/connection' }));
    expect(res.statusCode).toBe(204);
    expect((await app.inject(as('admin', { url: '/api/multilingual/status' }))).json()).toEqual({ status: 'DISCONNECTED', languageCount: 0 });
    expect((await app.inject('/api/multilingual/languages')).json()).toEqual({ languages: [] });
  });
});

describe('template schema', () => {
  it('returns the schema of a known type', async () => {
    const res = await app.inject(as('editor', { url: '/api/template/GetTemplateSchema?type=template' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ title: 'template.conf', type: 'object', required: ['name', 'layouts'] });
    const nav = await app.inject(as('admin', { url: '/api/template/GetTemplateSchema?type=navigation' }));
    expect(nav.json().properties).toHaveProperty('externalLink');
  });

  it('answers 400 for a missing or malformed type and 404 for an unknown one', async () => {
    expect((await app.inject(as('admin', { url: '/api/template/GetTemplateSchema' }))).statusCode).toBe(400);
    expect((await app.inject(as('admin', { url: '/api/template/GetTemplateSchema?type=Bad!' }))).statusCode).toBe(400);
    expect((await app.inject(as('admin', { url: '/api/template/GetTemplateSchema?type=a&type=b' }))).statusCode).toBe(400);
    const unknown = await app.inject(as('admin', { url: '/api/template/GetTemplateSchema?type=nope' }));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Unknown template schema type: nope' });
    expect((await app.inject(as('admin', { url: '/api/template/GetTemplateSchema?type=constructor' }))).statusCode).toBe(404);
  });
});

describe('owner rate limit', () => {
  it('puts sign-in and owner writes in the owner bucket: 429 with Retry-After once it is empty', async () => {
    // an app of its own: on PostgreSQL the buckets are kept in the database, and this one is emptied on purpose
    const { app: limited } = await demoApp({ guards: { rateLimits: { owner: { burst: 2, perMinute: 2 } } } });
    await ensureSiteOwner(limited.stores.transactions, { TESSERA_OWNER_EMAIL: ADMIN.email, TESSERA_OWNER_PASSWORD: ADMIN.password }, () => {});
    try {
      const signInOnce = () => limited.inject(withCrumb({ method: 'POST', url: '/api/owner/session', payload: ADMIN }));
      const first = await signInOnce();
      expect(first.statusCode).toBe(200);
      const token = tokenOf(first)!;
      const write = await limited.inject(withCrumb({ method: 'PUT', url: '/api/site-header-footer', cookies: { tessera_owner: token }, payload: { header: {}, footer: {} } }));
      expect(write.statusCode).toBe(200);
      const refused = await signInOnce();
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(refused.json().message).toMatch(/Too many requests/);
      const refusedWrite = await limited.inject(withCrumb({ method: 'PUT', url: '/api/site-header-footer', cookies: { tessera_owner: token }, payload: { header: {}, footer: {} } }));
      expect(refusedWrite.statusCode).toBe(429);
      // reads are not limited
      expect((await limited.inject({ url: '/api/site-header-footer', cookies: { tessera_owner: token } })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('site documents', () => {
  it('keeps one row per name and website', async () => {
    const rows = (await app.reads.db.select().from(app.reads.t.siteDocuments).where(eq(app.reads.t.siteDocuments.name, 'layout')));
    expect(rows).toHaveLength(1);
  });
});
