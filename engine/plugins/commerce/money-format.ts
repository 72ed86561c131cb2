/**
 * The three ways the platform writes money:
 * - native: plain digits (`1,234.50`) that the page's script later decorates, wrapped in
 *   `<span class="sqs-money-native">` by the price formatters;
 * - CLDR: locale-aware through Intl, used when `featureFlags.useCLDRMoneyFormat` is on;
 * - the legacy locale format of `i18n-money-format`: the platform's own currency symbols placed and spaced by
 *   the locale's currency pattern.
 * Amounts are exact decimals; Intl receives them as strings, so no float rounding happens on the way.
 */
import { CURRENCIES, currencyDigits } from '../../../commerce/currencies.js';
import { type Decimal, decimalString, formatFixed, PLAIN_FORMAT, rescale, type RoundingMode } from '../../../commerce/decimal.js';
import { majorUnits, type Money } from '../../../commerce/money.js';
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


export interface NumberStyle {
  readonly style?: 'symbol' | 'code' | 'name' | 'short' | 'accounting';
  readonly grouping?: boolean;
  readonly minFractionDigits?: number;
  readonly maxFractionDigits?: number;
  readonly rounding?: RoundingMode;
}

/** A cached Intl.NumberFormat; an unknown locale falls back to en-US (the spec's resolved fallback). */
function intl(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cachedIntl('money', locale, options, () => {
    try {
      return new Intl.NumberFormat(locale, options);
    } catch {
      return new Intl.NumberFormat('en-US', options);
    }
  });
}

/** Locale-aware money through Intl (CLDR). */
export function formatMoney(m: Money, locale: string): string {
  return formatCldr(majorUnits(m), m.currency, locale);
}

/**
 * An exact amount in major units, locale-aware through Intl, with the options of the `money` formatter:
 * the currency's digits unless the options say otherwise, rounded by the chosen mode (half-even by default).
 */
export function formatCldr(amount: Decimal, currency: string, locale: string, style: NumberStyle = {}): string {
  const digits = currencyDigits(currency);
  const max = clampDigits(style.maxFractionDigits ?? Math.max(digits, style.minFractionDigits ?? 0));
  const min = Math.min(clampDigits(style.minFractionDigits ?? Math.min(digits, max)), max);
  const value = rescale(amount, max, style.rounding ?? 'half-even');
  const options: Intl.NumberFormatOptions = {
    style: 'currency',
    currency,
    useGrouping: style.grouping ?? true,
    currencyDisplay: style.style === 'code' ? 'code' : style.style === 'name' ? 'name' : 'symbol',
  };
  if (style.style === 'short') {
    options.notation = 'compact';
    return intl(locale, options).format(decimalString(value) as unknown as number);
  }
  if (style.style === 'accounting') options.currencySign = 'accounting';
  return formatDigits(locale, options, value, min);
}

export function clampDigits(n: number): number {
  return Number.isFinite(n) ? Math.min(MAX_DIGITS, Math.max(0, Math.trunc(n))) : 0;
}

/**
 * Format an already-rounded decimal with Intl, showing at least `min` fraction digits and every digit it
 * has. Beyond Intl's 20 digits the fraction is spliced in after the integer part.
 */
export function formatDigits(locale: string, options: Intl.NumberFormatOptions, value: Decimal, min: number): string {
  const trimmed = trimZeros(value, min);
  if (trimmed.scale <= INTL_MAX_FRACTION) {
    const f = intl(locale, { ...options, minimumFractionDigits: trimmed.scale, maximumFractionDigits: trimmed.scale });
    return f.format(decimalString(trimmed) as unknown as number);
  }
  const whole = rescale(trimmed, 0, 'down');
  const f = intl(locale, { ...options, minimumFractionDigits: 0, maximumFractionDigits: 0 });
  const decimalSep = intl(locale, { minimumFractionDigits: 1 }).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
  const fraction = formatFixed(trimmed).split('.')[1] ?? '';
  const parts = f.formatToParts(decimalString(whole) as unknown as number);
  let last = -1;
  parts.forEach((p, i) => {
    if (p.type === 'integer' || p.type === 'group') last = i;
  });
  return parts.map((p, i) => (i === last ? p.value + decimalSep + fraction : p.value)).join('');
}

/** Drop trailing fraction zeros down to `min` digits. */
function trimZeros(d: Decimal, min: number): Decimal {
  let { units, scale } = d;
  while (scale > min && units % 10n === 0n) {
    units /= 10n;
    scale--;
  }
  return { units, scale };
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
