/**
 * Number formatting with the platform's digit rules, done on exact decimals: the value is rounded here (every
 * digit kept, no float, no limit of 21 significant or 20 fraction digits), and Intl only lays out the result
 * (grouping, separators, digits of the locale) with exactly as many fraction digits as the rounding left.
 *
 * The rules, found by differential testing against the reference engine and by the Java fixtures:
 * - fraction digits (the default): round to `maxfrac` (default 3 for decimals, 0 for percent), then drop
 *   trailing zeros down to `minfrac`; `minfrac` above `maxfrac` is lowered to it when both are given, and
 *   raises the maximum when only `minfrac` is given;
 * - significant digits, as soon as `minsig` or `maxsig` is given: `maxsig` alone also sets the minimum
 *   (`maxsig:2` prints 1 as "1.0"), `minsig` alone keeps every digit of the value;
 * - `mode:significant-maxfrac` (the Java engine; the reference ignores `mode`): significant digits, unless they
 *   leave more fraction digits than `maxfrac`, then fraction digits;
 * - `minint:0` drops the zero before the separator (".5"); a result that rounds to zero has no minus sign.
 */
import { type Decimal, decimalString, rescale, type RoundingMode } from '../../commerce/decimal.js';
import { cachedIntl } from './intl-cache.js';
import { digitOption, flagOption, type OptionMap } from './number-options.js';

export interface DigitPlan {
  readonly round: RoundingMode;
  readonly grouping: boolean;
  readonly minInt: number;
  readonly fraction: { readonly min: number; readonly max: number };
  /** Significant digits, or null for fraction digits; `max` is Infinity when only `minsig` is given. */
  readonly significant: { readonly min: number; readonly max: number } | null;
  /** `mode:significant-maxfrac`: the significant digits may not leave more than `fraction.max` fraction digits. */
  readonly capFraction: boolean;
}

/** The rounding modes a template may name (`truncate` is the reference's other name for `down`). */
const MODES: ReadonlyMap<string, RoundingMode> = new Map([
  ['up', 'up'],
  ['down', 'down'],
  ['truncate', 'down'],
  ['ceiling', 'ceiling'],
  ['floor', 'floor'],
  ['half-up', 'half-up'],
  ['half-down', 'half-down'],
  ['half-even', 'half-even'],
]);

/** Intl's names of the rounding modes (for the compact styles, which Intl rounds itself). */
export const INTL_ROUNDING: Readonly<Record<RoundingMode, string>> = {
  up: 'expand',
  down: 'trunc',
  ceiling: 'ceil',
  floor: 'floor',
  'half-up': 'halfExpand',
  'half-down': 'halfTrunc',
  'half-even': 'halfEven',
};

export interface PlanDefaults {
  readonly maxFrac: number;
  /** Fraction digits always shown (money shows its currency's digits); 0 when absent. */
  readonly minFrac?: number;
  readonly group: boolean;
}

export function digitPlan(opts: OptionMap, defaults: PlanDefaults, errors?: string[]): DigitPlan {
  const roundName = opts.get('round') ?? opts.get('rounding');
  const round = roundName === undefined || roundName === '' ? undefined : MODES.get(roundName);
  if (roundName !== undefined && roundName !== '' && round === undefined) {
    errors?.push(`Invalid rounding mode '${roundName}': expected up, down, ceiling, floor, half-up, half-down or half-even.`);
  }
  const grouping = opts.has('no-group') ? false : flagOption(opts, ['group', 'grouping'], defaults.group);
  const minInt = digitOption(opts, ['minimumIntegerDigits', 'minint'], 0, 50) ?? 1;
  const minFrac = digitOption(opts, ['minimumFractionDigits', 'minfrac']);
  const maxFrac = digitOption(opts, ['maximumFractionDigits', 'maxfrac']);
  const fraction =
    minFrac === undefined
      ? { min: Math.min(defaults.minFrac ?? 0, maxFrac ?? defaults.maxFrac), max: maxFrac ?? defaults.maxFrac }
      : maxFrac === undefined
        ? { min: minFrac, max: Math.max(defaults.maxFrac, minFrac) }
        : { min: Math.min(minFrac, maxFrac), max: maxFrac };
  const minSig = digitOption(opts, ['minimumSignificantDigits', 'minsig'], 1);
  const maxSig = digitOption(opts, ['maximumSignificantDigits', 'maxsig'], 0);
  const significant =
    minSig === undefined && maxSig === undefined
      ? null
      : { min: Math.min(minSig ?? maxSig!, maxSig ?? Infinity), max: maxSig ?? Infinity };
  return { round: round ?? 'half-even', grouping, minInt, fraction, significant, capFraction: opts.get('mode') === 'significant-maxfrac' };
}

/** The position of the leading digit: 0 for 1.x, 3 for 1234, -3 for 0.00123 (the value is not zero). */
function magnitude(d: Decimal): number {
  const abs = d.units < 0n ? -d.units : d.units;
  return abs.toString().length - d.scale - 1;
}

/** Round to `scale` fraction digits (a negative scale rounds to tens, hundreds…), then back to scale ≥ 0. */
function roundTo(d: Decimal, scale: number, mode: RoundingMode): Decimal {
  const r = rescale(d, scale, mode);
  return scale >= 0 ? r : { units: r.units * 10n ** BigInt(-scale), scale: 0 };
}

/** Drop trailing fraction zeros down to `min` fraction digits. */
function trimZeros(d: Decimal, min: number): Decimal {
  let { units, scale } = d;
  while (scale > min && units % 10n === 0n) {
    units /= 10n;
    scale--;
  }
  return scale < min ? rescale({ units, scale }, min) : { units, scale };
}

function roundFraction(d: Decimal, plan: DigitPlan): Decimal {
  return trimZeros(roundTo(d, plan.fraction.max, plan.round), plan.fraction.min);
}

function roundSignificant(d: Decimal, sig: { min: number; max: number }, mode: RoundingMode): Decimal {
  const zero = rescale({ units: 0n, scale: 0 }, Math.max(0, sig.min - 1));
  // No significant digit at all (maxsig:0) leaves nothing but zero.
  if (d.units === 0n || sig.max === 0) return zero;
  const r = sig.max === Infinity ? d : roundTo(d, sig.max - 1 - magnitude(d), mode);
  if (r.units === 0n) return zero;
  return trimZeros(r, Math.max(0, sig.min - 1 - magnitude(r)));
}

/** The value rounded as the plan says; its scale is the number of fraction digits to print. */
export function roundDecimal(d: Decimal, plan: DigitPlan): Decimal {
  if (plan.significant === null) return roundFraction(d, plan);
  const s = roundSignificant(d, plan.significant, plan.round);
  return plan.capFraction && s.scale > plan.fraction.max ? roundFraction(d, plan) : s;
}

/** Intl lays out at most this many fraction digits; the rest are appended as they are. */
const INTL_MAX_FRACTION = 20;

/**
 * Format an already rounded decimal with Intl `options` (a style, currency, grouping…), showing exactly its
 * fraction digits. Groups Intl separates with U+202F are written with U+00A0, as the fixtures have them.
 */
export function formatExact(locale: string, options: Intl.NumberFormatOptions, d: Decimal): string {
  const frac = Math.min(d.scale, INTL_MAX_FRACTION);
  const full = { ...options, minimumFractionDigits: frac, maximumFractionDigits: frac, roundingMode: 'trunc' } as Intl.NumberFormatOptions;
  const f = cachedIntl('exact', locale, full, () => new Intl.NumberFormat(locale, full));
  const text = decimalString(d.units === 0n ? { units: 0n, scale: d.scale } : d);
  // A whole number goes to Intl as a bigint: a long digit string would be read as a double (and overflow).
  let out = f.format((d.scale === 0 ? BigInt(text) : text) as unknown as number).replace(/\u202f/g, '\u00a0');
  if (d.scale > INTL_MAX_FRACTION) {
    const digits = text.slice(text.length - (d.scale - INTL_MAX_FRACTION));
    out = out.replace(/(\d)(?!.*\d)/u, (last) => last + digits);
  }
  return out;
}

/** Intl's grouping for the `group` option: 'auto' keeps the locale's minimum grouping digits (Polish 1234). */
export function intlGrouping(grouping: boolean): Intl.NumberFormatOptions['useGrouping'] {
  return (grouping ? 'auto' : false) as Intl.NumberFormatOptions['useGrouping'];
}

/** Lay out an already rounded decimal in `locale`: grouping, separators and at least `minInt` integer digits. */
export function layOut(locale: string, d: Decimal, grouping: boolean, minInt: number): string {
  const options: Intl.NumberFormatOptions = { useGrouping: intlGrouping(grouping), minimumIntegerDigits: Math.min(21, Math.max(1, minInt)) };
  if (minInt === 0 && isBelowOne(d)) {
    // No integer digit at all: ".5".
    const zero = formatExact(locale, options, { units: 0n, scale: d.scale });
    const digits = formatExact(locale, options, d);
    const lead = /\d/u.exec(zero)!.index;
    return digits.replace(zero.slice(lead, lead + 1), '');
  }
  return formatExact(locale, options, d);
}

function isBelowOne(d: Decimal): boolean {
  const abs = d.units < 0n ? -d.units : d.units;
  return d.units !== 0n && abs < 10n ** BigInt(d.scale);
}
