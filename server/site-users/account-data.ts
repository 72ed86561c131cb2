/**
 * What the account page shows a signed-in customer: their orders, newest first, as the confirmation shows one
 * (lines, downloads with their state, member areas), and their back-in-stock signups still waiting, with the
 * product they are for. A signup is the customer's when it was made with the account's e-mail address.
 */
import { and, desc, eq, isNull } from 'drizzle-orm';
import { type Json } from '../commerce/catalog.js';
import { orderJson } from '../commerce/checkout-service.js';
import type { Store } from '../db/database.js';
import { orders, restockSignups } from '../db/schema.js';
import { variantTarget } from '../restock/service.js';
import type { SignedInSiteUser } from './sessions.js';

/** The most orders the page lists (a customer with more sees the newest). */
export const ORDERS_SHOWN = 100;

export function accountOrders(store: Store, user: SignedInSiteUser, secret: string, now = Date.now()): Json[] {
  return store
    .select()
    .from(orders)
    .where(eq(orders.siteUserId, user.id))
    .orderBy(desc(orders.createdAt))
    .limit(ORDERS_SHOWN)
    .all()
    .map((row) => orderJson(row, secret, now));
}

export function accountRestockSignups(store: Store, user: SignedInSiteUser): Json[] {
  return store
    .select()
    .from(restockSignups)
    .where(and(eq(restockSignups.websiteId, user.websiteId), eq(restockSignups.email, user.email), isNull(restockSignups.notifiedAt)))
    .orderBy(desc(restockSignups.createdAt))
    .all()
    .flatMap((s) => {
      const target = variantTarget(store, s.productId, s.variantId);
      if (target === null) return [];
      const options = Object.entries(target.attributes).map(([k, v]) => `${k}: ${v}`).join(', ');
      return [{ id: s.id, productTitle: target.productTitle, productUrl: target.productUrl, optionsText: options, created: s.createdAt }];
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
