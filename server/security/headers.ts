/**
 * The security headers of every answer, from one place (issue 30). Our own plugin rather than
 * `@fastify/helmet`: helmet's nonces are made per request and handed to the route, where the page is already
 * rendered or kept as bytes (server/routes/page-response.ts); here a fixed slot in the markup is filled on the
 * way out (nonce.ts), which also covers pages rendered outside a route (the error and not-found pages). And the
 * policy differs by theme kind, where helmet sets one.
 *
 * Every answer, page, JSON, island script, image or asset alike:
 * - `X-Content-Type-Options: nosniff`: a file is only ever what its type says (no upload read as script);
 * - `Referrer-Policy: strict-origin-when-cross-origin`: another site learns the origin, never a page's path
 *   and query (a cart token, an order page);
 * - `X-Frame-Options: SAMEORIGIN` beside the policy's `frame-ancestors 'self'` (older browsers): no framing by
 *   another site (clickjacking);
 * - `Strict-Transport-Security: max-age=31536000` when the site is served over TLS (cookies.ts: the request's
 *   protocol after the trusted-proxy rule, or `TESSERA_PUBLIC_URL`), never on plain HTTP;
 * - `Content-Security-Policy` (content-policy.ts): the default theme's strict one, with this answer's nonce on
 *   HTML answers and with no script at all on others; a platform theme's looser one (`unsafe-inline`, no nonce:
 *   a nonce would make browsers ignore `unsafe-inline`, which its inline scripts need). A route that sets one of
 *   these headers itself keeps its own (the owner's /config pages' policy, an order file's `no-referrer`).
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { contentPolicy, defaultThemePolicy } from './content-policy.js';
import { servedOverTls } from './cookies.js';
import { fillNonce, newNonce } from './nonce.js';

export interface SecurityHeadersOptions {
  /** A platform theme's site (its looser policy) rather than Tessera's default theme. */
  readonly platform: boolean;
  /** A platform theme's allowed origins (allowed-origins.ts). */
  readonly allowedOrigins: readonly string[];
  /** Origins the default theme's pages may connect to besides this server (the instalment provider's page), per answer. */
  readonly connectOrigins?: () => readonly string[];
}

export const HSTS = 'max-age=31536000';

/** Each HTML answer's nonce, for hooks that add markup after these headers were set (the dev server's). */
const nonces = new WeakMap<FastifyReply, string>();

/** The nonce of an HTML answer whose headers are set; null for any other answer. */
export const answerNonce = (reply: FastifyReply): string | null => nonces.get(reply) ?? null;

const isHtml = (type: unknown) => typeof type === 'string' && /^text\/html\b/i.test(type);

export const securityHeaders: FastifyPluginAsync<SecurityHeadersOptions> = Object.assign(
  async (app: Parameters<FastifyPluginAsync<SecurityHeadersOptions>>[0], { platform, allowedOrigins, connectOrigins = () => [] }: SecurityHeadersOptions) => {
    const platformPolicy = contentPolicy(allowedOrigins);
    // a callback hook, not an async one (see server/multilingual/language-paths.ts): nothing here waits
    app.addHook('onSend', (request, reply, payload, done) => {
      // a route's own, stricter value stays (an order's file: no-referrer)
      const set = (name: string, value: string) => {
        if (!reply.hasHeader(name)) reply.header(name, value);
      };
      set('x-content-type-options', 'nosniff');
      set('referrer-policy', 'strict-origin-when-cross-origin');
      set('x-frame-options', 'SAMEORIGIN');
      if (servedOverTls(request)) set('strict-transport-security', HSTS);
      const html = isHtml(reply.getHeader('content-type'));
      // a page's slots are filled on any theme (a platform theme's pages carry the island loader too)
      const nonce = html ? newNonce() : null;
      if (nonce !== null) nonces.set(reply, nonce);
      // and its own policy (the owner's /config pages, the demo's SVG pictures)
      if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', platform ? platformPolicy : defaultThemePolicy(nonce, connectOrigins()));
      if (nonce === null || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) return done(null, payload);
      done(null, fillNonce(payload, nonce));
    });
  },
  // Fastify's documented way for a plugin's hooks to apply to its parent (what `fastify-plugin` sets)
  { [Symbol.for('skip-override')]: true },
);
