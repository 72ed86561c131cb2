/**
 * The owner's side on both databases (issue 25): the site owner made at start, sign-in, /config, the merchant
 * APIs a shop lives on and the owner APIs, each followed to the shop's page that shows it. One body, run on a
 * SQLite app and on an app over a PostgreSQL database prepared as a node prepares it (one cluster per test run).
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardData } from '../analytics/dashboard-data.js';
import { addDays, dayKey } from '../analytics/site-days.js';
import { siteOfReads } from '../analytics/stamp.js';
import { ensureSiteOwner, resetOwnerPassword } from '../owner/site-owner.js';
import { TEMPLATE_TWEAKS_PATH } from '../routes/template-tweaks.js';
import { OWNER_COOKIE } from '../owner/sessions.js';
import { demoApp, pgDemoApp, TEST_COOKIES, withCrumb } from '../test-support.js';
import { describePg } from './describe-pg.js';
import { testDialects } from './describe-stores.js';
import type { Transactions } from './work.js';

const OWNER = { TESSERA_OWNER_EMAIL: 'owner@example.com', TESSERA_OWNER_PASSWORD: 'a long owner password' };
const LIMITS = { rateLimits: { cart: { burst: 1_000, perMinute: 1_000 }, owner: { burst: 1_000, perMinute: 1_000 } } };

interface Under {
  readonly app: FastifyInstance;
  readonly transactions: Transactions;
}

/** The owner's visit on the app `current()` gives. */
function ownerVisit(current: () => Under) {
  let owner = '';
  /** `options` as the signed-in owner sends them (the crumb on writes). */
  const asOwner = (options: InjectOptions): Promise<LightMyRequestResponse> => {
    const signed = { ...options, cookies: { ...(options.cookies as Record<string, string> | undefined), [OWNER_COOKIE]: owner } };
    return current().app.inject(options.method === undefined || options.method === 'GET' ? signed : withCrumb(signed));
  };

  it('makes the site owner at start once, signs them in and serves /config', async () => {
    const { app, transactions } = current();
    expect(await ensureSiteOwner(transactions, OWNER, () => {})).toEqual({ email: OWNER.TESSERA_OWNER_EMAIL, generated: false });
    expect(await ensureSiteOwner(transactions, { ...OWNER, TESSERA_OWNER_EMAIL: 'other@example.com' }, () => {})).toBeNull();
    const wrong = await app.inject(withCrumb({ method: 'POST', url: '/api/owner/session', payload: { email: OWNER.TESSERA_OWNER_EMAIL, password: 'not the password' } }));
    expect(wrong.statusCode).toBe(401);
    const signedIn = await app.inject(withCrumb({ method: 'POST', url: '/api/owner/session', payload: { email: OWNER.TESSERA_OWNER_EMAIL, password: OWNER.TESSERA_OWNER_PASSWORD } }));
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    owner = signedIn.cookies.find((c) => c.name === OWNER_COOKIE)!.value;
    const who = await asOwner({ url: '/api/owner/session' });
    expect(who.json()).toMatchObject({ email: OWNER.TESSERA_OWNER_EMAIL, roles: [{ name: 'admin' }] });
    const shell = await asOwner({ url: '/config/products' });
    expect(shell.statusCode).toBe(200);
    expect(shell.body).toContain(OWNER.TESSERA_OWNER_EMAIL);
    const login = await app.inject({ url: '/config/login', cookies: TEST_COOKIES });
    expect(login.statusCode).toBe(200);
    expect(login.body).toContain('Sign in');
  });

  it('creates a product with stock that the shop shows, edits its price and stock, finds it by SKU', async () => {
    const app = current().app;
    const created = await asOwner({ method: 'POST', url: '/api/merchant/products', payload: { title: 'Wool Scarf', type: 'physical', description: 'Warm and long', price: { priceCents: 4500 }, sku: 'SCARF-1', qtyInStock: 4 } });
    expect(created.statusCode, created.body).toBe(201);
    const product = created.json();
    expect(product).toMatchObject({ urlId: 'wool-scarf', url: '/shop/p/wool-scarf', variants: [{ sku: 'SCARF-1', priceCents: 4500, qtyInStock: 4 }] });
    // a second one of the same title gets a free address of its own
    const twin = await asOwner({ method: 'POST', url: '/api/merchant/products', payload: { title: 'Wool Scarf', type: 'physical', price: { priceCents: 100 } } });
    expect(twin.json().urlId).toBe('wool-scarf-1');
    // ten at once under one title: ten addresses (on PostgreSQL the store's row makes them take turns)
    const many = await Promise.all(Array.from({ length: 10 }, () => asOwner({ method: 'POST', url: '/api/merchant/products', payload: { title: 'Felt Hat', type: 'physical', price: { priceCents: 100 } } })));
    expect(many.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    expect(new Set(many.map((r) => r.json().urlId)).size).toBe(10);
    // this node's next page shows the new product at once
    const page = await app.inject({ url: '/shop/p/wool-scarf', cookies: TEST_COOKIES });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Warm and long');
    expect(page.body).toContain('$45.00');
    expect((await app.inject({ url: '/shop/p/wool-scarf-1', cookies: TEST_COOKIES })).statusCode).toBe(200);

    const variant = product.variants[0];
    const priced = await asOwner({ method: 'PUT', url: `/api/merchant/products/${product.id}/variants`, payload: { options: [], variants: [{ id: variant.id, sku: 'SCARF-1', attributes: {}, priceCents: 3900, qtyInStock: 4 }] } });
    expect(priced.statusCode, priced.body).toBe(200);
    expect((await app.inject({ url: '/shop/p/wool-scarf', cookies: TEST_COOKIES })).body).toContain('$39.00');
    const edited = await asOwner({ method: 'PUT', url: `/api/merchant/products/${product.id}`, payload: { title: 'Wool Scarf, long' } });
    expect(edited.json().title).toBe('Wool Scarf, long');
    // stock: a delta below 0 is refused, one within is counted
    const below = await asOwner({ method: 'PATCH', url: `/api/merchant/products/${product.id}/variants/${variant.id}/stock`, payload: { delta: -5 } });
    expect(below.statusCode).toBe(409);
    const taken = await asOwner({ method: 'PATCH', url: `/api/merchant/products/${product.id}/variants/${variant.id}/stock`, payload: { delta: -1 } });
    expect(taken.json().variants[0].qtyInStock).toBe(3);
    const found = await asOwner({ url: '/api/merchant/products?q=scarf-1' });
    expect(found.json()).toMatchObject({ total: 1, products: [{ id: product.id, title: 'Wool Scarf, long' }] });
    expect((await asOwner({ url: `/api/merchant/products/${product.id}` })).json().variants[0].priceCents).toBe(3900);
  });

  it('lists an order placed through the cart, finds it by product, fulfils it once and reads the form submissions', async () => {
    const app = current().app;
    const added = await app.inject(withCrumb({ method: 'POST', url: '/api/commerce/shopping-cart/entries', payload: { itemId: 'p01', quantity: 1 } }));
    const cart = added.cookies.find((c) => c.name === 'tessera_cart')!.value;
    const placed = await app.inject(
      withCrumb({ method: 'POST', url: '/api/commerce/orders', payload: { email: 'grace@example.com', name: 'Grace Hopper', shippingAddress: { address1: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'US' } }, cookies: { tessera_cart: cart } }),
    );
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json().order.id as string;
    const list = await asOwner({ url: '/api/merchant/orders?q=apron' });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().orders.map((o: { id: string }) => o.id)).toContain(orderId);
    expect((await asOwner({ url: '/api/merchant/orders?q=grace' })).json().orders[0]).toMatchObject({ id: orderId, customerName: 'Grace Hopper', status: 'open' });
    const fulfilled = await asOwner({ method: 'POST', url: `/api/merchant/orders/${orderId}/fulfil`, payload: { carrier: 'UPS', trackingNumber: '1Z999' } });
    expect(fulfilled.statusCode, fulfilled.body).toBe(200);
    expect(fulfilled.json()).toMatchObject({ status: 'fulfilled', carrier: 'UPS', trackingNumber: '1Z999' });
    expect((await asOwner({ method: 'POST', url: `/api/merchant/orders/${orderId}/fulfil`, payload: {} })).statusCode).toBe(409);
    const noted = await asOwner({ method: 'POST', url: `/api/merchant/orders/${orderId}/notes`, payload: { text: 'Sent on Monday' } });
    expect(noted.json().notes).toMatchObject([{ text: 'Sent on Monday' }]);
    const csv = await asOwner({ url: '/api/merchant/orders.csv' });
    expect(csv.body).toContain('grace@example.com');
    const forms = await asOwner({ url: '/api/merchant/forms' });
    expect(forms.statusCode, forms.body).toBe(200);
    const contact = forms.json().forms[0];
    expect((await asOwner({ url: `/api/merchant/forms/${contact.id}/submissions` })).json().submissions).toHaveLength(contact.submissions);
  });

  it('changes the site title (the next page shows it), the navigation, the languages, and lists the pages', async () => {
    const app = current().app;
    expect((await asOwner({ url: '/api/owner/site-settings' })).json()).toMatchObject({ siteIcon: null });
    const titled = await asOwner({ method: 'PUT', url: '/api/owner/site-settings', payload: { siteTitle: 'Linen & Wool' } });
    expect(titled.statusCode, titled.body).toBe(200);
    expect(titled.json().siteTitle).toBe('Linen & Wool');
    expect((await app.inject({ url: '/', cookies: TEST_COOKIES })).body).toContain('Linen &amp; Wool');
    expect((await app.inject({ url: '/favicon.ico' })).statusCode).toBe(200);

    const pages = (await asOwner({ url: '/api/owner/pages' })).json().pages as { id: string; urlId: string; isStore: boolean; productCount: number }[];
    const shop = pages.find((p) => p.urlId === 'shop')!;
    expect(shop).toMatchObject({ isStore: true });
    expect(shop.productCount).toBeGreaterThan(2);
    const layout = await asOwner({ url: '/api/commondata/GetSiteLayout' });
    expect(layout.statusCode, layout.body).toBe(200);
    const nav = await asOwner({ method: 'POST', url: '/api/widget/UpdateNavigation', payload: { navigation: { items: [{ collectionId: shop.id, title: 'The Goods' }] } } });
    expect(nav.statusCode, nav.body).toBe(200);
    expect((await app.inject({ url: '/', cookies: TEST_COOKIES })).body).toContain('The Goods');
    expect((await asOwner({ method: 'POST', url: '/api/widget/UpdateNavigation', payload: { navigation: { items: [{ collectionId: 'no-such-page' }] } } })).statusCode).toBe(400);

    expect((await asOwner({ method: 'PUT', url: '/api/multilingual/languages', payload: { languages: ['de-DE'] } })).statusCode).toBe(200);
    expect((await asOwner({ url: '/api/multilingual/status' })).json()).toEqual({ status: 'CONNECTED', languageCount: 1 });
    expect((await asOwner({ url: '/api/multilingual/settings' })).json()).toEqual({ websiteLanguage: 'en-US', languages: ['de-DE'], connected: true });
    expect((await asOwner({ method: 'DELETE', url: '/api/multilingual/connection' })).statusCode).toBe(204);
    expect((await app.inject({ url: '/api/multilingual/languages' })).json()).toEqual({ languages: [] });
    const header = await asOwner({ method: 'PUT', url: '/api/site-header-footer', payload: { header: { logo: 'text' }, footer: {} } });
    expect(header.statusCode).toBe(200);
    expect((await asOwner({ url: '/api/site-header-footer' })).json().header).toEqual({ logo: 'text' });
    expect((await asOwner({ method: 'PUT', url: '/api/v1/commerce-preferences/checkout', payload: { tipping: true } })).statusCode).toBe(200);
    expect((await asOwner({ url: '/api/v1/commerce-preferences/checkout' })).json()).toEqual({ tipping: true });
    const tweaks = await asOwner({ url: TEMPLATE_TWEAKS_PATH });
    expect(tweaks.statusCode, tweaks.body).toBe(200);
    // the default theme has no tweaks: what is stored is the empty set, and an unknown one is refused
    expect((await asOwner({ method: 'PUT', url: TEMPLATE_TWEAKS_PATH, payload: { values: {} } })).statusCode).toBe(200);
    expect((await asOwner({ method: 'PUT', url: TEMPLATE_TWEAKS_PATH, payload: { values: { noSuchTweak: 'x' } } })).statusCode).toBe(400);
  });

  it('invites a contributor, who accepts and signs in; the last admin stays', async () => {
    const app = current().app;
    const invited = await asOwner({ method: 'POST', url: '/api/owner/contributors/invitations', payload: { email: 'Ed@Example.com', roles: ['editor'] } });
    expect(invited.statusCode, invited.body).toBe(201);
    const { db, t } = app.reads;
    const [mail] = await db.select().from(t.outboxEmails).where(eq(t.outboxEmails.kind, 'invite'));
    const token = /token=([\w-]+)/.exec(mail!.bodyText)![1]!;
    expect((await app.inject({ url: `/api/owner/invitations/${token}` })).json()).toMatchObject({ email: 'ed@example.com', siteTitle: 'Linen & Wool' });
    const accepted = await app.inject(withCrumb({ method: 'POST', url: `/api/owner/invitations/${token}/accept`, payload: { displayName: 'Ed', password: 'an editor password' } }));
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect((await app.inject(withCrumb({ method: 'POST', url: `/api/owner/invitations/${token}/accept`, payload: { displayName: 'Ed', password: 'an editor password' } }))).statusCode).toBe(410);
    const people = (await asOwner({ url: '/api/owner/contributors' })).json().contributors as { id: string; email: string }[];
    expect(people.map((p) => p.email).sort()).toEqual(['ed@example.com', OWNER.TESSERA_OWNER_EMAIL]);
    const signedIn = await app.inject(withCrumb({ method: 'POST', url: '/api/owner/session', payload: { email: 'ed@example.com', password: 'an editor password' } }));
    expect(signedIn.statusCode).toBe(200);
    const ownerId = people.find((p) => p.email === OWNER.TESSERA_OWNER_EMAIL)!.id;
    expect((await asOwner({ method: 'PUT', url: `/api/owner/contributors/${ownerId}`, payload: { roles: ['editor'] } })).statusCode).toBe(409);
    const ed = people.find((p) => p.email === 'ed@example.com')!.id;
    expect((await asOwner({ method: 'PUT', url: `/api/owner/contributors/${ed}`, payload: { roles: ['store manager'] } })).json().roles).toEqual([{ name: 'store manager', code: expect.any(Number) }]);
    expect((await asOwner({ method: 'DELETE', url: `/api/owner/contributors/${ed}` })).statusCode).toBe(204);
  });

  it('reads and saves the mail settings, lists the outbox, and shows the analytics dashboard', async () => {
    const before = await asOwner({ url: '/api/email/settings' });
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toMatchObject({ smtp: null, sending: false });
    const settings = { smtp: { host: 'smtp.example.com', port: 587, secure: false, user: 'shop', password: 'secret' }, from: 'Shop <shop@example.com>', siteUrl: 'https://shop.example.com/', notificationAddress: 'orders@example.com' };
    const saved = await asOwner({ method: 'PUT', url: '/api/email/settings', payload: settings });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ smtp: { host: 'smtp.example.com', passwordSet: true }, siteUrl: 'https://shop.example.com', sending: true });
    // the password is kept when the form leaves it out
    const again = await asOwner({ method: 'PUT', url: '/api/email/settings', payload: { ...settings, smtp: { host: 'smtp.example.com', port: 465, secure: true } } });
    expect(again.json().smtp).toMatchObject({ port: 465, passwordSet: true });
    const outbox = await asOwner({ url: '/api/email/outbox' });
    expect(outbox.statusCode, outbox.body).toBe(200);
    const kinds = (outbox.json().messages as { kind: string }[]).map((m) => m.kind);
    expect(kinds).toEqual(expect.arrayContaining(['order-fulfilled', 'invite']));
    const dashboard = await asOwner({ url: '/config/analytics?days=30' });
    expect(dashboard.statusCode, dashboard.body.slice(0, 500)).toBe(200);
    expect(dashboard.body).toContain('Linen &#38; Wool');
    // the figures behind it: the order placed in this visit counted on its day, with its revenue in cents
    const site = (await siteOfReads(current().app.reads))!;
    const today = dayKey(Date.now(), site.timeZone);
    const data = await dashboardData(current().app.reads, site, { from: addDays(today, -1), to: today, days: 2 });
    const orders = data.days.reduce((n, d) => n + d.orders, 0);
    expect(orders).toBe(1);
    expect(data.days.reduce((n, d) => n + d.revenueCents, 0)).toBeGreaterThan(0);
  });

  it('gives the owner a new password (tessera owner-password), which ends their sessions', async () => {
    const { app, transactions } = current();
    const lines: string[] = [];
    expect(await resetOwnerPassword(transactions, { TESSERA_OWNER_PASSWORD: 'a brand new password' }, (l) => lines.push(l))).toEqual({ email: OWNER.TESSERA_OWNER_EMAIL, generated: false });
    expect((await asOwner({ url: '/api/owner/session' })).statusCode).toBe(401);
    const old = await app.inject(withCrumb({ method: 'POST', url: '/api/owner/session', payload: { email: OWNER.TESSERA_OWNER_EMAIL, password: OWNER.TESSERA_OWNER_PASSWORD } }));
    expect(old.statusCode).toBe(401);
    const fresh = await app.inject(withCrumb({ method: 'POST', url: '/api/owner/session', payload: { email: OWNER.TESSERA_OWNER_EMAIL, password: 'a brand new password' } }));
    expect(fresh.statusCode).toBe(200);
  });
}

if (testDialects().includes('sqlite')) {
  describe('the owner [sqlite]', () => {
    let under: Under;
    beforeAll(async () => {
      const { app } = await demoApp({ guards: LIMITS });
      under = { app, transactions: app.stores.transactions };
    });
    afterAll(() => under.app.close());
    ownerVisit(() => under);
  });
}

if (testDialects().includes('postgresql')) {
  describePg('the owner [postgresql]', (cluster) => {
    let on: Awaited<ReturnType<typeof pgDemoApp>>;
    beforeAll(async () => void (on = await pgDemoApp(cluster().url, { guards: LIMITS })), 60_000);
    afterAll(() => on?.close());
    ownerVisit(() => ({ app: on.app, transactions: on.parts.stores.transactions }));
  });
}
