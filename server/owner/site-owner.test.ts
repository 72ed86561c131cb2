import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openStore } from '../db/database.js';
import { contributors, ownerSessions } from '../db/schema.js';
import { seedDemoStore } from '../db/seed.js';
import { generatePassword, verifyPassword } from './password.js';
import { CHANGE_PASSWORD_HINT, DEFAULT_OWNER_EMAIL, ensureSiteOwner, resetOwnerPassword } from './site-owner.js';

function seeded() {
  const store = openStore(':memory:');
  seedDemoStore(store);
  return store;
}

describe('ensureSiteOwner', () => {
  it('creates an admin from TESSERA_OWNER_EMAIL / TESSERA_OWNER_PASSWORD without logging the password', async () => {
    const store = seeded();
    const lines: string[] = [];
    const result = await ensureSiteOwner(store, { TESSERA_OWNER_EMAIL: ' Boss@Example.COM ', TESSERA_OWNER_PASSWORD: 'a long secret' }, (l) => lines.push(l));
    expect(result).toEqual({ email: 'boss@example.com', generated: false });
    const row = store.select().from(contributors).where(eq(contributors.email, 'boss@example.com')).get()!;
    expect(JSON.parse(row.roles)).toEqual(['admin']);
    expect(row.websiteId).toBe('demo');
    expect(row.passwordHash).toMatch(/^scrypt\$[0-9a-f]{32}\$[0-9a-f]{128}$/);
    expect(await verifyPassword('a long secret', row.passwordHash)).toBe(true);
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain('a long secret');
  });

  it('without the variables, generates a password, prints it once and stores only its hash', async () => {
    const store = seeded();
    const lines: string[] = [];
    const result = await ensureSiteOwner(store, {}, (l) => lines.push(l));
    expect(result).toEqual({ email: DEFAULT_OWNER_EMAIL, generated: true });
    expect(lines).toHaveLength(1);
    // on lines of their own, labelled: a wrapped line or a leading '-' would be misread
    expect(lines[0]!.split('\n')).toEqual([
      'Created the site owner. Sign in with:',
      `  E-mail:   ${DEFAULT_OWNER_EMAIL}`,
      expect.stringMatching(/^ {2}Password: [a-km-zA-HJ-NP-Z2-9]{24}$/),
      'This password is shown only this once and stored only as a hash.',
      `To choose your own: ${CHANGE_PASSWORD_HINT}`,
    ]);
    const password = /Password: (\S+)/.exec(lines[0]!)![1]!;
    const row = store.select().from(contributors).get()!;
    expect(row.passwordHash).not.toContain(password);
    expect(await verifyPassword(password, row.passwordHash)).toBe(true);

    // a second start: nothing created, nothing printed
    expect(await ensureSiteOwner(store, {}, (l) => lines.push(l))).toBeNull();
    expect(await ensureSiteOwner(store, { TESSERA_OWNER_EMAIL: 'x@y.z', TESSERA_OWNER_PASSWORD: 'another one' }, (l) => lines.push(l))).toBeNull();
    expect(lines).toHaveLength(1);
    expect(store.select().from(contributors).all()).toHaveLength(1);
  });

  it('refuses a short password or a bad e-mail from the environment', async () => {
    const store = seeded();
    await expect(ensureSiteOwner(store, { TESSERA_OWNER_PASSWORD: 'short' }, () => {})).rejects.toThrow(/at least 8/);
    await expect(ensureSiteOwner(store, { TESSERA_OWNER_EMAIL: 'not an email', TESSERA_OWNER_PASSWORD: 'long enough' }, () => {})).rejects.toThrow(/e-mail/);
    expect(store.select().from(contributors).all()).toHaveLength(0);
  });

  it('does nothing on a store without a website', async () => {
    expect(await ensureSiteOwner(openStore(':memory:'), {}, () => {})).toBeNull();
  });
});

describe('generatePassword', () => {
  it('uses letters and digits one reads back without doubt, each equally often', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 2000; i++) for (const c of generatePassword()) counts.set(c, (counts.get(c) ?? 0) + 1);
    expect([...counts.keys()].sort().join('')).toBe('23456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz');
    // 48,000 characters over 56: about 857 each; a biased draw would leave some far off
    for (const n of counts.values()) expect(n).toBeGreaterThan(700);
  });
});

describe('resetOwnerPassword (tessera owner-password)', () => {
  it("sets the owner's password from TESSERA_OWNER_PASSWORD, or a generated one told once, and ends their sessions", async () => {
    const store = seeded();
    await ensureSiteOwner(store, { TESSERA_OWNER_PASSWORD: 'first password' }, () => {});
    const owner = store.select().from(contributors).get()!;
    store.insert(ownerSessions).values({ tokenHash: 'h', contributorId: owner.id, createdAt: 1, expiresAt: Date.now() + 60_000 }).run();
    const told: string[] = [];
    expect(await resetOwnerPassword(store, { TESSERA_OWNER_PASSWORD: 'second password' }, (t) => told.push(t))).toEqual({ email: DEFAULT_OWNER_EMAIL, generated: false });
    expect(told.join()).not.toContain('second password');
    expect(await verifyPassword('second password', store.select().from(contributors).get()!.passwordHash)).toBe(true);
    expect(store.select().from(ownerSessions).all()).toEqual([]);
    expect(await resetOwnerPassword(store, {}, (t) => told.push(t))).toEqual({ email: DEFAULT_OWNER_EMAIL, generated: true });
    const password = /Password: (\S+)/.exec(told.at(-1)!)![1]!;
    expect(await verifyPassword(password, store.select().from(contributors).get()!.passwordHash)).toBe(true);
    await expect(resetOwnerPassword(store, { TESSERA_OWNER_PASSWORD: 'short' }, () => {})).rejects.toThrow(/at least 8/);
  });

  it('does nothing on a store without a site owner', async () => {
    expect(await resetOwnerPassword(seeded(), {}, () => {})).toBeNull();
  });
});
