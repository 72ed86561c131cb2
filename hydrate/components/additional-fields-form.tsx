/**
 * A product's additional-fields form: every field kind of a form (single values, select, radio, checkbox, the
 * multi-part kinds, likert), checked with the same rules as the server (`commerce/additional-fields.ts`).
 * `AdditionalFieldsForm` is the lightbox's form (editing a cart line's answers: `onSubmit` gets their JSON
 * string, the button reads `busyLabel`, `Saving…`, meanwhile); `AdditionalFieldsInline` is the same fields
 * inside the buy box, with and without JavaScript, and their error summary.
 */
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { type AdditionalForm, ANSWER_FIELD_PREFIX, checkAnswers } from '../../commerce/additional-fields.js';
import { type FieldValue, type FormField, FORM_MESSAGES, isMultiPart, LIKERT_SCALE, PARTS } from '../../commerce/form-validation.js';

export interface AdditionalFieldsFormProps {
  readonly form: AdditionalForm;
  readonly initial?: Readonly<Record<string, FieldValue>>;
  readonly submitLabel: string;
  readonly busyLabel: string;
  /** Gets the answers; resolves true when they were taken (the lightbox then closes). */
  readonly onSubmit: (answers: string) => Promise<boolean>;
  /** A select's empty choice in the page's language (`form.choose`; absent: English). */
  readonly chooseLabel?: string;
}

const CHOOSE = 'Choose…';

type Values = Record<string, FieldValue>;

/** The id of a field's first control (what focus and an error summary's link go to): `base` is the field's id. */
function firstControlId(field: FormField, base: string): string {
  if (isMultiPart(field.kind)) return `${base}-${PARTS[field.kind][0].name}`;
  if (field.kind === 'radio' || field.kind === 'checkbox') return `${base}-0`;
  if (field.kind === 'likert') return `${base}-0-0`;
  return base;
}

const INPUT_TYPES: Partial<Record<FormField['kind'], string>> = { email: 'email', number: 'number', website: 'url' };

function FieldInput({ field, id, value, error, set, post = false, choose }: { field: FormField; id: string; value: FieldValue | undefined; error: string | undefined; set: (v: FieldValue) => void; post?: boolean; choose: string }) {
  // posted without JavaScript, each input carries the name the server reads; in the lightbox nothing is posted
  const named = (suffix = '') => (post ? { name: `${ANSWER_FIELD_PREFIX}${field.id}${suffix}` } : {});
  const errorId = `${id}-error`;
  const invalid = error !== undefined ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {};
  const text = typeof value === 'string' ? value : '';
  const list = Array.isArray(value) ? value : [];
  const errorText = error !== undefined ? <p className="field-error form-field-error" id={errorId}>{error}</p> : null;
  const legend = (
    <legend>
      {field.title}
      {field.required ? <span className="required" aria-hidden="true"> *</span> : null}
    </legend>
  );
  if (isMultiPart(field.kind)) {
    return (
      <fieldset className="form-parts" {...(error !== undefined ? { 'aria-describedby': errorId } : {})}>
        {legend}
        {errorText}
        <div className="form-parts-row">
          {PARTS[field.kind].map((p, i) => (
            <div className="form-part" key={p.name}>
              <label htmlFor={`${id}-${p.name}`}>{p.label}</label>
              <input id={`${id}-${p.name}`} type="text" {...named(`-${p.name}`)} value={list[i] ?? ''} onChange={(e) => set(PARTS[field.kind as keyof typeof PARTS].map((_, j) => (j === i ? e.target.value : (list[j] ?? ''))))} />
            </div>
          ))}
        </div>
      </fieldset>
    );
  }
  if (field.kind === 'radio' || field.kind === 'checkbox') {
    return (
      <fieldset className="form-choices" {...(error !== undefined ? { 'aria-describedby': errorId } : {})}>
        {legend}
        {errorText}
        {(field.options ?? []).map((o, i) => (
          <label className="form-choice" key={o} htmlFor={`${id}-${i}`}>
            <input
              id={`${id}-${i}`}
              type={field.kind}
              name={post ? `${ANSWER_FIELD_PREFIX}${field.id}` : id}
              value={o}
              checked={field.kind === 'radio' ? text === o : list.includes(o)}
              onChange={(e) => set(field.kind === 'radio' ? o : e.target.checked ? [...list, o] : list.filter((x) => x !== o))}
            />{' '}
            {o}
          </label>
        ))}
      </fieldset>
    );
  }
  if (field.kind === 'likert') {
    const answers = typeof value === 'object' && !Array.isArray(value) ? value : {};
    return (
      <fieldset className="form-parts">
        {legend}
        {(field.questions ?? []).map((q, i) => (
          <fieldset className="form-choices form-likert" key={q}>
            <legend>{q}</legend>
            {LIKERT_SCALE.map((s, j) => (
              <label className="form-choice" key={s.value} htmlFor={`${id}-${i}-${j}`}>
                <input id={`${id}-${i}-${j}`} type="radio" name={post ? `${ANSWER_FIELD_PREFIX}${field.id}-${i}` : `${id}-${i}`} value={s.value} checked={answers[q] === s.value} onChange={() => set({ ...answers, [q]: s.value })} /> {s.label}
              </label>
            ))}
          </fieldset>
        ))}
      </fieldset>
    );
  }
  const label = (
    <label htmlFor={id}>
      {field.title}
      {field.required ? <span className="required" aria-hidden="true"> *</span> : null}
    </label>
  );
  if (field.kind === 'select') {
    return (
      <>
        {label}
        {errorText}
        <select id={id} {...named()} value={text} onChange={(e) => set(e.target.value)} {...invalid}>
          <option value="">{choose}</option>
          {(field.options ?? []).map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
      </>
    );
  }
  if (field.kind === 'textarea') {
    return (
      <>
        {label}
        {errorText}
        <textarea id={id} rows={4} {...named()} value={text} onChange={(e) => set(e.target.value)} {...invalid} />
      </>
    );
  }
  return (
    <>
      {label}
      {errorText}
      <input id={id} type={INPUT_TYPES[field.kind] ?? 'text'} {...named()} value={text} placeholder={field.placeholder} onChange={(e) => set(e.target.value)} {...invalid} />
    </>
  );
}

export function AdditionalFieldsForm({ form, initial = {}, submitLabel, busyLabel, onSubmit, chooseLabel }: AdditionalFieldsFormProps) {
  const id = useId();
  const [values, setValues] = useState<Values>(() => ({ ...initial }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    // the lightbox is a portal: React would carry this submit on to the product's own form
    event.stopPropagation();
    if (busy) return;
    const check = checkAnswers(form, values);
    if (!check.ok) {
      setErrors(check.errors);
      const first = form.fields.find((f) => check.errors[f.id] !== undefined);
      if (first !== undefined) document.getElementById(firstControlId(first, `${id}${first.id}`))?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    const taken = await onSubmit(check.answers);
    if (!taken) setBusy(false);
  }

  const shown = form.fields.filter((f) => f.kind !== 'hidden');
  return (
    <form className="additional-fields-form content-form" noValidate onSubmit={(e) => void submit(e)}>
      {Object.keys(errors).length > 0 ? (
        <p className="form-submit-message field-error" role="alert">
          {FORM_MESSAGES.summary}
        </p>
      ) : null}
      {shown.map((field) =>
        field.kind === 'section' ? (
          <h3 className="form-section-title" key={field.id}>
            {field.title}
          </h3>
        ) : (
          <div className={`form-field form-field-${field.kind}${errors[field.id] !== undefined ? ' form-field--error' : ''}`} key={field.id}>
            <FieldInput field={field} id={`${id}${field.id}`} value={values[field.id]} error={errors[field.id]} set={(v) => setValues((old) => ({ ...old, [field.id]: v }))} choose={chooseLabel ?? CHOOSE} />
          </div>
        ),
      )}
      <button type="submit" className="button" disabled={busy}>
        {busy ? busyLabel : submitLabel}
      </button>
    </form>
  );
}

export interface AdditionalFieldsInlineProps {
  readonly form: AdditionalForm;
  readonly values: Readonly<Record<string, FieldValue>>;
  /** Each refused field's message by field id. */
  readonly errors: Readonly<Record<string, string>>;
  /** Counts the refusals: each new one shows the summary afresh, and it takes focus. */
  readonly refusal?: number;
  readonly onChange: (fieldId: string, value: FieldValue) => void;
  /** A select's empty choice in the page's language (`form.choose`; absent: English). */
  readonly chooseLabel?: string;
}

/**
 * The fields inside the product's own form: posted with the add under `answer:…` names without JavaScript
 * (the server checks them with the same rules and, refused, renders the product page again with them); read
 * by the buy box with it. The fields stay where they are once the island runs, so nothing moves. Refused, the
 * summary on top names each field and its message (a link to it) and takes focus, on the server's page
 * (`autofocus`) and in the island alike.
 */
export function AdditionalFieldsInline({ form, values, errors, refusal = 0, onChange, chooseLabel }: AdditionalFieldsInlineProps) {
  const id = useId();
  const fields = form.fields.filter((f) => f.kind !== 'hidden' && f.kind !== 'section');
  const refused = fields.filter((f) => errors[f.id] !== undefined);
  const summary = useRef<HTMLDivElement>(null);
  // React focuses only form controls for `autoFocus`: a refusal in the island focuses its summary itself
  useEffect(() => {
    if (refusal > 0) summary.current?.focus();
  }, [refusal]);
  return (
    <fieldset className="additional-fields-inline">
      <legend>{form.name}</legend>
      {refused.length > 0 ? (
        // `autofocus` serves the page a refused plain post came back to (the browser focuses it as the page loads);
        // React does not write it on the client, hence no hydration warning for it
        <div className="error-summary form-error-summary" role="alert" tabIndex={-1} autoFocus suppressHydrationWarning key={refusal} ref={summary}>
          <h2 className="form-error-summary-title">{FORM_MESSAGES.summary}</h2>
          <ul>
            {refused.map((field) => (
              <li key={field.id}>
                <a href={`#${firstControlId(field, `${id}${field.id}`)}`}>{`${field.title}: ${errors[field.id] ?? ''}`}</a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {fields.map((field) => (
        <div className={`form-field form-field-${field.kind}${errors[field.id] !== undefined ? ' form-field--error' : ''}`} key={field.id}>
          <FieldInput field={field} id={`${id}${field.id}`} value={values[field.id]} error={errors[field.id]} set={(v) => onChange(field.id, v)} post choose={chooseLabel ?? CHOOSE} />
        </div>
      ))}
    </fieldset>
  );
}
