/**
 * What a node must not keep to itself (issue 25), on both databases (describeStores): the crumb secret is made
 * once and then the same for every node; owner and customer sessions opened through one store object are seen
 * through another (another node) until they expire or close; the write limits' buckets give the in-memory
 * limiter's verdicts, and on PostgreSQL concurrent takes from one bucket never pass more than its burst.
 */
import { expect, it } from 'vitest';
import { crumbSecret, secretOf } from '../security/crumb-secret.js';
import { bucketKey } from '../security/rate-limit.js';
import { SignInThrottle } from '../security/sign-in-throttle.js';
import { describeStores } from './describe-stores.js';
import { SESSION_MS } from '../owner/sessions.js';

const NOW = Date.UTC(2026, 10, 27, 12, 0, 0);

describeStores('what nodes share', (current) => {
  /** A time as the dialect stores it (`?` placeholders: epoch ms in SQLite, ISO text in PostgreSQL). */
  const time = (ms: number) => (current().dialect === 'sqlite' ? ms : new Date(ms).toISOString());

  it('the crumb secret: made by the first node that starts, then the same for all', async () => {
    const { stores, sql } = current();
    await sql("DELETE FROM site_documents WHERE name = 'crumb-secret'");
    const secrets = await Promise.all([1, 2, 3, 4].map(() => crumbSecret(stores.crumbSecret, {})));
    expect(secrets[0]).toMatch(/^[0-9a-f]{64}$/);
    expect(new Set(secrets).size).toBe(1);
    expect(await crumbSecret(stores.crumbSecret, {})).toBe(secrets[0]);
    expect(await crumbSecret(stores.crumbSecret, { TESSERA_CRUMB_SECRET: 'given' })).toBe('given');
    expect(secretOf(await stores.crumbSecret.keep('ignored'))).toBe(secrets[0]);
  });

  it('owner sessions: opened on one node, seen on another until closed or expired; old ones swept', async () => {
    const { stores, sql, number } = current();
    const websiteId = String((await sql('SELECT id FROM websites LIMIT 1'))[0]!['id']);
    await sql('INSERT INTO contributors (id, website_id, email, display_name, password_hash, roles, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)', [
      'c1',
      websiteId,
      'ada@example.com',
      'Ada',
      'x',
      '["admin","no-such-role"]',
      time(NOW),
    ]);
    const token = await stores.ownerSessions.open('c1', SESSION_MS, NOW);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await stores.ownerSessions.contributor(token, NOW + 1)).toEqual({ id: 'c1', websiteId, email: 'ada@example.com', displayName: 'Ada', roles: ['admin'] });
    expect(await stores.ownerSessions.contributor(token, NOW + SESSION_MS)).toBeNull();
    expect(await stores.ownerSessions.contributor('not a token', NOW)).toBeNull();
    expect(await stores.ownerSessions.contributor(token.slice(1) + 'A', NOW)).toBeNull();
    // a later sign-in sweeps the expired session
    const second = await stores.ownerSessions.open('c1', SESSION_MS, NOW + SESSION_MS);
    expect(await number('SELECT count(*) FROM owner_sessions')).toBe(1);
    await stores.ownerSessions.close(second);
    await stores.ownerSessions.close(undefined);
    expect(await stores.ownerSessions.contributor(second, NOW + SESSION_MS + 1)).toBeNull();
    expect(await number('SELECT count(*) FROM owner_sessions')).toBe(0);
  });

  it('customer sessions: looked up by token until they expire', async () => {
    const { stores, sql } = current();
    const websiteId = String((await sql('SELECT id FROM websites LIMIT 1'))[0]!['id']);
    await sql('INSERT INTO site_users (id, website_id, email, password_hash, created_at) VALUES (?, ?, ?, ?, ?)', ['u1', websiteId, 'bo@example.com', 'x', time(NOW)]);
    const token = 'T'.repeat(43);
    const { hashToken } = await import('../owner/sessions.js');
    await sql('INSERT INTO site_user_sessions (token_hash, site_user_id, created_at, expires_at) VALUES (?, ?, ?, ?)', [hashToken(token), 'u1', time(NOW), time(NOW + 1000)]);
    expect(await stores.siteUserSessions.siteUser(token, NOW + 999)).toEqual({ id: 'u1', websiteId, email: 'bo@example.com', locale: null, cartId: null });
    expect(await stores.siteUserSessions.siteUser(token, NOW + 1000)).toBeNull();
    expect(await stores.siteUserSessions.siteUser('U'.repeat(43), NOW)).toBeNull();
    expect(await stores.siteUserSessions.siteUser(42, NOW)).toBeNull();
  });

  it('write limits: the burst, then a refusal with the seconds until the next token; keys apart; never above the burst', async () => {
    const { rateLimits } = current().stores;
    const rule = { burst: 2, perMinute: 60 };
    const a = bucketKey('cart', '203.0.113.7');
    expect(await rateLimits.take(a, rule, NOW)).toEqual({ ok: true });
    expect(await rateLimits.take(a, rule, NOW)).toEqual({ ok: true });
    expect(await rateLimits.take(a, rule, NOW)).toEqual({ ok: false, retryAfterSeconds: 1 });
    expect(await rateLimits.take(a, rule, NOW + 400)).toEqual({ ok: false, retryAfterSeconds: 1 });
    expect(await rateLimits.take(a, rule, NOW + 1000)).toEqual({ ok: true });
    expect((await rateLimits.take(bucketKey('cart', '198.51.100.1'), rule, NOW)).ok).toBe(true);
    const later = NOW + 3_600_000;
    expect((await rateLimits.take(a, rule, later)).ok).toBe(true);
    expect((await rateLimits.take(a, rule, later)).ok).toBe(true);
    expect((await rateLimits.take(a, rule, later)).ok).toBe(false);
    const slow = { burst: 1, perMinute: 10 };
    const b = bucketKey('site-user', 'ada@example.com');
    expect(await rateLimits.take(b, slow, NOW)).toEqual({ ok: true });
    expect(await rateLimits.take(b, slow, NOW + 1000)).toEqual({ ok: false, retryAfterSeconds: 5 });
  });

  it('write limits: 50 concurrent writes on a burst of 5 pass 5', async () => {
    const { rateLimits } = current().stores;
    const rule = { burst: 5, perMinute: 1 };
    const verdicts = await Promise.all(Array.from({ length: 50 }, () => rateLimits.take(bucketKey('visitor', '192.0.2.9'), rule, NOW)));
    expect(verdicts.filter((v) => v.ok)).toHaveLength(5);
  });

  it('the outbox: one claim per due row however many nodes ask; finishing needs the claim; a lapsed lease is due again', async () => {
    const { stores, sql } = current();
    const { outbox } = stores;
    await sql('DELETE FROM outbox_emails');
    const websiteId = String((await sql('SELECT id FROM websites LIMIT 1'))[0]!['id']);
    for (const [id, at] of [['m2', NOW + 2], ['m1', NOW + 1]] as const) {
      await sql('INSERT INTO outbox_emails (id, website_id, kind, to_address, subject, body_text, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)', [id, websiteId, 'order', 'ada@example.com', 'Hello', 'Hi', time(at)]);
    }
    expect(await outbox.due(NOW + 10, 20)).toEqual([{ id: 'm1', websiteId }, { id: 'm2', websiteId }]);
    expect(await outbox.due(NOW + 10, 1)).toEqual([{ id: 'm1', websiteId }]);
    const claims = await Promise.all(Array.from({ length: 10 }, (_, i) => outbox.claim('m1', `claim-${i}`, NOW + 10, NOW + 1000)));
    const won = claims.filter((row) => row !== null);
    expect(won).toHaveLength(1);
    expect(won[0]).toMatchObject({ id: 'm1', status: 'sending', attempts: 1, leaseExpiresAt: NOW + 1000 });
    const holder = won[0]!.claimId!;
    expect(await outbox.due(NOW + 10, 20)).toEqual([{ id: 'm2', websiteId }]);
    // the lease runs out: due again, and the first claim no longer finishes it
    expect(await outbox.due(NOW + 1001, 20)).toEqual([{ id: 'm1', websiteId }, { id: 'm2', websiteId }]);
    expect(await outbox.claim('m1', 'second', NOW + 1001, NOW + 2000)).toMatchObject({ attempts: 2, claimId: 'second' });
    await outbox.sent('m1', holder, NOW + 1002);
    expect(await sql("SELECT status FROM outbox_emails WHERE id = 'm1'")).toEqual([{ status: 'sending' }]);
    await outbox.sent('m1', 'second', NOW + 1003);
    expect(await sql("SELECT status, claim_id FROM outbox_emails WHERE id = 'm1'")).toEqual([{ status: 'sent', claim_id: null }]);
    // a miss: queued again from a later time, or failed for good
    await outbox.claim('m2', 'c', NOW + 10, NOW + 1000);
    await outbox.missed('m2', 'c', false, NOW + 5000, 'busy');
    expect(await outbox.due(NOW + 4999, 20)).toEqual([]);
    expect(await outbox.due(NOW + 5000, 20)).toEqual([{ id: 'm2', websiteId }]);
    await outbox.claim('m2', 'd', NOW + 5000, NOW + 6000);
    await outbox.missed('m2', 'd', true, null, 'refused');
    expect(await sql("SELECT status, last_error FROM outbox_emails WHERE id = 'm2'")).toEqual([{ status: 'failed', last_error: 'refused' }]);
    expect(await outbox.siteTitle(websiteId)).toBe(String((await sql('SELECT title FROM websites'))[0]!['title']));
    expect(await outbox.siteTitle('no-such-site')).toBe('');
  });

  it('sign-in counts: free attempts, then doubling waits; a success forgets; one account counted one attempt at a time', async () => {
    const { stores, number } = current();
    let now = NOW;
    const rule = { freeAttempts: 2, firstWaitMs: 1000, maxWaitMs: 4000, forgetAfterMs: 86_400_000 };
    const throttle = new SignInThrottle(stores.signInThrottle, rule, () => now);
    expect(await throttle.admit('owner', 'ada@example.com')).toEqual({ ok: true });
    expect(await throttle.admit('owner', 'Ada@Example.com ')).toEqual({ ok: true });
    expect(await throttle.admit('owner', 'ada@example.com')).toEqual({ ok: false, retryAfterSeconds: 1 });
    // a known device and a customer of the same address are counted apart
    expect(await throttle.admit('owner', 'ada@example.com', true)).toEqual({ ok: true });
    expect(await throttle.admit('site-user', 'ada@example.com')).toEqual({ ok: true });
    now += 1000;
    expect(await throttle.admit('owner', 'ada@example.com')).toEqual({ ok: true });
    now += 500;
    expect(await throttle.admit('owner', 'ada@example.com')).toEqual({ ok: false, retryAfterSeconds: 2 });
    await throttle.succeeded('owner', 'ada@example.com');
    expect(await throttle.admit('owner', 'ada@example.com')).toEqual({ ok: true });
    // a day later the old counts are swept by the next fresh count
    now += rule.forgetAfterMs + 1;
    expect(await throttle.admit('owner', 'bo@example.com')).toEqual({ ok: true });
    expect(await number('SELECT count(*) FROM sign_in_throttle')).toBe(1);
    const burst = new SignInThrottle(stores.signInThrottle, { ...rule, freeAttempts: 5, firstWaitMs: 60_000 }, () => now);
    const answers = await Promise.all(Array.from({ length: 30 }, () => burst.admit('owner', 'guessed@example.com')));
    expect(answers.filter((a) => a.ok)).toHaveLength(5);
  });
});
