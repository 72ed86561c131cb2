/**
 * The first site owner. On a store without any contributor, an admin account is created for the (first)
 * website: e-mail and password from TESSERA_OWNER_EMAIL / TESSERA_OWNER_PASSWORD when set, otherwise
 * owner@tessera.local with a generated password that is logged exactly once, at this start, and stored only
 * as a scrypt hash, printed on lines of their own with labels (a password read off a wrapped line is misread).
 * Later starts leave the contributors alone (changing the variables changes nothing then); `tessera
 * owner-password` sets a new one.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Store } from '../db/database.js';
import { all, get, run, type Transactions, transactionsOf } from '../db/work.js';
import { generatePassword, hashPassword } from './password.js';

export const DEFAULT_OWNER_EMAIL = 'owner@tessera.local';
export const MIN_PASSWORD_LENGTH = 8;

/**
 * The password an account is created with at start: the variable `name` when set (at least 8 characters, else
 * a configuration error that stops the start), otherwise a generated one that the caller tells once.
 */
export function passwordFromEnv(env: NodeJS.ProcessEnv, name: string): { password: string; generated: boolean } {
  const given = env[name];
  if (given === undefined || given === '') return { password: generatePassword(), generated: true };
  if (given.length < MIN_PASSWORD_LENGTH) throw new Error(`${name} must have at least ${MIN_PASSWORD_LENGTH} characters`);
  return { password: given, generated: false };
}
const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,255}$/;

export interface SiteOwnerResult {
  readonly email: string;
  /** Whether the password was generated (and logged) rather than taken from the environment. */
  readonly generated: boolean;
}

/**
 * Creates the site owner when no contributor exists; returns what it did, or null when there was nothing
 * to do (a contributor exists, or there is no website yet). A bad TESSERA_OWNER_EMAIL or a password shorter
 * than 8 characters is a configuration error and throws, so the server does not start with a weak owner.
 */
export async function ensureSiteOwner(db: Store | Transactions, env: NodeJS.ProcessEnv, log: (line: string) => void, now: number = Date.now()): Promise<SiteOwnerResult | null> {
  const transactions = transactionsOf(db);
  const site = await transactions.write(function* ({ db, t }) {
    const count = yield* get(db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(t.contributors));
    if (count !== undefined && count.n > 0) return null;
    return (yield* get(db.select({ id: t.websites.id }).from(t.websites))) ?? null;
  });
  if (site === null) return null;

  const email = (env['TESSERA_OWNER_EMAIL'] ?? '').trim().toLowerCase() || DEFAULT_OWNER_EMAIL;
  if (!EMAIL.test(email)) throw new Error('TESSERA_OWNER_EMAIL is not an e-mail address');
  const { password, generated } = passwordFromEnv(env, 'TESSERA_OWNER_PASSWORD');

  const passwordHash = await hashPassword(password);
  // the count is checked again inside the write, so two processes starting at once create one owner (on
  // PostgreSQL two at once both see none: the unique e-mail keeps the second out)
  const created = await transactions.write(function* ({ db, t }) {
    const again = yield* get(db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(t.contributors));
    if (again !== undefined && again.n > 0) return false;
    const row = { id: randomUUID(), websiteId: site.id, email, displayName: 'Site owner', passwordHash, roles: JSON.stringify(['admin']), createdAt: now };
    return (yield* all(db.insert(t.contributors).values(row).onConflictDoNothing().returning({ id: t.contributors.id }))).length === 1;
  });
  if (!created) return null;
  log(
    generated
      ? [
          `Created the site owner. Sign in with:`,
          `  E-mail:   ${email}`,
          `  Password: ${password}`,
          `This password is shown only this once and stored only as a hash.`,
          `To choose your own: ${CHANGE_PASSWORD_HINT}`,
        ].join('\n')
      : `Created the site owner ${email} with the password from TESSERA_OWNER_PASSWORD.`,
  );
  return { email, generated };
}

/** How an owner sets a password of their own (docs/storefront.md "Owner accounts"). */
export const CHANGE_PASSWORD_HINT = 'run `TESSERA_OWNER_PASSWORD=… npx tessera owner-password` (with the same TESSERA_DB), or set TESSERA_OWNER_EMAIL and TESSERA_OWNER_PASSWORD before the first start.';

/**
 * `tessera owner-password`: the site owner's new password, from TESSERA_OWNER_PASSWORD (at least 8 characters),
 * else generated and told once through `log`. Every session of that owner ends (signed in with the old one).
 * Null when the store has no site owner yet (the first start makes one).
 */
export async function resetOwnerPassword(db: Store | Transactions, env: NodeJS.ProcessEnv, log: (lines: string) => void): Promise<{ email: string; generated: boolean } | null> {
  const transactions = transactionsOf(db);
  const owner = await transactions.write(function* ({ db, t }) {
    const { contributors } = t;
    return yield* get(db.select().from(contributors).where(sql`${contributors.roles} like '%"admin"%'`).orderBy(contributors.createdAt).limit(1));
  });
  if (owner === undefined) return null;
  const { password, generated } = passwordFromEnv(env, 'TESSERA_OWNER_PASSWORD');
  const passwordHash = await hashPassword(password);
  await transactions.write(function* ({ db, t }) {
    yield* run(db.update(t.contributors).set({ passwordHash }).where(eq(t.contributors.id, owner.id)));
    yield* run(db.delete(t.ownerSessions).where(eq(t.ownerSessions.contributorId, owner.id)));
  });
  log(generated ? [`New password of the site owner ${owner.email}:`, `  Password: ${password}`, `Shown only this once.`].join('\n') : `The site owner ${owner.email} now has the password from TESSERA_OWNER_PASSWORD.`);
  return { email: owner.email, generated };
}
