/**
 * The visitor and the visit (spec 001 §9 "Analytics and performance", spec 000 §9): `ss_cvr` names the visitor
 * for two years, `ss_cvt` the visit (the session) for thirty minutes, renewed on every page view and event, so
 * a visit ends after thirty minutes without either. Under a restrictive cookie policy the five census
 * cookies are cleared and none is set. First landing and first session (spec 001 §4 "Session and analytics"):
 * a first landing is a page view without the session-storage first-session flag; a first session is one that
 * began without the local-storage has-landed flag, as the stored first-session flag remembers for the rest of
 * the session.
 */
import { clearCookie, newId, readCookie, writeCookie } from './cookies.js';
import { readStored, store } from './storage.js';

export const VISITOR_COOKIE = 'ss_cvr';
export const VISIT_COOKIE = 'ss_cvt';
export const VISITOR_SECONDS = 2 * 365 * 24 * 60 * 60;
export const VISIT_SECONDS = 30 * 60;
/** Spec 000 §9: cleared under a restrictive cookie policy. */
export const POLICY_COOKIES = ['ss_cid', 'ss_cpvisit', 'ss_cvisit', 'ss_cvr', 'ss_cvt'] as const;
export const FIRST_SESSION_KEY = 'ss_first_session';
export const HAS_LANDED_KEY = 'ss_has_landed';

export interface SessionInfo {
  readonly isFirstLanding: boolean;
  readonly isFirstSession: boolean;
  readonly sessionId: string;
}

export function clearPolicyCookies(): void {
  for (const name of POLICY_COOKIES) clearCookie(name);
}

/** The visitor's id, made and kept for two years when there is none (the two years run again from each visit). */
export function visitorId(): string {
  const id = readCookie(VISITOR_COOKIE) ?? newId();
  writeCookie(VISITOR_COOKIE, id, VISITOR_SECONDS);
  return id;
}

/** The visit's id, made when there is none, its thirty minutes starting again now. */
export function renewVisit(): string {
  const id = readCookie(VISIT_COOKIE) ?? newId();
  writeCookie(VISIT_COOKIE, id, VISIT_SECONDS);
  return id;
}

/** This page view's session info; the first landing of a session sets the flags. */
export function sessionInfo(): SessionInfo {
  const stored = readStored('sessionStorage', FIRST_SESSION_KEY);
  const isFirstLanding = stored === null;
  const isFirstSession = readStored('localStorage', HAS_LANDED_KEY) === null || stored === 'true';
  if (isFirstLanding) {
    store('sessionStorage', FIRST_SESSION_KEY, String(isFirstSession));
    store('localStorage', HAS_LANDED_KEY, 'true');
  }
  return { isFirstLanding, isFirstSession, sessionId: renewVisit() };
}
