/**
 * The app-wide request guards: the anti-forgery crumb and per-visitor write limits. Hooks are added on the
 * root instance so they cover every route, whichever plugin declares it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { installCrumb, isSafeMethod } from './crumb.js';
import { type BucketRule, DEFAULT_RATE_LIMITS, RateLimiter } from './rate-limit.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Rate-limit group of a state-changing route ('cart', 'owner', 'visitor'); default from its path. */
    rateLimit?: string;
  }
}

/** The limit group of a write: a route's own `config.rateLimit`, else cart paths 'cart', others 'visitor'. */
function groupOf(request: FastifyRequest): string {
  const configured = request.routeOptions.config.rateLimit;
  if (typeof configured === 'string') return configured;
  const url = request.url;
  if (url.startsWith('/api/commerce/') || url.startsWith('/api/3/commerce/') || url.startsWith('/cart/')) return 'cart';
  return 'visitor';
}

export interface GuardOptions {
  /** Bucket rules by group (defaults: DEFAULT_RATE_LIMITS). */
  readonly rateLimits?: Readonly<Record<string, BucketRule>>;
  /** Clock for the limiter (tests). */
  readonly now?: () => number;
}

/** `secret` signs the crumbs (`crumb-secret.ts`). */
export function installGuards(app: FastifyInstance, secret: string, options: GuardOptions = {}): void {
  installCrumb(app, secret);
  const limiter = new RateLimiter(options.rateLimits ?? DEFAULT_RATE_LIMITS);
  const now = options.now ?? Date.now;
  app.addHook('preValidation', async (request, reply) => {
    if (isSafeMethod(request.method)) return;
    // visitors are told apart by address: cookies are free to drop, so they cannot key a limit
    const verdict = limiter.take(groupOf(request), request.ip, now());
    if (verdict.ok) return;
    reply.header('retry-after', String(verdict.retryAfterSeconds));
    return reply.code(429).send({ message: `Too many requests: try again in ${verdict.retryAfterSeconds} s.` });
  });
}
