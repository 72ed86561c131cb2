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

/** A part of a time answer: a falsy part (missing, empty, 0, false, an empty list) is "00", any other prints as a variable does ("5", "07", "0"). */
const timePart = (v: unknown) => (isTruthy(v) ? toText(v) : '00');

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
 * a time `9:15:31 am` (falsy parts "00", so `00:5:00 ` for a lone minute), a date `3//`, a name `Ada `, a phone
 * `--4567` (`+1 ` before it for a truthy country), an address's last line `City, State Zip Country` (the second
 * line only when truthy). Parts print as variables print (a list joined with commas, an object empty).
 */
function answerOf(ctx: PluginContext, type: string, value: unknown, values: unknown): Answer | null {
  const v: Json = isObject(values) ? values : {};
  const part = (k: string) => toText(v[k]);
  switch (type) {
    case 'time':
      return { text: `${timePart(v['Hour'])}:${timePart(v['Minute'])}:${timePart(v['Second'])} ${part('Ampm')}` };
    case 'date':
      return { text: `${part('Month')}/${part('Day')}/${part('Year')}` };
    case 'name':
      return { text: `${part('First')} ${part('Last')}` };
    case 'phone': {
      const number = `${part('Areacode')}-${part('Prefix')}-${part('Line')}`;
      return { text: isTruthy(v['Country']) ? `+${part('Country')} ${number}` : number };
    }
    case 'address':
      return {
        block: true,
        lines: [
          { text: part('Line1') },
          ...(isTruthy(v['Line2']) ? [{ text: part('Line2') }] : []),
          { text: `${part('City')}, ${part('State')} ${part('Zip')} ${part('Country')}` },
        ],
      };
    case 'likert':
      // The platform lists the answers' keys: an object's, a list's or a string's indexes, none of a number or
      // boolean; with no answers at all (missing, null) the formatter fails and prints nothing (differential).
      if (values === undefined || values === null) throw new TypeError('a likert field without values');
      return {
        block: true,
        lines: Object.entries(values).map(([question, answer]) => {
          // An answer that is not one of -2..2 as a variable prints it reads as Neutral, as on the platform.
          const [key, english] = LIKERT_LABELS[toText(answer)] ?? LIKERT_LABELS['0']!;
          return { label: question, text: localizedString(ctx, key, english) };
        }),
      };
  }
  // Only a checkbox answer is a list (any truthy values; a list's choices printed as a variable prints them,
  // anything else as no text); other types read `value`.
  if (type === 'checkbox' && isTruthy(values)) return { text: Array.isArray(values) ? values.map(toText).join(', ') : '', list: true };
  // A plain answer as the platform tests it: when it prints as some text (an object does not), and for a
  // checkbox only when truthy too (`false` and `0` are N/A there, printed for other types); written as a
  // variable prints it (a list joined with commas).
  const answer = toText(value);
  if (answer !== '' && (type !== 'checkbox' || isTruthy(value))) return { text: answer };
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
