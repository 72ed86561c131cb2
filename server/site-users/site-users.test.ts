/**
 * Customer accounts in-process (Fastify inject): sign-up with its confirmation link in the outbox, sign-in and
 * sign-out through the JSON API and the plain forms with every rule and message, the cookies, the per-address
 * and per-account limits, password reset, the cart handed over at sign-in and cloned at sign-out, orders attached
 * at checkout and on confirmation, member access on any device, the account page and the header link.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM_MESSAGES } from '../../commerce/form-validation.js';
import { SITE_USER_INFO_COOKIE } from '../../commerce/cookies.js';
import { addToCartApi, cookieOf, demoApp, demoAppBeside, FORM_HEADERS, TEST_COOKIES, TEST_CRUMB, testCrumbFor, withCrumb } from '../test-support.js';
import { ACCOUNT_MESSAGES, DONE_MESSAGES, WRONG_CREDENTIALS } from './messages.js';
import { SITE_USER_COOKIE } from './sessions.js';

const SESSION = '/api/site-users/account/session';
let app: FastifyInstance;
let seq = 0;

const fresh = () => `shopper${++seq}@example.com`;
const form = (url: string, fields: Record<string, string>, cookies: Record<string, string> = {}, crumb = testCrumbFor({ ...TEST_COOKIES, ...cookies })) =>
  app.inject({ method: 'POST', url, headers: FORM_HEADERS, cookies: { ...TEST_COOKIES, ...cookies }, payload: new URLSearchParams({ crumb, ...fields }).toString() });
const mails = async (to: string) => (await app.reads.db.select().from(app.reads.t.outboxEmails).where(eq(app.reads.t.outboxEmails.toAddress, to)));
const linkIn = (body: string) => /\/account\/(?:verify|reset)\?token=[A-Za-z0-9_.-]+/.exec(body)![0];
const signInApi = (payload: Record<string, unknown>, cookies: Record<string, string> = {}) => app.inject(withCrumb({ method: 'POST', url: SESSION, payload, cookies }));
const sessionOf = (res: LightMyRequestResponse) => cookieOf(res, SITE_USER_COOKIE)!.value;

/** A confirmed customer made through the forms (sign up, follow the link). */
async function customer(email = fresh(), password = 'correct horse') {
  expect((await form('/account/register', { email, password })).headers.location).toBe('/account/login?done=registered');
  const verify = await app.inject(linkIn((await mails(email)).at(-1)!.bodyText));
  expect(verify.headers.location).toBe('/account/login?done=verified');
  return { email, password };
}

async function signedIn(email: string, password: string, cookies: Record<string, string> = {}) {
  const res = await signInApi({ email, password }, cookies);
  expect(res.statusCode).toBe(200);
  return { res, cookies: { ...TEST_COOKIES, ...cookies, [SITE_USER_COOKIE]: sessionOf(res), crumb: res.json().xsrfToken as string } };
}

beforeAll(async () => {
  const generous = { burst: 10_000, perMinute: 10_000 };
  const unthrottled = { freeAttempts: 10_000, firstWaitMs: 1, maxWaitMs: 1, forgetAfterMs: 1 };
  ({ app } = await demoApp({ guards: { rateLimits: { visitor: generous, cart: generous, 'site-user': generous }, signInThrottle: unthrottled } }));
});
afterAll(() => app.close());

describe('sign-up and confirmation', () => {
  it('queues a verify-email link; sign-in is refused until it is followed, then works', async () => {
    const email = fresh();
    const res = await form('/account/register', { email: ` ${email.toUpperCase()} `, password: 'long enough' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/account/login?done=registered');
    const [mail] = await mails(email);
    expect(mail).toMatchObject({ kind: 'verify-email', sentAt: null, subject: 'Confirm your e-mail address for Tessera Supply Co.' });
    const before = await signInApi({ email, password: 'long enough' });
    expect(before.statusCode).toBe(403);
    expect(before.json()).toEqual({ message: ACCOUNT_MESSAGES.notVerified });
    expect(cookieOf(before, SITE_USER_COOKIE)).toBeUndefined();
    const verified = await app.inject(linkIn(mail!.bodyText));
    expect(verified.headers.location).toBe('/account/login?done=verified');
    expect((await app.inject('/account/login?done=verified')).body).toContain(DONE_MESSAGES.verified);
    expect((await signInApi({ email, password: 'long enough' })).statusCode).toBe(200);
  });

  it('a second sign-up answers the same and changes no password; a confirmed address gets an account-exists e-mail', async () => {
    const email = fresh();
    await form('/account/register', { email, password: 'first password' });
    const again = await form('/account/register', { email, password: 'second password' });
    expect(again.headers.location).toBe('/account/login?done=registered');
    expect((await mails(email)).map((m) => m.kind)).toEqual(['verify-email', 'verify-email']);
    await app.inject(linkIn((await mails(email))[1]!.bodyText));
    expect((await signInApi({ email, password: 'second password' })).statusCode).toBe(401);
    expect((await signInApi({ email, password: 'first password' })).statusCode).toBe(200);
    await form('/account/register', { email, password: 'third password' });
    expect((await mails(email)).at(-1)!.kind).toBe('account-exists');
  });

  it('errors in place, with the field named and the address kept', async () => {
    const blank = await form('/account/register', { email: '', password: 'long enough' });
    expect(blank.statusCode).toBe(400);
    expect(blank.body).toContain(`<p class="form-field-error" id="account-email-error">${FORM_MESSAGES.required}</p>`);
    const bad = await form('/account/register', { email: 'nope', password: 'short' });
    expect(bad.body).toContain('Email is not valid. Email addresses should follow the format user@domain.com.');
    expect(bad.body).toContain(ACCOUNT_MESSAGES.passwordTooShort);
    expect(bad.body).toContain('value="nope"');
    expect(bad.body).toMatch(/id="account-email"[^>]*aria-invalid="true" aria-describedby="account-email-error"/);
    expect(bad.body).not.toContain('value="short"');
    const long = await form('/account/register', { email: `${'a'.repeat(250)}@example.com`, password: 'long enough' });
    expect(long.body).toContain('Email is not valid.');
  });

  it('a bad or changed link is refused; resend answers the same for any address', async () => {
    expect((await app.inject('/account/verify?token=nope')).headers.location).toBe('/account/login?done=bad-link');
    const email = fresh();
    await form('/account/register', { email, password: 'long enough' });
    const link = linkIn((await mails(email))[0]!.bodyText);
    expect((await app.inject(link.slice(0, -2) + (link.endsWith('AA') ? 'BB' : 'AA'))).headers.location).toBe('/account/login?done=bad-link');
    for (const address of [email, fresh()]) {
      expect((await form('/account/verify/resend', { email: address })).headers.location).toBe('/account/login?done=verify-sent');
    }
    expect((await mails(email)).length).toBe(2);
  });
});

describe('the session API', () => {
  it('sign-in answers the rotated crumb; session cookie HttpOnly + Lax, user-info readable; remember me lasts 30 days', async () => {
    const { email, password } = await customer();
    const res = await signInApi({ email, password, rememberMe: true });
    const { xsrfToken } = res.json();
    expect(xsrfToken).toMatch(/^[0-9a-f]{32}$/);
    expect(xsrfToken).not.toBe(TEST_CRUMB);
    expect(cookieOf(res, 'crumb')!.value).toBe(xsrfToken);
    const session = cookieOf(res, SITE_USER_COOKIE)!;
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 30 * 86400 });
    const info = cookieOf(res, SITE_USER_INFO_COOKIE)!;
    expect(info.httpOnly).toBeUndefined();
    const user = (await app.reads.db.select().from(app.reads.t.siteUsers).where(eq(app.reads.t.siteUsers.email, email)))[0]!;
    expect(JSON.parse(decodeURIComponent(info.value))).toEqual({ authenticated: true, siteUserId: user.id });
    // only the token's hash is stored
    const rows = (await app.reads.db.select().from(app.reads.t.siteUserSessions).where(eq(app.reads.t.siteUserSessions.siteUserId, user.id)));
    expect(rows.map((r) => r.tokenHash)).not.toContain(session.value);
    const plain = await signInApi({ email, password });
    expect(cookieOf(plain, SITE_USER_COOKIE)!.maxAge).toBeUndefined();
    const who = await app.inject({ url: SESSION, cookies: { [SITE_USER_COOKIE]: session.value } });
    expect(who.json()).toMatchObject({ siteUserId: user.id, email, locale: null });
  });

  it('a wrong e-mail and a wrong password: the same 401 and message', async () => {
    const { email } = await customer();
    const wrongPassword = await signInApi({ email, password: 'not it at all' });
    const wrongEmail = await signInApi({ email: fresh(), password: 'not it at all' });
    for (const res of [wrongPassword, wrongEmail]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: WRONG_CREDENTIALS });
    }
  });

  it('bad bodies and queries are 4xx with words', async () => {
    expect((await signInApi({ email: 'a@b.co' })).json()).toEqual({ message: 'password is required.' });
    expect((await signInApi({ email: 'a@b.co', password: 'x', extra: 1 })).json()).toEqual({ message: 'extra is not an accepted field.' });
    expect((await signInApi({ email: 'a@b.co', password: 'x', rememberMe: 'yes' })).json()).toEqual({ message: 'rememberMe must be true or false.' });
    const junk = await app.inject(withCrumb({ method: 'POST', url: SESSION, headers: { 'content-type': 'application/json' }, payload: '{"email":' }));
    expect(junk.json()).toEqual({ message: 'The request body is not valid JSON.' });
    expect((await app.inject(withCrumb({ method: 'DELETE', url: `${SESSION}?cloneCart=maybe` }))).json()).toEqual({ message: 'cloneCart must be one of: true, false.' });
  });

  it('sign-out: the session ends, cookies cleared, crumb rotated; a wrong crumb answers crumbFail', async () => {
    const { email, password } = await customer();
    const { cookies } = await signedIn(email, password);
    const failed = await app.inject({ method: 'DELETE', url: `${SESSION}?cloneCart=false`, cookies, headers: { 'x-csrf-token': TEST_CRUMB } });
    expect(failed.statusCode).toBe(403);
    expect(failed.json()).toMatchObject({ crumbFail: true });
    const out = await app.inject({ method: 'DELETE', url: `${SESSION}?cloneCart=false`, cookies, headers: { 'x-csrf-token': cookies.crumb } });
    expect(out.json()).toEqual({ signedOut: true });
    expect(cookieOf(out, SITE_USER_COOKIE)!.value).toBe('');
    expect(cookieOf(out, SITE_USER_INFO_COOKIE)!.value).toBe('');
    expect(cookieOf(out, 'crumb')!.value).not.toBe(cookies.crumb);
    expect((await app.inject({ url: SESSION, cookies })).statusCode).toBe(401);
  });

  it('the user-info cookie is never trusted: without a session, a forged one is a visitor', async () => {
    const forged = { [SITE_USER_INFO_COOKIE]: encodeURIComponent(JSON.stringify({ authenticated: true, siteUserId: 'someone' })) };
    expect((await app.inject({ url: SESSION, cookies: forged })).statusCode).toBe(401);
    expect((await app.inject({ url: '/account', cookies: forged })).headers.location).toBe('/account/login?done=sign-in-required');
  });

  it('locale: signed in only, a valid tag kept canonical', async () => {
    const { email, password } = await customer();
    const { cookies } = await signedIn(email, password);
    const post = (language: string, c: Record<string, string>) =>
      app.inject({ method: 'POST', url: '/api/site-users/account/locale', payload: { language }, cookies: { ...c, crumb: c['crumb'] ?? TEST_CRUMB }, headers: { 'x-csrf-token': c['crumb'] ?? TEST_CRUMB } });
    expect((await post('fr-ca', { ...TEST_COOKIES })).statusCode).toBe(401);
    expect((await post('fr-ca', cookies)).json()).toEqual({ language: 'fr-CA' });
    expect((await app.reads.db.select().from(app.reads.t.siteUsers).where(eq(app.reads.t.siteUsers.email, email)))[0]!.locale).toBe('fr-CA');
    const bad = await post('not a tag!', cookies);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'not a tag! is not a valid language tag.' });
  });
});

describe('rate limits', () => {
  it('per account: many addresses cannot try one account without end (429 with Retry-After, counted in the store)', async () => {
    let now = 1_000_000;
    const limited = await demoAppBeside(app, { guards: { now: () => now, rateLimits: { 'site-user': { burst: 1000, perMinute: 1000 } } } });
    const email = fresh();
    const attempt = (ip: string) => limited.inject(withCrumb({ method: 'POST', url: SESSION, payload: { email, password: 'guess guess' }, remoteAddress: ip }));
    for (let i = 0; i < 5; i++) expect((await attempt(`10.0.0.${i}`)).statusCode).toBe(401);
    const blocked = await attempt('10.0.0.9');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('1');
    expect(blocked.json()).toEqual({ message: 'Too many requests: try again in 1 s.' });
    now += 1000;
    expect((await attempt('10.0.0.10')).statusCode).toBe(401);
    // the next wait is twice as long
    expect((await attempt('10.0.0.11')).headers['retry-after']).toBe('2');
    await limited.close();
  });

  it('per address: the site-user group of the app limiter', async () => {
    // an app of its own: on PostgreSQL the buckets are kept in the database, and this one is emptied on purpose
    const { app: limited } = await demoApp({ guards: { rateLimits: { 'site-user': { burst: 2, perMinute: 1 } } } });
    const attempt = () => limited.inject(withCrumb({ method: 'POST', url: SESSION, payload: { email: fresh(), password: 'guess guess' } }));
    expect((await attempt()).statusCode).toBe(401);
    expect((await attempt()).statusCode).toBe(401);
    const blocked = await attempt();
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // the forms share the group
    const page = await limited.inject({ method: 'POST', url: '/account/login', headers: FORM_HEADERS, cookies: TEST_COOKIES, payload: `crumb=${TEST_CRUMB}&email=a%40b.co&password=x` });
    expect(page.statusCode).toBe(429);
    await limited.close();
  });
});

describe('the plain forms', () => {
  it('sign in → /account; wrong → the page again with the message, the address kept, 401', async () => {
    const { email, password } = await customer();
    const wrong = await form('/account/login', { email, password: 'wrong password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain(`<p class="form-error" role="alert">${WRONG_CREDENTIALS}</p>`);
    expect(wrong.body).toContain(`value="${email}"`);
    const missing = await form('/account/login', { email: '', password: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain('<p class="form-field-error" id="account-password-error">Required</p>');
    const ok = await form('/account/login', { email, password, rememberMe: 'true' });
    expect(ok.statusCode).toBe(303);
    expect(ok.headers.location).toBe('/account');
    const cookies = { [SITE_USER_COOKIE]: cookieOf(ok, SITE_USER_COOKIE)!.value };
    const page = await app.inject({ url: '/account', cookies });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.body).toContain(`Signed in as <strong>${email}</strong>`);
    expect(page.body).toContain('<title>Your account &mdash; Tessera Supply Co.</title>');
    expect(page.body).toContain('You have no orders yet.');
    const out = await form('/account/logout', {}, cookies);
    expect(out.headers.location).toBe('/account/login?done=signed-out');
    expect((await app.inject({ url: '/account', cookies })).headers.location).toBe('/account/login?done=sign-in-required');
  });

  it('an unconfirmed account is told so and offered the link again', async () => {
    const email = fresh();
    await form('/account/register', { email, password: 'long enough' });
    const res = await form('/account/login', { email, password: 'long enough' });
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain(ACCOUNT_MESSAGES.notVerified);
    expect(res.body).toContain('action="/account/verify/resend"');
  });

  it('every page is titled "Page — Site" and answers 200', async () => {
    for (const [url, title] of [['/account/login', 'Sign in'], ['/account/register', 'Create an account'], ['/account/reset', 'Reset your password']]) {
      const res = await app.inject(url!);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(`<title>${title} &mdash; Tessera Supply Co.</title>`);
    }
    expect((await app.inject('/account/login?done=whatever')).statusCode).toBe(400);
  });

  it('needs the crumb', async () => {
    const res = await form('/account/login', { email: 'a@b.co', password: 'x' }, {}, 'f'.repeat(32));
    expect(res.statusCode).toBe(403);
  });
});

describe('password reset', () => {
  it('same answer for any address; the link sets a new password once and ends every session', async () => {
    const { email, password } = await customer();
    const { cookies } = await signedIn(email, password);
    for (const address of [email, fresh()]) expect((await form('/account/reset', { email: address })).headers.location).toBe('/account/reset?done=reset-sent');
    const mail = (await mails(email)).find((m) => m.kind === 'password-reset')!;
    const link = linkIn(mail.bodyText);
    const page = await app.inject(link);
    expect(page.body).toContain('name="token"');
    const token = new URL(link, 'http://x').searchParams.get('token')!;
    const short = await form('/account/reset/password', { token, password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain(ACCOUNT_MESSAGES.passwordTooShort);
    const done = await form('/account/reset/password', { token, password: 'a new password' });
    expect(done.headers.location).toBe('/account/login?done=password-changed');
    expect((await app.inject({ url: SESSION, cookies })).statusCode).toBe(401);
    expect((await signInApi({ email, password })).statusCode).toBe(401);
    expect((await signInApi({ email, password: 'a new password' })).statusCode).toBe(200);
    // the link worked once
    const again = await form('/account/reset/password', { token, password: 'another one!' });
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain(DONE_MESSAGES['bad-link']);
    expect((await app.inject(link)).body).toContain(DONE_MESSAGES['bad-link']);
  });

  it('following a reset link confirms an unconfirmed address', async () => {
    const email = fresh();
    await form('/account/register', { email, password: 'long enough' });
    await form('/account/reset', { email });
    const token = new URL(linkIn((await mails(email)).find((m) => m.kind === 'password-reset')!.bodyText), 'http://x').searchParams.get('token')!;
    await form('/account/reset/password', { token, password: 'brand new one' });
    expect((await signInApi({ email, password: 'brand new one' })).statusCode).toBe(200);
  });
});

describe('the cart across sign-in and sign-out', () => {
  const product = async () => (await app.reads.db.select().from(app.reads.t.products).where(eq(app.reads.t.products.urlId, 'field-guide')))[0]!;
  const entries = async (cartId: string) => (await app.reads.db.select().from(app.reads.t.cartEntries).where(eq(app.reads.t.cartEntries.cartId, cartId)));

  it('the visitor cart becomes the account cart, merges into it next time, and is cloned on sign-out', async () => {
    const { email, password } = await customer();
    const item = { itemId: (await product()).id, quantity: 1 };
    const first = await addToCartApi(app, item);
    const a = await signedIn(email, password, { tessera_cart: first });
    expect(cookieOf(a.res, 'tessera_cart')!.value).toBe(first);
    expect((await app.reads.db.select().from(app.reads.t.siteUsers).where(eq(app.reads.t.siteUsers.email, email)))[0]!.cartId).toBe(first);
    // another device: its own visitor cart merges into the account's
    const second = await addToCartApi(app, { ...item, quantity: 2 });
    const b = await signedIn(email, password, { tessera_cart: second });
    expect(cookieOf(b.res, 'tessera_cart')!.value).toBe(first);
    expect((await entries(first)).map((e) => e.quantity)).toEqual([3]);
    expect(await entries(second)).toEqual([]);
    // sign out with cloneCart: a copy for this browser, the account keeps its own
    const out = await app.inject({ method: 'DELETE', url: `${SESSION}?cloneCart=true`, cookies: { ...b.cookies, tessera_cart: first }, headers: { 'x-csrf-token': b.cookies.crumb } });
    const copy = cookieOf(out, 'tessera_cart')!.value;
    expect(copy).not.toBe(first);
    expect((await entries(copy)).map((e) => e.quantity)).toEqual([3]);
    // without: the browser's cart cookie goes
    const c = await signedIn(email, password);
    const gone = await app.inject({ method: 'DELETE', url: `${SESSION}?cloneCart=false`, cookies: { ...c.cookies, tessera_cart: first }, headers: { 'x-csrf-token': c.cookies.crumb } });
    expect(cookieOf(gone, 'tessera_cart')!.value).toBe('');
  });
});

describe('orders and member access', () => {
  const checkout = (cookies: Record<string, string>, email: string) =>
    app.inject({ method: 'POST', url: '/checkout', headers: FORM_HEADERS, cookies: { ...TEST_COOKIES, ...cookies }, payload: new URLSearchParams({ crumb: testCrumbFor({ ...TEST_COOKIES, ...cookies }), email, name: 'Ada Shopper' }).toString() });
  const guide = async () => (await app.reads.db.select().from(app.reads.t.products).where(eq(app.reads.t.products.urlId, 'field-guide')))[0]!;

  it('checkout stores the signed-in customer; an earlier order with the address is attached on confirmation', async () => {
    const email = fresh();
    const early = await addToCartApi(app, { itemId: (await guide()).id, quantity: 1 });
    expect((await checkout({ tessera_cart: early }, email.toUpperCase())).statusCode).toBe(303);
    const before = (await app.reads.db.select().from(app.reads.t.orders).where(eq(app.reads.t.orders.purchasedCartId, early)))[0]!;
    expect(before.siteUserId).toBeNull();
    const { password } = await customer(email);
    const user = (await app.reads.db.select().from(app.reads.t.siteUsers).where(eq(app.reads.t.siteUsers.email, email)))[0]!;
    expect((await app.reads.db.select().from(app.reads.t.orders).where(eq(app.reads.t.orders.purchasedCartId, early)))[0]!.siteUserId).toBe(user.id);

    const { cookies } = await signedIn(email, password);
    const cart = await addToCartApi(app, { itemId: (await guide()).id, quantity: 1 });
    expect((await checkout({ ...cookies, tessera_cart: cart }, 'other@example.com')).statusCode).toBe(303);
    expect((await app.reads.db.select().from(app.reads.t.orders).where(eq(app.reads.t.orders.purchasedCartId, cart)))[0]!.siteUserId).toBe(user.id);
    const page = await app.inject({ url: '/account', cookies });
    expect(page.body.match(/<li class="account-order">/g)).toHaveLength(2);
    expect(page.body).toContain('Download ');
  });

  it('restock signups of the address are listed and can be cancelled, only by their owner', async () => {
    const { email, password } = await customer();
    const { cookies } = await signedIn(email, password);
    const tote = (await app.reads.db.select().from(app.reads.t.products).where(eq(app.reads.t.products.urlId, 'canvas-tote')))[0]!;
    const variant = (await app.reads.db.select().from(app.reads.t.variants).where(eq(app.reads.t.variants.productId, tote.id)))[0]!;
    const signup = await app.inject(withCrumb({ method: 'POST', url: '/api/site-users/account/notifications/restock', payload: { productId: tote.id, variantId: variant.id, siteVisitorEmail: email } }));
    expect(signup.statusCode).toBe(200);
    const id = (await app.reads.db.select().from(app.reads.t.restockSignups).where(eq(app.reads.t.restockSignups.email, email)))[0]!.id;
    const page = await app.inject({ url: '/account', cookies });
    expect(page.body).toContain('Canvas Tote');
    expect(page.body).toContain(`name="id" value="${id}"`);
    const other = await customer();
    const stranger = await signedIn(other.email, other.password);
    const refused = await form('/account/restock/cancel', { id }, { [SITE_USER_COOKIE]: stranger.cookies[SITE_USER_COOKIE] });
    expect(refused.statusCode).toBe(404);
    expect(refused.body).toContain(ACCOUNT_MESSAGES.restockUnknown);
    const ok = await form('/account/restock/cancel', { id }, { [SITE_USER_COOKIE]: cookies[SITE_USER_COOKIE]! });
    expect(ok.headers.location).toBe('/account?done=restock-cancelled');
    expect((await app.reads.db.select().from(app.reads.t.restockSignups).where(eq(app.reads.t.restockSignups.id, id)))[0]).toBeUndefined();
  });
});

describe('member access on any device', () => {
  it('a pass bought by a signed-in customer opens the member area wherever they sign in, not after sign-out', async () => {
    const { email, password } = await customer();
    const a = await signedIn(email, password);
    const cart = await addToCartApi(app, { itemId: 'p14', quantity: 1 });
    const placed = await app.inject({ method: 'POST', url: '/checkout', headers: FORM_HEADERS, cookies: { ...a.cookies, tessera_cart: cart }, payload: new URLSearchParams({ crumb: a.cookies.crumb, email, name: 'Ada' }).toString() });
    expect(placed.statusCode).toBe(303);
    // another browser: no member cookie, only the session
    const b = await signedIn(email, password);
    expect((await app.inject({ url: '/members', cookies: { [SITE_USER_COOKIE]: b.cookies[SITE_USER_COOKIE]! } })).statusCode).toBe(200);
    expect((await app.inject('/members')).statusCode).toBe(403);
    const other = await customer();
    const c = await signedIn(other.email, other.password);
    expect((await app.inject({ url: '/members', cookies: { [SITE_USER_COOKIE]: c.cookies[SITE_USER_COOKIE]! } })).statusCode).toBe(403);
    await app.inject({ method: 'DELETE', url: SESSION, cookies: b.cookies, headers: { 'x-csrf-token': b.cookies.crumb } });
    expect((await app.inject({ url: '/members', cookies: { [SITE_USER_COOKIE]: b.cookies[SITE_USER_COOKIE]! } })).statusCode).toBe(403);
  });
});

describe('the header link', () => {
  it('"Sign in" for a visitor, "Account" for a signed-in customer, on kept pages too', async () => {
    const { email, password } = await customer();
    const { cookies } = await signedIn(email, password);
    for (const url of ['/', '/shop', '/shop/p/canvas-tote', '/cart', '/no-such-page']) {
      const visitor = await app.inject(url);
      expect(visitor.body).toContain('<a class="icon-button account-link" href="/account/login">');
      expect(visitor.body).toMatch(/<span class="visually-hidden">Sign in<\/span><\/a>/);
      const member = await app.inject({ url, cookies: { [SITE_USER_COOKIE]: cookies[SITE_USER_COOKIE]! } });
      expect(member.body).toContain('<a class="icon-button account-link" href="/account">');
      expect(member.body).toMatch(/<span class="visually-hidden">Account<\/span><\/a>/);
    }
  });
});
