/**
 * `summary-form-field`: one answer of a form (an order's additional fields, a form submission) as the
 * platform's e-mail summaries show it, by field type: address, checkbox, date, likert, name, phone, time.
 */
import { isObject } from '../../values.js';
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

function str(v: unknown): string {
  return v === undefined || v === null || typeof v === 'object' ? '' : String(v);
}

const twoDigits = (v: unknown) => str(v === undefined || v === null || v === '' ? 0 : v).padStart(2, '0');

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
            { text: str(v['Line1']) },
            { text: str(v['Line2']) },
            { text: joinPresent(' ', joinPresent(', ', str(v['City']), str(v['State'])), str(v['Zip']), str(v['Country'])) },
          ].filter((l) => l.text !== ''),
        };
      case 'date':
        return { text: joinPresent('/', str(v['Month']), str(v['Day']), str(v['Year'])) };
      case 'name':
        return { text: joinPresent(' ', str(v['First']), str(v['Last'])) };
      case 'phone': {
        const number = joinPresent('-', str(v['Areacode']), str(v['Prefix']), str(v['Line']));
        const country = str(v['Country']);
        return { text: country === '' ? number : `+${country} ${number}` };
      }
      case 'time':
        return { text: joinPresent(' ', `${str(v['Hour'])}:${twoDigits(v['Minute'])}:${twoDigits(v['Second'])}`, str(v['Ampm'])) };
      case 'likert':
        return {
          lines: Object.entries(v).map(([question, answer]) => {
            const known = LIKERT_LABELS[str(answer)];
            return { label: question, text: known === undefined ? str(answer) : localizedString(ctx, known[0], known[1]) };
          }),
        };
    }
  }
  if (Array.isArray(values)) return { text: values.map(str).join(', '), list: true };
  if (value !== undefined && value !== null && value !== '') return { text: str(value) };
  return null;
}

const summaryFormField: Formatter = {
  name: 'summary-form-field',
  format(field, _args, ctx) {
    if (!isObject(field)) return '';
    const answer = answerOf(ctx, str(field['type']), field['value'], field['values']) ?? {
      text: label(ctx, 'productSummaryFormNoAnswerText'),
    };
    return ctx.renderBuiltin(SUMMARY_FORM_FIELD, { title: str(field['rawTitle']), ...answer });
  },
};

export const FORM_FORMATTERS: Formatter<any>[] = [summaryFormField];
