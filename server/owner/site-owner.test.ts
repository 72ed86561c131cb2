import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openStore } from '../db/database.js';
import { contributors } from '../db/schema.js';
import { seedDemoStore } from '../db/seed.js';
import { verifyPassword } from './password.js';
import { DEFAULT_OWNER_EMAIL, ensureSiteOwner } from './site-owner.js';

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
    const password = /generated password (\S+)/.exec(lines[0]!)![1]!;
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
