/**
 * The site-user session in the browser (spec 001 §4 "Site-user session", §7 "Site user and settings"):
 * - signing in (POST /api/site-users/account/session) stores the anti-forgery token it answers, and every later
 *   session-API request sends it as X-CSRF-Token;
 * - signing out (DELETE …/session?cloneCart=) is retried once when the answer says crumbFail, with the crumb the
 *   browser holds by then;
 * - the language (POST …/account/locale) is sent only when the site's language is not one of its custom-code
 *   languages;
 * - who is signed in comes from the user-info cookie; a value that does not parse is logged ('Could not parse
 *   user info cookie value') and means logged out. It only informs the page: the server trusts its session.
 * No React: the account island and any other script use it.
 */
import { LOGGED_OUT, parseSiteUserInfo, SITE_USER_INFO_COOKIE, type SiteUserInfo } from '../commerce/cookies.js';
import { api, type ApiResult, readCookie } from './api.js';

export const SESSION_PATH = '/api/site-users/account/session';
export const LOCALE_PATH = '/api/site-users/account/locale';
export const USER_INFO_PARSE_ERROR = 'Could not parse user info cookie value';
/** Where the token is kept between pages of one tab (storage failures are warned and ignored, spec 001 §8). */
const TOKEN_KEY = 'tessera.siteUser.xsrfToken';

let xsrfToken: string | null = null;

function remember(token: string | null): void {
  xsrfToken = token;
  try {
    if (token === null) sessionStorage.removeItem(TOKEN_KEY);
    else sessionStorage.setItem(TOKEN_KEY, token);
  } catch {
    console.warn('Unable to access local/session storage');
  }
}

/** The stored anti-forgery token: this page's, else this tab's, else the crumb cookie (the same value after sign-in). */
export function currentXsrfToken(): string | undefined {
  if (xsrfToken !== null) return xsrfToken;
  try {
    const kept = sessionStorage.getItem(TOKEN_KEY);
    if (kept !== null) return (xsrfToken = kept);
  } catch {
    console.warn('Unable to access local/session storage');
  }
  return readCookie('crumb');
}

/** One JSON request of the session API, with the stored token; answered as a value, never thrown. */
export function sessionRequest<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<ApiResult<T>> {
  return api<T>(method, path, body, currentXsrfToken());
}

export interface Credentials {
  readonly email: string;
  readonly password: string;
  readonly rememberMe: boolean;
}

/** Signs in; on success the answered token is kept for the requests that follow. */
export async function signIn(credentials: Credentials): Promise<ApiResult<{ xsrfToken: string }>> {
  const result = await sessionRequest<{ xsrfToken: string }>('POST', SESSION_PATH, credentials);
  if (result.ok && typeof result.data?.xsrfToken === 'string') remember(result.data.xsrfToken);
  return result;
}

/** Signs out; a crumbFail answer is retried once, with the crumb the browser holds now. */
export async function signOut(cloneCart: boolean): Promise<ApiResult<unknown>> {
  const path = `${SESSION_PATH}?cloneCart=${cloneCart ? 'true' : 'false'}`;
  let result = await sessionRequest('DELETE', path);
  if (!result.ok && result.crumbFail === true) {
    remember(readCookie('crumb') ?? null);
    result = await sessionRequest('DELETE', path);
  }
  if (result.ok) remember(null);
  return result;
}

/** Sends the visitor's language, unless the site's current language is one of its custom-code languages (then null). */
export async function updateLocale(language: string, siteLanguage: string, customCodeLanguages: readonly string[]): Promise<ApiResult<unknown> | null> {
  if (customCodeLanguages.includes(siteLanguage)) return null;
  return sessionRequest('POST', LOCALE_PATH, { language });
}

/** Who is signed in, as the user-info cookie says (logged out when it is missing or does not parse). */
export function siteUserInfo(): SiteUserInfo {
  const raw = readCookie(SITE_USER_INFO_COOKIE);
  if (raw === undefined || raw === '') return LOGGED_OUT;
  const info = parseSiteUserInfo(raw);
  if (info === null) {
    console.warn(USER_INFO_PARSE_ERROR);
    return LOGGED_OUT;
  }
  return info;
}

/** For tests: forget the token this module holds. */
export function resetSiteUserSession(): void {
  xsrfToken = null;
}
