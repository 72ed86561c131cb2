/**
 * Customer accounts (issue 22): sign-up, confirming the e-mail address, checking a sign-in, password reset and
 * the account's language. Every answer that depends on whether an address has an account is the same either
 * way (sign-up, resend, reset), and costs the same scrypt work, so nobody learns which addresses are customers.
 * What each step writes (the account, its e-mail in the outbox, its sessions) is one transaction.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Store, StoreTransaction } from '../db/database.js';
import { orders, siteUserSessions, siteUsers, websites } from '../db/schema.js';
import { DECOY_HASH, hashPassword, verifyPassword } from '../owner/password.js';
import { ACCOUNT_EXISTS_KIND, PASSWORD_RESET_KIND, queueAccountEmail, VERIFY_EMAIL_KIND } from './emails.js';
import { resetPath, resetTokenUser, verifiedTokenUser, verifyPath } from './links.js';
import { normalEmail } from './messages.js';

export type SiteUserRow = typeof siteUsers.$inferSelect;

/** The site customers belong to (the store serves one website). */
export function siteId(store: Pick<Store, 'select'>): string | null {
  return store.select({ id: websites.id }).from(websites).get()?.id ?? null;
}

function userByEmail(db: Pick<Store, 'select'>, websiteId: string, email: string): SiteUserRow | undefined {
  return db.select().from(siteUsers).where(and(eq(siteUsers.websiteId, websiteId), eq(siteUsers.email, email))).get();
}

export function userById(db: Pick<Store, 'select'>, id: string): SiteUserRow | undefined {
  return db.select().from(siteUsers).where(eq(siteUsers.id, id)).get();
}

/**
 * Sign-up. A new address gets an unconfirmed account and a `verify-email` link; an address with an unconfirmed
 * account gets a fresh link (its password stays the first one: a second sign-up must not choose the password of
 * an account someone else may confirm); a confirmed one gets an `account-exists` e-mail. The caller answers the
 * same in all three cases. The password is hashed in every case, so all take as long.
 */
export async function register(store: Store, secret: string, emailGiven: string, password: string, now = Date.now()): Promise<void> {
  registerHashed(store, secret, emailGiven, await hashPassword(password), now);
}

/** `register` with the password already hashed (the account store's SQLite sign-up). */
export function registerHashed(store: Store, secret: string, emailGiven: string, passwordHash: string, now = Date.now()): void {
  const websiteId = siteId(store);
  if (websiteId === null) return;
  const email = normalEmail(emailGiven);
  store.transaction(
    (tx) => {
      const existing = userByEmail(tx, websiteId, email);
      if (existing !== undefined) {
        const mail = { websiteId, siteUserId: existing.id, to: existing.email, language: existing.locale };
        if (existing.verifiedAt === null) queueAccountEmail(tx, VERIFY_EMAIL_KIND, mail, verifyPath(secret, existing.id, now), now);
        else queueAccountEmail(tx, ACCOUNT_EXISTS_KIND, mail, '', now);
        return;
      }
      const id = randomUUID();
      tx.insert(siteUsers).values({ id, websiteId, email, passwordHash, createdAt: now }).run();
      queueAccountEmail(tx, VERIFY_EMAIL_KIND, { websiteId, siteUserId: id, to: email, language: null }, verifyPath(secret, id, now), now);
    },
    { behavior: 'immediate' },
  );
}

/** A new confirmation link for an unconfirmed account of that address; nothing for any other address. */
export function resendVerification(store: Store, secret: string, emailGiven: string, now = Date.now()): void {
  const websiteId = siteId(store);
  if (websiteId === null) return;
  store.transaction((tx) => {
    const user = userByEmail(tx, websiteId, normalEmail(emailGiven));
    if (user === undefined || user.verifiedAt !== null) return;
    queueAccountEmail(tx, VERIFY_EMAIL_KIND, { websiteId, siteUserId: user.id, to: user.email, language: user.locale }, verifyPath(secret, user.id, now), now);
  });
}

/**
 * Marks the address confirmed (once) and attaches the orders placed with it before the account existed or was
 * confirmed: from now on they are the account's, and so are the member areas their passes open.
 */
function confirm(tx: StoreTransaction, user: SiteUserRow, now: number): void {
  if (user.verifiedAt === null) tx.update(siteUsers).set({ verifiedAt: now }).where(eq(siteUsers.id, user.id)).run();
  tx.update(orders)
    .set({ siteUserId: user.id })
    .where(and(eq(orders.websiteId, user.websiteId), isNull(orders.siteUserId), sql`lower(trim(${orders.email})) = ${user.email}`))
    .run();
}

/** Follows a confirmation link: true when it named an account (now confirmed), false for a bad or old link. */
export function verifyEmail(store: Store, secret: string, token: string, now = Date.now()): boolean {
  const id = verifiedTokenUser(secret, token, now);
  if (id === null) return false;
  return store.transaction(
    (tx) => {
      const user = userById(tx, id);
      if (user === undefined) return false;
      confirm(tx, user, now);
      return true;
    },
    { behavior: 'immediate' },
  );
}

export type Credentials = { readonly kind: 'ok'; readonly user: SiteUserRow } | { readonly kind: 'wrong' } | { readonly kind: 'unverified' };

/**
 * Checks an e-mail and password: an unknown address is checked against the decoy hash, so it costs what a
 * wrong password costs (one call of `verify` either way; tests count them). An unconfirmed account is told so
 * only when the password is right.
 */
export async function checkCredentials(store: Store, emailGiven: string, password: string, verify = verifyPassword): Promise<Credentials> {
  return credentialsOf(accountByEmail(store, emailGiven), password, verify);
}

/** The account of an address (normalised here), if any. */
export function accountByEmail(store: Store, emailGiven: string): SiteUserRow | undefined {
  const websiteId = siteId(store);
  return websiteId === null ? undefined : userByEmail(store, websiteId, normalEmail(emailGiven));
}

/** `checkCredentials` of the account found (either store finds it). */
export async function credentialsOf(user: SiteUserRow | undefined, password: string, verify = verifyPassword): Promise<Credentials> {
  const matches = await verify(password, user?.passwordHash ?? DECOY_HASH);
  if (user === undefined || !matches) return { kind: 'wrong' };
  return user.verifiedAt === null ? { kind: 'unverified' } : { kind: 'ok', user };
}

/** A reset link for an account of that address (no e-mail for any other address: the caller answers the same). */
export function requestReset(store: Store, secret: string, emailGiven: string, now = Date.now()): void {
  const websiteId = siteId(store);
  if (websiteId === null) return;
  store.transaction((tx) => {
    const user = userByEmail(tx, websiteId, normalEmail(emailGiven));
    if (user === undefined) return;
    queueAccountEmail(tx, PASSWORD_RESET_KIND, { websiteId, siteUserId: user.id, to: user.email, language: user.locale }, resetPath(secret, user.id, user.passwordHash, now), now);
  });
}

const hashOf = (db: Pick<Store, 'select'>) => (id: string) => userById(db, id)?.passwordHash ?? null;

/**
 * Sets the new password of a reset link, hashed by the caller (the account store's SQLite reset; the page checks
 * the link first, page-routes.ts): every session of the account ends, and the link (made for the old password)
 * stops working. Following the link proves the address, so an unconfirmed account is confirmed too.
 */
export function resetPasswordHashed(store: Store, secret: string, token: string, passwordHash: string, now = Date.now()): boolean {
  return store.transaction(
    (tx) => {
      // checked again inside the write: two resets with one link, one wins
      const id = resetTokenUser(secret, token, now, hashOf(tx));
      const user = id === null ? undefined : userById(tx, id);
      if (user === undefined) return false;
      tx.update(siteUsers).set({ passwordHash }).where(eq(siteUsers.id, user.id)).run();
      tx.delete(siteUserSessions).where(eq(siteUserSessions.siteUserId, user.id)).run();
      confirm(tx, user, now);
      return true;
    },
    { behavior: 'immediate' },
  );
}

export function setLocale(store: Store, siteUserId: string, locale: string): void {
  store.update(siteUsers).set({ locale }).where(eq(siteUsers.id, siteUserId)).run();
}
