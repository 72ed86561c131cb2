/**
 * Known devices (issue 24): a browser where an account signed in before keeps an HttpOnly cookie saying so
 * (`tessera_known_owner`, `tessera_known_site_user`: an HMAC of the account under the server's secret, a year
 * long). Its sign-in attempts at that account are counted apart from everyone else's (sign-in-throttle.ts), so a
 * guesser who keeps the account waiting does not keep its owner out: the owner's own browser is not made to wait
 * for the guesser's attempts, only for its own.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AccountKind } from './sign-in-throttle.js';
import { setSiteCookie } from './cookies.js';

const COOKIES: Readonly<Record<AccountKind, string>> = { owner: 'tessera_known_owner', 'site-user': 'tessera_known_site_user' };
const YEAR_SECONDS = 365 * 24 * 60 * 60;

const tokenFor = (secret: string, kind: AccountKind, email: string) =>
  createHmac('sha256', secret).update(`known-device\u0000${kind}\u0000${email.trim().toLowerCase()}`).digest('base64url');

/** Whether this browser signed in to that account before (its cookie is the account's). */
export function isKnownDevice(request: FastifyRequest, kind: AccountKind, email: string): boolean {
  const held = request.cookies[COOKIES[kind]];
  if (held === undefined) return false;
  const expected = Buffer.from(tokenFor(request.server.crumbSecret, kind, email));
  const given = Buffer.from(held);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** After a successful sign-in: this browser is known to the account from now on. */
export function rememberDevice(request: FastifyRequest, reply: FastifyReply, kind: AccountKind, email: string): void {
  setSiteCookie(reply, COOKIES[kind], tokenFor(request.server.crumbSecret, kind, email), { maxAge: YEAR_SECONDS });
}
