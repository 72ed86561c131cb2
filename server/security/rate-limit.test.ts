import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limit.js';

describe('RateLimiter', () => {
  const rules = { cart: { burst: 2, perMinute: 60 } };

  it('allows the burst, then refuses with the seconds until the next token', () => {
    const limiter = new RateLimiter(rules);
    expect(limiter.take('cart', 'a', 0)).toEqual({ ok: true });
    expect(limiter.take('cart', 'a', 0)).toEqual({ ok: true });
    expect(limiter.take('cart', 'a', 0)).toEqual({ ok: false, retryAfterSeconds: 1 });
    expect(limiter.take('cart', 'a', 400)).toEqual({ ok: false, retryAfterSeconds: 1 });
    expect(limiter.take('cart', 'a', 1000)).toEqual({ ok: true });
  });

  it('keeps visitors and groups apart, and leaves groups without a rule unlimited', () => {
    const limiter = new RateLimiter(rules);
    limiter.take('cart', 'a', 0);
    limiter.take('cart', 'a', 0);
    expect(limiter.take('cart', 'b', 0).ok).toBe(true);
    for (let i = 0; i < 100; i++) expect(limiter.take('other', 'a', 0).ok).toBe(true);
  });

  it('never refills above the burst', () => {
    const limiter = new RateLimiter(rules);
    limiter.take('cart', 'a', 0);
    const later = 3_600_000;
    expect(limiter.take('cart', 'a', later).ok).toBe(true);
    expect(limiter.take('cart', 'a', later).ok).toBe(true);
    expect(limiter.take('cart', 'a', later).ok).toBe(false);
  });
});
