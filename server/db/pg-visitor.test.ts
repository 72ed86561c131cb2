/**
 * The visitor-facing routes that read the store while answering (issue 25), on both databases: a form posted
 * without JavaScript, an index page, a member area with and without its pass, a restock listing, a customer's
 * sign-up → sign-in → account with the cart handed over, a download, an analytics event and a product's pictures. One body, one app
 * per dialect (the PostgreSQL one prepared as a node prepares it, in the run's shared cluster: describePg).
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_USER_COOKIE } from '../site-users/sessions.js';
import { demoApp, pgDemoApp, FORM_HEADERS, TEST_COOKIES, TEST_CRUMB, testCrumbFor, withCrumb } from '../test-support.js';
import { lcpBucket } from '../analytics/lcp-buckets.js';
import { downloadPath } from '../orders/downloads.js';
import { memberCookieName } from '../orders/member-cookie.js';
import { ensureDemoCustomerIn } from '../site-users/demo-customer.js';
import { CHANGE_BOUND_MS } from './change-feed.js';
import { describePg } from './describe-pg.js';
import { testDialects } from './describe-stores.js';
import type { Reads } from './reads.js';

const cookieOf = (res: LightMyRequestResponse, name: string) => res.cookies.find((c) => c.name === name)?.value;
const RESTOCK = '/api/site-users/account/notifications/restock';
const MEMBERS = memberCookieName('makers-circle');
const MEMBERS_BODY = 'Patterns and recordings for members of the Makers Circle.';
/** Generous write limits: the body makes more writes from one address than a visitor would. */
const GENEROUS = { burst: 1_000, perMinute: 1_000 };
const GUARDS = { rateLimits: { cart: GENEROUS, owner: GENEROUS, visitor: GENEROUS, 'site-user': GENEROUS, analytics: GENEROUS } };

/** A plain (no JavaScript) form post with the crumb, as a browser sends it. */
function formPost(app: FastifyInstance, url: string, fields: Record<string, string>, cookies: Record<string, string> = {}, crumb = TEST_CRUMB) {
  return app.inject({ method: 'POST', url, headers: FORM_HEADERS, cookies: { ...TEST_COOKIES, ...cookies }, payload: new URLSearchParams({ crumb, ...fields }).toString() });
}

/** `ask` again until it answers other than 404, for at most `CHANGE_BOUND_MS` (a change made beside the app). */
async function settled(ask: () => Promise<LightMyRequestResponse>): Promise<LightMyRequestResponse> {
  const until = Date.now() + CHANGE_BOUND_MS;
  for (;;) {
    const res = await ask();
    if (res.statusCode !== 404 || Date.now() > until) return res;
    await new Promise((done) => setTimeout(done, 10));
  }
}

/** A new visitor's cart holding `quantity` of `itemId` (by the cart API): its id. */
async function addToCart(app: FastifyInstance, itemId: string, quantity: number): Promise<string> {
  const added = await app.inject(withCrumb({ method: 'POST', url: '/api/commerce/shopping-cart/entries', payload: { itemId, quantity } }));
  expect(added.statusCode, added.body).toBe(200);
  return cookieOf(added, 'tessera_cart')!;
}

interface UnderTest {
  readonly app: FastifyInstance;
  readonly reads: Reads;
}

function visitorRoutes(current: () => UnderTest) {
  it('makes the demo customer at start, once, with a demo order whose download counts', async () => {
    const { app, reads } = current();
    const { db, t } = reads;
    const lines: string[] = [];
    const env = { TESSERA_CUSTOMER_EMAIL: 'demo@example.com', TESSERA_CUSTOMER_PASSWORD: 'demo password' };
    expect(await ensureDemoCustomerIn(reads, app.stores, env, app.crumbSecret, (l) => lines.push(l))).toEqual({ email: 'demo@example.com', generated: false, orders: 1 });
    expect(await ensureDemoCustomerIn(reads, app.stores, env, app.crumbSecret, (l) => lines.push(l))).toBeNull();
    expect(lines).toHaveLength(1);
    const [order] = await db.select({ id: t.orders.id, items: t.orders.items }).from(t.orders).innerJoin(t.siteUsers, eq(t.siteUsers.id, t.orders.siteUserId)).where(eq(t.siteUsers.email, 'demo@example.com'));
    const taken = async () => JSON.parse((await db.select({ items: t.orders.items }).from(t.orders).where(eq(t.orders.id, order!.id)))[0]!.items)[0].download.count;
    expect(await taken()).toBe(0);

    const link = downloadPath(app.crumbSecret, order!.id, 0);
    expect((await app.inject({ method: 'HEAD', url: link })).statusCode).toBe(200);
    expect(await taken()).toBe(0);
    const file = await app.inject({ url: link });
    expect(file.statusCode, file.body.slice(0, 300)).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await taken()).toBe(1);
    // the limit (5) holds however many ask at once: the order's line is counted one request after another
    const rush = await Promise.all(Array.from({ length: 8 }, () => app.inject({ url: link, cookies: TEST_COOKIES })));
    expect(rush.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 410, 410, 410, 410]);
    expect(await taken()).toBe(5);
    const forged = await app.inject({ url: `${link.slice(0, -2)}xx`, cookies: TEST_COOKIES });
    expect(forged.statusCode).toBe(404);
    expect(forged.body).toContain('Download not found');
  });

  it('takes a form posted without JavaScript: stored, or the page again with the errors', async () => {
    const { app, reads } = current();
    const { db, t } = reads;
    const count = async () => (await db.select({ id: t.formSubmissions.id }).from(t.formSubmissions)).length;
    const before = await count();
    const refused = await formPost(app, '/forms/contact-form', { name: 'Ada', email: 'nope', message: '' });
    expect(refused.statusCode, refused.body.slice(0, 300)).toBe(400);
    expect(refused.body).toContain('<form class="content-form" id="form-contact-form"');
    expect(refused.body).toContain('value="nope"');
    const sent = await formPost(app, '/forms/contact-form', { name: 'Ada', email: 'ada@example.com', message: 'Hello from a plain form' });
    expect(sent.statusCode, sent.body.slice(0, 300)).toBe(303);
    expect(sent.headers.location).toBe('/contact?submitted=contact-form#form-contact-form');
    expect(await count()).toBe(before + 1);
    expect((await formPost(app, '/forms/no-such-form', { name: 'Ada' })).statusCode).toBe(404);
  });

  it('serves an index page with its children read', async () => {
    const { app, reads } = current();
    const { db, t } = reads;
    // an index shown with the theme's blog list (the demo theme has no index template of its own)
    const [site] = await db.select({ id: t.websites.id }).from(t.websites).limit(1);
    await db.insert(t.collections).values({
      id: 'visitor-index',
      websiteId: site!.id,
      urlId: 'visitor-index',
      title: 'Our index',
      type: 1,
      ordering: 900,
      enabled: true,
      body: '',
      settings: JSON.stringify({ folder: true, index: true, typeName: 'blog', children: ['about', 'blog'] }),
    });
    // another writer's change reaches the node's kept site within CHANGE_BOUND_MS (the change feed)
    const res = await settled(() => app.inject({ url: '/visitor-index?format=json', cookies: TEST_COOKIES }));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const children = res.json().collection.collections as { urlId: string; items?: { title: string }[] }[];
    expect(children.map((c) => c.urlId)).toEqual(['about', 'blog']);
    expect(children[1]!.items!.map((i) => i.title)).toContain('Caring for linen');
  });

  it('draws a product’s picture and a variant’s, and 404 for a product it does not have', async () => {
    const { app } = current();
    const own = await app.inject('/static/images/p01.svg?format=300w');
    expect(own.statusCode, own.body.slice(0, 300)).toBe(200);
    expect(own.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(own.body).toContain('Linen Apron');
    const shirt = await app.inject('/shop/p/field-shirt?format=json');
    const variantPicture = /\/static\/images\/(p02-[A-Za-z0-9_-]+)\.svg/.exec(shirt.body)![1]!;
    expect((await app.inject(`/static/images/${variantPicture}.svg`)).statusCode).toBe(200);
    expect((await app.inject('/static/images/p99.svg')).statusCode).toBe(404);
  });

  it('opens a member area to the buyer of its pass, and only to them', async () => {
    const { app } = current();
    const stranger = await app.inject({ url: '/members', cookies: TEST_COOKIES });
    expect(stranger.statusCode).toBe(403);
    expect(stranger.body).toContain('Join for $15.00');
    expect(stranger.body).not.toContain(MEMBERS_BODY);
    const cart = await addToCart(app, 'p14', 1);
    const order = await app.inject(withCrumb({ method: 'POST', url: '/api/commerce/orders', payload: { email: 'member@example.com', name: 'Mae' }, cookies: { tessera_cart: cart } }));
    expect(order.statusCode, order.body).toBe(201);
    const pass = cookieOf(order, MEMBERS)!;
    const member = await app.inject({ url: '/members', cookies: { ...TEST_COOKIES, [MEMBERS]: pass } });
    expect(member.statusCode, member.body.slice(0, 300)).toBe(200);
    expect(member.body).toContain(MEMBERS_BODY);
  });

  it('takes a restock signup by plain form and lists it to the owner, in groups and one by one', async () => {
    const { app, reads } = current();
    const { db, t } = reads;
    const [tote] = await db.select({ productId: t.variants.productId, variantId: t.variants.id }).from(t.variants).innerJoin(t.products, eq(t.products.id, t.variants.productId)).where(eq(t.products.urlId, 'canvas-tote'));
    const signed = await formPost(app, '/restock', { ...tote!, email: 'Waiting@Example.com', isJoinMailingList: 'on' });
    expect(signed.statusCode, signed.body.slice(0, 300)).toBe(303);
    expect(signed.headers.location).toContain('/shop/p/canvas-tote?');
    expect(signed.headers.location).toContain('restock=signed-up');
    // an owner (a contributor whose session the app's store opened, as the owner's sign-in does)
    const [site] = await db.select({ id: t.websites.id }).from(t.websites).limit(1);
    const ownerId = randomUUID();
    await db.insert(t.contributors).values({ id: ownerId, websiteId: site!.id, email: 'restock-owner@example.com', displayName: 'Owner', passwordHash: 'scrypt$00$00', roles: JSON.stringify(['admin']), createdAt: Date.now() });
    const owner = { tessera_owner: await app.stores.ownerSessions.open(ownerId, 60_000, Date.now()) };
    const groups = await app.inject({ url: `${RESTOCK}/groups`, cookies: owner });
    expect(groups.statusCode, groups.body).toBe(200);
    const group = groups.json().signUpGroups.find((g: { variantId: string }) => g.variantId === tote!.variantId);
    expect(group).toMatchObject({ productName: 'Canvas Tote', inStock: false, signUpCount: 1, pendingCount: 1, notifiedCount: 0, lastSignUpOn: expect.any(Number) });
    const list = await app.inject({ url: `${RESTOCK}?productId=${tote!.productId}&variantId=${tote!.variantId}`, cookies: owner });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toEqual({
      signUps: [{ id: expect.any(String), productId: tote!.productId, variantId: tote!.variantId, email: 'waiting@example.com', isJoinMailingList: true, language: null, createdOn: group.lastSignUpOn, notifiedOn: null }],
      hasNextPage: false,
      nextPageCursor: null,
    });
  });

  it('records what the tracker sends: a page hit with its roll-ups, performance records, an error', async () => {
    const { app, reads } = current();
    const { db, t } = reads;
    const settings = await app.inject({ url: '/api/1/performance/settings', cookies: TEST_COOKIES });
    expect(settings.statusCode, settings.body).toBe(200);
    expect(settings.json().enabled).toBe(true);
    // pages carry the tracker (its beacons are answered on either database)
    expect((await app.inject({ url: '/shop', cookies: TEST_COOKIES })).body).toContain('id="tessera-census"');
    const page = { websiteId: 'demo', url: 'http://shop.test/shop/p/canvas-tote', title: 'Canvas Tote' };
    const beacon = (url: string, payload: string, cookies: Record<string, string> = {}) => app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'text/plain;charset=UTF-8' }, cookies });
    const hit = (visitor: string) => beacon('/api/census/RecordHit', new URLSearchParams({ event: 'view', data: JSON.stringify(page), ss_cvr: visitor }).toString());
    // the same visitor twice and another at once: three page views, two visitors of the day
    const hits = await Promise.all([hit('visitor-1'), hit('visitor-1'), hit('visitor-2')]);
    expect(hits.map((r) => r.statusCode), hits[0]!.body).toEqual([204, 204, 204]);
    const [day] = await db.select({ pageViews: t.analyticsDaily.pageViews, uniqueVisitors: t.analyticsDaily.uniqueVisitors }).from(t.analyticsDaily);
    expect(day).toEqual({ pageViews: 3, uniqueVisitors: 2 });
    expect(await db.select({ id: t.analyticsHits.id }).from(t.analyticsHits)).toHaveLength(3);

    const records = [{ app: 'storefront', event: 'LCP', pageLoadId: 'pl-1', ts: 1000, data: { name: 'LCP', value: 1800, path: '/shop' } }];
    const recorded = await beacon('/api/1/performance/records', JSON.stringify(records));
    expect(recorded.statusCode, recorded.body).toBe(204);
    const [lcp] = await db.select().from(t.analyticsLcpDaily);
    expect(lcp).toMatchObject({ path: '/shop', [`b${lcpBucket(1800)}`]: 1 });
    const errors = [{ event: 'error', data: { message: 'boom', path: '/shop' }, timestamp: 5 }];
    const reported = await app.inject(withCrumb({ method: 'POST', url: '/api/events/RecordJavascriptErrors', payload: errors }));
    expect(reported.statusCode, reported.body).toBe(204);
    expect(await db.select({ message: t.analyticsErrorsDaily.message, count: t.analyticsErrorsDaily.count, lastPage: t.analyticsErrorsDaily.lastPage }).from(t.analyticsErrorsDaily)).toEqual([{ message: 'boom', count: 1, lastPage: '/shop' }]);
  });

  it('signs a customer up, confirms, signs in with the cart handed over, shows the account, and signs out', async () => {
    const { app, reads } = current();
    const { db, t } = reads;
    const email = 'shopper@example.com';
    const password = 'correct horse';
    const registered = await formPost(app, '/account/register', { email, password });
    expect(registered.statusCode, registered.body.slice(0, 300)).toBe(303);
    expect(registered.headers.location).toBe('/account/login?done=registered');
    // a second sign-up of the address makes no second account: a fresh link
    await formPost(app, '/account/register', { email, password: 'another password' });
    expect(await db.select({ id: t.siteUsers.id }).from(t.siteUsers).where(eq(t.siteUsers.email, email))).toHaveLength(1);
    // nor do five at once of a new address: one account, five links (none lost, none refused)
    const rushed = 'rushed@example.com';
    const five = await Promise.all(Array.from({ length: 5 }, () => formPost(app, '/account/register', { email: rushed, password })));
    expect(five.map((r) => r.statusCode)).toEqual([303, 303, 303, 303, 303]);
    expect(await db.select({ id: t.siteUsers.id }).from(t.siteUsers).where(eq(t.siteUsers.email, rushed))).toHaveLength(1);
    expect(await db.select({ id: t.outboxEmails.id }).from(t.outboxEmails).where(eq(t.outboxEmails.toAddress, rushed))).toHaveLength(5);
    const mails = await db.select({ kind: t.outboxEmails.kind, bodyText: t.outboxEmails.bodyText }).from(t.outboxEmails).where(eq(t.outboxEmails.toAddress, email));
    expect(mails.map((m) => m.kind)).toEqual(['verify-email', 'verify-email']);
    const link = /\/account\/verify\?token=[A-Za-z0-9_.-]+/.exec(mails[0]!.bodyText)![0];
    expect((await app.inject({ url: link })).headers.location).toBe('/account/login?done=verified');

    // a visitor's cart, handed over to the account at sign-in
    const visitorCart = await addToCart(app, 'p01', 2);
    const signIn = await formPost(app, '/account/login', { email, password }, { tessera_cart: visitorCart });
    expect(signIn.statusCode, signIn.body.slice(0, 300)).toBe(303);
    expect(signIn.headers.location).toBe('/account');
    const session = cookieOf(signIn, SITE_USER_COOKIE)!;
    const [account] = await db.select({ cartId: t.siteUsers.cartId }).from(t.siteUsers).where(eq(t.siteUsers.email, email));
    expect(account!.cartId).toBe(visitorCart);
    const signedIn = { ...TEST_COOKIES, [SITE_USER_COOKIE]: session, tessera_cart: visitorCart };
    const page = await app.inject({ url: '/account', cookies: signedIn });
    expect(page.statusCode, page.body.slice(0, 300)).toBe(200);
    expect(page.body).toContain(email);
    expect((await app.inject({ url: '/api/site-users/account/session', cookies: signedIn })).json()).toMatchObject({ email });

    // signed out (the cart stays the account's), a new visitor's cart, signed in again: the two carts are one
    const out = await formPost(app, '/account/logout', {}, signedIn, testCrumbFor(signedIn));
    expect(out.headers.location).toBe('/account/login?done=signed-out');
    expect((await app.inject({ url: '/account', cookies: signedIn })).headers.location).toBe('/account/login?done=sign-in-required');
    const second = await addToCart(app, 'p01', 1);
    const again = await formPost(app, '/account/login', { email, password }, { tessera_cart: second });
    expect(cookieOf(again, 'tessera_cart')).toBe(visitorCart);
    const cart = await app.inject({ url: '/api/commerce/shopping-cart', cookies: { tessera_cart: visitorCart } });
    expect(cart.json().totalQuantity).toBe(3);
  });

  it('resets a customer’s password by the e-mailed link, once, and keeps their language', async () => {
    const { app, reads } = current();
    const { db, t } = reads;
    const email = 'forgetful@example.com';
    await formPost(app, '/account/register', { email, password: 'first password' });
    expect((await formPost(app, '/account/reset', { email })).headers.location).toBe('/account/reset?done=reset-sent');
    const [mail] = await db.select({ bodyText: t.outboxEmails.bodyText }).from(t.outboxEmails).where(and(eq(t.outboxEmails.toAddress, email), eq(t.outboxEmails.kind, 'password-reset')));
    const link = /\/account\/reset\?token=[A-Za-z0-9_.-]+/.exec(mail!.bodyText)![0];
    const token = new URL(link, 'http://shop.test').searchParams.get('token')!;
    expect((await app.inject({ url: link, cookies: TEST_COOKIES })).statusCode).toBe(200);
    const reset = await formPost(app, '/account/reset/password', { token, password: 'second password' });
    expect(reset.headers.location).toBe('/account/login?done=password-changed');
    // the link was made for the old password: it works once
    expect((await formPost(app, '/account/reset/password', { token, password: 'third password' })).statusCode).toBe(400);
    // following it proved the address: the account signs in with the new password
    const signIn = await app.inject(withCrumb({ method: 'POST', url: '/api/site-users/account/session', payload: { email, password: 'second password' } }));
    expect(signIn.statusCode, signIn.body).toBe(200);
    const cookies = { [SITE_USER_COOKIE]: cookieOf(signIn, SITE_USER_COOKIE)! };
    const locale = await app.inject(withCrumb({ method: 'POST', url: '/api/site-users/account/locale', payload: { language: 'fr-fr' }, cookies }));
    expect(locale.json()).toEqual({ language: 'fr-FR' });
    expect((await db.select({ locale: t.siteUsers.locale }).from(t.siteUsers).where(eq(t.siteUsers.email, email)))[0]!.locale).toBe('fr-FR');
  });
}

if (testDialects().includes('sqlite')) {
  describe('the visitor routes [sqlite]', () => {
    let app: FastifyInstance;
    let reads: Reads;
    beforeAll(async () => {
      ({ app } = await demoApp({ guards: GUARDS }));
      reads = app.reads;
    });
    afterAll(() => app.close());
    visitorRoutes(() => ({ app, reads }));
  });
}

if (testDialects().includes('postgresql')) {
  describePg('the visitor routes [postgresql]', (cluster) => {
    let on: Awaited<ReturnType<typeof pgDemoApp>>;
    beforeAll(async () => void (on = await pgDemoApp(cluster().url, { guards: GUARDS })), 60_000);
    afterAll(() => on?.close());
    visitorRoutes(() => ({ app: on.app, reads: on.parts.readAhead.reads }));
  });
}
