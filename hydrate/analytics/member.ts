/**
 * The signed-in customer of the events' member fields (spec 001 §3 `member_account_id`, `memberAccountId`), read
 * from the site-user info cookie: null for a visitor, and for a cookie that does not parse (spec 001 §6: then
 * the visitor is logged out). Only the id goes out; the account's locale is not in the cookie, so it stays null.
 */
import { parseSiteUserInfo, SITE_USER_INFO_COOKIE } from '../../commerce/cookies.js';
import { readCookie } from './cookies.js';

export function memberAccountId(): string | null {
  const raw = readCookie(SITE_USER_INFO_COOKIE);
  return raw === null ? null : (parseSiteUserInfo(raw)?.siteUserId ?? null);
}
