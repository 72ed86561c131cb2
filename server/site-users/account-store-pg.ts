/**
 * Customer accounts on PostgreSQL (account-store.ts has the interface; accounts.ts, cart-handover.ts and
 * sessions.ts the rules and the SQLite transactions). Each method is one `db.transaction` at READ COMMITTED:
 * - a sign-up is `INSERT … ON CONFLICT (website_id, email) DO NOTHING RETURNING id` on the unique index: two
 *   sign-ups of one address at once make one account, and the second is answered as a repeat (a fresh link), so
 *   no sign-up is lost and none is doubled;
 * - a confirmation or a reset locks the account's row (`FOR UPDATE`): two resets with one link, one wins (the
 *   second sees the new password, which the link was not made for);
 * - a sign-in locks the carts it hands over (in id order, so two sign-ins never wait on each other in a circle),
 *   as a cart write does (cart-store-pg.ts): an add to the visitor's cart waits for the handover, then lands in
 *   the cart it named.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { PgStore } from '../db/pg-store.js';
import { type PgQueries, type PgTransaction, siteRow } from '../db/pg-transaction.js';
import { cartEntries, carts, orders, outboxEmails, restockSignups, siteUserSessions, siteUsers } from '../db/schema-pg.js';
import { outboxRow } from '../email/queue.js';
import { hashToken, isSessionToken, newSessionToken } from '../owner/sessions.js';
import type { AccountStore } from './account-store.js';
import type { SiteUserRow } from './accounts.js';
import { ACCOUNT_EXISTS_KIND, accountEmail, type AccountEmail, PASSWORD_RESET_KIND, VERIFY_EMAIL_KIND } from './emails.js';
import { resetPath, resetTokenClaim, verifiedTokenUser, verifyPath } from './links.js';
import { normalEmail } from './messages.js';

async function userByEmail(db: PgQueries, websiteId: string, email: string): Promise<SiteUserRow | undefined> {
  return (await db.select().from(siteUsers).where(and(eq(siteUsers.websiteId, websiteId), eq(siteUsers.email, email))))[0];
}

async function userById(db: PgQueries, id: string, lock = false): Promise<SiteUserRow | undefined> {
  const query = db.select().from(siteUsers).where(eq(siteUsers.id, id));
  return (await (lock ? query.for('update') : query))[0];
}

/** emails.ts `queueAccountEmail` on PostgreSQL: the site's title, the e-mail into the outbox, in `tx`. */
async function queueAccountEmail(tx: PgTransaction, kind: string, mail: AccountEmail, link: string, siteTitle: string, now: number): Promise<void> {
  await tx.insert(outboxEmails).values(outboxRow(accountEmail(kind, mail, siteTitle, link), now));
}

/** accounts.ts `confirm`: the address confirmed (once), the orders placed with it attached to the account. */
async function confirm(tx: PgTransaction, user: SiteUserRow, now: number): Promise<void> {
  if (user.verifiedAt === null) await tx.update(siteUsers).set({ verifiedAt: now }).where(eq(siteUsers.id, user.id));
  await tx
    .update(orders)
    .set({ siteUserId: user.id })
    .where(and(eq(orders.websiteId, user.websiteId), isNull(orders.siteUserId), sql`lower(trim(${orders.email})) = ${user.email}`));
}

/** cart-handover.ts `openCart`: the id when it names a standard cart not yet bought, else null. */
async function openCart(tx: PgTransaction, id: string | null): Promise<string | null> {
  if (id === null) return null;
  const [row] = await tx.select({ id: carts.id }).from(carts).where(and(eq(carts.id, id), eq(carts.kind, 'standard'), isNull(carts.orderId)));
  return row === undefined ? null : row.id;
}

/** cart-handover.ts `mergeInto`: the lines of `from` into `into` (equal lines add up); `from` is left empty. */
async function mergeInto(tx: PgTransaction, from: string, into: string, now: number): Promise<void> {
  const target = await tx.select().from(cartEntries).where(eq(cartEntries.cartId, into));
  for (const entry of await tx.select().from(cartEntries).where(eq(cartEntries.cartId, from)).orderBy(asc(cartEntries.createdAt), asc(cartEntries.id))) {
    const same = target.find((t) => t.productId === entry.productId && t.variantId === entry.variantId && (t.additionalFields ?? null) === (entry.additionalFields ?? null));
    if (same === undefined) {
      await tx.update(cartEntries).set({ cartId: into }).where(eq(cartEntries.id, entry.id));
    } else {
      same.quantity += entry.quantity;
      await tx.update(cartEntries).set({ quantity: same.quantity }).where(eq(cartEntries.id, same.id));
      await tx.delete(cartEntries).where(eq(cartEntries.id, entry.id));
    }
  }
  await tx.update(carts).set({ updatedAt: now }).where(eq(carts.id, into));
}

/** The site's id and title (the store serves one website), or undefined. */
async function site(db: PgQueries): Promise<{ id: string; title: string } | undefined> {
  const row = await siteRow(db);
  return row === undefined ? undefined : { id: row.id, title: row.title };
}

export function pgAccountStore(db: PgStore): AccountStore {
  /** Queues `kind` for the account of `email` when `wanted` says so (resend and reset requests). */
  const mailAccount = async (email: string, wanted: (user: SiteUserRow) => boolean, kind: string, link: (user: SiteUserRow) => string, now: number) => {
    await db.transaction(async (tx) => {
      const s = await site(tx);
      if (s === undefined) return;
      const user = await userByEmail(tx, s.id, normalEmail(email));
      if (user === undefined || !wanted(user)) return;
      await queueAccountEmail(tx, kind, { websiteId: s.id, siteUserId: user.id, to: user.email, language: user.locale }, link(user), s.title, now);
    });
  };

  return {
    async byEmail(email) {
      const s = await site(db);
      return s === undefined ? undefined : userByEmail(db, s.id, normalEmail(email));
    },

    async passwordHash(id) {
      return (await userById(db, id))?.passwordHash ?? null;
    },

    async register(secret, emailGiven, passwordHash, now) {
      await db.transaction(async (tx) => {
        const s = await site(tx);
        if (s === undefined) return;
        const email = normalEmail(emailGiven);
        const id = randomUUID();
        const made = await tx.insert(siteUsers).values({ id, websiteId: s.id, email, passwordHash, createdAt: now }).onConflictDoNothing().returning({ id: siteUsers.id });
        if (made.length === 1) {
          await queueAccountEmail(tx, VERIFY_EMAIL_KIND, { websiteId: s.id, siteUserId: id, to: email, language: null }, verifyPath(secret, id, now), s.title, now);
          return;
        }
        // the address has an account (perhaps made a moment ago by another sign-up): answered as a repeat
        const existing = await userByEmail(tx, s.id, email);
        if (existing === undefined) return;
        const mail = { websiteId: s.id, siteUserId: existing.id, to: existing.email, language: existing.locale };
        if (existing.verifiedAt === null) await queueAccountEmail(tx, VERIFY_EMAIL_KIND, mail, verifyPath(secret, existing.id, now), s.title, now);
        else await queueAccountEmail(tx, ACCOUNT_EXISTS_KIND, mail, '', s.title, now);
      });
    },

    resendVerification: (secret, email, now) => mailAccount(email, (user) => user.verifiedAt === null, VERIFY_EMAIL_KIND, (user) => verifyPath(secret, user.id, now), now),

    async verifyEmail(secret, token, now) {
      const id = verifiedTokenUser(secret, token, now);
      if (id === null) return false;
      return db.transaction(async (tx) => {
        const user = await userById(tx, id, true);
        if (user === undefined) return false;
        await confirm(tx, user, now);
        return true;
      });
    },

    requestReset: (secret, email, now) => mailAccount(email, () => true, PASSWORD_RESET_KIND, (user) => resetPath(secret, user.id, user.passwordHash, now), now),

    async resetPassword(secret, token, passwordHash, now) {
      const claim = resetTokenClaim(secret, token, now);
      if (claim === null) return false;
      return db.transaction(async (tx) => {
        // checked again on the locked row: two resets with one link, one wins
        const user = await userById(tx, claim.siteUserId, true);
        if (user === undefined || !claim.madeFor(user.passwordHash)) return false;
        await tx.update(siteUsers).set({ passwordHash }).where(eq(siteUsers.id, user.id));
        await tx.delete(siteUserSessions).where(eq(siteUserSessions.siteUserId, user.id));
        await confirm(tx, user, now);
        return true;
      });
    },

    async setLocale(id, locale) {
      await db.update(siteUsers).set({ locale }).where(eq(siteUsers.id, id));
    },

    async signIn(user, visitorCart, oldToken, lifetimeMs, now) {
      return db.transaction(async (tx) => {
        // the carts handed over, locked in id order (cart writes lock the cart's row too)
        const handed = [...new Set([user.cartId, visitorCart].filter((id): id is string => id !== null))].sort();
        if (handed.length > 0) await tx.select({ id: carts.id }).from(carts).where(inArray(carts.id, handed)).orderBy(asc(carts.id)).for('update');
        // a fresh token on every sign-in: a token planted before sign-in can never become a session
        if (isSessionToken(oldToken)) await tx.delete(siteUserSessions).where(eq(siteUserSessions.tokenHash, hashToken(oldToken)));
        const { token, tokenHash } = newSessionToken();
        await tx.delete(siteUserSessions).where(lte(siteUserSessions.expiresAt, now));
        await tx.insert(siteUserSessions).values({ tokenHash, siteUserId: user.id, createdAt: now, expiresAt: now + lifetimeMs });
        // cart-handover.ts `cartAtSignIn`
        const account = await openCart(tx, user.cartId);
        const visitor = await openCart(tx, visitorCart);
        let cartId = account;
        if (account === null) cartId = visitor;
        else if (visitor !== null && visitor !== account) await mergeInto(tx, visitor, account, now);
        if (cartId !== user.cartId) await tx.update(siteUsers).set({ cartId }).where(eq(siteUsers.id, user.id));
        return { token, cartId };
      });
    },

    async signOut(token, cloneCart, now) {
      if (!isSessionToken(token)) return { wasSignedIn: false };
      return db.transaction(async (tx) => {
        const [session] = await tx
          .delete(siteUserSessions)
          .where(eq(siteUserSessions.tokenHash, hashToken(token)))
          .returning({ siteUserId: siteUserSessions.siteUserId, expiresAt: siteUserSessions.expiresAt });
        if (session === undefined || session.expiresAt <= now) return { wasSignedIn: false };
        if (!cloneCart) return { wasSignedIn: true, cartCopy: null };
        // cart-handover.ts `cartAtSignOut`: a copy of the account's cart, for the browser
        const source = await openCart(tx, (await userById(tx, session.siteUserId))?.cartId ?? null);
        if (source === null) return { wasSignedIn: true, cartCopy: null };
        const id = randomUUID();
        await tx.insert(carts).values({ id, createdAt: now, updatedAt: now });
        const lines = await tx.select().from(cartEntries).where(eq(cartEntries.cartId, source)).orderBy(asc(cartEntries.createdAt), asc(cartEntries.id));
        if (lines.length > 0) await tx.insert(cartEntries).values(lines.map((e) => ({ ...e, id: randomUUID(), cartId: id, createdAt: now })));
        return { wasSignedIn: true, cartCopy: id };
      });
    },

    async cancelRestockSignup(user, signupId) {
      const gone = await db
        .delete(restockSignups)
        .where(and(eq(restockSignups.id, signupId), eq(restockSignups.websiteId, user.websiteId), eq(restockSignups.email, user.email)))
        .returning({ id: restockSignups.id });
      return gone.length === 1;
    },

    async createFirst(row) {
      return db.transaction(async (tx) => {
        // nodes starting at once take turns here (the lock lets readers through), and the later ones find the first's customer
        await tx.execute(sql`LOCK TABLE ${siteUsers} IN SHARE ROW EXCLUSIVE MODE`);
        if ((await tx.select({ id: siteUsers.id }).from(siteUsers).limit(1)).length > 0) return false;
        await tx.insert(siteUsers).values(row);
        return true;
      });
    },
  };
}
