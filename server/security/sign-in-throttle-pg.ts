/**
 * Sign-in counts on PostgreSQL (sign-in-throttle.ts has the interface and the rule): an attempt first makes sure
 * the account's row exists (`ON CONFLICT DO NOTHING`: a row of 0 attempts at time 0 counts as none), then locks it
 * (`SELECT … FOR UPDATE`), so attempts at one account from any node run one after another and a hundred guesses
 * sent at once are counted one by one.
 */
import { and, eq, inArray, lt, ne } from 'drizzle-orm';
import type { PgStore } from '../db/pg-store.js';
import { signInThrottle } from '../db/schema-pg.js';
import type { SignInThrottleStore } from './sign-in-throttle.js';

export function pgSignInThrottleStore(db: PgStore): SignInThrottleStore {
  return {
    async attempt(account, now, decide) {
      return await db.transaction(async (tx) => {
        await tx.insert(signInThrottle).values({ account, attempts: 0, lastAttemptAt: 0, waitUntil: 0 }).onConflictDoNothing();
        const [row] = await tx.select().from(signInThrottle).where(eq(signInThrottle.account, account)).for('update');
        const decision = decide(row === undefined || row.attempts === 0 ? undefined : row);
        if (decision.forgetBefore !== undefined) {
          // not this account's row: it is the one being written (and may be the placeholder just made)
          await tx
            .delete(signInThrottle)
            .where(and(lt(signInThrottle.lastAttemptAt, decision.forgetBefore), lt(signInThrottle.waitUntil, now), ne(signInThrottle.account, account)));
        }
        // a placeholder is never refused (it counts as no row), so it is always written over here
        if (decision.write !== undefined) await tx.update(signInThrottle).set(decision.write).where(eq(signInThrottle.account, account));
        return decision.admission;
      });
    },
    async forget(accounts) {
      await db.delete(signInThrottle).where(inArray(signInThrottle.account, [...accounts]));
    },
  };
}
