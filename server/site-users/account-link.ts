/**
 * The header's account link: "Sign in" to /account/login for a visitor, "Account" to /account for a signed-in
 * customer (the theme prints `accountLink.url` and `accountLink.label`). Kept pages are shared between visitors,
 * so page-response.ts fills it in per request, as it does the crumb and the cart count; looking the session up
 * costs nothing for a visitor without a session cookie.
 */
import type { FastifyRequest } from 'fastify';
import type { Store } from '../db/database.js';
import { signedInSiteUser } from './sessions.js';

export interface AccountLink {
  readonly url: string;
  readonly label: string;
}

export const SIGN_IN_LINK: AccountLink = { url: '/account/login', label: 'Sign in' };
export const ACCOUNT_LINK: AccountLink = { url: '/account', label: 'Account' };

/** The link for this request's visitor. */
export function accountLinkFor(store: Store, request: FastifyRequest): AccountLink {
  return signedInSiteUser(store, request) !== null ? ACCOUNT_LINK : SIGN_IN_LINK;
}
