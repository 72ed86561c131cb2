/**
 * Decimal number formatting (`{n|decimal ...}` and `{0 decimal ...}` in messages): a style plus the digit,
 * grouping and rounding options of number-options.ts.
 *
 * Styles: decimal (default), percent, permille, short and long (compact), scientific.
 */
import { digitOptions, formatDecimalString, numberFormat, type NumberOptions, type OptionMap } from './number-options.js';

const DEFAULTS = { maxFrac: 3, group: true } as const;

/** The Intl options of a `decimal` option map, built once (at compile time for the formatter). */
export interface DecimalSpec {
  readonly o: NumberOptions;
  /** Intl has no per-mille style: the value is scaled by 1000 and the locale's sign appended. */
  readonly permille: boolean;
}

export function decimalSpec(opts: OptionMap, errors?: string[]): DecimalSpec {
  const style = opts.get('style') ?? 'decimal';
  const o: NumberOptions = digitOptions(opts, DEFAULTS, errors);
  switch (style) {
    case 'percent':
      // Intl scales by 100 itself; CLDR percent patterns show no fraction digits by default.
      o.style = 'percent';
      if (!hasDigitOption(opts)) o.maximumFractionDigits = o.minimumFractionDigits = 0;
      break;
    case 'permille':
      return { o, permille: true };
    case 'short':
    case 'long':
      o.notation = 'compact';
      o.compactDisplay = style;
      if (!hasDigitOption(opts)) {
        delete o.minimumFractionDigits;
        delete o.maximumFractionDigits;
      }
      break;
    case 'scientific':
      o.notation = 'scientific';
      break;
    default:
      if (style !== 'decimal') errors?.push(`Unknown decimal style '${style}'.`);
  }
  return { o, permille: false };
}

export function formatDecimalSpec(locale: string, value: string, spec: DecimalSpec): string {
  const f = numberFormat(locale, spec.o);
  return spec.permille ? formatDecimalString(f, shiftDecimal(value, 3)) + '‰' : formatDecimalString(f, value, spec.o.padFraction);
}

export function formatDecimal(locale: string, value: string, opts: OptionMap, errors?: string[]): string {
  return formatDecimalSpec(locale, value, decimalSpec(opts, errors));
}

function hasDigitOption(opts: OptionMap): boolean {
  for (const k of opts.keys()) if (/frac|sig|Fraction|Significant/.test(k)) return true;
  return false;
}

/** Multiply a decimal string by 10^n exactly, via its exponent. */
export function shiftDecimal(s: string, n: number): string {
  const m = /^(.*?)(?:[eE]([+-]?\d+))?$/.exec(s)!;
  const exp = (m[2] === undefined ? 0 : Number(m[2])) + n;
  return `${m[1]}e${exp}`;
}
