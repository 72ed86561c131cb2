/**
 * The generic form's submit flow (spec 000 §4 "Generic form", §7, §8), apart from the page: validate with the
 * rules the server uses (`commerce/form-validation.ts`), obtain a key, save, and word every failure as the
 * spec's catalogue does. The island (`islands/form.tsx`) only moves these outcomes onto the page.
 */
import type { RuleMessages } from '../commerce/messages/rule-text.js';
import { FORM_MESSAGES, type FormField, submissionPayload, validateForm } from '../commerce/form-validation.js';
import { safeUrl } from '../commerce/safe-url.js';
import { api, type ApiResult } from './api.js';

/** What the server renders into the form block's `data-form` (the form view model's `definition`). */
export interface FormDefinition {
  readonly id: string;
  readonly fields: readonly FormField[];
  readonly successRedirect?: string;
  readonly submissionMessage?: string;
  readonly submissionHTML?: string;
  /** Present when the form shows a captcha. */
  readonly captcha?: { readonly enterpriseV3: boolean };
  /** The form rules' words in the site's language, by the English they replace (commerce/messages/rule-text.ts). */
  readonly messages?: RuleMessages;
}

export type SubmitOutcome =
  | { readonly kind: 'done'; readonly redirect?: string }
  /** Per-field messages (client rules or the server's `data.errors`), with the summary. */
  | { readonly kind: 'invalid'; readonly errors: Readonly<Record<string, string>>; readonly message: string }
  | { readonly kind: 'failed'; readonly message: string };

export interface SubmitInput {
  /** Raw values as `valuesFromFormPost` reads a plain post. */
  readonly raw: Readonly<Record<string, unknown>>;
  /** The page's query (hidden items take a same-named parameter). */
  readonly query: Readonly<Record<string, unknown>>;
  /** The captcha's token; undefined when the form has none. */
  readonly captchaToken?: string;
  /** Page fields sent beside the submission (scalars). */
  readonly page: Readonly<Record<string, string>>;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A refused call in the spec's words: 401, 404, 429, 500, a 400 with field errors, else `data.error`. */
export function failureOutcome(result: Extract<ApiResult<unknown>, { ok: false }>): SubmitOutcome {
  const data = isRecord(result.data) ? result.data : {};
  switch (result.status) {
    case 401:
      return { kind: 'failed', message: FORM_MESSAGES.unauthorized };
    case 404:
      return { kind: 'failed', message: FORM_MESSAGES.notConfigured };
    case 429:
      return { kind: 'failed', message: FORM_MESSAGES.rateLimited };
    case 500:
      return { kind: 'failed', message: FORM_MESSAGES.sendFailed };
  }
  if (result.status === 400 && isRecord(data['errors'])) {
    const errors: Record<string, string> = {};
    for (const [id, message] of Object.entries(data['errors'])) if (typeof message === 'string') errors[id] = message;
    if (Object.keys(errors).length > 0) return { kind: 'invalid', errors, message: FORM_MESSAGES.summary };
  }
  if (typeof data['error'] === 'string' && data['error'] !== '') return { kind: 'failed', message: data['error'] };
  return { kind: 'failed', message: FORM_MESSAGES.unknown };
}

/** Runs the whole flow; never throws. */
export async function submitForm(form: FormDefinition, input: SubmitInput): Promise<SubmitOutcome> {
  const check = validateForm(form.fields, input.raw);
  const errors: Record<string, string> = check.ok ? {} : { ...check.errors };
  if (form.captcha !== undefined && (input.captchaToken ?? '') === '') errors['captcha'] = FORM_MESSAGES.captcha;
  if (Object.keys(errors).length > 0) return { kind: 'invalid', errors, message: FORM_MESSAGES.summary };

  const key = await api<{ key?: unknown }>('POST', '/api/form/FormSubmissionKey', {});
  if (!key.ok) return key.status === 429 || key.status === 401 ? failureOutcome(key) : { kind: 'failed', message: FORM_MESSAGES.noKey };
  if (typeof key.data.key !== 'string') return { kind: 'failed', message: FORM_MESSAGES.noKey };

  const body: Record<string, unknown> = {
    ...input.page,
    key: key.data.key,
    formId: form.id,
    form: submissionPayload(form.fields, input.raw, input.query),
  };
  if (form.captcha !== undefined) {
    if (form.captcha.enterpriseV3) body['recaptchaEnterpriseV3Token'] = input.captchaToken;
    else body['captchaKey'] = input.captchaToken;
  }
  const saved = await api<unknown>('POST', '/api/form/SaveFormSubmission', body);
  if (!saved.ok) return failureOutcome(saved);
  // followed only when the URL rule admits it (a site path or an http(s) address): never `javascript:`
  const redirect = safeUrl(form.successRedirect, 'web');
  return redirect !== null ? { kind: 'done', redirect } : { kind: 'done' };
}
