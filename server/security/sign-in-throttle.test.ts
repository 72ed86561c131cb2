/**
 * Per-account sign-in throttling (issue 24): many addresses guessing at one owner account get 429 after the
 * account's free attempts, the wait doubles up to its cap and never grows while it runs, the owner signs in
 * with the right password once it is over, the count survives a restart, and a wrong e-mail costs exactly the
 * scrypt work of a wrong password (one check, against the decoy). Time is an injected clock, never a sleep.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECOY_HASH, hashPassword, verifyPassword } from '../owner/password.js';
import { ensureSiteOwner } from '../owner/site-owner.js';
import { checkOwnerCredentials, WRONG_CREDENTIALS } from '../routes/owner-session.js';
import { credentialsOf } from '../site-users/accounts.js';
import { cookieOf, demoApp, demoAppBeside, FORM_HEADERS, TEST_COOKIES, TEST_CRUMB, withCrumb } from '../test-support.js';
import { DEFAULT_SIGN_IN_THROTTLE, waitAfter } from './sign-in-throttle.js';

const OWNER = { email: 'boss@example.com', password: 'the right password' };
const SESSION = '/api/owner/session';

let now = 1_800_000_000_000;
let app: FastifyInstance;
const guards = { now: () => now };

beforeAll(async () => {
  app = (await demoApp({ guards })).app;
  // the owner, as a node makes it at start from the environment (either database)
  await ensureSiteOwner(app.stores.transactions, { TESSERA_OWNER_EMAIL: OWNER.email, TESSERA_OWNER_PASSWORD: OWNER.password }, () => {});
});
afterAll(() => app.close());

const attempt = (email: string, password: string, ip: string, on = app) => on.inject(withCrumb({ method: 'POST', url: SESSION, payload: { email, password }, remoteAddress: ip }));

describe('the wait', () => {
  it('is nothing for five attempts in a row, then 1 s, doubling, never over 5 minutes', () => {
    const waits = Array.from({ length: 16 }, (_, i) => waitAfter(DEFAULT_SIGN_IN_THROTTLE, i + 1) / 1000);
    expect(waits).toEqual([0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, 128, 256, 300, 300, 300]);
    expect(waitAfter(DEFAULT_SIGN_IN_THROTTLE, 10_000)).toBe(300_000);
  });
});

describe('owner sign-in, per account', () => {
  it('200 guesses from 50 addresses: 429 with Retry-After after the free attempts; the owner signs in after the wait', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 200; i++) {
      const res = await attempt(OWNER.email, `guess ${i}`, `10.0.${i % 50}.1`);
      answers.push(res.statusCode);
      if (res.statusCode === 429) {
        // refused attempts do not count: the wait stays what the last counted attempt set
        expect(res.headers['retry-after']).toBe('1');
        expect(res.json()).toEqual({ message: 'Too many requests: try again in 1 s.' });
      } else expect(res.json()).toEqual({ message: WRONG_CREDENTIALS });
    }
    expect(answers.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(answers.slice(5).every((s) => s === 429)).toBe(true);
    // the right password is refused too while the account waits (nothing is checked)
    expect((await attempt(OWNER.email, OWNER.password, '10.9.9.9')).statusCode).toBe(429);
    now += 1000;
    const signedIn = await attempt(OWNER.email, OWNER.password, '10.9.9.9');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toHaveProperty('xsrfToken');
    // a success starts the count again: five free attempts
    for (let i = 0; i < 5; i++) expect((await attempt(OWNER.email, 'wrong again', '10.0.0.1')).statusCode).toBe(401);
    expect((await attempt(OWNER.email, 'wrong again', '10.0.0.1')).statusCode).toBe(429);
    now += 1000;
    expect((await attempt(OWNER.email, OWNER.password, '10.0.0.1')).statusCode).toBe(200);
  });

  it('a guesser who keeps at it waits longer each time, at most 5 minutes, and cannot keep the owner out after a wait', async () => {
    let retry = 0;
    for (let i = 0; i < 30; i++) {
      const res = await attempt(OWNER.email, `guess ${i}`, `10.1.${i}.1`);
      if (res.statusCode === 429) {
        retry = Number(res.headers['retry-after']);
        expect(retry).toBeLessThanOrEqual(300);
        now += retry * 1000;
      }
    }
    expect(retry).toBe(300);
    const res = await attempt(OWNER.email, 'one more', '10.1.99.1');
    expect(res.statusCode).toBe(401);
    expect((await attempt(OWNER.email, OWNER.password, '10.1.99.2')).headers['retry-after']).toBe('300');
    now += 300_000;
    expect((await attempt(OWNER.email, OWNER.password, '10.1.99.2')).statusCode).toBe(200);
  });

  it("a browser where the owner signed in before is counted apart: a guesser does not keep the owner out", async () => {
    const first = await attempt(OWNER.email, OWNER.password, '10.5.0.1');
    const known = cookieOf(first, 'tessera_known_owner')!;
    expect(known).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 365 * 24 * 60 * 60 });
    for (let i = 0; i < 5; i++) await attempt(OWNER.email, `guess ${i}`, `10.5.1.${i}`);
    expect((await attempt(OWNER.email, OWNER.password, '10.5.0.1')).statusCode).toBe(429);
    const fromKnown = (password: string, cookie = known.value) =>
      app.inject(withCrumb({ method: 'POST', url: SESSION, payload: { email: OWNER.email, password }, remoteAddress: '10.5.0.1', cookies: { tessera_known_owner: cookie } }));
    expect((await fromKnown(OWNER.password)).statusCode).toBe(200);
    // a made-up cookie is no known device
    for (let i = 0; i < 5; i++) await attempt(OWNER.email, `guess ${i}`, `10.5.2.${i}`);
    expect((await fromKnown(OWNER.password, 'x'.repeat(known.value.length))).statusCode).toBe(429);
    // the known device's own wrong attempts have a count of their own, with the same rule
    for (let i = 0; i < 5; i++) expect((await fromKnown(`typo ${i}`)).statusCode).toBe(401);
    expect((await fromKnown(OWNER.password)).statusCode).toBe(429);
    now += 1000;
    expect((await fromKnown(OWNER.password)).statusCode).toBe(200);
  });

  it('is counted in the store: a restarted server still makes the account wait', async () => {
    for (let i = 0; i < 5; i++) await attempt(OWNER.email, 'wrong', '10.2.0.1');
    const restarted = await demoAppBeside(app, { guards });
    const res = await attempt(OWNER.email, OWNER.password, '10.2.0.2', restarted);
    expect(res.statusCode).toBe(429);
    now += 1000;
    expect((await attempt(OWNER.email, OWNER.password, '10.2.0.2', restarted)).statusCode).toBe(200);
    await restarted.close();
  });

  it('guesses sent at once are counted before any is checked: no more than the free ones get through', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => attempt(OWNER.email, `parallel ${i}`, `10.3.${i}.1`)));
    expect(answers.filter((r) => r.statusCode === 401)).toHaveLength(5);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(15);
    now += 1000;
  });

  it('an unknown e-mail is throttled like a known one, and the dashboard form shares the count', async () => {
    for (let i = 0; i < 5; i++) expect((await attempt('nobody@example.com', 'x', '10.4.0.1')).statusCode).toBe(401);
    expect((await attempt('Nobody@Example.com ', 'x', '10.4.0.2')).statusCode).toBe(429);
    const form = await app.inject({
      method: 'POST',
      url: '/config/login',
      headers: FORM_HEADERS,
      cookies: TEST_COOKIES,
      payload: new URLSearchParams({ crumb: TEST_CRUMB, email: 'nobody@example.com', password: 'x' }).toString(),
    });
    expect(form.statusCode).toBe(429);
    expect(form.headers['retry-after']).toBe('1');
    expect(form.body).toContain('Too many requests: try again in 1 s.');
    now += 1000;
  });
});

describe('equal work for known and unknown e-mails', () => {
  /** verifyPassword, counting its calls and the hashes it was given. */
  function countingVerify() {
    const hashes: string[] = [];
    const verify = (password: string, stored: string) => {
      hashes.push(stored);
      return verifyPassword(password, stored);
    };
    return { verify, hashes };
  }

  it('owner: one scrypt check for a known e-mail (right or wrong password) and one, against the decoy, for an unknown one', async () => {
    const known = countingVerify();
    expect(await checkOwnerCredentials(app.reads, OWNER.email, 'wrong', known.verify)).toBeNull();
    expect(known.hashes).toHaveLength(1);
    expect(known.hashes[0]).not.toBe(DECOY_HASH);
    const right = countingVerify();
    expect(await checkOwnerCredentials(app.reads, OWNER.email, OWNER.password, right.verify)).not.toBeNull();
    expect(right.hashes).toHaveLength(1);
    const unknown = countingVerify();
    expect(await checkOwnerCredentials(app.reads, 'nobody@example.com', 'wrong', unknown.verify)).toBeNull();
    expect(unknown.hashes).toEqual([DECOY_HASH]);
  });

  it('customers: the same', async () => {
    const email = 'customer-throttle@example.com';
    // as the sign-up and sign-in routes do (site-users/sign-in.ts), on either database
    await app.stores.accounts.register(app.crumbSecret, email, await hashPassword('customer password'), Date.now());
    const known = countingVerify();
    expect((await credentialsOf(await app.stores.accounts.byEmail(email), 'wrong', known.verify)).kind).toBe('wrong');
    expect(known.hashes).toHaveLength(1);
    expect(known.hashes[0]).not.toBe(DECOY_HASH);
    const unknown = countingVerify();
    expect((await credentialsOf(await app.stores.accounts.byEmail('nobody@example.com'), 'wrong', unknown.verify)).kind).toBe('wrong');
    expect(unknown.hashes).toEqual([DECOY_HASH]);
  });
});
