/**
 * Per-account sign-in throttling (issue 24), beside the per-address limits of the app's limiter: many addresses
 * guessing at one account are slowed down as one. Kept in the store (`sign_in_throttle`), so a restart does not
 * forgive a guesser and several servers over one store count together.
 *
 * Every attempt is counted before its password is checked (so a hundred guesses sent at once cannot all pass
 * before the first one fails), and a success forgets the account's count. The first FREE_FAILURES attempts in
 * a row cost nothing (typos); from then on each one makes the account wait before the next: 1 s, 2 s, 4 s, …,
 * doubling up to 5 minutes. An attempt during a wait is refused (429) without being counted, so a guesser
 * cannot push the wait further out: whoever tries after it ends, with the right password, signs in. A browser
 * where the account signed in before (known-device.ts) is counted apart, so a guesser who keeps the account
 * waiting does not keep its owner out. A count with no attempt for a day is forgotten. Accounts are keyed by a
 * hash of their kind and e-mail, known or not (an unknown address is throttled exactly like a known one, so a
 * 429 tells nothing about which exist).
 */
import { createHash } from 'node:crypto';
import type { Store } from '../db/database.js';

export interface ThrottleRule {
  /** Attempts in a row before any wait. */
  readonly freeAttempts: number;
  /** The wait after the first attempt past them (ms); each later one doubles it. */
  readonly firstWaitMs: number;
  /** The longest wait (ms): what keeps a guesser from locking the owner out for long. */
  readonly maxWaitMs: number;
  /** A count with no attempt for this long starts again from zero (ms). */
  readonly forgetAfterMs: number;
}

export const DEFAULT_SIGN_IN_THROTTLE: ThrottleRule = { freeAttempts: 5, firstWaitMs: 1_000, maxWaitMs: 5 * 60_000, forgetAfterMs: 24 * 60 * 60_000 };

/** Who signs in: the site's owners and contributors, or its customers (separate accounts, separate counts). */
export type AccountKind = 'owner' | 'site-user';

export type Admission = { readonly ok: true } | { readonly ok: false; readonly retryAfterSeconds: number };

interface Row {
  attempts: number;
  last_attempt_at: number;
  wait_until: number;
}

/** The row of an account's attempts: everyone's, or those of its known devices (counted apart). */
const accountKey = (kind: AccountKind, email: string, knownDevice: boolean) =>
  createHash('sha256').update(`${kind}\u0000${email.trim().toLowerCase()}${knownDevice ? '\u0000known-device' : ''}`).digest('hex');

/** The wait after the `attempts`-th attempt in a row (0 while within the free ones). */
export function waitAfter(rule: ThrottleRule, attempts: number): number {
  if (attempts < rule.freeAttempts) return 0;
  return Math.min(rule.maxWaitMs, rule.firstWaitMs * 2 ** Math.min(attempts - rule.freeAttempts, 30));
}

export class SignInThrottle {
  private readonly read;
  private readonly write;
  private readonly forget;
  private readonly sweep;

  constructor(
    private readonly store: Store,
    private readonly rule: ThrottleRule = DEFAULT_SIGN_IN_THROTTLE,
    private readonly now: () => number = Date.now,
  ) {
    const db = store.$client;
    this.read = db.prepare<[string], Row>('SELECT attempts, last_attempt_at, wait_until FROM sign_in_throttle WHERE account = ?');
    this.write = db.prepare('INSERT OR REPLACE INTO sign_in_throttle (account, attempts, last_attempt_at, wait_until) VALUES (?, ?, ?, ?)');
    this.forget = db.prepare('DELETE FROM sign_in_throttle WHERE account = ?');
    this.sweep = db.prepare('DELETE FROM sign_in_throttle WHERE last_attempt_at < ? AND wait_until < ?');
  }

  /**
   * Admits an attempt at the account, counting it, or refuses it while the account waits (not counted). Call
   * `succeeded` when its password was right. Attempts from a known device (`knownDevice`) have their own count.
   */
  admit(kind: AccountKind, email: string, knownDevice = false): Admission {
    const key = accountKey(kind, email, knownDevice);
    const now = this.now();
    // immediate: another server over the store counts between our read and our write no more than we do
    return this.store.$client.transaction((): Admission => {
      const row = this.read.get(key);
      if (row !== undefined && now < row.wait_until) return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((row.wait_until - now) / 1000)) };
      const fresh = row === undefined || now - row.last_attempt_at >= this.rule.forgetAfterMs;
      const attempts = (fresh ? 0 : row.attempts) + 1;
      if (fresh) this.sweep.run(now - this.rule.forgetAfterMs, now);
      this.write.run(key, attempts, now, now + waitAfter(this.rule, attempts));
      return { ok: true };
    }).immediate();
  }

  /** The right password: the account's counts start again. */
  succeeded(kind: AccountKind, email: string): void {
    this.forget.run(accountKey(kind, email, false));
    this.forget.run(accountKey(kind, email, true));
  }
}
