/**
 * Decimal number formatting (`{n|decimal ...}` and `{0 decimal ...}` in messages): a style plus the digit,
 * grouping and rounding options of number-options.ts.
 *
 * Styles: decimal (default), percent, permille, short and long (compact), scientific.
 */
import { digitOptions, formatDecimalString, numberFormat, type NumberOptions, type OptionMap } from './number-options.js';

const DEFAULTS = { maxFrac: 3, group: true } as const;

export function formatDecimal(locale: string, value: string, opts: OptionMap, errors?: string[]): string {
  const style = opts.get('style') ?? 'decimal';
  const o: NumberOptions = digitOptions(opts, DEFAULTS, errors);
  const v = value;
  switch (style) {
    case 'percent':
      // Intl scales by 100 itself; CLDR percent patterns show no fraction digits by default.
      o.style = 'percent';
      if (!hasDigitOption(opts)) o.maximumFractionDigits = o.minimumFractionDigits = 0;
      break;
    case 'permille':
      // Intl has no per-mille style: scale by 1000 and append the locale's sign.
      return formatDecimalString(numberFormat(locale, o), shiftDecimal(v, 3)) + '‰';
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
  return formatDecimalString(numberFormat(locale, o), v, o.padFraction);
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
