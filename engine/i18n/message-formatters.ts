/**
 * The formatters a message may call (`{0 decimal style:short}`, `{0 money}`, `{0 datetime full}`,
 * `{0;1 datetime-interval yMMMd}`, `{0 unit in:byte}`...). Each reuses the module behind the template
 * formatter of the same name; options are parsed per call (messages are data, compiled at render time).
 */
import { formatCurrency, moneyOf } from './currency.js';
import { formatDatetime, parseDatetimeSpec } from './datetime.js';
import { formatInterval, parseIntervalSpec } from './datetime-interval.js';
import { checkedInstant } from './datetime-value.js';
import { decimalInput, formatDecimal } from './decimal.js';
import type { MessageEnv, MessageFormatterFn } from './message-format.js';
import { parseOptions } from './number-options.js';
import { decimalString } from './number-value.js';
import { formatRelative, parseRelativeSpec } from './relative-time.js';
import { formatUnitValue, parseUnitSpec } from './unit-format.js';

function withErrors<T>(env: MessageEnv, f: (errors: string[]) => T): T {
  const errors: string[] = [];
  const out = f(errors);
  for (const e of errors) env.error(e);
  return out;
}

const decimal: MessageFormatterFn = (values, options, env) => {
  const n = decimalInput(values[0]);
  if (n === null || typeof n === 'string') return n ?? '';
  return withErrors(env, (errors) => formatDecimal(env.locale, n, parseOptions(options), errors));
};

const money: MessageFormatterFn = (values, options, env) => {
  const m = moneyOf(values[0]);
  if (m === null) return '';
  return withErrors(env, (errors) => formatCurrency(env.locale, m, parseOptions(options), errors));
};

/** An instant within the supported range, or null (out-of-range instants are reported). */
function instant(v: unknown, env: MessageEnv): number | null {
  const ms = checkedInstant(v, env);
  return ms === 'invalid' ? null : ms;
}

const datetime: MessageFormatterFn = (values, options, env) => {
  const ms = instant(values[0], env);
  if (ms === null) return '';
  return withErrors(env, (errors) => formatDatetime(env.locale, ms, env.timeZone, parseDatetimeSpec(parseOptions(options), errors)));
};

const interval: MessageFormatterFn = (values, options, env) => {
  const s = instant(values[0], env);
  const e = instant(values[1], env);
  if (s === null || e === null) return '';
  return formatInterval(env.locale, s, e, env.timeZone, parseIntervalSpec(options));
};

const relative: MessageFormatterFn = (values, options, env) => {
  const a = instant(values[0], env);
  if (a === null) return '';
  const b = values.length > 1 ? instant(values[1], env) : null;
  const spec = parseRelativeSpec(parseOptions(options));
  return b === null ? formatRelative(env.locale, env.now, a, spec) : formatRelative(env.locale, a, b, spec);
};

const unit: MessageFormatterFn = (values, options, env) => {
  const n = decimalString(values[0]);
  if (n === null) return '';
  return withErrors(env, (errors) => formatUnitValue(env.locale, n, parseUnitSpec(parseOptions(options), errors)));
};

export const MESSAGE_FORMATTERS: ReadonlyMap<string, MessageFormatterFn> = new Map([
  ['decimal', decimal],
  ['number', decimal],
  ['money', money],
  ['currency', money],
  ['datetime', datetime],
  ['datetime-interval', interval],
  ['relative-time', relative],
  ['unit', unit],
]);
