/**
 * Who may see a page (collection): open to all, behind a page password (the lock screen), or reserved to the
 * members of a member area (access denied). A visitor who gave the right password carries an HttpOnly
 * cookie scoped to that page's path; its value is an HMAC keyed by the password, so it cannot be made
 * without the password and stops working as soon as the owner changes it.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CollectionRow } from './content.js';
import { collectionSettings } from './content.js';

export type PageAccess =
  | { readonly kind: 'open' }
  | { readonly kind: 'password' }
  /** Spec 001: member areas; site-user accounts do not exist yet, so no visitor is a member. */
  | { readonly kind: 'members'; readonly memberAreaId: string; readonly joinUrl: string; readonly passItemId: string | null };

/**
 * How a collection is protected, from its settings (`password`, `memberAreaId`, `memberJoinUrl`, and
 * `memberPassItemId`: a paywall product, type 5, that the access-denied page offers to add to the cart).
 */
export function protection(collection: CollectionRow): PageAccess {
  const s = collectionSettings(collection);
  const memberAreaId = s['memberAreaId'];
  if (typeof memberAreaId === 'string' && memberAreaId !== '') {
    const join = s['memberJoinUrl'];
    const pass = s['memberPassItemId'];
    return {
      kind: 'members',
      memberAreaId,
      joinUrl: typeof join === 'string' && join.startsWith('/') ? join : '/',
      passItemId: typeof pass === 'string' && pass !== '' ? pass : null,
    };
  }
  return typeof s['password'] === 'string' && s['password'] !== '' ? { kind: 'password' } : { kind: 'open' };
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

/** Whether the visitor may see the page now: open, or unlocked by a valid cookie. Members never (yet). */
export function mayView(collection: CollectionRow, request: FastifyRequest): boolean {
  const access = protection(collection);
  if (access.kind === 'open') return true;
  if (access.kind === 'members') return false;
  const cookie = request.cookies[accessCookieName(collection)];
  if (typeof cookie !== 'string' || cookie.length !== 64) return false;
  return timingSafeEqual(Buffer.from(cookie), Buffer.from(token(collection, storedPassword(collection))));
}

/** After the right password: the page's cookie, for its path only, for a day. */
export function grantAccess(collection: CollectionRow, reply: FastifyReply): void {
  reply.setCookie(accessCookieName(collection), token(collection, storedPassword(collection)), {
    path: `/${collection.urlId}`,
    httpOnly: true,
    sameSite: 'lax',
    maxAge: 60 * 60 * 24,
  });
}
