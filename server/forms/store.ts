/**
 * Form submission keys and submissions behind one async interface (issue 25): a key is issued, checked, and
 * spent once with the submission it guards, in one transaction. `sqliteFormStore` is service.ts answered as a
 * promise; the PostgreSQL twin is store-pg.ts.
 */
import type { FieldValue } from '../../commerce/form-validation.js';
import type { Store } from '../db/database.js';
import { issueSubmissionKey, storeSubmission, type StoreResult, submissionKeyIsLive } from './service.js';

export interface FormStore {
  /** A fresh key; expired keys are swept at the same time. */
  issueKey(now?: number): Promise<string>;
  /** Whether `key` is live (issued, not used, not expired). */
  keyIsLive(key: string, now?: number): Promise<boolean>;
  /** Stores a submission, spending `key` (when not null) in the same transaction; a dead key stores nothing. */
  storeSubmission(formId: string, values: Readonly<Record<string, FieldValue>>, meta: Readonly<Record<string, unknown>>, key: string | null, now?: number): Promise<StoreResult>;
}

export function sqliteFormStore(db: Store): FormStore {
  return {
    issueKey: async (now) => issueSubmissionKey(db, now),
    keyIsLive: async (key, now) => submissionKeyIsLive(db, key, now),
    storeSubmission: async (formId, values, meta, key, now) => storeSubmission(db, formId, values, meta, key, now),
  };
}
