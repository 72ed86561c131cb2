/**
 * Signing a customer in and out, shared by the JSON API and the plain forms. Sign-in is limited twice: per
 * address by the app's limiter (the routes' `site-user` group) and here per account, by the app's sign-in
 * throttle (server/security/sign-in-throttle.ts, counted in the store; a browser where the account signed in
 * before counted apart), so one account cannot be tried from many addresses. It then checks the password (or the decoy),
 * opens a session, hands the visitor's cart over to the account (cart-handover.ts) and rotates the crumb, as an
 * owner sign-in does, answering it as `xsrfToken`.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CartStore } from '../commerce/cart-store.js';
import { REMEMBERED_SESSION_MS, SESSION_MS } from '../owner/sessions.js';
import { setCartCookies, storedCartId } from '../commerce/visitor-cart.js';
import { rotateCrumb } from '../security/crumb.js';
import { isKnownDevice, rememberDevice } from '../security/known-device.js';
import { tooManyMessage } from '../security/rate-limit.js';
import type { SignInThrottle } from '../security/sign-in-throttle.js';
import type { AccountStore } from './account-store.js';
import { credentialsOf } from './accounts.js';
import { cartCookiesAtSignOut } from './cart-handover.js';
import { ACCOUNT_MESSAGES, normalEmail, WRONG_CREDENTIALS } from './messages.js';
import { clearSessionCookies, SITE_USER_COOKIE, setSessionCookies } from './sessions.js';

/** The rate-limit group of the customer routes that take a password or send an e-mail (per address). */
export const SITE_USER_GROUP = 'site-user';

export interface SignInInput {
  readonly email: string;
  readonly password: string;
  readonly rememberMe?: boolean | undefined;
}

export type SignInOutcome =
  | { readonly ok: true; readonly xsrfToken: string }
  | { readonly ok: false; readonly status: 401 | 403 | 429; readonly message: string; readonly reason: 'wrong' | 'unverified' | 'limited' };

export class SignIn {
  constructor(
    private readonly accounts: AccountStore,
    private readonly carts: CartStore,
    private readonly throttle: SignInThrottle,
  ) {}

  async signIn(request: FastifyRequest, reply: FastifyReply, input: SignInInput): Promise<SignInOutcome> {
    const email = normalEmail(input.email);
    const admission = await this.throttle.admit('site-user', email, isKnownDevice(request, 'site-user', email));
    if (!admission.ok) {
      reply.header('retry-after', String(admission.retryAfterSeconds));
      return { ok: false, status: 429, reason: 'limited', message: tooManyMessage(admission.retryAfterSeconds) };
    }
    const credentials = await credentialsOf(await this.accounts.byEmail(input.email), input.password);
    if (credentials.kind === 'wrong') return { ok: false, status: 401, reason: 'wrong', message: WRONG_CREDENTIALS };
    // the right password: the account's count starts again (also for an account still to be confirmed), and
    // this browser is one of its known devices
    await this.throttle.succeeded('site-user', email);
    rememberDevice(request, reply, 'site-user', email);
    if (credentials.kind === 'unverified') return { ok: false, status: 403, reason: 'unverified', message: ACCOUNT_MESSAGES.notVerified };
    const user = credentials.user;
    const remembered = input.rememberMe === true;
    const lifetime = remembered ? REMEMBERED_SESSION_MS : SESSION_MS;
    const now = Date.now();
    const visitorCart = await storedCartId(this.carts, request);
    // one transaction: the old session ends, the new one opens, the visitor's cart goes to the account
    const { token, cartId } = await this.accounts.signIn(user, visitorCart, request.cookies[SITE_USER_COOKIE], lifetime, now);
    setSessionCookies(request, reply, token, user.id, remembered, lifetime);
    if (cartId !== null) setCartCookies(reply, cartId);
    return { ok: true, xsrfToken: rotateCrumb(request, reply, { siteUser: token }) };
  }

  /** Ends this browser's session (if any); the cart as `cloneCart` says; a new crumb. */
  async signOut(request: FastifyRequest, reply: FastifyReply, cloneCart: boolean): Promise<void> {
    const out = await this.accounts.signOut(request.cookies[SITE_USER_COOKIE], cloneCart, Date.now());
    clearSessionCookies(reply);
    if (out.wasSignedIn) cartCookiesAtSignOut(reply, out.cartCopy);
    rotateCrumb(request, reply, { siteUser: null });
  }
}
