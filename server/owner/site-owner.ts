/**
 * The first site owner. On a store without any contributor, an admin account is created for the (first)
 * website: e-mail and password from TESSERA_OWNER_EMAIL / TESSERA_OWNER_PASSWORD when set, otherwise
 * owner@tessera.local with a generated password that is logged exactly once, at this start, and stored only
 * as a scrypt hash. Later starts leave the contributors alone (changing the variables changes nothing then).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Store } from '../db/database.js';
import { contributors, websites } from '../db/schema.js';
import { generatePassword, hashPassword } from './password.js';

export const DEFAULT_OWNER_EMAIL = 'owner@tessera.local';
export const MIN_PASSWORD_LENGTH = 8;
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
export async function ensureSiteOwner(store: Store, env: NodeJS.ProcessEnv, log: (line: string) => void, now: number = Date.now()): Promise<SiteOwnerResult | null> {
  const count = store.select({ n: sql<number>`count(*)` }).from(contributors).get();
  if (count !== undefined && count.n > 0) return null;
  const site = store.select({ id: websites.id }).from(websites).get();
  if (site === undefined) return null;

  const email = (env['TESSERA_OWNER_EMAIL'] ?? '').trim().toLowerCase() || DEFAULT_OWNER_EMAIL;
  if (!EMAIL.test(email)) throw new Error('TESSERA_OWNER_EMAIL is not an e-mail address');
  const given = env['TESSERA_OWNER_PASSWORD'];
  const generated = given === undefined || given === '';
  if (!generated && given.length < MIN_PASSWORD_LENGTH) throw new Error(`TESSERA_OWNER_PASSWORD must have at least ${MIN_PASSWORD_LENGTH} characters`);
  const password = generated ? generatePassword() : given;

  const passwordHash = await hashPassword(password);
  // the count is checked again inside the write, so two processes starting at once create one owner
  const created = store.transaction((tx) => {
    const again = tx.select({ n: sql<number>`count(*)` }).from(contributors).get();
    if (again !== undefined && again.n > 0) return false;
    tx.insert(contributors).values({ id: randomUUID(), websiteId: site.id, email, displayName: 'Site owner', passwordHash, roles: JSON.stringify(['admin']), createdAt: now }).run();
    return true;
  });
  if (!created) return null;
  log(
    generated
      ? `created the site owner ${email} with the generated password ${password} (shown only this once; set TESSERA_OWNER_EMAIL and TESSERA_OWNER_PASSWORD before the first start to choose them)`
      : `created the site owner ${email} with the password from TESSERA_OWNER_PASSWORD`,
  );
  return { email, generated };
}
