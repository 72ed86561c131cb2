/**
 * `summary-form-field`: one answer of a form (an order's additional fields, a form submission) as the
 * platform's e-mail summaries show it, by field type: address, checkbox, date, likert, name, phone, time.
 */
import { isObject, isTruthy, toText } from '../../values.js';
import { text } from '../content/scalars.js';
import type { Formatter, PluginContext } from '../types.js';
import { SUMMARY_FORM_FIELD } from './markup.js';
import { label, localizedString } from './strings.js';

type Json = Record<string, unknown>;

/** Likert answers -2..2 and their English labels; themes may translate them through localizedStrings. */
export const LIKERT_LABELS: Readonly<Record<string, readonly [key: string, english: string]>> = {
  '-2': ['productSummaryFormLikertStronglyDisagreeText', 'Strongly Disagree'],
  '-1': ['productSummaryFormLikertDisagreeText', 'Disagree'],
  '0': ['productSummaryFormLikertNeutralText', 'Neutral'],
  '1': ['productSummaryFormLikertAgreeText', 'Agree'],
  '2': ['productSummaryFormLikertStronglyAgreeText', 'Strongly Agree'],
};

/** A part of a time answer: a missing, empty or zero part is "00", any other is written as it is ("5", "07"). */
const timePart = (v: unknown) => text(v) === '' || v === 0 || v === '0' ? '00' : text(v);

interface Answer {
  text?: string;
  list?: boolean;
  /** Shown as a block of lines (an address, likert answers), even when there are none. */
  block?: boolean;
  lines?: { label?: string; text: string }[];
}

/**
 * The answer as the platform writes it. Each kind has a fixed layout whose missing parts are left empty, as
 * the platform leaves them (found against the reference engine, and the Java fixtures for the whole answers):
 * a time `9:15:31 am` (missing parts "00", so `00:5:00 ` for a lone minute), a date `3//`, a name `Ada `,
 * a phone `--4567`, an address's last line `City, State Zip Country`.
 */
function answerOf(ctx: PluginContext, type: string, value: unknown, values: unknown): Answer | null {
  const v: Json = isObject(values) ? values : {};
  const part = (k: string) => text(v[k]);
  switch (type) {
    case 'time':
      return { text: `${timePart(v['Hour'])}:${timePart(v['Minute'])}:${timePart(v['Second'])} ${part('Ampm')}` };
    case 'date':
      return { text: `${part('Month')}/${part('Day')}/${part('Year')}` };
    case 'name':
      return { text: `${part('First')} ${part('Last')}` };
    case 'phone': {
      const number = `${part('Areacode')}-${part('Prefix')}-${part('Line')}`;
      return { text: part('Country') === '' ? number : `+${part('Country')} ${number}` };
    }
    case 'address':
      return {
        block: true,
        lines: [
          { text: part('Line1') },
          ...(part('Line2') === '' ? [] : [{ text: part('Line2') }]),
          { text: `${part('City')}, ${part('State')} ${part('Zip')} ${part('Country')}` },
        ],
      };
    case 'likert':
      return {
        block: true,
        lines: Object.entries(v).map(([question, answer]) => {
          // An answer that is not one of -2..2 reads as Neutral, as on the platform.
          const [key, english] = LIKERT_LABELS[text(answer)] ?? LIKERT_LABELS['0']!;
          return { label: question, text: localizedString(ctx, key, english) };
        }),
      };
  }
  // Only a checkbox answer is a list (each choice printed as a variable prints it); other types read `value`.
  if (type === 'checkbox' && Array.isArray(values) && values.length > 0) return { text: values.map(toText).join(', '), list: true };
  // A plain answer as the platform tests it: anything truthy, written as text (a list joined with commas).
  if (isTruthy(value)) return { text: toText(value) };
  return null;
}

const summaryFormField: Formatter = {
  name: 'summary-form-field',
  format(value, _args, ctx) {
    // Anything that is not a field still renders the box, with no title and no answer.
    const field: Json = isObject(value) ? value : {};
    const answer = answerOf(ctx, text(field['type']), field['value'], field['values']) ?? {
      text: label(ctx, 'productSummaryFormNoAnswerText'),
    };
    // Every field of the view is set, so no lookup in the built-in template walks out into the page's data.
    return ctx.renderBuiltin(SUMMARY_FORM_FIELD, { title: text(field['rawTitle']), text: '', list: false, block: false, lines: [], ...answer });
  },
};

export const FORM_FORMATTERS: Formatter<any>[] = [summaryFormField];
