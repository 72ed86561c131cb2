/**
 * Form submission keys and submissions on PostgreSQL (store.ts has the interface), as service.ts does on
 * SQLite: a key is kept as its SHA-256 and spent by `DELETE … RETURNING` in the transaction that stores the
 * submission and queues the owner's notice of it. Two saves racing with one key: the second waits for the first's
 * row lock, then deletes nothing and stores nothing.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, lte } from 'drizzle-orm';
import type { PgStore } from '../db/pg-store.js';
import { formSubmissionKeys } from '../db/schema-pg.js';
import { all, pgTransactions, run, type Work } from '../db/work.js';
import { hashKey, KEY_LIFETIME_MS, type StoreResult, submissionNoticeStep } from './service.js';
import type { FormStore } from './store.js';

export function pgFormStore(db: PgStore): FormStore {
  return {
    async issueKey(now = Date.now()) {
      const key = randomBytes(32).toString('base64url');
      await db.transaction(async (tx) => {
        await tx.delete(formSubmissionKeys).where(lte(formSubmissionKeys.expiresAt, now));
        await tx.insert(formSubmissionKeys).values({ keyHash: hashKey(key), createdAt: now, expiresAt: now + KEY_LIFETIME_MS });
      });
      return key;
    },

    async keyIsLive(key, now = Date.now()) {
      if (key === '' || key.length > 200) return false;
      const rows = await db
        .select({ k: formSubmissionKeys.keyHash })
        .from(formSubmissionKeys)
        .where(and(eq(formSubmissionKeys.keyHash, hashKey(key)), gt(formSubmissionKeys.expiresAt, now)));
      return rows.length > 0;
    },

    async storeSubmission(formId, values, meta, key, now = Date.now()): Promise<StoreResult> {
      const id = randomUUID();
      // the owner's notice is queued in the same transaction, as on SQLite (service.ts `storeSubmission`)
      return await pgTransactions(db).write(function* (q): Work<StoreResult> {
        const { formSubmissionKeys: keys, formSubmissions: submissions } = q.t;
        if (key !== null) {
          const spent = yield* all(q.db.delete(keys).where(and(eq(keys.keyHash, hashKey(key)), gt(keys.expiresAt, now))).returning({ k: keys.keyHash }));
          if (spent.length !== 1) return { ok: false, reason: 'key' };
        }
        yield* run(q.db.insert(submissions).values({ id, formId, data: JSON.stringify(values), meta: JSON.stringify(meta), createdAt: now }));
        yield* submissionNoticeStep(q, formId, values, meta, id, now);
        return { ok: true, id };
      });
    },
  };
}
