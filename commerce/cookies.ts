/**
 * The readable companion of the HttpOnly cart cookie: the server sets and clears it with the cart cookie, and
 * the islands read it to know that a cart exists (spec 000 §4 "Cart loading"), never which one.
 */
export const HAS_CART_COOKIE = 'tessera_has_cart';

/**
 * The site-user info cookie (spec 001 §3 "Site user cookie", §6): readable by scripts, it holds `authenticated`
 * and `siteUserId` as JSON. It only tells the page's scripts who is signed in; the server never trusts it (the
 * HttpOnly session cookie is the truth), and a value that does not parse means logged out.
 */
export const SITE_USER_INFO_COOKIE = 'SiteUserInfo';

export interface SiteUserInfo {
  readonly authenticated: boolean;
  readonly siteUserId: string | null;
}

export const LOGGED_OUT: SiteUserInfo = { authenticated: false, siteUserId: null };

/** The cookie's value (before the cookie's own URI encoding) for a signed-in site user. */
export function siteUserInfoValue(siteUserId: string): string {
  return JSON.stringify({ authenticated: true, siteUserId });
}

/** The info in a cookie value (already URI-decoded), or null when it does not parse as one. */
export function parseSiteUserInfo(value: string): SiteUserInfo | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { authenticated, siteUserId } = parsed as Record<string, unknown>;
  if (typeof authenticated !== 'boolean') return null;
  if (!authenticated) return LOGGED_OUT;
  return typeof siteUserId === 'string' && siteUserId !== '' ? { authenticated: true, siteUserId } : null;
}
