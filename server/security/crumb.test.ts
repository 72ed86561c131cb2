/**
 * Crumbs the server can verify (issue 14): one it never issued is replaced on the next page and refused on a
 * write, however well-formed; an owner session starts and ends with a new one; the secret is kept in the store.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openStore } from '../db/database.js';
import { seedDemoStore } from '../db/seed.js';
import { cookieOf, demoApp, TEST_CRUMB, TEST_CRUMB_SECRET, withCrumb } from '../test-support.js';
import { CRUMB_FAIL_MESSAGE, isIssuedCrumb, signCrumb } from './crumb.js';
import { crumbSecret } from './crumb-secret.js';

let app: FastifyInstance;
beforeAll(async () => {
  ({ app } = await demoApp());
});

describe('crumbs', () => {
  it('a well-formed crumb the server never issued is replaced on a page and refused on a write', async () => {
    const planted = '0123456789abcdef'.repeat(2);
    expect(isIssuedCrumb(TEST_CRUMB_SECRET, planted)).toBe(false);
    const page = await app.inject({ url: '/', cookies: { crumb: planted } });
    const issued = cookieOf(page, 'crumb')?.value;
    expect(issued).toMatch(/^[0-9a-f]{32}$/);
    expect(issued).not.toBe(planted);
    expect(isIssuedCrumb(TEST_CRUMB_SECRET, issued!)).toBe(true);
    const write = await app.inject({ method: 'POST', url: '/api/form/FormSubmissionKey', cookies: { crumb: planted }, headers: { 'x-csrf-token': planted } });
    expect(write.statusCode).toBe(403);
    expect(write.json()).toEqual({ message: CRUMB_FAIL_MESSAGE, crumbFail: true });
  });

  it('an issued crumb is kept and accepted', async () => {
    const page = await app.inject({ url: '/', cookies: { crumb: TEST_CRUMB } });
    expect(cookieOf(page, 'crumb')).toBeUndefined();
    expect((await app.inject(withCrumb({ method: 'POST', url: '/api/form/FormSubmissionKey' }))).statusCode).toBe(200);
  });

  it('a crumb with one digit of its MAC changed is not the server\'s', () => {
    const last = TEST_CRUMB.at(-1) === '0' ? '1' : '0';
    expect(isIssuedCrumb(TEST_CRUMB_SECRET, TEST_CRUMB.slice(0, -1) + last)).toBe(false);
    expect(isIssuedCrumb('another secret', TEST_CRUMB)).toBe(false);
    expect(signCrumb(TEST_CRUMB_SECRET, '0123456789abcdef')).toBe(TEST_CRUMB);
  });

  it('signing out issues a new crumb', async () => {
    const out = await app.inject(withCrumb({ method: 'DELETE', url: '/api/owner/session' }));
    expect(out.statusCode).toBe(204);
    const crumb = cookieOf(out, 'crumb')?.value;
    expect(crumb).toMatch(/^[0-9a-f]{32}$/);
    expect(crumb).not.toBe(TEST_CRUMB);
  });

  it('the secret: from TESSERA_CRUMB_SECRET, else made once and kept in the store', () => {
    const store = openStore(':memory:');
    seedDemoStore(store);
    expect(crumbSecret(store, { TESSERA_CRUMB_SECRET: 'given' })).toBe('given');
    const first = crumbSecret(store, {});
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(crumbSecret(store, {})).toBe(first);
  });
});
