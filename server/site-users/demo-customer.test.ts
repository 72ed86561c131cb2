/**
 * The demo customer at first start: from the environment, or customer@tessera.local with a generated password
 * told once on labelled lines; confirmed, with one demo order; nothing on later starts.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openStore } from '../db/database.js';
import { orders, siteUsers } from '../db/schema.js';
import { seedDemoStore } from '../db/seed.js';
import { verifyPassword } from '../owner/password.js';
import { DEFAULT_CUSTOMER_EMAIL, ensureDemoCustomer } from './demo-customer.js';

const seeded = () => {
  const store = openStore(':memory:');
  seedDemoStore(store);
  return store;
};

describe('ensureDemoCustomer', () => {
  it('takes TESSERA_CUSTOMER_EMAIL / TESSERA_CUSTOMER_PASSWORD, confirmed, with a demo order, the password never logged', async () => {
    const store = seeded();
    const lines: string[] = [];
    const result = await ensureDemoCustomer(store, { TESSERA_CUSTOMER_EMAIL: ' Ada@Example.com ', TESSERA_CUSTOMER_PASSWORD: 'customer secret' }, 'secret', (l) => lines.push(l));
    expect(result).toEqual({ email: 'ada@example.com', generated: false, orders: 1 });
    expect(lines).toEqual(['Created the demo customer ada@example.com with the password from TESSERA_CUSTOMER_PASSWORD.']);
    const user = store.select().from(siteUsers).get()!;
    expect(user.verifiedAt).not.toBeNull();
    expect(await verifyPassword('customer secret', user.passwordHash)).toBe(true);
    const order = store.select().from(orders).where(eq(orders.siteUserId, user.id)).get()!;
    expect(order).toMatchObject({ email: 'ada@example.com', testMode: true });
    // a later start changes nothing
    expect(await ensureDemoCustomer(store, {}, 'secret', (l) => lines.push(l))).toBeNull();
    expect(lines).toHaveLength(1);
  });

  it('without the variables: customer@tessera.local and a generated password, shown once on labelled lines', async () => {
    const store = seeded();
    const lines: string[] = [];
    expect(await ensureDemoCustomer(store, {}, 'secret', (l) => lines.push(l))).toMatchObject({ email: DEFAULT_CUSTOMER_EMAIL, generated: true });
    const text = lines[0]!.split('\n');
    expect(text[1]).toBe(`  E-mail:   ${DEFAULT_CUSTOMER_EMAIL}`);
    const password = /^ {2}Password: ([A-Za-z0-9]{24})$/.exec(text[2]!)![1]!;
    const user = store.select().from(siteUsers).get()!;
    expect(user.passwordHash).not.toContain(password);
    expect(await verifyPassword(password, user.passwordHash)).toBe(true);
  });

  it('refuses a short password or a bad address from the environment', async () => {
    await expect(ensureDemoCustomer(seeded(), { TESSERA_CUSTOMER_PASSWORD: 'short' }, 's', () => {})).rejects.toThrow('TESSERA_CUSTOMER_PASSWORD must have at least 8 characters');
    await expect(ensureDemoCustomer(seeded(), { TESSERA_CUSTOMER_EMAIL: 'nope' }, 's', () => {})).rejects.toThrow('TESSERA_CUSTOMER_EMAIL is not an e-mail address');
  });
});
