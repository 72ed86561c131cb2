/**
 * Token buckets per visitor and group: each group ('cart', 'owner', …) allows `burst` writes at once and
 * refills `perMinute` tokens a minute. Pure (time comes in), so the rules are testable without waiting.
 */
export interface BucketRule {
  /** Writes allowed in a burst. */
  readonly burst: number;
  /** Tokens added per minute. */
  readonly perMinute: number;
}

/** The words of every 429 (a write limit or a sign-in throttle): `Too many requests: try again in 10 s.` */
export const tooManyMessage = (seconds: number) => `Too many requests: try again in ${seconds} s.`;

export type Verdict = { readonly ok: true } | { readonly ok: false; readonly retryAfterSeconds: number };

interface Bucket {
  tokens: number;
  at: number;
}

/** The bucket of `visitor` in `group` (a group name has no space; no NUL, which PostgreSQL text refuses). */
export const bucketKey = (group: string, visitor: string) => `${group} ${visitor}`;

/**
 * Where the buckets live (issue 25): in this process (`memoryRateLimitStore`, the default on SQLite, where one
 * process serves the store), or in the database, shared by every node (rate-limit-store-pg.ts).
 */
export interface RateLimitStore {
  /** Takes one token from the bucket `key`, which follows `rule`. */
  take(key: string, rule: BucketRule, now: number): Promise<Verdict>;
}

/** The buckets in this process's memory (bounded: the stalest visitors are forgotten first). */
export function memoryRateLimitStore(): RateLimitStore {
  const limiter = new RateLimiter({});
  return { take: async (key, rule, now) => limiter.takeKey(key, rule, now) };
}

/** The most visitors tracked at once; the stalest are dropped first, so memory stays bounded. */
const MAX_KEYS = 50_000;

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(private readonly rules: Readonly<Record<string, BucketRule>>) {}

  /** Takes one token for `visitor` in `group`; groups without a rule are not limited. */
  take(group: string, visitor: string, now: number): Verdict {
    const rule = this.rules[group];
    return rule === undefined ? { ok: true } : this.takeKey(bucketKey(group, visitor), rule, now);
  }

  /** Takes one token from the bucket `key`, which follows `rule`. */
  takeKey(key: string, rule: BucketRule, now: number): Verdict {
    const perMs = rule.perMinute / 60_000;
    let bucket = this.buckets.get(key);
    if (bucket === undefined) {
      bucket = { tokens: rule.burst, at: now };
      if (this.buckets.size >= MAX_KEYS) this.evictOldest();
    } else {
      this.buckets.delete(key); // re-inserted below, so Map order stays least-recently-used first
      bucket.tokens = Math.min(rule.burst, bucket.tokens + Math.max(0, now - bucket.at) * perMs);
      bucket.at = now;
    }
    this.buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { ok: true };
    }
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / perMs / 1000)) };
  }

  private evictOldest(): void {
    const drop = Math.ceil(MAX_KEYS / 10);
    let n = 0;
    for (const key of this.buckets.keys()) {
      if (n++ >= drop) break;
      this.buckets.delete(key);
    }
  }
}

/** Defaults: generous for a shopper, tight enough to blunt scripted abuse. */
export const DEFAULT_RATE_LIMITS: Readonly<Record<string, BucketRule>> = {
  cart: { burst: 60, perMinute: 120 },
  owner: { burst: 30, perMinute: 60 },
  visitor: { burst: 20, perMinute: 30 },
  /** Customer sign-in, sign-up, reset and confirmation e-mails, per address (server/site-users/). */
  'site-user': { burst: 10, perMinute: 10 },
  // analytics beacons (server/analytics/routes.ts): a listing page sends a hit, a button render per product
  // and performance records at once, so the burst is larger than a form's
  analytics: { burst: 120, perMinute: 300 },
};
