/**
 * The money formatters: `money` (locale-aware, with options), the native `money-format`/`moneyFormat`/
 * `money-string`, `bookkeeper-money-format`, `percentage-format` and the legacy `i18n-money-format`.
 */
import { DEFAULT_CURRENCY } from '../../../commerce/currencies.js';
import { type Decimal, parseDecimal, rescale, ROUNDING_MODES, type RoundingMode } from '../../../commerce/decimal.js';
import { isObject } from '../../values.js';
import { amountOf, type Money, moneyFromMinor, moneyOf } from '../../../commerce/money.js';
import type { Formatter, PluginContext, PreparedArgs } from '../types.js';
import {
  clampDigits,
  formatCldr,
  formatDigits,
  formatLegacyLocale,
  formatMoney,
  formatNative,
  nativeMarkup,
  type NumberStyle,
  usesCldrMoney,
} from './money-format.js';

/** A money object, or a bare number read as minor units (the legacy `price` fields). */
function moneyOrCents(value: unknown): Money | null {
  return moneyOf(value) ?? moneyFromMinor(value);
}

interface MoneyOptions extends NumberStyle {
  readonly freeLabel?: string;
}

const STYLES = new Set(['symbol', 'code', 'name', 'short', 'accounting', 'standard']);

/** `key:value` options of the `money` formatter, checked once at compile time. */
export function parseMoneyOptions(args: readonly string[]): PreparedArgs<MoneyOptions> {
  const o: { -readonly [K in keyof MoneyOptions]: MoneyOptions[K] } = {};
  let freeIfZero = false;
  const problems: string[] = [];
  for (const arg of args) {
    const colon = arg.indexOf(':');
    const key = colon < 0 ? arg : arg.slice(0, colon);
    const value = colon < 0 ? '' : arg.slice(colon + 1);
    switch (key) {
      case 'style':
        if (STYLES.has(value)) o.style = value === 'standard' ? 'symbol' : (value as NumberStyle['style']);
        else problems.push(`unknown money style '${value}'`);
        break;
      case 'group':
      case 'grouping':
        o.grouping = value !== 'false';
        break;
      case 'round':
      case 'mode':
        if ((ROUNDING_MODES as readonly string[]).includes(value)) o.rounding = value as RoundingMode;
        else problems.push(`unknown rounding mode '${value}' (expected ${ROUNDING_MODES.join(', ')})`);
        break;
      case 'minFractionDigits':
      case 'minimumFractionDigits':
        o.minFractionDigits = clampDigits(Number(value));
        break;
      case 'maxFractionDigits':
      case 'maximumFractionDigits':
        o.maxFractionDigits = clampDigits(Number(value));
        break;
      case 'freeIfZero':
        freeIfZero = value !== 'false';
        break;
      case 'free':
      case 'freeLabel':
        o.freeLabel = value;
        break;
      default:
        problems.push(`unknown money option '${key}'`);
    }
  }
  if (freeIfZero && (o.freeLabel === undefined || o.freeLabel === '')) problems.push('freeIfZero requires a Free label');
  if (!freeIfZero) delete o.freeLabel;
  return problems.length === 0 ? { state: o } : { state: o, error: problems.join('; ') };
}

const money: Formatter<MoneyOptions> = {
  name: 'money',
  prepare: parseMoneyOptions,
  format(value, _args, ctx, options) {
    if (ctx.locale === null) return '';
    const amount = exactAmount(value);
    if (amount === null) return '';
    if (options.freeLabel !== undefined && amount.decimal.units === 0n) return options.freeLabel;
    return formatCldr(amount.decimal, amount.currency, ctx.locale, options);
  },
};

/** The amount of a money object (or a bare number, in the default currency) with every digit it has. */
function exactAmount(value: unknown): { decimal: Decimal; currency: string } | null {
  if (isObject(value)) return amountOf(value);
  const decimal = parseDecimal(value);
  return decimal === null ? null : { decimal, currency: DEFAULT_CURRENCY };
}

/** Native money from cents or a money object; CLDR text instead when the page asks for it. */
function nativeOrCldr(ctx: PluginContext, value: unknown, wrap: boolean): string {
  const m = moneyOrCents(value);
  if (m === null) return '';
  if (usesCldrMoney(ctx)) return formatMoney(m, ctx.locale ?? 'en');
  return wrap ? nativeMarkup(m) : formatNative(m);
}

const moneyFormat = (name: string): Formatter => ({
  name,
  format: (value, _args, ctx) => nativeOrCldr(ctx, value, false),
});

const moneyString: Formatter = {
  name: 'money-string',
  format: (value, _args, ctx) => nativeOrCldr(ctx, value, true),
};

/** Cents in the store currency with its symbol, for account statements; a non-number counts as zero. */
const bookkeeperMoneyFormat: Formatter = {
  name: 'bookkeeper-money-format',
  format(value, _args, ctx) {
    if (ctx.locale === null) return '';
    const m = moneyOrCents(value) ?? { minor: 0n, currency: DEFAULT_CURRENCY };
    return formatMoney(m, ctx.locale);
  },
};

/** A percentage with 2 decimals (none with `trim`), up to 3 when the value has them; non-numbers are 0. */
const percentageFormat: Formatter = {
  name: 'percentage-format',
  format(value, args, ctx) {
    if (ctx.locale === null) return '';
    const trim = args.includes('trim');
    const d = parseDecimal(value) ?? { units: 0n, scale: 0 };
    const rounded = rescale(d, 3, 'half-even');
    return formatDigits(ctx.locale, { useGrouping: true }, rounded, trim ? 0 : 2);
  },
};

/** `{money|i18n-money-format de-DE}`: the legacy locale format; the locale argument wins over the page's. */
const i18nMoneyFormat: Formatter = {
  name: 'i18n-money-format',
  format(value, args, ctx) {
    const locale = args[0] ?? ctx.locale;
    if (locale === null || locale === undefined) return '';
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
