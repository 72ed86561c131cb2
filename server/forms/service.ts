/**
 * Stored forms and their submissions: the definition of a form (table `forms`, fields as JSON), single-use
 * submission keys (table `form_submission_keys`, SHA-256 only) and submissions (table `form_submissions`).
 * Every write is one immediate SQLite transaction, acknowledged only once committed.
 */
import { safeUrl } from '../../commerce/safe-url.js';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, lte } from 'drizzle-orm';
import { type FieldValue, type FormField, normaliseFields } from '../../commerce/form-validation.js';
import { isRecord } from '../../commerce/json.js';
import { collectionSettings } from '../content.js';
import type { Store } from '../db/database.js';
import type { Reads } from '../db/reads.js';
import { get, runSqliteSync, type Work } from '../db/work.js';
import { formSubmissionKeys, formSubmissions, forms } from '../db/schema.js';
import { siteDataOf } from '../site-data.js';
import { queueFormNotificationStep } from '../email/form-notification.js';

export type FormRow = typeof forms.$inferSelect;

export interface FormDefinition {
  readonly row: FormRow;
  readonly fields: FormField[];
}

/** How long a submission key stays good (ours: the spec says only that it is fetched before each save). */
export const KEY_LIFETIME_MS = 30 * 60_000;

export function loadFormDefinition(store: Store, id: string): FormDefinition | null {
  return formDefinitionFrom(store.select().from(forms).where(eq(forms.id, id)).get());
}

/** The same on either database (server/db/reads.ts): the form pages and the forms API read it so. */
export async function formDefinitionOf({ db, t }: Reads, id: string): Promise<FormDefinition | null> {
  return formDefinitionFrom((await db.select().from(t.forms).where(eq(t.forms.id, id)))[0]);
}

/** The same as a step of a piece of work (server/db/work.ts), e.g. inside the submission's transaction. */
export function* formDefinitionStep({ db, t }: Reads, id: string): Work<FormDefinition | null> {
  return formDefinitionFrom(yield* get(db.select().from(t.forms).where(eq(t.forms.id, id))));
}

/** The owner's notice of a stored submission, queued in its transaction on either database (store-pg.ts too). */
export function* submissionNoticeStep(
  q: Reads,
  formId: string,
  values: Readonly<Record<string, FieldValue>>,
  meta: Readonly<Record<string, unknown>>,
  submissionId: string,
  now: number,
): Work<void> {
  const form = yield* formDefinitionStep(q, formId);
  if (form !== null) yield* queueFormNotificationStep(q, form, values, meta, submissionId, now);
}

function formDefinitionFrom(row: typeof forms.$inferSelect | undefined): FormDefinition | null {
  if (row === undefined) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(row.fields);
  } catch {
    parsed = [];
  }
  return { row, fields: normaliseFields(parsed) };
}

/** The enabled content page that shows the form (`settings.formId`), if any, among the site data's collections. */
export function formPage(store: Store, formId: string) {
  return siteDataOf(store).collections.find((c) => c.enabled && collectionSettings(c)['formId'] === formId) ?? null;
}

export const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** A fresh key (32 random bytes, base64url); expired keys are swept at the same time. */
export function issueSubmissionKey(store: Store, now: number = Date.now()): string {
  const key = randomBytes(32).toString('base64url');
  store.transaction(
    (tx) => {
      tx.delete(formSubmissionKeys).where(lte(formSubmissionKeys.expiresAt, now)).run();
      tx.insert(formSubmissionKeys).values({ keyHash: hashKey(key), createdAt: now, expiresAt: now + KEY_LIFETIME_MS }).run();
    },
    { behavior: 'immediate' },
  );
  return key;
}

/** Whether `key` is live (issued, not used, not expired). */
export function submissionKeyIsLive(store: Store, key: string, now: number = Date.now()): boolean {
  if (key === '' || key.length > 200) return false;
  const row = store
    .select({ k: formSubmissionKeys.keyHash })
    .from(formSubmissionKeys)
    .where(and(eq(formSubmissionKeys.keyHash, hashKey(key)), gt(formSubmissionKeys.expiresAt, now)))
    .get();
  return row !== undefined;
}

export type StoreResult = { readonly ok: true; readonly id: string } | { readonly ok: false; readonly reason: 'key' };

/**
 * Stores a submission and queues the owner's notice of it (server/email/form-notification.ts). With a key, the
 * key is spent in the same transaction (so two saves racing with one key store one submission); a key already
 * spent or expired stores nothing.
 */
export function storeSubmission(
  store: Store,
  formId: string,
  values: Readonly<Record<string, FieldValue>>,
  meta: Readonly<Record<string, unknown>>,
  key: string | null,
  now: number = Date.now(),
): StoreResult {
  const id = randomUUID();
  return store.transaction(
    (tx) => {
      if (key !== null) {
        const spent = tx
          .delete(formSubmissionKeys)
          .where(and(eq(formSubmissionKeys.keyHash, hashKey(key)), gt(formSubmissionKeys.expiresAt, now)))
          .run();
        if (spent.changes !== 1) return { ok: false, reason: 'key' } as const;
      }
      tx.insert(formSubmissions).values({ id, formId, data: JSON.stringify(values), meta: JSON.stringify(meta), createdAt: now }).run();
      runSqliteSync(tx as unknown as Store, (q) => submissionNoticeStep(q, formId, values, meta, id, now));
      return { ok: true, id } as const;
    },
    { behavior: 'immediate' },
  );
}

/** A success redirect worth following: a site path (`/thanks`, never `//host`) or an http(s) address (commerce/safe-url.ts). */
export const safeRedirect = (target: string | null): string | null => safeUrl(target, 'web');

/** Page and event fields sent with a submission, kept as they came (only scalars). */
export function submissionMeta(body: Readonly<Record<string, unknown>>, known: ReadonlySet<string>): Record<string, unknown> {
  const meta: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) if (!known.has(k) && !isRecord(v) && !Array.isArray(v)) meta[k] = v;
  return meta;
}
