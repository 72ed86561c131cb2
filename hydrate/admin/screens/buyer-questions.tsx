/**
 * A product's questions for the buyer in its editor (the additional-fields form of spec 000 §2: asked before the
 * product goes in the cart, an engraving or a delivery date): a form name and its questions, each with its kind,
 * whether it must be answered, and the choices of a choice. Up, Down and Remove per question, "Add a question"
 * below. The server keeps each question's id (answers in carts and orders are keyed by it) and checks the form
 * again (server/merchant/products/additional-fields-form.ts); `formBody` says in words what it would refuse.
 */
import { ADMIN_MESSAGES } from '../messages.js';
import { MoveButtons } from '../screen.js';
import { reordered } from './drag-order.js';

/** The kinds a product's question may be (the server's PRODUCT_FIELD_KINDS), with what the editor calls them. */
const KINDS = [
  ['text', 'Short answer'],
  ['textarea', 'Long answer'],
  ['select', 'Drop-down choice'],
  ['radio', 'One of several'],
  ['checkbox', 'Any of several'],
  ['date', 'Date'],
  ['number', 'Number'],
  ['email', 'E-mail address'],
  ['phone', 'Phone number'],
] as const;
const CHOICES = new Set(['select', 'radio', 'checkbox']);

export interface Question {
  /** React's key for the row (kept across moves). */
  readonly key: string;
  /** The id the server gave it; a new question has none yet. */
  readonly id?: string;
  readonly kind: string;
  readonly title: string;
  readonly required: boolean;
  /** A choice's choices, comma-separated as typed. */
  readonly options: string;
}

export interface Questions {
  readonly formName: string;
  readonly questions: readonly Question[];
}

interface StoredField {
  readonly id: string;
  readonly kind: string;
  readonly title: string;
  readonly required?: boolean;
  readonly options?: readonly string[];
}

let nextKey = 0;
const newKey = () => `question-${++nextKey}`;

/** The editor's questions of a product's stored form (`{ name, fields }` or null). */
export function questionsOf(form: unknown): Questions {
  const stored = form as { name?: string; fields?: StoredField[] } | null;
  if (stored === null || !Array.isArray(stored.fields)) return { formName: '', questions: [] };
  return {
    formName: stored.name ?? '',
    questions: stored.fields.map((f) => ({ key: newKey(), id: f.id, kind: f.kind, title: f.title, required: f.required === true, options: (f.options ?? []).join(', ') })),
  };
}

/** What the API takes (`additionalFieldsForm`), or the first thing wrong in words. */
export function formBody({ formName, questions }: Questions): { ok: true; form: unknown } | { ok: false; message: string } {
  if (questions.length === 0) return { ok: true, form: null };
  const fields = [];
  for (const q of questions) {
    if (q.title.trim() === '') return { ok: false, message: ADMIN_MESSAGES.required('Question') };
    const options = q.options.split(',').map((o) => o.trim()).filter(Boolean);
    if (CHOICES.has(q.kind) && options.length === 0) return { ok: false, message: `The question ${q.title.trim()} needs at least one choice.` };
    fields.push({ ...(q.id === undefined ? {} : { id: q.id }), kind: q.kind, title: q.title.trim(), required: q.required, ...(CHOICES.has(q.kind) ? { options } : {}) });
  }
  return { ok: true, form: { ...(formName.trim() === '' ? {} : { name: formName.trim() }), fields } };
}

export function BuyerQuestions({ value, onChange }: { value: Questions; onChange: (value: Questions) => void }) {
  const { formName, questions } = value;
  const setQuestions = (list: readonly Question[]) => onChange({ formName, questions: list });
  const setQuestion = (index: number, patch: Partial<Question>) => setQuestions(questions.map((q, i) => (i === index ? { ...q, ...patch } : q)));

  return (
    <fieldset>
      <legend>Questions for the buyer</legend>
      <p>Asked before the product goes in the cart: initials to engrave, a delivery date, a colour.</p>
      {questions.length === 0 ? null : (
        <>
          <label htmlFor="questions-name">Form name (optional)</label>
          <input id="questions-name" value={formName} maxLength={200} onChange={(e) => onChange({ formName: e.target.value, questions })} />
        </>
      )}
      {questions.map((q, i) => {
        const n = i + 1;
        return (
          <fieldset key={q.key} className="question">
            <legend>Question {n}</legend>
            <div className="row">
              <div>
                <label htmlFor={`question-${n}-title`}>Question</label>
                <input id={`question-${n}-title`} value={q.title} maxLength={200} onChange={(e) => setQuestion(i, { title: e.target.value })} />
              </div>
              <div>
                <label htmlFor={`question-${n}-kind`}>Answer</label>
                <select id={`question-${n}-kind`} value={q.kind} onChange={(e) => setQuestion(i, { kind: e.target.value })}>
                  {KINDS.map(([kind, label]) => (
                    <option key={kind} value={kind}>
                      {label}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            {CHOICES.has(q.kind) ? (
              <>
                <label htmlFor={`question-${n}-options`}>Choices, separated by commas</label>
                <input id={`question-${n}-options`} value={q.options} onChange={(e) => setQuestion(i, { options: e.target.value })} />
              </>
            ) : null}
            <p>
              <label>
                <input type="checkbox" checked={q.required} onChange={(e) => setQuestion(i, { required: e.target.checked })} /> Must be answered
              </label>
            </p>
            <div className="actions">
              <MoveButtons name={`question ${n}`} first={i === 0} last={i === questions.length - 1} onMove={(by) => setQuestions(reordered(questions, i, i + by))} />
              <button type="button" className="quiet" aria-label={`Remove question ${n}`} onClick={() => setQuestions(questions.filter((_, j) => j !== i))}>
                Remove
              </button>
            </div>
          </fieldset>
        );
      })}
      <button type="button" className="quiet" id="add-question" onClick={() => setQuestions([...questions, { key: newKey(), kind: 'text', title: '', required: false, options: '' }])}>
        Add a question
      </button>
    </fieldset>
  );
}
