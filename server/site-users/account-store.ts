/**
 * Customer accounts behind an async interface (issue 25: a node holds no state, and a sign-up, a confirmation or a
 * sign-in with its cart handover must stay whole on any node). The routes hash passwords and answer; each method
 * here is one transaction of the account's writes (with the e-mail it queues, the session it opens, the carts it
 * hands over). This file: the interface and the SQLite implementation, accounts.ts's transactions answered as
 * promises (so SQLite's answers are unchanged); account-store-pg.ts: PostgreSQL.
 */
import type { Store } from '../db/database.js';
import { siteUsers } from '../db/schema.js';
import { accountByEmail, registerHashed, requestReset, resendVerification, resetPasswordHashed, setLocale, type SiteUserRow, userById, verifyEmail } from './accounts.js';
import { cancelRestockSignup } from './account-data.js';
import { cartAtSignIn, cartAtSignOut } from './cart-handover.js';
import { closeSiteUserSession, openSiteUserSession, sessionSiteUser, type SignedInSiteUser } from './sessions.js';

/** What a sign-out leaves the browser: nothing when it was no session; else the account cart's copy, or none. */
export type SignedOut = { readonly wasSignedIn: false } | { readonly wasSignedIn: true; readonly cartCopy: string | null };

export interface AccountStore {
  /** The account of an address (normalised by the store), if any. */
  byEmail(email: string): Promise<SiteUserRow | undefined>;
  /** The password hash of an account (what a reset link is checked against), or null. */
  passwordHash(siteUserId: string): Promise<string | null>;
  /** Sign-up (accounts.ts `register`, the password hashed by the caller): a new account, a fresh link, or the "exists" e-mail. */
  register(secret: string, email: string, passwordHash: string, now: number): Promise<void>;
  resendVerification(secret: string, email: string, now: number): Promise<void>;
  /** Follows a confirmation link; true when it named an account (now confirmed, its earlier orders attached). */
  verifyEmail(secret: string, token: string, now: number): Promise<boolean>;
  requestReset(secret: string, email: string, now: number): Promise<void>;
  /** Sets the password of a reset link (checked again inside the write): sessions end, the account is confirmed. */
  resetPassword(secret: string, token: string, passwordHash: string, now: number): Promise<boolean>;
  setLocale(siteUserId: string, locale: string): Promise<void>;
  /**
   * Signs `user` in, in one transaction: the browser's old session (`oldToken`) ends, a new one opens, and the
   * visitor's cart is handed over to the account (cart-handover.ts). Answers the new token and the cart to go on with.
   */
  signIn(user: Pick<SiteUserRow, 'id' | 'cartId'>, visitorCart: string | null, oldToken: unknown, lifetimeMs: number, now: number): Promise<{ token: string; cartId: string | null }>;
  /** Ends the session of `token`; with `cloneCart` the browser keeps a copy of the account's cart. */
  signOut(token: unknown, cloneCart: boolean, now: number): Promise<SignedOut>;
  /** Cancels one of the customer's waiting restock signups; false when it is not theirs (or gone). */
  cancelRestockSignup(user: SignedInSiteUser, signupId: string): Promise<boolean>;
  /** Makes `row` the store's first customer (demo-customer.ts); false when a customer exists by then. */
  createFirst(row: typeof siteUsers.$inferInsert): Promise<boolean>;
}

export function sqliteAccountStore(store: Store): AccountStore {
  return {
    byEmail: async (email) => accountByEmail(store, email),
    passwordHash: async (id) => userById(store, id)?.passwordHash ?? null,
    register: async (secret, email, passwordHash, now) => registerHashed(store, secret, email, passwordHash, now),
    resendVerification: async (secret, email, now) => resendVerification(store, secret, email, now),
    verifyEmail: async (secret, token, now) => verifyEmail(store, secret, token, now),
    requestReset: async (secret, email, now) => requestReset(store, secret, email, now),
    resetPassword: async (secret, token, passwordHash, now) => resetPasswordHashed(store, secret, token, passwordHash, now),
    setLocale: async (id, locale) => setLocale(store, id, locale),
    async signIn(user, visitorCart, oldToken, lifetimeMs, now) {
      return store.transaction(
        (tx) => {
          // a fresh token on every sign-in: a token planted before sign-in can never become a session
          closeSiteUserSession(tx, oldToken);
          return { token: openSiteUserSession(tx, user.id, lifetimeMs, now), cartId: cartAtSignIn(tx, user.id, user.cartId, visitorCart, now) };
        },
        { behavior: 'immediate' },
      );
    },
    async signOut(token, cloneCart, now) {
      const user = sessionSiteUser(store, token, now);
      closeSiteUserSession(store, token);
      if (user === null) return { wasSignedIn: false };
      return { wasSignedIn: true, cartCopy: cartAtSignOut(store, user.cartId, cloneCart, now) };
    },
    cancelRestockSignup: async (user, signupId) => cancelRestockSignup(store, user, signupId),
    createFirst: async (row) =>
      store.transaction((tx) => {
        if (tx.select({ id: siteUsers.id }).from(siteUsers).limit(1).get() !== undefined) return false;
        tx.insert(siteUsers).values(row).run();
        return true;
      }),
  };
}
