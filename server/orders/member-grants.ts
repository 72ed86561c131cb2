/**
 * Member access bought with a pass (a paywall product, type 5): the grants an order line holds. When the order
 * is placed, each pass line keeps, for every member area that sells that pass, the area and when its access
 * ends (the area's `memberAccessDays` after the order; no end without it), so later changes to the area do not
 * change what was bought. The member cookie (member-cookie.ts) names one grant, and is good only while its
 * order still holds that grant unexpired.
 */
import { eq } from 'drizzle-orm';
import { parseJson } from '../commerce/catalog.js';
import type { Reads } from '../db/reads.js';

const DAY_MS = 86_400_000;

/** One member area an order opens. */
export interface MemberGrant {
  readonly memberAreaId: string;
  /** The area's page title and address, for the confirmation's link. */
  readonly title: string;
  readonly url: string;
  /** Epoch ms when the access ends; null when it does not. */
  readonly expiresAt: number | null;
}

/** A member area that sells a pass, as its page's settings say (server/page-access.ts reads them). */
export interface PassArea {
  readonly memberAreaId: string;
  readonly title: string;
  readonly url: string;
  /** Days of access a purchase gives; null for no end. */
  readonly accessDays: number | null;
}

/** The grants of a pass bought at `now`. */
export function grantsOf(areas: readonly PassArea[], now: number): MemberGrant[] {
  return areas.map((a) => ({ memberAreaId: a.memberAreaId, title: a.title, url: a.url, expiresAt: a.accessDays === null ? null : now + a.accessDays * DAY_MS }));
}

/** Every grant an order's lines hold (its `items` JSON), in line order. */
export function orderGrants(itemsJson: string): MemberGrant[] {
  const lines = parseJson<unknown[]>(itemsJson, []);
  return lines.flatMap((line) => {
    const access = typeof line === 'object' && line !== null ? (line as { memberAccess?: unknown }).memberAccess : undefined;
    return Array.isArray(access) ? (access as MemberGrant[]) : [];
  });
}

const isCurrent = (grant: MemberGrant, now: number) => grant.expiresAt === null || grant.expiresAt > now;

/** The grants of an order that still hold at `now`, one per area (the latest ending when a pass was bought twice). */
export function currentGrants(itemsJson: string, now: number): MemberGrant[] {
  const byArea = new Map<string, MemberGrant>();
  for (const grant of orderGrants(itemsJson).filter((g) => isCurrent(g, now))) {
    const seen = byArea.get(grant.memberAreaId);
    if (seen === undefined || (seen.expiresAt !== null && (grant.expiresAt === null || grant.expiresAt > seen.expiresAt))) byArea.set(grant.memberAreaId, grant);
  }
  return [...byArea.values()];
}

/** The order's current grant of `memberAreaId`, or null (no such order, no such grant, or it has ended); on either database. */
export async function heldGrant({ db, t }: Reads, orderId: string, memberAreaId: string, now: number): Promise<MemberGrant | null> {
  const [row] = await db.select({ items: t.orders.items }).from(t.orders).where(eq(t.orders.id, orderId));
  if (row === undefined) return null;
  return currentGrants(row.items, now).find((g) => g.memberAreaId === memberAreaId) ?? null;
}

/** Whether any order of the customer holds a current grant of `memberAreaId` (the area opens on any device). */
export async function customerHoldsGrant({ db, t }: Reads, siteUserId: string, memberAreaId: string, now: number): Promise<boolean> {
  const rows = await db.select({ items: t.orders.items }).from(t.orders).where(eq(t.orders.siteUserId, siteUserId));
  return rows.some((row) => currentGrants(row.items, now).some((g) => g.memberAreaId === memberAreaId));
}
