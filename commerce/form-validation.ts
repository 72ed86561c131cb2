/**
 * Generic forms (spec 000 §3 "Form", §5 "Generic form", §8 "Form submission"): field kinds, the rules a
 * submission must meet and their exact messages, and the submission payload's value shapes. Pure (no DOM, no
 * I/O): the server validates with it, and the form island will run the same rules before it submits.
 *
 * Value shapes (the `form` JSON string of a submission maps each item id to one of these):
 * - single-value kinds (text, textarea, email, number, website, currency, hidden, select, radio): a string;
 * - multi-part kinds (name, address, phone, date, time): a list of strings in the kind's part order
 *   (`PARTS`); a phone of 3 parts gets an empty first (country) part prepended;
 * - checkbox: the list of chosen options;
 * - likert: an object mapping each question to the chosen answer (`-2` … `2`);
 * - section: never in the payload.
 */
import { isRecord } from './json.js';

export const FIELD_KINDS = [
  'address',
  'checkbox',
  'date',
  'hidden',
  'likert',
  'name',
  'phone',
  'radio',
  'select',
  'time',
  'text',
  'textarea',
  'email',
  'number',
  'website',
  'currency',
  'section',
] as const;

export type FieldKind = (typeof FIELD_KINDS)[number];

/** What `{email}` in the spec's email message is filled with (the platform's own example). */
export const EMAIL_EXAMPLE = 'user@domain.com';
export const EMAIL_MIN_LENGTH = 3;
export const EMAIL_MAX_LENGTH = 256;
/** The simple pattern: something, an @, something, a dot, something; no spaces. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The most characters any one value (or part) may hold when the form sets no lower limit (ours). */
export const MAX_VALUE_LENGTH = 10_000;

/** Spec 000 §5 and §8, word for word. */
export const FORM_MESSAGES = {
  required: 'Required',
  tooLong: 'You have exceeded the character limit.',
  invalidEmail: `Email is not valid. Email addresses should follow the format ${EMAIL_EXAMPLE}.`,
  summary: 'One or more fields is invalid, please check your entries.',
  captcha: 'Complete CAPTCHA before submitting.',
  scrollDown: 'Your form has encountered a problem. Please scroll down to review.',
  scrollUp: 'Your form has encountered a problem. Please scroll up to review.',
  noKey: 'Could not get a form submission key, please try again later.',
  unparsable: 'Could not parse the form fields, please check your entries.',
  processing: 'Error processing form submission. Please reload and try again.',
  notConfigured: 'This form has not been configured yet.',
  unauthorized: 'Unable to submit form. Please try again later.',
  rateLimited: 'Unable to submit form. Submission rate limit exceeded. Please try again later.',
  sendFailed: 'Unable to send form. Please try again later.',
  unknown: 'Unknown error, please try again later.',
} as const;

/** The restock form's own rules (spec 000 §5 "Restock"). */
export const RESTOCK_MESSAGES = {
  blank: 'Email cannot be blank',
  invalid: 'Email is invalid',
} as const;

/** The part names of each multi-part kind, in payload order, with their labels and which must be filled. */
export interface Part {
  readonly name: string;
  readonly label: string;
  /** Required when the field is required (the others may stay empty). */
  readonly required: boolean;
}

const part = (name: string, label: string, required = true): Part => ({ name, label, required });

export const PARTS = {
  name: [part('fname', 'First Name'), part('lname', 'Last Name')],
  address: [
    part('address1', 'Address 1'),
    part('address2', 'Address 2', false),
    part('city', 'City'),
    part('state', 'State', false),
    part('zip', 'ZIP Code'),
    part('country', 'Country'),
  ],
  phone: [part('country', 'Country Code', false), part('areacode', 'Area Code'), part('prefix', 'Prefix'), part('line', 'Line')],
  date: [part('month', 'Month'), part('day', 'Day'), part('year', 'Year')],
  time: [part('hour', 'Hour'), part('minute', 'Minute'), part('second', 'Second', false), part('ampm', 'AM/PM', false)],
} as const satisfies Record<string, readonly Part[]>;

export type MultiPartKind = keyof typeof PARTS;

export const isMultiPart = (kind: FieldKind): kind is MultiPartKind => Object.hasOwn(PARTS, kind);

/** Likert answers (the values the order summaries print as Strongly Disagree … Strongly Agree). */
export const LIKERT_SCALE = [
  { value: '-2', label: 'Strongly Disagree' },
  { value: '-1', label: 'Disagree' },
  { value: '0', label: 'Neutral' },
  { value: '1', label: 'Agree' },
  { value: '2', label: 'Strongly Agree' },
] as const;

/** A form item as stored (the `fields` JSON of a form). */
export interface FormField {
  readonly id: string;
  readonly kind: FieldKind;
  readonly title: string;
  readonly required: boolean;
  readonly description?: string;
  readonly placeholder?: string;
  /** Choices of radio, select and checkbox. */
  readonly options?: readonly string[];
  /** Questions of a likert item. */
  readonly questions?: readonly string[];
  /** Textarea: the most characters allowed; 0 or anything but a positive whole number means no limit. */
  readonly maxLength?: number;
  /** Hidden: the preset value (a same-named query parameter wins). */
  readonly value?: string;
}

export type FieldValue = string | string[] | Record<string, string>;

/** Item ids name form fields and JSON keys: letters, digits, `_` and `-`, at most 64. */
export const FIELD_ID_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const strings = (v: unknown): string[] | undefined => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : undefined);

/**
 * A stored definition read leniently: an item without a valid id or a known kind is dropped, as is a repeated
 * id. `kind` may be written `type` (the platform's name).
 */
export function normaliseFields(raw: unknown): FormField[] {
  if (!Array.isArray(raw)) return [];
  const seen = new Set<string>();
  const out: FormField[] = [];
  for (const item of raw) {
    if (!isRecord(item)) continue;
    const id = str(item['id']);
    const kind = str(item['kind']) ?? str(item['type']);
    if (id === undefined || !FIELD_ID_PATTERN.test(id) || seen.has(id)) continue;
    if (kind === undefined || !(FIELD_KINDS as readonly string[]).includes(kind)) continue;
    seen.add(id);
    const field: { -readonly [K in keyof FormField]: FormField[K] } = {
      id,
      kind: kind as FieldKind,
      title: str(item['title']) ?? id,
      // likert is never required; a section holds no value
      required: item['required'] === true && kind !== 'likert' && kind !== 'section' && kind !== 'hidden',
    };
    const description = str(item['description']);
    if (description !== undefined) field.description = description;
    const placeholder = str(item['placeholder']);
    if (placeholder !== undefined) field.placeholder = placeholder;
    const options = strings(item['options']);
    if (options !== undefined) field.options = options;
    const questions = strings(item['questions']);
    if (questions !== undefined) field.questions = questions;
    if (typeof item['maxLength'] === 'number') field.maxLength = item['maxLength'];
    const value = str(item['value']);
    if (value !== undefined) field.value = value;
    out.push(field);
  }
  return out;
}

/** A textarea's limit: a positive whole number, else none. */
export function characterLimit(field: Pick<FormField, 'kind' | 'maxLength'>): number | null {
  const max = field.maxLength;
  return field.kind === 'textarea' && typeof max === 'number' && Number.isSafeInteger(max) && max > 0 ? max : null;
}

/** Characters as a person counts them (code points: an emoji is one). */
export const characterCount = (s: string): number => {
  let n = 0;
  for (const _ of s) n++;
  return n;
};

/** The textarea counter `length / max` and whether it is over; null without a limit (a max of 0 or invalid). */
export function textareaCounter(value: string, maxLength: unknown): { text: string; over: boolean; length: number; max: number } | null {
  if (typeof maxLength !== 'number' || !Number.isSafeInteger(maxLength) || maxLength <= 0) return null;
  const length = characterCount(value);
  return { text: `${length} / ${maxLength}`, over: length > maxLength, length, max: maxLength };
}

/** The email rule shared by forms and restock: 3 to 256 characters matching the simple pattern. */
export function isValidEmail(value: string): boolean {
  return value.length >= EMAIL_MIN_LENGTH && value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);
}

/** The restock form's email message, or null when the address will do. */
export function restockEmailError(value: string): string | null {
  const v = value.trim();
  if (v === '') return RESTOCK_MESSAGES.blank;
  return isValidEmail(v) ? null : RESTOCK_MESSAGES.invalid;
}

/** Where the form's own message is shown decides which way the visitor is sent to look. */
export function scrollMessage(position: 'above' | 'below'): string {
  return position === 'above' ? FORM_MESSAGES.scrollDown : FORM_MESSAGES.scrollUp;
}

/** A value cleaned for storage: strings trimmed (and control characters but newlines and tabs dropped). */
const clean = (v: string) => v.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '').trim();
const cleanLine = (v: unknown) => (typeof v === 'string' ? clean(v) : typeof v === 'number' && Number.isFinite(v) ? String(v) : '');

/**
 * Phone parts: 3 parts (area code, prefix, line) get an empty first (country) part prepended; 4 are kept.
 */
export function phoneParts(parts: readonly string[]): string[] {
  return parts.length === 3 ? ['', ...parts] : [...parts];
}

/**
 * A raw value sanitised to its kind's shape. Options not offered are dropped (an unknown radio or select
 * choice counts as no choice), likert answers outside the scale or for unknown questions too.
 */
export function sanitiseValue(field: FormField, raw: unknown): FieldValue {
  const { kind } = field;
  if (isMultiPart(kind)) {
    const count = PARTS[kind].length;
    let parts: string[];
    if (Array.isArray(raw)) parts = raw.map(cleanLine);
    else if (isRecord(raw)) parts = PARTS[kind].map((p) => cleanLine(raw[p.name]));
    else parts = typeof raw === 'string' && raw.trim() !== '' ? [cleanLine(raw)] : [];
    if (kind === 'phone') parts = phoneParts(parts);
    parts = parts.slice(0, count);
    while (parts.length < count) parts.push('');
    return parts;
  }
  if (kind === 'checkbox') {
    const chosen = (Array.isArray(raw) ? raw : raw === undefined || raw === null || raw === '' ? [] : [raw]).map(cleanLine);
    const options = field.options ?? [];
    return options.filter((o) => chosen.includes(o));
  }
  if (kind === 'likert') {
    const answers: Record<string, string> = {};
    if (isRecord(raw)) {
      for (const q of field.questions ?? []) {
        const a = cleanLine(raw[q]);
        if (LIKERT_SCALE.some((s) => s.value === a)) answers[q] = a;
      }
    }
    return answers;
  }
  const value = cleanLine(Array.isArray(raw) ? raw[0] : raw);
  if ((kind === 'radio' || kind === 'select') && !(field.options ?? []).includes(value)) return '';
  return value;
}

/** The error of one sanitised value, or null. */
export function fieldError(field: FormField, value: FieldValue): string | null {
  const { kind } = field;
  if (kind === 'section' || kind === 'likert') return null;
  if (isMultiPart(kind)) {
    const parts = value as string[];
    if (parts.some((p) => p.length > MAX_VALUE_LENGTH)) return FORM_MESSAGES.tooLong;
    if (field.required && PARTS[kind].some((p, i) => p.required && (parts[i] ?? '') === '')) return FORM_MESSAGES.required;
    return null;
  }
  if (kind === 'checkbox') return field.required && (value as string[]).length === 0 ? FORM_MESSAGES.required : null;
  const text = value as string;
  if (text === '') return field.required ? FORM_MESSAGES.required : null;
  if (characterCount(text) > (characterLimit(field) ?? MAX_VALUE_LENGTH)) return FORM_MESSAGES.tooLong;
  if (kind === 'email' && !isValidEmail(text)) return FORM_MESSAGES.invalidEmail;
  return null;
}

export type FormCheck =
  | { readonly ok: true; readonly values: Record<string, FieldValue> }
  | { readonly ok: false; readonly values: Record<string, FieldValue>; readonly errors: Record<string, string> };

/**
 * Validates raw values (item id → value as sent) against a form's items: `values` holds every item but
 * sections, sanitised; `errors` maps each failing item id to its message.
 */
export function validateForm(fields: readonly FormField[], raw: Readonly<Record<string, unknown>>): FormCheck {
  const values: Record<string, FieldValue> = {};
  const errors: Record<string, string> = {};
  for (const field of fields) {
    if (field.kind === 'section') continue;
    const value = sanitiseValue(field, Object.hasOwn(raw, field.id) ? raw[field.id] : undefined);
    values[field.id] = value;
    const error = fieldError(field, value);
    if (error !== null) errors[field.id] = error;
  }
  return Object.keys(errors).length === 0 ? { ok: true, values } : { ok: false, values, errors };
}

/** A hidden item's value: the same-named query parameter when present, else the preset value. */
export function hiddenValue(field: FormField, query: Readonly<Record<string, unknown>>): string {
  const q = query[field.id];
  const fromQuery = Array.isArray(q) ? q[0] : q;
  return typeof fromQuery === 'string' ? fromQuery : (field.value ?? '');
}

/**
 * The `form` JSON string of a submission (what the island sends): each item's sanitised value, hidden items
 * from the query or their preset, sections skipped.
 */
export function submissionPayload(fields: readonly FormField[], raw: Readonly<Record<string, unknown>>, query: Readonly<Record<string, unknown>> = {}): string {
  const out: Record<string, FieldValue> = {};
  for (const field of fields) {
    if (field.kind === 'section') continue;
    out[field.id] = sanitiseValue(field, field.kind === 'hidden' ? hiddenValue(field, query) : raw[field.id]);
  }
  return JSON.stringify(out);
}

/** The name of one part of a multi-part item in a plain HTML form: `{id}-{part}` (`address-city`). */
export const partFieldName = (id: string, partName: string) => `${id}-${partName}`;
/** The name of one likert question in a plain HTML form: `{id}-{question index}`. */
export const likertFieldName = (id: string, index: number) => `${id}-${index}`;

/**
 * Raw values from a plain HTML form post (urlencoded names as the view model gives them): single items by
 * id, parts as `{id}-{part}`, likert answers as `{id}-{n}`, checkbox choices as repeated `{id}`.
 */
export function valuesFromFormPost(fields: readonly FormField[], body: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const raw: Record<string, unknown> = {};
  const get = (name: string) => (Object.hasOwn(body, name) ? body[name] : undefined);
  for (const field of fields) {
    const { id, kind } = field;
    if (kind === 'section') continue;
    if (isMultiPart(kind)) raw[id] = PARTS[kind].map((p) => get(partFieldName(id, p.name)) ?? '');
    else if (kind === 'likert') raw[id] = Object.fromEntries((field.questions ?? []).map((q, i) => [q, get(likertFieldName(id, i))]));
    else raw[id] = get(id);
  }
  return raw;
}
