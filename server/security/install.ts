/**
 * The app-wide request guards: the anti-forgery crumb, per-visitor write limits and the per-account sign-in
 * throttle (`app.signInThrottle`, used by the owner and customer sign-ins). Hooks are added on the root
 * instance so they cover every route, whichever plugin declares it.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Store } from '../db/database.js';
import type { CommerceStores } from '../db/stores.js';
import { installCrumb, isSafeMethod } from './crumb.js';
import { crumbSecret } from './crumb-secret.js';
import { type BucketRule, bucketKey, DEFAULT_RATE_LIMITS, tooManyMessage } from './rate-limit.js';
import { DEFAULT_SIGN_IN_THROTTLE, SignInThrottle, type ThrottleRule } from './sign-in-throttle.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Rate-limit group of a state-changing route ('cart', 'owner', 'visitor'); default from its path. */
    rateLimit?: string;
  }
  interface FastifyInstance {
    /** Per-account sign-in attempts (sign-in-throttle.ts), shared by every sign-in route. */
    signInThrottle: SignInThrottle;
  }
}

/** The limit group of a write to `url`: the route's own `config.rateLimit`, else cart paths 'cart', others 'visitor'. */
export function rateLimitGroup(url: string, configured: unknown): string {
  if (typeof configured === 'string') return configured;
  if (url.startsWith('/api/commerce/') || url.startsWith('/api/3/commerce/') || url.startsWith('/cart/')) return 'cart';
  return 'visitor';
}

const groupOf = (request: FastifyRequest): string => rateLimitGroup(request.url, request.routeOptions.config.rateLimit);

export interface GuardOptions {
  /** Bucket rules by group (defaults: DEFAULT_RATE_LIMITS). */
  readonly rateLimits?: Readonly<Record<string, BucketRule>>;
  /** The per-account sign-in throttle's rule (default: DEFAULT_SIGN_IN_THROTTLE). */
  readonly signInThrottle?: ThrottleRule;
  /** Clock for the limiter and the throttle (tests). */
  readonly now?: () => number;
}

/**
 * Crumbs are signed with the store's secret (`crumb-secret.ts`); write limits are counted in `stores.rateLimits`
 * (memory on SQLite, the database on PostgreSQL); sign-in attempts in `stores.signInThrottle`.
 */
export async function installGuards(app: FastifyInstance, store: Store, stores: Pick<CommerceStores, 'crumbSecret' | 'rateLimits' | 'signInThrottle'>, options: GuardOptions = {}): Promise<void> {
  installCrumb(app, await crumbSecret(stores.crumbSecret));
  const rules = options.rateLimits ?? DEFAULT_RATE_LIMITS;
  const now = options.now ?? Date.now;
  app.decorate('signInThrottle', new SignInThrottle(stores.signInThrottle, options.signInThrottle ?? DEFAULT_SIGN_IN_THROTTLE, now));
  app.addHook('preValidation', async (request, reply) => {
    if (isSafeMethod(request.method)) return;
    // visitors are told apart by address: cookies are free to drop, so they cannot key a limit
    const group = groupOf(request);
    const rule = rules[group];
    if (rule === undefined) return;
    const verdict = await stores.rateLimits.take(bucketKey(group, request.ip), rule, now());
    if (verdict.ok) return;
    reply.header('retry-after', String(verdict.retryAfterSeconds));
    return reply.code(429).send({ message: tooManyMessage(verdict.retryAfterSeconds) });
  });
}
