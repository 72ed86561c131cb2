/**
 * Decimal number formatting (`{n|decimal ...}` and `{0 decimal ...}` in messages): a style plus the digit,
 * grouping and rounding options of exact-number.ts.
 *
 * Styles: decimal (default), percent and permille (no fraction digits by default), short and long (compact,
 * laid out by Intl), scientific (mantissa with no fraction digits by default, `E+3`, no exponent for 10^0).
 * An unknown style formats as decimal and is reported.
 */
import { type Decimal, parseDecimal } from '../../commerce/decimal.js';
import { type DigitPlan, digitPlan, INTL_ROUNDING, layOut, roundDecimal } from './exact-number.js';
import { cachedIntl } from './intl-cache.js';
import type { OptionMap } from './number-options.js';

type Style = 'decimal' | 'percent' | 'permille' | 'compact' | 'scientific';

/** The parsed options of a `decimal` call, built once (at compile time for the formatter). */
export interface DecimalSpec {
  readonly style: Style;
  readonly plan: DigitPlan;
  /** Intl options for the compact styles. */
  readonly compact: Intl.NumberFormatOptions | null;
}

const STYLES: Readonly<Record<string, Style>> = {
  decimal: 'decimal',
  percent: 'percent',
  permille: 'permille',
  short: 'compact',
  long: 'compact',
  scientific: 'scientific',
};

export function decimalSpec(opts: OptionMap, errors?: string[]): DecimalSpec {
  const name = opts.get('style') ?? 'decimal';
  const style = STYLES[name];
  if (style === undefined && name !== '') errors?.push(`Unknown decimal style '${name}'.`);
  const s = style ?? 'decimal';
  const maxFrac = s === 'decimal' ? 3 : 0;
  const plan = digitPlan(opts, { maxFrac, group: true }, errors);
  return { style: s, plan, compact: s === 'compact' ? compactOptions(opts, plan, name as 'short' | 'long') : null };
}

function compactOptions(opts: OptionMap, plan: DigitPlan, display: 'short' | 'long'): Intl.NumberFormatOptions {
  const o: Omit<Intl.NumberFormatOptions, 'signDisplay'> & { roundingMode?: string; signDisplay?: string } = {
    notation: 'compact',
    compactDisplay: display,
    // Intl's default for compact numbers groups only from five digits; the platform groups "1.235" in German.
    useGrouping: plan.grouping,
    signDisplay: 'negative',
    roundingMode: INTL_ROUNDING[plan.round],
  };
  if (plan.significant !== null) {
    // Compact numbers show exactly the significant digits asked for (`minsig:3`: "1.23 thousand").
    const { min, max } = plan.significant;
    o.minimumSignificantDigits = Math.max(1, Math.min(21, min));
    o.maximumSignificantDigits = Math.max(1, Math.min(21, max === Infinity ? min : max));
  } else if ([...opts.keys()].some((k) => /frac|Fraction/.test(k))) {
    o.minimumFractionDigits = Math.min(20, plan.fraction.min);
    o.maximumFractionDigits = Math.min(20, plan.fraction.max);
  }
  return o as Intl.NumberFormatOptions;
}

/** The value times 10^n, exactly. */
function shift(d: Decimal, n: number): Decimal {
  return d.scale >= n ? { units: d.units, scale: d.scale - n } : { units: d.units * 10n ** BigInt(n - d.scale), scale: 0 };
}

export function formatDecimalSpec(locale: string, value: Decimal, spec: DecimalSpec): string {
  const { plan } = spec;
  switch (spec.style) {
    case 'decimal':
      return layOut(locale, roundDecimal(value, plan), plan.grouping, plan.minInt);
    case 'percent':
    case 'permille': {
      // The scaled number in the locale's percent pattern (Intl has no per-mille style: its sign replaces %).
      const scaled = roundDecimal(shift(value, spec.style === 'percent' ? 2 : 3), plan);
      const { prefix, suffix } = percentAffixes(locale);
      const text = prefix + layOut(locale, scaled, plan.grouping, plan.minInt) + suffix;
      return spec.style === 'percent' ? text : text.replace('%', '‰');
    }
    case 'compact': {
      const o = spec.compact!;
      const f = cachedIntl('compact', locale, o, () => new Intl.NumberFormat(locale, o));
      return f.format(decimalText(value) as unknown as number).replace(/\u202f/g, '\u00a0');
    }
    case 'scientific':
      return scientific(locale, value, plan);
  }
}

/** What the locale writes before and after a percentage's number ("", "%" in English; "", " %" in French). */
function percentAffixes(locale: string): { prefix: string; suffix: string } {
  const f = cachedIntl('percent', locale, {}, () => new Intl.NumberFormat(locale, { style: 'percent' }));
  const parts = f.formatToParts(0.5);
  const first = parts.findIndex((p) => p.type === 'integer');
  return {
    prefix: parts.slice(0, first).map((p) => p.value).join(''),
    suffix: parts.slice(first + 1).map((p) => p.value).join('').replace(/\u202f/g, '\u00a0'),
  };
}

/** `1.23E+3`, `1E-3`; a mantissa of 10^0 has no exponent, and zero is `0`. */
function scientific(locale: string, value: Decimal, plan: DigitPlan): string {
  if (value.units === 0n) return layOut(locale, roundDecimal(value, plan), false, plan.minInt);
  const abs = value.units < 0n ? -value.units : value.units;
  let exponent = abs.toString().length - value.scale - 1;
  let mantissa = roundDecimal(shift(value, -exponent), plan);
  const mAbs = mantissa.units < 0n ? -mantissa.units : mantissa.units;
  if (mAbs >= 10n ** BigInt(mantissa.scale + 1)) {
    // Rounding carried into a new digit (9.99 → 10): one more power of ten.
    exponent++;
    mantissa = roundDecimal(shift(value, -exponent), plan);
  }
  const text = layOut(locale, mantissa, false, plan.minInt);
  return exponent === 0 ? text : `${text}E${exponent > 0 ? '+' : '-'}${Math.abs(exponent)}`;
}

function decimalText(d: Decimal): string {
  return d.scale === 0 ? d.units.toString() : `${d.units}e-${d.scale}`;
}

export function formatDecimal(locale: string, value: Decimal, opts: OptionMap, errors?: string[]): string {
  return formatDecimalSpec(locale, value, decimalSpec(opts, errors));
}

/**
 * What `decimal` prints for a value that is not a number it can format: the reference reads a string as
 * written (no trimming) and prints `NaN` for "NaN" and `∞` for "Infinity" with either sign; anything else
 * that is not a number (booleans included) prints nothing.
 */
export function decimalInput(value: unknown): Decimal | string | null {
  if (typeof value === 'number') return Number.isFinite(value) ? parseDecimal(value) : null;
  if (typeof value !== 'string') return null;
  if (value === 'NaN') return 'NaN';
  if (value === 'Infinity' || value === '+Infinity' || value === '-Infinity') return '∞';
  return PLAIN_NUMBER.test(value) ? parseDecimal(value) : null;
}

const PLAIN_NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
