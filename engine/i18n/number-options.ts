/**
 * Number formatting options shared by `decimal`, `unit` and the message formatters, parsed from the
 * template's `key:value` words into Intl.NumberFormat options.
 *
 * Spec 001 §7: digit options are clamped to 0..50; rounding modes are up, down, ceiling, floor, half-up,
 * half-down, half-even. Both the long option names (`maximumFractionDigits`) and the short ones (`maxfrac`)
 * are accepted, as the fixtures use both.
 */

import { cachedIntl } from './intl-cache.js';

/** A parsed option list: `key:value` words, a bare word being `key: ''`. Later words win. */
export type OptionMap = ReadonlyMap<string, string>;

export function parseOptions(words: readonly string[]): Map<string, string> {
  const m = new Map<string, string>();
  for (const w of words) {
    const i = w.indexOf(':');
    if (i < 0) m.set(w, '');
    else m.set(w.slice(0, i), w.slice(i + 1));
  }
  return m;
}

/** Spec 001 §9: digit option max 50. */
export const MAX_DIGITS = 50;

/** An integer option clamped to `min..max`, or undefined when absent or not a number. */
export function digitOption(opts: OptionMap, names: readonly string[], min = 0, max = MAX_DIGITS): number | undefined {
  for (const n of names) {
    const v = opts.get(n);
    if (v === undefined) continue;
    // An empty value reads as 0 (`maxfrac:`), as the platform reads it.
    const x = Number(v);
    if (!Number.isFinite(x)) continue;
    return Math.min(max, Math.max(min, Math.trunc(x)));
  }
  return undefined;
}

/** A boolean option: a bare word or `true` is true, `false` is false, absent is `dflt`. */
export function flagOption(opts: OptionMap, names: readonly string[], dflt: boolean): boolean {
  for (const n of names) {
    const v = opts.get(n);
    if (v === undefined) continue;
    return v !== 'false';
  }
  return dflt;
}

type RoundingMode = 'ceil' | 'floor' | 'expand' | 'trunc' | 'halfCeil' | 'halfFloor' | 'halfExpand' | 'halfTrunc' | 'halfEven';

/** Spec 001 §7: the accepted rounding modes, mapped to Intl's names. */
export const ROUNDING_MODES: ReadonlyMap<string, RoundingMode> = new Map([
  ['up', 'expand'],
  ['down', 'trunc'],
  ['ceiling', 'ceil'],
  ['floor', 'floor'],
  ['half-up', 'halfExpand'],
  ['half-down', 'halfTrunc'],
  ['half-even', 'halfEven'],
]);

/** Intl options; the rounding fields are newer than the bundled lib typings. */
export type NumberOptions = Intl.NumberFormatOptions & {
  roundingMode?: RoundingMode;
  roundingPriority?: 'auto' | 'morePrecision' | 'lessPrecision';
  trailingZeroDisplay?: 'auto' | 'stripIfInteger';
  /** Fraction zeros to append beyond Intl's limit (see INTL_MAX_FRACTION). Not an Intl option. */
  padFraction?: number;
};

/** V8 accepts at most 20 fraction digits; the spec allows 50, so the rest are padded as zeros. */
export const INTL_MAX_FRACTION = 20;

export interface DigitDefaults {
  /** Maximum fraction digits when no option sets digits (CLDR decimal default: 3). */
  readonly maxFrac: number;
  /** Grouping when no `group` option is given. */
  readonly group: boolean;
}

/**
 * The digit, grouping and rounding part of the Intl options. An unknown rounding mode is reported through
 * `errors` and the default (half-even, as CLDR formats) is used.
 */
export function digitOptions(opts: OptionMap, defaults: DigitDefaults, errors?: string[]): NumberOptions {
  const o: NumberOptions = {};
  o.useGrouping = flagOption(opts, ['group', 'grouping'], defaults.group);
  const round = opts.get('round') ?? opts.get('rounding');
  if (round !== undefined && round !== '') {
    const mode = ROUNDING_MODES.get(round);
    if (mode === undefined) errors?.push(`Invalid rounding mode '${round}': expected up, down, ceiling, floor, half-up, half-down or half-even.`);
    o.roundingMode = mode ?? 'halfEven';
  } else o.roundingMode = 'halfEven';

  const minInt = digitOption(opts, ['minimumIntegerDigits', 'minint'], 1, 21);
  if (minInt !== undefined) o.minimumIntegerDigits = minInt;
  let minFrac = digitOption(opts, ['minimumFractionDigits', 'minfrac']);
  let maxFrac = digitOption(opts, ['maximumFractionDigits', 'maxfrac']);
  // Intl limits significant digits to 1..21.
  let minSig = digitOption(opts, ['minimumSignificantDigits', 'minsig'], 1, 21);
  let maxSig = digitOption(opts, ['maximumSignificantDigits', 'maxsig'], 1, 21);
  const mode = opts.get('mode');
  const useSig = minSig !== undefined || maxSig !== undefined;
  if (minFrac !== undefined && maxFrac !== undefined && maxFrac < minFrac) maxFrac = minFrac;
  if (minSig !== undefined && maxSig !== undefined && maxSig < minSig) maxSig = minSig;

  if (mode === 'significant' || (useSig && mode !== 'significant-maxfrac' && mode !== 'fractions')) {
    o.minimumSignificantDigits = minSig ?? 1;
    o.maximumSignificantDigits = maxSig ?? Math.max(21, minSig ?? 1);
  } else if (mode === 'significant-maxfrac') {
    // Significant digits, but never more fraction digits than maxfrac: the less precise of the two wins.
    o.minimumSignificantDigits = minSig ?? 1;
    o.maximumSignificantDigits = maxSig ?? 21;
    o.minimumFractionDigits = minFrac ?? 0;
    o.maximumFractionDigits = maxFrac ?? Math.max(defaults.maxFrac, minFrac ?? 0);
    o.roundingPriority = 'lessPrecision';
  } else {
    if (minFrac === undefined) minFrac = 0;
    if (maxFrac === undefined) maxFrac = Math.max(defaults.maxFrac, minFrac);
    o.minimumFractionDigits = minFrac;
    o.maximumFractionDigits = maxFrac;
  }
  if (o.minimumFractionDigits !== undefined && o.minimumFractionDigits > INTL_MAX_FRACTION) {
    o.padFraction = o.minimumFractionDigits - INTL_MAX_FRACTION;
  }
  if (o.minimumFractionDigits !== undefined) o.minimumFractionDigits = Math.min(o.minimumFractionDigits, INTL_MAX_FRACTION);
  if (o.maximumFractionDigits !== undefined) o.maximumFractionDigits = Math.min(o.maximumFractionDigits, INTL_MAX_FRACTION);
  return o;
}

/** A cached Intl.NumberFormat (building one is far slower than formatting). */
export function numberFormat(locale: string, options: NumberOptions): Intl.NumberFormat {
  const { padFraction: _, ...intl } = options;
  return cachedIntl('number', locale, intl, () => new Intl.NumberFormat(locale, intl));
}

/**
 * Format an exact decimal string (Intl accepts strings and keeps every digit). Groups separated by U+202F
 * (French since CLDR 34) are written with U+00A0, as the reference engine's CLDR data has them.
 */
export function formatDecimalString(f: Intl.NumberFormat, value: string, padFraction = 0): string {
  const out = f.format(value as unknown as number).replace(/\u202f/g, '\u00a0');
  if (padFraction <= 0) return out;
  // Append the zeros after the last digit (before any suffix such as a unit or percent sign).
  return out.replace(/(\d)(?!.*\d)/u, (d) => d + '0'.repeat(padFraction));
}

