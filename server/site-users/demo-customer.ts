/**
 * The demo store's customer, made at first start as the site owner is (server/owner/site-owner.ts): when the
 * store has no customer account yet, one confirmed account from TESSERA_CUSTOMER_EMAIL / TESSERA_CUSTOMER_PASSWORD,
 * else customer@tessera.local with a generated password told once (labelled lines) and stored only as a hash.
 * So that the account page has something to show, it gets one test-mode order of the demo shop's field guide
 * (a digital product: a download, no stock taken) when the store has it. Later starts change nothing.
 */
import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { Store } from '../db/database.js';
import { type Reads, sqliteReads } from '../db/reads.js';
import { type CommerceStores, sqliteStores } from '../db/stores.js';
import { hashPassword } from '../owner/password.js';
import { passwordFromEnv } from '../owner/site-owner.js';
import { emailError, normalEmail } from './messages.js';

export const DEFAULT_CUSTOMER_EMAIL = 'customer@tessera.local';
/** The demo order's product (the seed's digital field guide). */
const DEMO_ORDER_PRODUCT = 'field-guide';

export interface DemoCustomerResult {
  readonly email: string;
  readonly generated: boolean;
  readonly orders: number;
}

/**
 * Creates the demo customer when no site user exists; null when there was nothing to do. A bad
 * TESSERA_CUSTOMER_EMAIL or a password shorter than 8 characters is a configuration error and throws.
 */
export async function ensureDemoCustomer(store: Store, env: NodeJS.ProcessEnv, linkSecret: string, log: (text: string) => void, now = Date.now()): Promise<DemoCustomerResult | null> {
  return ensureDemoCustomerIn(sqliteReads(store), sqliteStores(store), env, linkSecret, log, now);
}

/** `ensureDemoCustomer` on either database: its reads, and its writes through the app's stores. */
export async function ensureDemoCustomerIn(reads: Reads, stores: CommerceStores, env: NodeJS.ProcessEnv, linkSecret: string, log: (text: string) => void, now = Date.now()): Promise<DemoCustomerResult | null> {
  const { db, t } = reads;
  const [users] = await db.select({ n: count().mapWith(Number) }).from(t.siteUsers);
  if (users !== undefined && users.n > 0) return null;
  const [site] = await db.select({ id: t.websites.id }).from(t.websites).limit(1);
  if (site === undefined) return null;
  const websiteId = site.id;
  const email = normalEmail(env['TESSERA_CUSTOMER_EMAIL'] ?? '') || DEFAULT_CUSTOMER_EMAIL;
  if (emailError(email) !== null) throw new Error('TESSERA_CUSTOMER_EMAIL is not an e-mail address');
  const { password, generated } = passwordFromEnv(env, 'TESSERA_CUSTOMER_PASSWORD');
  const passwordHash = await hashPassword(password);
  const id = randomUUID();
  // made only while there is still no customer (two nodes starting at once: one makes it)
  if (!(await stores.accounts.createFirst({ id, websiteId, email, passwordHash, verifiedAt: now, createdAt: now }))) return null;
  const orders = (await demoOrder(reads, stores, id, email, linkSecret, now)) ? 1 : 0;
  log(
    generated
      ? [
          'Created the demo customer. Sign in at /account/login with:',
          `  E-mail:   ${email}`,
          `  Password: ${password}`,
          'This password is shown only this once and stored only as a hash.',
          'To choose your own: set TESSERA_CUSTOMER_EMAIL and TESSERA_CUSTOMER_PASSWORD before the first start, or use "Forgot your password?" (the link is in the outbox_emails table).',
        ].join('\n')
      : `Created the demo customer ${email} with the password from TESSERA_CUSTOMER_PASSWORD.`,
  );
  return { email, generated, orders };
}

async function demoOrder({ db, t }: Reads, stores: CommerceStores, siteUserId: string, email: string, linkSecret: string, now: number): Promise<boolean> {
  const [product] = await db.select({ id: t.products.id }).from(t.products).where(eq(t.products.urlId, DEMO_ORDER_PRODUCT));
  if (product === undefined) return false;
  const cartId = await stores.cart.createCart(now);
  if (!(await stores.cart.addEntry(cartId, { itemId: product.id, quantity: 1 })).ok) return false;
  return (await stores.checkout.placeOrder(cartId, { email, name: 'Demo Customer' }, linkSecret, now, siteUserId)).ok;
}
