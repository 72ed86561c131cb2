/**
 * The three ways the platform writes money:
 * - native: plain digits (`1,234.50`) that the page's script later decorates, wrapped in
 *   `<span class="sqs-money-native">` by the price formatters;
 * - CLDR: locale-aware through Intl, used when `featureFlags.useCLDRMoneyFormat` is on;
 * - the legacy locale format of `i18n-money-format`: the platform's own currency symbols placed and spaced by
 *   the locale's currency pattern.
 * Amounts are exact decimals; Intl receives them as strings, so no float rounding happens on the way.
 */
import { FALLBACK_LOCALE, resolveLocale } from '../../i18n/locale.js';
import { CURRENCIES, currencyDigits } from '../../../commerce/currencies.js';
import { type Decimal, decimalString, formatFixed, PLAIN_FORMAT, rescale, type RoundingMode } from '../../../commerce/decimal.js';
import { majorUnits, type Money } from '../../../commerce/money.js';
import { DEFAULT_MONEY_SPEC, formatMoneyAmount } from '../../i18n/currency.js';
import { cachedIntl } from '../../i18n/intl-cache.js';
// digit options are clamped to 0..MAX_DIGITS (spec 001 §5); Intl stops at INTL_MAX_FRACTION, we go further by hand
import { INTL_MAX_FRACTION, MAX_DIGITS } from '../../i18n/number-options.js';
import { isObject } from '../../values.js';
import type { PluginContext } from '../types.js';

export function formatNative(m: Money): string {
  return formatFixed(majorUnits(m), PLAIN_FORMAT);
}

export function nativeMarkup(m: Money): string {
  return `<span class="sqs-money-native">${formatNative(m)}</span>`;
}

/** Whether the page asks for locale-aware money (`featureFlags.useCLDRMoneyFormat`). */
export function usesCldrMoney(ctx: PluginContext): boolean {
  const root = ctx.root;
  if (!isObject(root)) return false;
  const flags = root['featureFlags'];
  return isObject(flags) && (flags['useCLDRMoneyFormat'] === true || flags['useCLDRMoneyFormat'] === 'true');
}

/** Money as the price formatters print it: CLDR text when the flag is on, else the native span. */
export function priceMarkup(ctx: PluginContext, m: Money): string {
  return usesCldrMoney(ctx) ? formatMoney(m, ctx.locale ?? 'en') : nativeMarkup(m);
}


/**
 * A cached Intl.NumberFormat. The locale may be written `de_DE` or `de-DE`; an unknown one falls back to en-US
 * (the spec's resolved fallback).
 */
function intl(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const tag = resolveLocale(locale) ?? FALLBACK_LOCALE;
  return cachedIntl('money', tag, options, () => {
    try {
      return new Intl.NumberFormat(tag, options);
    } catch {
      return new Intl.NumberFormat(FALLBACK_LOCALE, options);
    }
  });
}

/** Locale-aware money through Intl (CLDR): the currency's digits, its symbol, grouping (engine/i18n/currency.ts). */
export function formatMoney(m: Money, locale: string): string {
  const tag = resolveLocale(locale) ?? FALLBACK_LOCALE;
  try {
    return formatMoneyAmount(tag, majorUnits(m), m.currency, DEFAULT_MONEY_SPEC);
  } catch {
    return formatMoneyAmount(tag, majorUnits(m), m.currency, { ...DEFAULT_MONEY_SPEC, style: 'code' });
  }
}

interface LegacyPattern {
  readonly group: string;
  readonly decimal: string;
  readonly symbolFirst: boolean;
}

const legacyPatterns = new Map<string, LegacyPattern>();

/** Separators and symbol position of a locale, read once from Intl; all no-break spaces become U+00A0. */
function legacyPattern(locale: string): LegacyPattern {
  let p = legacyPatterns.get(locale);
  if (p === undefined) {
    const nbsp = (s: string) => s.replace(/[\u202f\u00a0 ]/g, '\u00a0');
    const parts = intl(locale, { style: 'currency', currency: 'EUR' }).formatToParts(1234567.5);
    const find = (type: string, fallback: string) => nbsp(parts.find((x) => x.type === type)?.value ?? fallback);
    const symbolAt = parts.findIndex((x) => x.type === 'currency');
    const integerAt = parts.findIndex((x) => x.type === 'integer');
    p = { group: find('group', ','), decimal: find('decimal', '.'), symbolFirst: symbolAt < integerAt };
    legacyPatterns.set(locale, p);
  }
  return p;
}

const LETTER = /\p{L}/u;

/**
 * The legacy locale money format: `1.234,56€`, `kr 1,234.56`, `-A$1,234.56`. A symbol whose side next to
 * the digits is a letter is set off by a space; the minus sign goes before the whole amount unless that
 * space separates the symbol from it.
 */
export function formatLegacyLocale(m: Money, locale: string): string {
  const p = legacyPattern(locale);
  const symbol = CURRENCIES.get(m.currency)?.symbol ?? m.currency;
  const major = majorUnits(m);
  const negative = major.units < 0n;
  const digits = formatFixed({ units: negative ? -major.units : major.units, scale: major.scale }, { group: p.group, decimal: p.decimal, minus: '-' });
  const sign = negative ? '-' : '';
  if (p.symbolFirst) {
    return LETTER.test(symbol.slice(-1)) ? `${symbol} ${sign}${digits}` : `${sign}${symbol}${digits}`;
  }
  return `${sign}${digits}${LETTER.test(symbol.charAt(0)) ? ' ' : ''}${symbol}`;
}
