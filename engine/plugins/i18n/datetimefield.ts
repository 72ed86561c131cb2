/**
 * `datetimefield`: one field of a date, localized: `{t|datetimefield month}` → "February",
 * `{t|datetimefield weekday short}` → "Mon", `{t|datetimefield year}` → "2020". Fields: era, year, month,
 * day, weekday, hour, minute, second, dayperiod, zone. Widths: numeric, 2-digit, narrow, short, long.
 * A value that is not a date (or no field argument) renders nothing.
 */
import { dateTimeFormat } from '../../i18n/datetime.js';
import type { DateTimeOptions } from '../../i18n/datetime-skeleton.js';
import { checkedInstant, INVALID_DATE } from '../../i18n/datetime-value.js';
import type { Formatter } from '../types.js';
import { i18nEnv, words } from './env.js';

type Width = 'numeric' | '2-digit' | 'narrow' | 'short' | 'long';
const WIDTHS: ReadonlySet<string> = new Set(['numeric', '2-digit', 'narrow', 'short', 'long']);

interface FieldSpec {
  /** Intl part type to pick out of formatToParts. */
  readonly part: Intl.DateTimeFormatPartTypes;
  readonly options: DateTimeOptions;
}

function fieldSpec(field: string, width: Width | undefined): FieldSpec | null {
  const text = (w: Width | undefined): 'narrow' | 'short' | 'long' => (w === 'narrow' || w === 'short' ? w : 'long');
  const num = (w: Width | undefined): 'numeric' | '2-digit' => (w === '2-digit' ? '2-digit' : 'numeric');
  switch (field.toLowerCase()) {
    case 'era':
      return { part: 'era', options: { era: text(width), year: 'numeric' } };
    case 'year':
      return { part: 'year', options: { year: num(width) } };
    case 'month':
      return { part: 'month', options: { month: width === undefined ? 'long' : width } };
    case 'day':
      return { part: 'day', options: { day: num(width) } };
    case 'weekday':
      return { part: 'weekday', options: { weekday: text(width) } };
    case 'hour':
      return { part: 'hour', options: { hour: num(width) } };
    case 'minute':
      return { part: 'minute', options: { minute: num(width), hour: 'numeric' } };
    case 'second':
      return { part: 'second', options: { second: num(width), minute: 'numeric' } };
    case 'dayperiod':
      return { part: 'dayPeriod', options: { hour: 'numeric', hour12: true } };
    case 'zone':
      return { part: 'timeZoneName', options: { timeZoneName: width === 'long' ? 'long' : 'short' } };
    default:
      return null;
  }
}

export const datetimefieldFormatter: Formatter<FieldSpec | null> = {
  name: 'datetimefield',
  prepare(args) {
    const fields = words(args);
    if (fields.length === 0) return { state: null };
    const width = fields[1] !== undefined && WIDTHS.has(fields[1]) ? (fields[1] as Width) : undefined;
    const spec = fieldSpec(fields[0]!, width);
    return spec === null ? { state: null, error: `datetimefield: unknown field '${fields[0]}'` } : { state: spec };
  },
  format(value, _args, ctx, spec) {
    const env = i18nEnv(ctx, 'datetimefield');
    if (env === null || spec === null) return undefined;
    const ms = checkedInstant(value, env);
    if (ms === null) return '';
    if (ms === 'invalid') return INVALID_DATE;
    try {
      const parts = dateTimeFormat(env.locale, { timeZone: env.timeZone, ...spec.options }).formatToParts(ms);
      return parts.find((p) => p.type === spec.part)?.value ?? '';
    } catch {
      return INVALID_DATE;
    }
  },
};
