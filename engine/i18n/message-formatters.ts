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
import { argAmount, type MessageEnv, type MessageFormatterFn } from './message-format.js';
import { toNumber } from '../values.js';
import { parseOptions } from './number-options.js';
import { decimalString } from './number-value.js';
import { formatUnitValue, parseUnitSpec } from './unit-format.js';

function withErrors<T>(env: MessageEnv, f: (errors: string[]) => T): T {
  const errors: string[] = [];
  const out = f(errors);
  for (const e of errors) env.error(e);
  return out;
}

/** A message reads a value that is not a number (missing, null, text) as 0, and a money object as its amount. */
const ZERO = { units: 0n, scale: 0 };

const decimal: MessageFormatterFn = (values, options, env) => {
  const n = decimalInput(argAmount(values[0])) ?? ZERO;
  if (typeof n === 'string') return n;
  return withErrors(env, (errors) => formatDecimal(env.locale, n, parseOptions(options), errors));
};

const money: MessageFormatterFn = (values, options, env) => {
  const m = moneyOf(values[0]);
  if (m === null) return '';
  return withErrors(env, (errors) => formatCurrency(env.locale, m, parseOptions(options), errors));
};

/**
 * An instant within the supported range, or null (out-of-range instants are reported). As the `datetime`
 * formatter does, a value that is not a number is read from its start, missing or an object being the epoch;
 * `orEpoch` also makes text without digits the epoch (as intervals in messages read it).
 */
function instant(v: unknown, env: MessageEnv, orEpoch = false): number | null {
  const n = toNumber(v);
  const ms = checkedInstant(Number.isNaN(n) && orEpoch ? 0 : n, env);
  return ms === 'invalid' ? null : ms;
}

const datetime: MessageFormatterFn = (values, options, env) => {
  const ms = instant(values[0], env);
  if (ms === null) return '';
  return withErrors(env, (errors) => formatDatetime(env.locale, ms, env.timeZone, parseDatetimeSpec(parseOptions(options), errors)));
};

const interval: MessageFormatterFn = (values, options, env) => {
  if (values.length < 2) return '';
  const s = instant(values[0], env, true);
  const e = instant(values[1], env, true);
  if (s === null || e === null) return '';
  return formatInterval(env.locale, s, e, env.timeZone, parseIntervalSpec(options));
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
  ['unit', unit],
]);
