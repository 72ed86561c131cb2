/**
 * The reads behind the owner's form submissions (routes.ts): the site's forms with their counts, and one form's
 * submissions newest first, a page at a time by keyset (time, id), which the CSV export walks too, so an export
 * of any size holds one page in memory.
 */
import { and, count, desc, eq, lt, max, or } from 'drizzle-orm';
import { isRecord } from '../../../commerce/json.js';
import { type FieldValue, type FormField, normaliseFields } from '../../../commerce/form-validation.js';
import type { Reads } from '../../db/reads.js';
import { answerText, submittedFrom } from '../../forms/submission-text.js';

export const PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;

export interface FormSummary {
  readonly id: string;
  readonly name: string;
  readonly fields: { id: string; title: string; kind: string }[];
  readonly submissions: number;
  readonly lastSubmittedOn: number | null;
}

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

export async function formsOf({ db, t }: Reads, websiteId: string): Promise<FormSummary[]> {
  const { forms, formSubmissions } = t;
  const [counted, rows] = await Promise.all([
    db
      .select({ formId: formSubmissions.formId, n: count(), last: max(formSubmissions.createdAt) })
      .from(formSubmissions)
      .innerJoin(forms, eq(forms.id, formSubmissions.formId))
      .where(eq(forms.websiteId, websiteId))
      .groupBy(formSubmissions.formId),
    db.select({ id: forms.id, name: forms.name, fields: forms.fields }).from(forms).where(eq(forms.websiteId, websiteId)).orderBy(forms.name, forms.id),
  ]);
  const counts = new Map(counted.map((r) => [r.formId, r]));
  return rows.map((f) => ({
      id: f.id,
      name: f.name,
      fields: normaliseFields(parse(f.fields)).map((field) => ({ id: field.id, title: field.title, kind: field.kind })),
      submissions: counts.get(f.id)?.n ?? 0,
      lastSubmittedOn: counts.get(f.id)?.last ?? null,
    }));
}

/** The site's form with its fields, or null when the site has none of that id. */
export async function formOf({ db, t }: Reads, websiteId: string, formId: string): Promise<{ id: string; name: string; fields: FormField[] } | null> {
  const { forms } = t;
  const [row] = await db.select({ id: forms.id, name: forms.name, fields: forms.fields }).from(forms).where(and(eq(forms.id, formId), eq(forms.websiteId, websiteId)));
  return row === undefined ? null : { id: row.id, name: row.name, fields: normaliseFields(parse(row.fields)) };
}

export interface SubmissionView {
  readonly id: string;
  readonly submittedOn: number;
  /** In the form's field order, then answers to fields the form no longer has (by id). */
  readonly answers: { fieldId: string; title: string; value: FieldValue; text: string }[];
  /** The page it was sent from (a site path), or null. */
  readonly page: string | null;
}

function isFieldValue(v: unknown): v is FieldValue {
  if (typeof v === 'string') return true;
  if (Array.isArray(v)) return v.every((x) => typeof x === 'string');
  return isRecord(v) && Object.values(v).every((x) => typeof x === 'string');
}

function submissionView(row: { id: string; data: string; meta: string; createdAt: number }, fields: readonly FormField[]): SubmissionView {
  const data = parse(row.data);
  const values = isRecord(data) ? data : {};
  const known = new Set(fields.map((f) => f.id));
  const answers = [
    ...fields.map((f) => ({ fieldId: f.id, title: f.title, value: values[f.id] })),
    ...Object.keys(values)
      .filter((id) => !known.has(id))
      .map((id) => ({ fieldId: id, title: id, value: values[id] })),
  ].flatMap((a) => (isFieldValue(a.value) ? [{ ...a, value: a.value, text: answerText(a.value) }] : []));
  return { id: row.id, submittedOn: row.createdAt, answers, page: submittedFrom(parse(row.meta)) };
}

/** A page of the form's submissions, newest first, after the `(time, id)` key of the last one seen. */
export async function submissionsPage(
  { db, t }: Reads,
  form: { id: string; fields: readonly FormField[] },
  after: readonly [number, string] | null,
  limit: number,
): Promise<{ submissions: SubmissionView[]; next: [number, string] | null }> {
  const { formSubmissions } = t;
  const rows = await db
    .select({ id: formSubmissions.id, data: formSubmissions.data, meta: formSubmissions.meta, createdAt: formSubmissions.createdAt })
    .from(formSubmissions)
    .where(
      and(
        eq(formSubmissions.formId, form.id),
        after === null ? undefined : or(lt(formSubmissions.createdAt, after[0]), and(eq(formSubmissions.createdAt, after[0]), lt(formSubmissions.id, after[1]))),
      ),
    )
    .orderBy(desc(formSubmissions.createdAt), desc(formSubmissions.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { submissions: page.map((r) => submissionView(r, form.fields)), next: rows.length > limit && last !== undefined ? [last.createdAt, last.id] : null };
}
