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
import { type Decimal, decimalString, parseDecimal, rescale, type RoundingMode } from '../../commerce/decimal.js';
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

export interface PlanDefaults {
  readonly maxFrac: number;
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
      ? { min: 0, max: maxFrac ?? defaults.maxFrac }
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

/** Lay out an already rounded decimal in `locale`: grouping, separators and at least `minInt` integer digits. */
export function layOut(locale: string, d: Decimal, grouping: boolean, minInt: number): string {
  const shown = d.scale;
  const frac = Math.max(0, Math.min(shown, INTL_MAX_FRACTION));
  const options = {
    // 'auto' keeps the locale's minimum grouping digits (Polish writes 1234 but 12 345); true would force groups.
    useGrouping: grouping ? 'auto' : false,
    minimumIntegerDigits: Math.min(21, Math.max(1, minInt)),
    minimumFractionDigits: frac,
    maximumFractionDigits: frac,
    roundingMode: 'trunc',
  } as Intl.NumberFormatOptions;
  const f = cachedIntl('exact', locale, options, () => new Intl.NumberFormat(locale, options));
  const text = d.units === 0n ? decimalString({ units: 0n, scale: d.scale }) : decimalString(d);
  // A whole number goes to Intl as a bigint: a long digit string would be read as a double (and overflow).
  const input = (d.scale === 0 ? BigInt(text) : text) as unknown as number;
  let out = minInt === 0 && isBelowOne(d) ? withoutLeadingZero(f, text) : f.format(input);
  out = out.replace(/\u202f/g, '\u00a0');
  if (shown > INTL_MAX_FRACTION) {
    const digits = text.slice(text.length - (shown - INTL_MAX_FRACTION));
    out = out.replace(/(\d)(?!.*\d)/u, (last) => last + digits);
  }
  return out;
}

function isBelowOne(d: Decimal): boolean {
  const abs = d.units < 0n ? -d.units : d.units;
  return d.units !== 0n && abs < 10n ** BigInt(d.scale);
}

function withoutLeadingZero(f: Intl.NumberFormat, text: string): string {
  return f
    .formatToParts(text as unknown as number)
    .filter((p) => p.type !== 'integer')
    .map((p) => p.value)
    .join('');
}

/** A value as the formatters read it: a JSON number or a decimal string, exactly; null when not a number. */
export function exactDecimal(value: string): Decimal | null {
  return parseDecimal(value);
}
