/**
 * Locale-aware money, shared by the `money` formatter, `{0 money}` in messages and the price formatters when a
 * page asks for CLDR money. The amount is an exact decimal rounded by the digit rules of exact-number.ts, with
 * the currency's own minor-unit digits as the default (2 for USD, 0 for JPY, 3 for KWD).
 *
 * Styles: symbol (default), accounting, name ("1,234.50 euros"), code ("1,234.50 EUR", the code after the
 * number as the platform writes it), short and long (compact: "€123K"). `symbol:narrow` uses the narrow
 * symbol ("kr" for SEK).
 */
import { CURRENCIES, currencyDigits } from '../../commerce/currencies.js';
import { type Decimal, parseDecimal } from '../../commerce/decimal.js';
import { type DigitPlan, digitPlan, formatExact, INTL_ROUNDING, intlGrouping, roundDecimal } from './exact-number.js';
import { cachedIntl } from './intl-cache.js';
import type { OptionMap } from './number-options.js';

export interface MoneyValue {
  readonly amount: Decimal;
  readonly currency: string;
}

/**
 * The amount and currency code of a money object as the platform reads it for `money` and `{0 money}`: an
 * object with a `decimalValue` is `{decimalValue, currencyCode}` and any other is `{value, currency}` (the keys
 * of the other shape are not looked at). Null without a numeric amount or without the currency key; a
 * currency that is there but no code (null, "", "usd") is kept as text and formats with an empty symbol.
 */
export function moneyOf(v: unknown): MoneyValue | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return null;
  const o = v as Record<string, unknown>;
  const cldrShape = o['decimalValue'] !== undefined;
  const currency = cldrShape ? o['currencyCode'] : o['currency'];
  if (currency === undefined) return null;
  const amount = parseDecimal(cldrShape ? o['decimalValue'] : o['value']);
  return amount === null ? null : { amount, currency: typeof currency === 'string' ? currency : '' };
}

type MoneyStyle = 'symbol' | 'accounting' | 'name' | 'code' | 'short' | 'long';
const STYLES: ReadonlySet<string> = new Set(['symbol', 'accounting', 'name', 'code', 'short', 'long']);

export interface MoneySpec {
  readonly style: MoneyStyle;
  readonly narrow: boolean;
  readonly opts: OptionMap;
  /** The digit plan per currency (the defaults depend on the currency's digits), made on first use. */
  readonly plans: Map<string, DigitPlan>;
}

export function moneySpec(opts: OptionMap, errors?: string[]): MoneySpec {
  const name = opts.get('style') ?? 'symbol';
  const style = name === 'standard' ? 'symbol' : name;
  if (!STYLES.has(style)) errors?.push(`Unknown currency style '${name}'.`);
  // Reported once here; the plans made per currency repeat the same checks silently.
  digitPlan(opts, { maxFrac: 2, group: true }, errors);
  return { style: STYLES.has(style) ? (style as MoneyStyle) : 'symbol', narrow: opts.get('symbol') === 'narrow', opts, plans: new Map() };
}

/** The plain spec: the currency's digits, the symbol, grouping. */
export const DEFAULT_MONEY_SPEC: MoneySpec = moneySpec(new Map());

/** The currency's minor-unit digits: our table's, else Intl's (KWD has 3), else 2. */
export function fractionDigitsOf(currency: string): number {
  if (CURRENCIES.has(currency)) return currencyDigits(currency);
  try {
    const f = cachedIntl('currency', 'en', { currency }, () => new Intl.NumberFormat('en', { style: 'currency', currency }));
    return f.resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

function planFor(spec: MoneySpec, currency: string): DigitPlan {
  let plan = spec.plans.get(currency);
  if (plan === undefined) {
    const digits = fractionDigitsOf(currency);
    plan = digitPlan(spec.opts, { maxFrac: digits, minFrac: digits, group: true });
    if (spec.plans.size < 64) spec.plans.set(currency, plan);
  }
  return plan;
}

/** The codes with currency data, as written (upper case); `XXX` is "no currency" and has its own sign, ¤. */
const KNOWN_CURRENCIES: ReadonlySet<string> = new Set([...Intl.supportedValuesOf('currency'), ...CURRENCIES.keys(), 'XXX']);

/**
 * `amount` of `currency` in `locale`. A code without currency data ("usd", "XYZ", "", null) is formatted as
 * the platform formats it: the locale's pattern with an empty symbol or name (" 1,234.50", "1.234,50 "), a
 * no-break space keeping the number off where the symbol stood against it; the `code` style writes the code
 * as given.
 */
export function formatMoneyAmount(locale: string, amount: Decimal, currency: string, spec: MoneySpec): string {
  if (KNOWN_CURRENCIES.has(currency) || spec.style === 'code') return formatKnownMoney(locale, amount, currency, spec);
  const text = formatKnownMoney(locale, amount, 'XXX', { ...spec, plans: new Map([['XXX', planFor(spec, currency)]]) });
  const sign = unknownSign(locale, spec, text);
  const at = text.indexOf(sign);
  if (at === -1) return text;
  const touching = /\d/.test(text[at - 1] ?? '') || /\d/.test(text[at + sign.length] ?? '');
  return text.slice(0, at) + (touching ? '\u00a0' : '') + text.slice(at + sign.length);
}

/** How the locale writes the `XXX` currency in this style in `text` (¤, or its name in the singular or plural). */
function unknownSign(locale: string, spec: MoneySpec, text: string): string {
  const display = spec.style === 'name' ? 'name' : 'symbol';
  const f = cachedIntl('currency-sign', locale, { display }, () => new Intl.NumberFormat(locale, { style: 'currency', currency: 'XXX', currencyDisplay: display }));
  const signs = [1, 1234].map((n) => f.formatToParts(n).find((p) => p.type === 'currency')?.value ?? '¤');
  return signs.find((sign) => text.includes(sign)) ?? signs[0]!;
}

function formatKnownMoney(locale: string, amount: Decimal, currency: string, spec: MoneySpec): string {
  const plan = planFor(spec, currency);
  if (spec.style === 'short' || spec.style === 'long') {
    const o = {
      style: 'currency',
      currency,
      currencyDisplay: spec.narrow ? 'narrowSymbol' : 'symbol',
      notation: 'compact',
      compactDisplay: spec.style,
      useGrouping: plan.grouping,
      roundingMode: INTL_ROUNDING[plan.round],
    } as Intl.NumberFormatOptions;
    const f = cachedIntl('money-compact', locale, o, () => new Intl.NumberFormat(locale, o));
    const text = amount.scale === 0 ? amount.units.toString() : `${amount.units}e-${amount.scale}`;
    return f.format(text as unknown as number).replace(/\u202f/g, '\u00a0');
  }
  const rounded = roundDecimal(amount, plan);
  const number: Intl.NumberFormatOptions = { useGrouping: intlGrouping(plan.grouping), minimumIntegerDigits: Math.min(21, Math.max(1, plan.minInt)) };
  if (spec.style === 'code') return `${formatExact(locale, number, rounded)} ${currency}`;
  const o: Intl.NumberFormatOptions = {
    ...number,
    style: 'currency',
    currency,
    currencyDisplay: spec.style === 'name' ? 'name' : spec.narrow ? 'narrowSymbol' : 'symbol',
  };
  if (spec.style === 'accounting') o.currencySign = 'accounting';
  return formatExact(locale, o, rounded);
}

/** `{0 money}` in a message: empty for a currency without data (spec 001 §8). */
export function formatCurrency(locale: string, money: MoneyValue, opts: OptionMap, errors?: string[]): string {
  try {
    return formatMoneyAmount(locale, money.amount, money.currency, moneySpec(opts, errors));
  } catch {
    return '';
  }
}
