/**
 * The form view model templates render (docs/storefront.md "Forms"): every field with its kind, label, input name and id,
 * the value to show, its options, parts or questions, its error and counter; the error summary (GOV.UK style,
 * each entry linking to its field); and the success state. The same model serves the page as first shown,
 * re-shown after a refused plain post (status 400, what was typed kept), and after a successful one.
 */
import {
  characterLimit,
  type FieldValue,
  FORM_MESSAGES,
  type FormField,
  hiddenValue,
  isMultiPart,
  LIKERT_SCALE,
  likertFieldName,
  PARTS,
  partFieldName,
  textareaCounter,
} from '../../commerce/form-validation.js';
import type { MessageKey } from '../../commerce/messages/en-US.js';
import { localRuleText, RULE_TEXT, ruleMessages } from '../../commerce/messages/rule-wording.js';
import { type Translate, translator } from '../../commerce/messages/translate.js';
import { safeUrl } from '../../commerce/safe-url.js';
import type { Json } from '../commerce/catalog.js';
import { type CaptchaConfig, TEST_CAPTCHA_TOKEN } from './captcha.js';
import type { FormDefinition } from './service.js';

export interface FormViewState {
  /** The query of the page (hidden items take a same-named parameter; `submitted={formId}` shows the success state). */
  readonly query?: Readonly<Record<string, unknown>>;
  /** Values to show again (sanitised), after a refused post. */
  readonly values?: Readonly<Record<string, FieldValue>>;
  /** Item id → message; `captcha` for the captcha. */
  readonly errors?: Readonly<Record<string, string>>;
  readonly captchaError?: string;
  readonly submitted?: boolean;
  /** The site's language: the form's own words (parts, likert, messages) are its catalog's. Default `en-US`. */
  readonly language?: string;
}

/** The messages the form island may say (hydrate/islands/form.ts): the form rules' and its busy label. */
const FORM_ISLAND_KEYS: readonly MessageKey[] = [...new Set([...RULE_TEXT.values()].filter((key) => key.startsWith('form.') || key === 'cart.answersInvalid')), 'form.submitting'];

/** A part's label key: the phone's country code is not the address's country. */
const partKey = (kind: string, name: string) => (kind === 'phone' && name === 'country' ? 'form.part.phoneCountry' : `form.part.${name}`) as MessageKey;

/** Query parameter that marks the page shown after a successful plain post: `?submitted={formId}`. */
export const SUBMITTED_PARAM = 'submitted';

const str = (v: FieldValue | undefined): string => (typeof v === 'string' ? v : '');

/** Browsers fill these parts from the visitor's saved details (WCAG 1.3.5 asks for it on personal data). */
const PART_AUTOCOMPLETE: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  name: { fname: 'given-name', lname: 'family-name' },
  address: { address1: 'address-line1', address2: 'address-line2', city: 'address-level2', state: 'address-level1', zip: 'postal-code', country: 'country-name' },
};

function fieldView(formId: string, field: FormField, value: FieldValue | undefined, error: string | undefined, query: Readonly<Record<string, unknown>>, t: Translate): Json {
  const inputId = `${formId}-${field.id}`;
  const descriptionId = field.description === undefined ? undefined : `${inputId}-description`;
  const errorId = `${inputId}-error`;
  const describedBy = [descriptionId, error === undefined ? undefined : errorId].filter((id) => id !== undefined).join(' ');
  const base: Json = {
    id: field.id,
    kind: field.kind,
    type: field.kind,
    title: field.title,
    label: field.title,
    name: field.id,
    inputId,
    required: field.required,
    description: field.description,
    descriptionId,
    placeholder: field.placeholder,
    error,
    hasError: error !== undefined,
    errorId,
    /** The field's `aria-describedby`: its description and its error, when it has them. */
    describedBy: describedBy === '' ? undefined : describedBy,
    isSection: field.kind === 'section',
    isHidden: field.kind === 'hidden',
    /** Where the error summary links to: the first input of the field. */
    targetId: inputId,
  };
  if (isMultiPart(field.kind)) {
    const parts = Array.isArray(value) ? value : [];
    base['parts'] = PARTS[field.kind].map((p, i) => ({
      name: partFieldName(field.id, p.name),
      partName: p.name,
      label: t(partKey(field.kind, p.name)),
      inputId: `${inputId}-${p.name}`,
      required: field.required && p.required,
      autocomplete: PART_AUTOCOMPLETE[field.kind]?.[p.name],
      value: parts[i] ?? '',
    }));
    base['targetId'] = `${inputId}-${PARTS[field.kind][0].name}`;
    return base;
  }
  if (field.kind === 'checkbox' || field.kind === 'radio' || field.kind === 'select') {
    const chosen = Array.isArray(value) ? value : [str(value)];
    base['options'] = (field.options ?? []).map((o, i) => ({
      value: o,
      label: o,
      inputId: `${inputId}-${i}`,
      selected: chosen.includes(o),
      checked: chosen.includes(o),
    }));
    if (field.kind !== 'select' && (field.options ?? []).length > 0) base['targetId'] = `${inputId}-0`;
    base['value'] = field.kind === 'checkbox' ? undefined : str(value);
    return base;
  }
  if (field.kind === 'likert') {
    const answers = typeof value === 'object' && !Array.isArray(value) ? value : {};
    base['questions'] = (field.questions ?? []).map((q, i) => ({
      question: q,
      label: q,
      name: likertFieldName(field.id, i),
      inputId: `${inputId}-${i}`,
      options: LIKERT_SCALE.map((s, j) => ({ value: s.value, label: t(`likert.${s.value}` as MessageKey), inputId: `${inputId}-${i}-${j}`, checked: answers[q] === s.value })),
    }));
    if ((field.questions ?? []).length > 0) base['targetId'] = `${inputId}-0-0`;
    return base;
  }
  if (field.kind === 'section') return base;
  const text = field.kind === 'hidden' && value === undefined ? hiddenValue(field, query) : str(value);
  base['value'] = text;
  const max = characterLimit(field);
  if (max !== null) {
    base['maxLength'] = max;
    base['counter'] = textareaCounter(text, max) ?? undefined;
  }
  return base;
}

/**
 * The view model of `form` for a page. `captcha` is the site's captcha configuration: the widget is shown
 * only when the form asks for one and the site has a key.
 */
export function formView(form: FormDefinition, captcha: CaptchaConfig, state: FormViewState = {}): Json {
  const { row, fields } = form;
  const query = state.query ?? {};
  const language = state.language ?? 'en-US';
  const t = translator(language);
  const say = (text: string | undefined) => (text === undefined ? undefined : localRuleText(text, language));
  const errors = state.errors ?? {};
  const views = fields.map((f) => fieldView(row.id, f, state.values?.[f.id], say(errors[f.id]), query, t));
  const captchaError = say(state.captchaError);
  const captchaShown = row.captchaEnabled && captcha.siteKey !== null;
  const captchaId = `${row.id}-captcha`;
  const summaryItems = views
    .filter((v) => v['error'] !== undefined)
    .map((v) => ({ fieldId: v['id'], label: v['label'], message: v['error'], href: `#${String(v['targetId'])}` }));
  if (captchaError !== undefined) summaryItems.push({ fieldId: 'captcha', label: 'CAPTCHA', message: captchaError, href: `#${captchaId}` });
  const hasErrors = summaryItems.length > 0;
  const submitted = state.submitted === true || query[SUBMITTED_PARAM] === row.id;
  // only a redirect the URL rule admits reaches the page (commerce/safe-url.ts); the island checks it again
  const successRedirect = safeUrl(row.successRedirect, 'web') ?? undefined;
  return {
    id: row.id,
    name: row.name,
    /** What the form island needs (hydrate/form-submission.ts `FormDefinition`), as JSON for `data-form`. */
    definition: JSON.stringify({
      id: row.id,
      fields,
      successRedirect,
      submissionMessage: row.submissionMessage,
      submissionHTML: row.submissionHtml,
      captcha: captchaShown ? { enterpriseV3: captcha.enterpriseV3 } : undefined,
      messages: ruleMessages(language, FORM_ISLAND_KEYS),
    }),
    action: `/forms/${encodeURIComponent(row.id)}`,
    method: 'post',
    fields: views,
    hasErrors,
    errorSummary: hasErrors ? { title: say(FORM_MESSAGES.summary), items: summaryItems } : undefined,
    /** The summary sits above the form, so the visitor is sent down to the fields. */
    scrollMessage: hasErrors ? say(FORM_MESSAGES.scrollDown) : undefined,
    submitted,
    submissionMessage: row.submissionMessage,
    submissionHTML: row.submissionHtml,
    successRedirect,
    disclaimerMessage: row.disclaimerMessage,
    captchaEnabled: row.captchaEnabled,
    captchaTheme: row.captchaTheme,
    captchaAlignment: row.captchaAlignment,
    captcha: captchaShown
      ? {
          siteKey: captcha.siteKey,
          theme: row.captchaTheme,
          alignment: row.captchaAlignment,
          checkbox: !captcha.enterpriseV3,
          enterpriseV3: captcha.enterpriseV3,
          inputId: captchaId,
          error: captchaError,
          /** The test provider's widget is a plain checkbox carrying its token, so it works without JavaScript. */
          testToken: captcha.provider.name === 'test' ? TEST_CAPTCHA_TOKEN : undefined,
        }
      : undefined,
  };
}
