/**
 * Every cookie the server sets or clears goes through here (issue 30), so each gets the same attributes:
 * `Path=/` unless given, `SameSite=Lax`, `HttpOnly` unless a script must read it (the crumb, the "has a cart"
 * flag, the customer's display info), and `Secure` whenever the site is served over TLS. That is the case when
 * the request came over TLS as Fastify sees it (`request.protocol`, which behind a reverse proxy follows
 * `X-Forwarded-Proto` only for the proxies `TESSERA_TRUST_PROXY` trusts: trust-proxy.ts), or when the site's
 * public address `TESSERA_PUBLIC_URL` starts with `https:` (a proxy that terminates TLS but is not trusted to
 * name the visitor, or forwards no scheme). A Secure cookie is never sent over plain HTTP, so a session
 * cannot leak on a downgraded or mistyped `http://` link.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { publicUrlFromEnv } from './public-url.js';


declare module 'fastify' {
  interface FastifyInstance {
    /** The site's public address is https (`TESSERA_PUBLIC_URL`): every request counts as served over TLS. */
    publicTls: boolean;
  }
}

/** Whether `TESSERA_PUBLIC_URL` says the site is served over TLS; throws when it is not an origin (public-url.ts). */
export function publicTlsFromEnv(env: NodeJS.ProcessEnv = process.env): boolean {
  return publicUrlFromEnv(env)?.startsWith('https:') === true;
}

/** Whether this request's site is served over TLS (the request's protocol after the trusted-proxy rule, or the public address). */
export function servedOverTls(request: FastifyRequest): boolean {
  return request.protocol === 'https' || request.server.publicTls === true;
}

export interface CookieAttributes {
  /** Default `/`. */
  readonly path?: string;
  /** Default true; false only for a cookie that scripts read. */
  readonly httpOnly?: boolean;
  /** Seconds; absent: the cookie ends with the browser session. */
  readonly maxAge?: number;
}

/** Sets a cookie with the house attributes (see the header). */
export function setSiteCookie(reply: FastifyReply, name: string, value: string, attributes: CookieAttributes = {}): void {
  const { path = '/', httpOnly = true, maxAge } = attributes;
  reply.setCookie(name, value, { path, httpOnly, sameSite: 'lax', secure: servedOverTls(reply.request), ...(maxAge === undefined ? {} : { maxAge }) });
}

/** Clears a cookie set by `setSiteCookie` (same path and attributes, so the browser replaces it). */
export function clearSiteCookie(reply: FastifyReply, name: string, path = '/'): void {
  reply.clearCookie(name, { path, sameSite: 'lax', secure: servedOverTls(reply.request) });
}
