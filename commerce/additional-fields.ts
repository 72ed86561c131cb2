/**
 * A product's additional-fields form (spec 000 §2 "Additional-fields form", §3 cart entry `additionalFields`,
 * §4, §8, §9): the form as a product carries it, the answers a cart entry keeps (the submission payload's
 * JSON string: item id → sanitised value) and their checking, and the lightbox's constants. Pure: the
 * product and cart islands and the cart API use the same rules.
 */
import { type FieldValue, type FormField, normaliseFields, submissionPayload, validateForm, valuesFromFormPost } from './form-validation.js';
import { isRecord } from './json.js';

/** The field name a plain post sends an answer under: `answer:{item id}` (parts and likert questions suffixed as
 * `valuesFromFormPost` reads them). */
export const ANSWER_FIELD_PREFIX = 'answer:';

export interface AdditionalForm {
  readonly name: string;
  readonly fields: readonly FormField[];
}

/** Spec 000 §4 and §8, word for word. */
export const ADDITIONAL_FIELDS_MESSAGES = {
  saving: 'Saving…',
  updateFailed: 'Unable to update form',
  openFailed: 'Unable to open form',
} as const;

/** Spec 000 §9: the lightbox re-centres at most every 100 ms while the window resizes, and keeps 50 px above a
 * form taller than the window. */
export const LIGHTBOX_RESIZE_DEBOUNCE_MS = 100;
export const LIGHTBOX_TOP_MARGIN_PX = 50;

/**
 * The form from a product's `structuredContent.additionalFieldsForm` (`{ name, fields }`), or null when the
 * product has none. Items stored without an id (as older forms are) get `field-{n}`.
 */
export function additionalForm(raw: unknown): AdditionalForm | null {
  if (!isRecord(raw) || !Array.isArray(raw['fields'])) return null;
  const items = raw['fields'].map((item, i) => (isRecord(item) && typeof item['id'] !== 'string' ? { ...item, id: `field-${i + 1}` } : item));
  const fields = normaliseFields(items);
  if (fields.length === 0) return null;
  return { name: typeof raw['name'] === 'string' && raw['name'] !== '' ? raw['name'] : 'Additional information', fields };
}

/** An answer as the cart keeps one: a text, a list of texts (checkboxes) or an object of texts (parts, likert). */
export function isAnswerValue(v: unknown): v is FieldValue {
  if (typeof v === 'string') return true;
  if (Array.isArray(v)) return v.every((x) => typeof x === 'string');
  return isRecord(v) && Object.values(v).every((x) => typeof x === 'string');
}

/** What a client is told when `additionalFields` is not answers of that shape (issue 30: `{"q":null}`). */
export const ANSWERS_SHAPE_MESSAGE = 'additionalFields must be a JSON object of answers, each a text, a list of texts or an object of texts.';

/** Whether `text` is answers as the cart keeps them: a JSON object whose every value `isAnswerValue`. */
export function answersHaveShape(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) && Object.values(value).every(isAnswerValue);
  } catch {
    return false;
  }
}

/**
 * The stored answers (a JSON object string) as values, {} when unreadable; an answer of another shape (a
 * `null` kept before answers were checked, a hand-edited row) is left out, so one bad value never takes the
 * cart's lines down with it.
 */
export function parseAnswers(text: string | null | undefined): Record<string, FieldValue> {
  if (typeof text !== 'string' || text === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return {};
  }
  if (!isRecord(value)) return {};
  const out: Record<string, FieldValue> = {};
  for (const [id, answer] of Object.entries(value)) if (isAnswerValue(answer)) out[id] = answer;
  return out;
}

export type AnswersCheck = { readonly ok: true; readonly answers: string } | { readonly ok: false; readonly errors: Record<string, string> };

/** Checks answers (raw values by item id) against the form; the JSON string a cart entry keeps when they pass. */
export function checkAnswers(form: AdditionalForm, raw: Readonly<Record<string, unknown>>): AnswersCheck {
  const check = validateForm(form.fields, raw);
  if (!check.ok) return { ok: false, errors: check.errors };
  return { ok: true, answers: submissionPayload(form.fields, raw) };
}

/** The answers as lines to show beside a cart entry: `Initials: AK`. */
export function answerLines(form: AdditionalForm | null, text: string | null | undefined): { label: string; value: string }[] {
  const answers = parseAnswers(text);
  const title = (id: string) => form?.fields.find((f) => f.id === id)?.title ?? id;
  return Object.entries(answers)
    .map(([id, v]) => ({ label: title(id), value: typeof v === 'string' ? v : Array.isArray(v) ? v.filter((x) => x !== '').join(' ') : Object.entries(v).map(([q, a]) => `${q} ${a}`).join(', ') }))
    .filter((line) => line.value !== '');
}

/**
 * The answers a plain post carries (`answer:…` fields) as raw values by item id, or undefined when the post has
 * none (a theme's form without our fields).
 */
export function rawAnswersFromPost(form: AdditionalForm | null, body: Readonly<Record<string, unknown>>): Record<string, unknown> | undefined {
  if (form === null) return undefined;
  const fields: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(body)) if (name.startsWith(ANSWER_FIELD_PREFIX)) fields[name.slice(ANSWER_FIELD_PREFIX.length)] = value;
  if (Object.keys(fields).length === 0) return undefined;
  return valuesFromFormPost(form.fields, fields);
}

/** Raw answers as the form's fields show them again (a refused post's page): one checkbox choice as a list. */
export function answersAsValues(form: AdditionalForm, raw: Readonly<Record<string, unknown>>): Record<string, FieldValue> {
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  const values: Record<string, FieldValue> = {};
  for (const field of form.fields) {
    const v = raw[field.id];
    if (v === undefined || v === null) continue;
    if (Array.isArray(v)) values[field.id] = v.map(text);
    else if (isRecord(v)) values[field.id] = Object.fromEntries(Object.entries(v).filter(([, a]) => typeof a === 'string')) as Record<string, string>;
    else values[field.id] = field.kind === 'checkbox' ? [text(v)] : text(v);
  }
  return values;
}
