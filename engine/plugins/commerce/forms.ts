/**
 * `summary-form-field`: one answer of a form (an order's additional fields, a form submission) as the
 * platform's e-mail summaries show it, by field type: address, checkbox, date, likert, name, phone, time.
 */
import { isObject } from '../../values.js';
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

const twoDigits = (v: unknown) => text(v === undefined || v === null || v === '' ? 0 : v).padStart(2, '0');

const joinPresent = (sep: string, ...parts: string[]) => parts.filter((p) => p !== '').join(sep);

interface Answer {
  text?: string;
  list?: boolean;
  lines?: { label?: string; text: string }[];
}

function answerOf(ctx: PluginContext, type: string, value: unknown, values: unknown): Answer | null {
  if (isObject(values)) {
    const v = values as Json;
    switch (type) {
      case 'address':
        return {
          lines: [
            { text: text(v['Line1']) },
            { text: text(v['Line2']) },
            { text: joinPresent(' ', joinPresent(', ', text(v['City']), text(v['State'])), text(v['Zip']), text(v['Country'])) },
          ].filter((l) => l.text !== ''),
        };
      case 'date':
        return { text: joinPresent('/', text(v['Month']), text(v['Day']), text(v['Year'])) };
      case 'name':
        return { text: joinPresent(' ', text(v['First']), text(v['Last'])) };
      case 'phone': {
        const number = joinPresent('-', text(v['Areacode']), text(v['Prefix']), text(v['Line']));
        const country = text(v['Country']);
        return { text: country === '' ? number : `+${country} ${number}` };
      }
      case 'time':
        return { text: joinPresent(' ', `${text(v['Hour'])}:${twoDigits(v['Minute'])}:${twoDigits(v['Second'])}`, text(v['Ampm'])) };
      case 'likert':
        return {
          lines: Object.entries(v).map(([question, answer]) => {
            const known = LIKERT_LABELS[text(answer)];
            return { label: question, text: known === undefined ? text(answer) : localizedString(ctx, known[0], known[1]) };
          }),
        };
    }
  }
  if (Array.isArray(values)) return { text: values.map(text).join(', '), list: true };
  if (value !== undefined && value !== null && value !== '') return { text: text(value) };
  return null;
}

const summaryFormField: Formatter = {
  name: 'summary-form-field',
  format(field, _args, ctx) {
    if (!isObject(field)) return '';
    const answer = answerOf(ctx, text(field['type']), field['value'], field['values']) ?? {
      text: label(ctx, 'productSummaryFormNoAnswerText'),
    };
    return ctx.renderBuiltin(SUMMARY_FORM_FIELD, { title: text(field['rawTitle']), ...answer });
  },
};

export const FORM_FORMATTERS: Formatter<any>[] = [summaryFormField];
