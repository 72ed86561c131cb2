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
 * 429 tells nothing about which exist). The counts are behind `SignInThrottleStore` (SQLite here,
 * sign-in-throttle-pg.ts for PostgreSQL), the rule (`decideAttempt`) written once.
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

/** The row of an account's attempts: everyone's, or those of its known devices (counted apart). */
const accountKey = (kind: AccountKind, email: string, knownDevice: boolean) =>
  createHash('sha256').update(`${kind}\u0000${email.trim().toLowerCase()}${knownDevice ? '\u0000known-device' : ''}`).digest('hex');

/** The wait after the `attempts`-th attempt in a row (0 while within the free ones). */
export function waitAfter(rule: ThrottleRule, attempts: number): number {
  if (attempts < rule.freeAttempts) return 0;
  return Math.min(rule.maxWaitMs, rule.firstWaitMs * 2 ** Math.min(attempts - rule.freeAttempts, 30));
}

/** An account's count, as the store keeps it (`sign_in_throttle`; times epoch ms). */
export interface ThrottleRow {
  readonly attempts: number;
  readonly lastAttemptAt: number;
  readonly waitUntil: number;
}

/** What one attempt does: its answer, the row to keep (when admitted), and whether to sweep counts older than `forgetBefore`. */
export interface AttemptDecision {
  readonly admission: Admission;
  readonly write?: ThrottleRow;
  readonly forgetBefore?: number;
}

/** The rule for one attempt at an account whose count is `row` (undefined: none), at `now`. Both databases use it. */
export function decideAttempt(rule: ThrottleRule, row: ThrottleRow | undefined, now: number): AttemptDecision {
  if (row !== undefined && now < row.waitUntil) return { admission: { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((row.waitUntil - now) / 1000)) } };
  const fresh = row === undefined || now - row.lastAttemptAt >= rule.forgetAfterMs;
  const attempts = (fresh ? 0 : row.attempts) + 1;
  return { admission: { ok: true }, write: { attempts, lastAttemptAt: now, waitUntil: now + waitAfter(rule, attempts) }, ...(fresh ? { forgetBefore: now - rule.forgetAfterMs } : {}) };
}

/**
 * Where the counts live (issue 25: every node counts together): `attempt` reads the account's row and writes what
 * `decide` says in one transaction that no other attempt at the account can enter; `forget` deletes rows.
 */
export interface SignInThrottleStore {
  attempt(account: string, now: number, decide: (row: ThrottleRow | undefined) => AttemptDecision): Promise<Admission>;
  forget(accounts: readonly string[]): Promise<void>;
}

interface Row {
  attempts: number;
  last_attempt_at: number;
  wait_until: number;
}

/** The counts in SQLite: one immediate transaction per attempt (another process over the file waits for it). */
export function sqliteSignInThrottleStore(store: Store): SignInThrottleStore {
  const db = store.$client;
  const read = db.prepare<[string], Row>('SELECT attempts, last_attempt_at, wait_until FROM sign_in_throttle WHERE account = ?');
  const write = db.prepare('INSERT OR REPLACE INTO sign_in_throttle (account, attempts, last_attempt_at, wait_until) VALUES (?, ?, ?, ?)');
  const forget = db.prepare('DELETE FROM sign_in_throttle WHERE account = ?');
  const sweep = db.prepare('DELETE FROM sign_in_throttle WHERE last_attempt_at < ? AND wait_until < ?');
  return {
    async attempt(account, now, decide) {
      return db
        .transaction((): Admission => {
          const row = read.get(account);
          const decision = decide(row === undefined ? undefined : { attempts: row.attempts, lastAttemptAt: row.last_attempt_at, waitUntil: row.wait_until });
          if (decision.forgetBefore !== undefined) sweep.run(decision.forgetBefore, now);
          if (decision.write !== undefined) write.run(account, decision.write.attempts, decision.write.lastAttemptAt, decision.write.waitUntil);
          return decision.admission;
        })
        .immediate();
    },
    async forget(accounts) {
      for (const account of accounts) forget.run(account);
    },
  };
}

export class SignInThrottle {
  constructor(
    private readonly store: SignInThrottleStore,
    private readonly rule: ThrottleRule = DEFAULT_SIGN_IN_THROTTLE,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Admits an attempt at the account, counting it, or refuses it while the account waits (not counted). Call
   * `succeeded` when its password was right. Attempts from a known device (`knownDevice`) have their own count.
   */
  admit(kind: AccountKind, email: string, knownDevice = false): Promise<Admission> {
    const now = this.now();
    return this.store.attempt(accountKey(kind, email, knownDevice), now, (row) => decideAttempt(this.rule, row, now));
  }

  /** The right password: the account's counts start again. */
  succeeded(kind: AccountKind, email: string): Promise<void> {
    return this.store.forget([accountKey(kind, email, false), accountKey(kind, email, true)]);
  }
}
