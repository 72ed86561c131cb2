/**
 * What the account page shows a signed-in customer: their orders, newest first, as the confirmation shows one
 * (lines, downloads with their state, member areas), and their back-in-stock signups still waiting, with the
 * product they are for. A signup is the customer's when it was made with the account's e-mail address.
 */
import { and, desc, eq, isNull } from 'drizzle-orm';
import { type Json } from '../commerce/catalog.js';
import { orderJson } from '../commerce/checkout-service.js';
import type { Store } from '../db/database.js';
import type { Reads } from '../db/reads.js';
import { restockSignups } from '../db/schema.js';
import { variantTargetOf } from '../restock/service.js';
import type { SignedInSiteUser } from './sessions.js';

/** The most orders the page lists (a customer with more sees the newest). */
export const ORDERS_SHOWN = 100;

/** The customer's orders, newest first (either database: server/db/reads.ts). */
export async function accountOrders({ db, t }: Reads, user: SignedInSiteUser, secret: string, now = Date.now()): Promise<Json[]> {
  const rows = await db.select().from(t.orders).where(eq(t.orders.siteUserId, user.id)).orderBy(desc(t.orders.createdAt)).limit(ORDERS_SHOWN);
  return rows.map((row) => orderJson(row, secret, now));
}

/** The customer's waiting restock signups, newest first, with what each is for (either database). */
export async function accountRestockSignups(reads: Reads, user: SignedInSiteUser): Promise<Json[]> {
  const { db, t } = reads;
  const s = t.restockSignups;
  const rows = await db.select().from(s).where(and(eq(s.websiteId, user.websiteId), eq(s.email, user.email), isNull(s.notifiedAt))).orderBy(desc(s.createdAt));
  const targets = await Promise.all(rows.map((row) => variantTargetOf(reads, row.productId, row.variantId)));
  return rows.flatMap((row, i) => {
    const target = targets[i] ?? null;
    if (target === null) return [];
    const options = Object.entries(target.attributes).map(([k, v]) => `${k}: ${v}`).join(', ');
    return [{ id: row.id, productTitle: target.productTitle, productUrl: target.productUrl, optionsText: options, created: row.createdAt }];
  });
}

/** Cancels one of the customer's waiting signups; false when it is not theirs (or gone). */
export function cancelRestockSignup(store: Store, user: SignedInSiteUser, signupId: string): boolean {
  const r = store
    .delete(restockSignups)
    .where(and(eq(restockSignups.id, signupId), eq(restockSignups.websiteId, user.websiteId), eq(restockSignups.email, user.email)))
    .run();
  return r.changes === 1;
}
