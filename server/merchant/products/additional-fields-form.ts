/**
 * A product's additional-fields form as the merchant sets it (issue 26 "additional-fields forms"; spec 000 §2): a
 * name and the questions a buyer answers before the product goes in the cart, stored on the product as the
 * storefront reads it (`structuredContent.additionalFieldsForm`, commerce/additional-fields.ts). The kinds a
 * product's form offers are the form builder's that make sense for one line of an order (no address or name
 * blocks, no hidden values, no likert grid: those belong to a page's form); a choice needs its choices.
 */
import { additionalForm } from '../../../commerce/additional-fields.js';
import { FIELD_ID_PATTERN } from '../../../commerce/form-validation.js';

export const PRODUCT_FIELD_KINDS = ['text', 'textarea', 'select', 'radio', 'checkbox', 'date', 'number', 'email', 'phone'] as const;
const CHOICE_KINDS: ReadonlySet<string> = new Set(['select', 'radio', 'checkbox']);
export const MAX_FORM_FIELDS = 30;
const MAX_CHOICES = 50;

const text = (maxLength: number) => ({ type: 'string', maxLength, pattern: '^[^\\r\\n]*$' }) as const;

/** The body's `additionalFieldsForm`: the form, or null for none. */
export const additionalFieldsFormSchema = {
  type: ['object', 'null'],
  required: ['fields'],
  properties: {
    name: text(200),
    fields: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_FORM_FIELDS,
      items: {
        type: 'object',
        required: ['kind', 'title'],
        properties: {
          id: { type: 'string', pattern: FIELD_ID_PATTERN.source },
          kind: { type: 'string', enum: [...PRODUCT_FIELD_KINDS] },
          title: { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' },
          required: { type: 'boolean' },
          description: text(500),
          placeholder: text(200),
          options: { type: 'array', maxItems: MAX_CHOICES, items: { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S' } },
        },
        additionalProperties: false,
      },
    },
  },
  additionalProperties: false,
} as const;

export interface FormFieldBody {
  id?: string;
  kind: (typeof PRODUCT_FIELD_KINDS)[number];
  title: string;
  required?: boolean;
  description?: string;
  placeholder?: string;
  options?: string[];
}

export interface AdditionalFieldsFormBody {
  name?: string;
  fields: FormFieldBody[];
}

export const FORM_MESSAGES = {
  choicesNeeded: (title: string) => `The question ${title} needs at least one choice.`,
  choicesOnlyForChoices: (title: string) => `Only a choice (select, radio or checkbox) has choices: ${title}.`,
  choiceTaken: (title: string) => `The question ${title} has the same choice twice.`,
  idTaken: 'Two questions have the same id.',
} as const;

/**
 * The stored JSON of a form sent, or a refusal. Questions keep the ids they were sent with (answers in carts and
 * orders are keyed by them); a new one gets the next free `field-{n}`. Titles and choices are trimmed.
 */
export function storedForm(body: AdditionalFieldsFormBody | null): { ok: true; json: string | null } | { ok: false; message: string } {
  if (body === null) return { ok: true, json: null };
  const taken = new Set(body.fields.flatMap((f) => (f.id === undefined ? [] : [f.id])));
  if (taken.size !== body.fields.filter((f) => f.id !== undefined).length) return { ok: false, message: FORM_MESSAGES.idTaken };
  let next = 1;
  const freeId = () => {
    while (taken.has(`field-${next}`)) next++;
    taken.add(`field-${next}`);
    return `field-${next}`;
  };
  const fields = [];
  for (const f of body.fields) {
    const title = f.title.trim();
    const choices = f.options?.map((o) => o.trim());
    if (CHOICE_KINDS.has(f.kind) && (choices === undefined || choices.length === 0)) return { ok: false, message: FORM_MESSAGES.choicesNeeded(title) };
    if (!CHOICE_KINDS.has(f.kind) && choices !== undefined && choices.length > 0) return { ok: false, message: FORM_MESSAGES.choicesOnlyForChoices(title) };
    if (choices !== undefined && new Set(choices.map((c) => c.toLowerCase())).size !== choices.length) return { ok: false, message: FORM_MESSAGES.choiceTaken(title) };
    fields.push({
      id: f.id ?? freeId(),
      kind: f.kind,
      title,
      required: f.required ?? false,
      ...(f.description === undefined || f.description.trim() === '' ? {} : { description: f.description.trim() }),
      ...(f.placeholder === undefined || f.placeholder.trim() === '' ? {} : { placeholder: f.placeholder.trim() }),
      ...(choices === undefined || choices.length === 0 ? {} : { options: choices }),
    });
  }
  const form = { name: body.name?.trim() || 'Additional information', fields };
  // the storefront reads it back with the same rule (commerce/additional-fields.ts): nothing sent may be lost there
  if (additionalForm(form)?.fields.length !== fields.length) return { ok: false, message: FORM_MESSAGES.idTaken };
  return { ok: true, json: JSON.stringify(form) };
}
