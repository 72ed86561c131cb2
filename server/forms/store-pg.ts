/**
 * Form submission keys and submissions on PostgreSQL (store.ts has the interface), as service.ts does on
 * SQLite: a key is kept as its SHA-256 and spent by `DELETE … RETURNING` in the transaction that stores the
 * submission. Two saves racing with one key: the second waits for the first's row lock, then deletes nothing
 * and stores nothing.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, lte } from 'drizzle-orm';
import type { PgStore } from '../db/pg-store.js';
import { formSubmissionKeys, formSubmissions } from '../db/schema-pg.js';
import { hashKey, KEY_LIFETIME_MS, type StoreResult } from './service.js';
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
      return await db.transaction(async (tx): Promise<StoreResult> => {
        if (key !== null) {
          const spent = await tx
            .delete(formSubmissionKeys)
            .where(and(eq(formSubmissionKeys.keyHash, hashKey(key)), gt(formSubmissionKeys.expiresAt, now)))
            .returning({ k: formSubmissionKeys.keyHash });
          if (spent.length !== 1) return { ok: false, reason: 'key' };
        }
        await tx.insert(formSubmissions).values({ id, formId, data: JSON.stringify(values), meta: JSON.stringify(meta), createdAt: now });
        return { ok: true, id };
      });
    },
  };
}
