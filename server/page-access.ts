/**
 * Who may see a page (collection): open to all, behind a page password (the lock screen), or reserved to the
 * members of a member area (access denied). A visitor who gave the right password carries an HttpOnly
 * cookie scoped to that page's path; its value is an HMAC keyed by the password, so it cannot be made
 * without the password and stops working as soon as the owner changes it. A member is a visitor who bought
 * the area's pass: `visitorAccess` is the one answer to what this visitor may see beyond open pages.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CollectionRow } from './content.js';
import { collectionSettings } from './content.js';
import type { Store } from './db/database.js';
import { collections } from './db/schema.js';
import { memberClaim } from './orders/member-cookie.js';
import { customerHoldsGrant, heldGrant, type PassArea } from './orders/member-grants.js';
import { signedInSiteUser } from './site-users/sessions.js';
import { setSiteCookie } from './security/cookies.js';

export type PageAccess =
  | { readonly kind: 'open' }
  | { readonly kind: 'password' }
  /** Spec 001: member areas, opened by buying their pass (`passItemId`) for `accessDays` (null: no end). */
  | { readonly kind: 'members'; readonly memberAreaId: string; readonly joinUrl: string; readonly passItemId: string | null; readonly accessDays: number | null };

/** The longest access a pass may give (a hundred years): more is taken as a mistake, and as no end. */
const MAX_ACCESS_DAYS = 36_500;

/**
 * How a collection is protected, from its settings (`password`, `memberAreaId`, `memberJoinUrl`, and
 * `memberPassItemId`: a paywall product, type 5, that the access-denied page offers to add to the cart, with
 * `memberAccessDays`, how long a purchase opens the area; without it, for good).
 */
export function protection(collection: CollectionRow): PageAccess {
  const s = collectionSettings(collection);
  const memberAreaId = s['memberAreaId'];
  if (typeof memberAreaId === 'string' && memberAreaId !== '') {
    const join = s['memberJoinUrl'];
    const pass = s['memberPassItemId'];
    const days = s['memberAccessDays'];
    return {
      kind: 'members',
      memberAreaId,
      joinUrl: typeof join === 'string' && join.startsWith('/') ? join : '/',
      passItemId: typeof pass === 'string' && pass !== '' ? pass : null,
      accessDays: typeof days === 'number' && Number.isInteger(days) && days > 0 && days <= MAX_ACCESS_DAYS ? days : null,
    };
  }
  return typeof s['password'] === 'string' && s['password'] !== '' ? { kind: 'password' } : { kind: 'open' };
}

/** The member areas that sell the pass `itemId`: what buying it opens, read inside the caller's transaction. */
export function memberAreasSelling(db: Pick<Store, 'select'>, itemId: string): PassArea[] {
  return passAreasIn(db.select().from(collections).all(), itemId);
}

/** The member areas among `all` collections whose pass is item `itemId` (either store reads the collections). */
export function passAreasIn(all: readonly (typeof collections.$inferSelect)[], itemId: string): PassArea[] {
  return all.flatMap((c) => {
    const access = protection(c);
    return access.kind === 'members' && access.passItemId === itemId && c.enabled
      ? [{ memberAreaId: access.memberAreaId, title: c.title, url: `/${c.urlId}`, accessDays: access.accessDays }]
      : [];
  });
}

/**
 * What this visitor may see beyond open pages and the pages whose password they gave: the member areas whose
 * pass this browser bought (a member cookie the server signed, whose order still holds the grant), and those
 * whose pass any order of the signed-in customer holds, on whatever device (server/site-users/). Every page that
 * checks access asks here.
 */
export interface VisitorAccess {
  isMemberOf(memberAreaId: string): Promise<boolean>;
}

/** The visitor's passes, read through the app's reads (on either database). */
export function visitorAccess(store: Store, request: FastifyRequest, now = Date.now()): VisitorAccess {
  const { reads } = request.server;
  return {
    async isMemberOf(memberAreaId) {
      const claim = memberClaim(request.cookies, request.server.crumbSecret, memberAreaId, now);
      if (claim !== null) {
        const grant = await heldGrant(reads, claim.orderId, memberAreaId, now);
        // the cookie says what the order says: a grant of another end was not signed for this order's grant
        if (grant !== null && grant.expiresAt === claim.expiresAt) return true;
      }
      // the session was looked up as the request arrived (server/security/request-sessions.ts)
      const user = signedInSiteUser(store, request, now);
      return user !== null && customerHoldsGrant(reads, user.id, memberAreaId, now);
    },
  };
}

/** The cookie of one page; ids are slugs, anything else is replaced so the name stays a valid token. */
export function accessCookieName(collection: CollectionRow): string {
  return `tessera_page_${collection.id.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}

function token(collection: CollectionRow, password: string): string {
  return createHmac('sha256', password).update(`tessera-page-access:${collection.id}`).digest('hex');
}

function storedPassword(collection: CollectionRow): string {
  const p = collectionSettings(collection)['password'];
  return typeof p === 'string' ? p : '';
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/** The given password is the page's (compared in constant time, whatever the lengths). */
export function passwordMatches(collection: CollectionRow, given: string): boolean {
  const stored = storedPassword(collection);
  return stored !== '' && timingSafeEqual(digest(stored), digest(given));
}

/** Whether the visitor may see the page now: open, unlocked by its password's cookie, or a member of its area. */
export async function mayView(store: Store, collection: CollectionRow, request: FastifyRequest): Promise<boolean> {
  const access = protection(collection);
  if (access.kind === 'open') return true;
  if (access.kind === 'members') return visitorAccess(store, request).isMemberOf(access.memberAreaId);
  const cookie = request.cookies[accessCookieName(collection)];
  if (typeof cookie !== 'string' || cookie.length !== 64) return false;
  return timingSafeEqual(Buffer.from(cookie), Buffer.from(token(collection, storedPassword(collection))));
}

/** After the right password: the page's cookie, for its path only, for a day. */
export function grantAccess(collection: CollectionRow, reply: FastifyReply): void {
  setSiteCookie(reply, accessCookieName(collection), token(collection, storedPassword(collection)), { path: `/${collection.urlId}`, maxAge: 60 * 60 * 24 });
}
