/**
 * The money formatters: `money` (locale-aware, with options), the native `money-format`/`moneyFormat`/
 * `money-string`, `bookkeeper-money-format`, `percentage-format` and the legacy `i18n-money-format`.
 */
import { DEFAULT_CURRENCY } from '../../../commerce/currencies.js';
import { parseDecimal } from '../../../commerce/decimal.js';
import { type Money, moneyFromMinor, moneyOf } from '../../../commerce/money.js';
import { DEFAULT_MONEY_SPEC, formatMoneyAmount, moneyOf as cldrMoneyOf, type MoneySpec, moneySpec } from '../../i18n/currency.js';
import { digitPlan, layOut, roundDecimal } from '../../i18n/exact-number.js';
import { resolveLocale } from '../../i18n/locale.js';
import { regionCurrency } from '../../i18n/region-currency.js';
import { parseOptions } from '../../i18n/number-options.js';
import type { Formatter, PluginContext, PreparedArgs } from '../types.js';
import { formatLegacyLocale, formatMoney, formatNative, nativeMarkup, usesCldrMoney } from './money-format.js';

/** A money object, or a bare number read as minor units (the legacy `price` fields). */
function moneyOrCents(value: unknown): Money | null {
  return moneyOf(value) ?? moneyFromMinor(value);
}

interface MoneyOptions {
  readonly spec: MoneySpec;
  /** Spec 001 §7: `freeIfZero` with a Free label prints the label for an amount of zero. */
  readonly freeLabel?: string;
}

/** The options of the `money` formatter (currency.ts), checked once at compile time. */
export function parseMoneyOptions(args: readonly string[]): PreparedArgs<MoneyOptions> {
  const problems: string[] = [];
  const opts = parseOptions(args.filter((a) => a !== ''));
  const freeIfZero = opts.has('freeIfZero') && opts.get('freeIfZero') !== 'false';
  const freeLabel = opts.get('free') ?? opts.get('freeLabel');
  if (freeIfZero && (freeLabel === undefined || freeLabel === '')) problems.push('freeIfZero requires a Free label');
  const spec = moneySpec(opts, problems);
  const state: MoneyOptions = freeIfZero && freeLabel !== undefined && freeLabel !== '' ? { spec, freeLabel } : { spec };
  return problems.length === 0 ? { state } : { state, error: problems.join(' ') };
}

const money: Formatter<MoneyOptions> = {
  name: 'money',
  prepare: parseMoneyOptions,
  format(value, _args, ctx, options) {
    const locale = resolveLocale(ctx.locale);
    if (locale === null) return '';
    // As the platform reads a money object (currency.ts): a bare number, or an object without its currency
    // key, prints nothing.
    const amount = cldrMoneyOf(value);
    if (amount === null) return '';
    if (options.freeLabel !== undefined && amount.amount.units === 0n) return options.freeLabel;
    try {
      return formatMoneyAmount(locale, amount.amount, amount.currency, options.spec);
    } catch {
      return '';
    }
  },
};

/** Native money from cents or a money object; CLDR text instead when the page asks for it. */
function nativeOrCldr(ctx: PluginContext, value: unknown, wrap: boolean): string {
  const m = moneyOrCents(value);
  if (m === null) return '';
  if (usesCldrMoney(ctx)) return formatMoney(m, ctx.locale ?? 'en');
  return wrap ? nativeMarkup(m) : formatNative(m);
}

/**
 * Without locale data the platform's native money formatters (`money-format`, `moneyFormat`, `money-string`,
 * `i18n-money-format`) hand the value on unchanged, as the reference does without CLDR (differential: `{n|money-format}`
 * of 150 prints `150`, of the text `null` prints `null`, and a later `json` sees the same value).
 */
const passesThrough = (ctx: PluginContext) => ctx.locale === null;

const moneyFormat = (name: string): Formatter => ({
  name,
  format: (value, _args, ctx) => (passesThrough(ctx) ? value : nativeOrCldr(ctx, value, false)),
});

const moneyString: Formatter = {
  name: 'money-string',
  format: (value, _args, ctx) => (passesThrough(ctx) ? value : nativeOrCldr(ctx, value, true)),
};

/**
 * Cents in the currency of the locale's region (`en` → USD, `de-DE` → EUR, `ja` → JPY), for account statements:
 * the cents are divided by 100 and shown with that currency's digits ("￥12" for 1250); a non-number counts as 0.
 */
const bookkeeperMoneyFormat: Formatter = {
  name: 'bookkeeper-money-format',
  format(value, _args, ctx) {
    const locale = resolveLocale(ctx.locale);
    // The platform reads "NaN" and "Infinity" as numbers it cannot format, and prints nothing for them.
    if (locale === null || (typeof value === 'string' && /^[+-]?(?:NaN|Infinity)$/.test(value))) return '';
    // Text with space around the digits is no number to the platform: it counts as 0 too.
    const spaced = typeof value === 'string' && value.trim() !== value;
    const cents = (spaced ? null : parseDecimal(value)) ?? { units: 0n, scale: 0 };
    const amount = { units: cents.units, scale: cents.scale + 2 };
    try {
      return formatMoneyAmount(locale, amount, regionCurrency(locale), DEFAULT_MONEY_SPEC);
    } catch {
      return '';
    }
  },
};

/** A percentage with 2 decimals (none with `trim`), up to 3 when the value has them; non-numbers are 0. */
const PERCENT_PLAN = digitPlan(new Map([['minfrac', '2'], ['maxfrac', '3']]), { maxFrac: 3, group: true });
const PERCENT_TRIM_PLAN = digitPlan(new Map([['maxfrac', '3']]), { maxFrac: 3, group: true });

const percentageFormat: Formatter = {
  name: 'percentage-format',
  format(value, args, ctx) {
    const locale = resolveLocale(ctx.locale);
    if (locale === null) return '';
    if (typeof value === 'string' && /^[+-]?(?:NaN|Infinity)$/.test(value)) return value.endsWith('NaN') ? 'NaN' : '∞';
    const plan = args.includes('trim') ? PERCENT_TRIM_PLAN : PERCENT_PLAN;
    return layOut(locale, roundDecimal(parseDecimal(value) ?? { units: 0n, scale: 0 }, plan), true, 1);
  },
};

/** `{money|i18n-money-format de-DE}`: the legacy locale format; the locale argument wins over the page's. */
const i18nMoneyFormat: Formatter = {
  name: 'i18n-money-format',
  format(value, args, ctx) {
    if (passesThrough(ctx)) return value;
    const locale = args[0] ?? ctx.locale;
    if (locale === undefined) return '';
    const m = moneyOf(value);
    return m === null ? '' : formatLegacyLocale(m, locale);
  },
};

export const MONEY_FORMATTERS: Formatter<any>[] = [
  money,
  moneyFormat('money-format'),
  moneyFormat('moneyFormat'),
  moneyString,
  bookkeeperMoneyFormat,
  percentageFormat,
  i18nMoneyFormat,
];
