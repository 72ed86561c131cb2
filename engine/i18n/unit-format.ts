/**
 * The `unit` formatter's logic: `{n|unit in:inch out:centimeter}`, `{n|unit in:second sequence:hour,minute}`,
 * `{n|unit in:byte compact:bytes format:long group maxfrac:2}`.
 *
 *   in:U            the unit of the value (default: the smallest unit the target's group uses locally)
 *   out:U           convert to U; `out:A,B,C` picks the best of A, B, C
 *   sequence:A,B,C  split into whole A, whole B and the rest in C ("14d 6h 56.1m"); zero parts are left out
 *   compact:G       the best unit of group G (length, mass, bytes, bits, duration, duration-large...) in the
 *                   locale's measurement system; `in:U` alone means `compact:` U's own group
 *   format:W        narrow (default), short or long
 *   group, maxfrac:N, minfrac:N, round:M   number options (no grouping and one fraction digit by default;
 *                   a maximum given alone is also the minimum, so `maxfrac:3` shows "0.510")
 *
 * The "best" unit is the largest candidate the value reaches at least once, else the smallest.
 */
import { languageOf } from './locale.js';
import { digitOptions, formatDecimalString, numberFormat, type NumberOptions, type OptionMap } from './number-options.js';
import { compactGroupOf, compactUnits, convert, findUnit, measurementSystem, type UnitDef } from './units.js';
import { unitPattern, type UnitWidth } from './unit-patterns.js';

export interface UnitSpec {
  readonly input: UnitDef | null;
  readonly out: readonly UnitDef[] | null;
  readonly sequence: readonly UnitDef[] | null;
  readonly compact: string | null;
  readonly width: UnitWidth;
  readonly number: NumberOptions;
}

function unitList(raw: string | undefined, errors?: string[]): UnitDef[] | null {
  if (raw === undefined || raw === '') return null;
  const out: UnitDef[] = [];
  for (const name of raw.split(',')) {
    const u = findUnit(name);
    if (u === null) errors?.push(`Unknown unit '${name}'.`);
    else out.push(u);
  }
  return out.length > 0 ? out : null;
}

export function parseUnitSpec(opts: OptionMap, errors?: string[]): UnitSpec {
  const inName = opts.get('in');
  const input = inName === undefined || inName === '' ? null : findUnit(inName);
  if (input === null && inName !== undefined && inName !== '') errors?.push(`Unknown unit '${inName}'.`);
  const format = opts.get('format');
  const width: UnitWidth = format === 'long' || format === 'short' ? format : 'narrow';
  const number = digitOptions(opts, { maxFrac: 1, group: false }, errors);
  const hasMin = opts.has('minfrac') || opts.has('minimumFractionDigits');
  const hasMax = opts.has('maxfrac') || opts.has('maximumFractionDigits');
  if (hasMax && !hasMin && number.maximumFractionDigits !== undefined) number.minimumFractionDigits = number.maximumFractionDigits;
  (number as { signDisplay?: string }).signDisplay = 'negative'; // never "-0" after rounding (ES2023 option)
  return {
    input,
    out: unitList(opts.get('out'), errors),
    sequence: unitList(opts.get('sequence'), errors),
    compact: opts.get('compact') || null,
    width,
    number,
  };
}

/** The largest candidate `value` reaches at least once, else the last (smallest) one. */
function bestFit(value: number, from: UnitDef, candidates: readonly UnitDef[]): { unit: UnitDef; value: number } {
  let pick = { unit: from, value };
  for (const c of candidates) {
    if (c.category !== from.category) continue;
    pick = { unit: c, value: convert(value, from, c) };
    if (Math.abs(pick.value) >= 1) break;
  }
  return pick;
}

const pluralCache = new Map<string, Intl.PluralRules>();

function pluralOf(locale: string, n: number, o: NumberOptions): string {
  const key = `${locale}|${o.minimumFractionDigits}|${o.maximumFractionDigits}`;
  let r = pluralCache.get(key);
  if (r === undefined) {
    r = new Intl.PluralRules(locale, { minimumFractionDigits: o.minimumFractionDigits, maximumFractionDigits: o.maximumFractionDigits });
    pluralCache.set(key, r);
  }
  return r.select(Math.abs(n));
}

const INTL_UNITS: ReadonlySet<string> = new Set(Intl.supportedValuesOf('unit'));

/** One amount in one unit: the table's pattern for the locale, else Intl, else the English pattern. */
function formatAmount(locale: string, n: number, unit: UnitDef, spec: UnitSpec, number: NumberOptions): string {
  const num = formatDecimalString(numberFormat(locale, number), String(n));
  const lang = languageOf(locale);
  const category = pluralOf(locale, n, number);
  let pattern = unitPattern(lang, unit.id, spec.width, category);
  if (pattern === null && INTL_UNITS.has(unit.id)) {
    return numberFormat(locale, { ...number, style: 'unit', unit: unit.id, unitDisplay: spec.width }).format(n);
  }
  pattern ??= unitPattern('en', unit.id, spec.width, category) ?? `# ${unit.id}`;
  return pattern.replace('#', () => num);
}

/** Format the decimal string `value` per `spec` in `locale`. */
export function formatUnitValue(locale: string, value: string, spec: UnitSpec): string {
  const n = Number(value);
  if (!Number.isFinite(n)) return '';
  const system = measurementSystem(locale);
  const target = spec.sequence?.[0] ?? spec.out?.[0] ?? null;
  let input = spec.input;
  if (input === null) {
    // No `in`: the value is in the smallest unit the target's group uses in this measurement system.
    const group = spec.compact ?? (target === null ? null : compactGroupOf(target));
    const units = group === null ? null : compactUnits(group, system);
    input = units?.[units.length - 1] ?? target;
  }
  if (input === null) return formatDecimalString(numberFormat(locale, spec.number), value);

  if (spec.sequence !== null) return formatSequence(locale, n, input, spec.sequence, spec);
  if (spec.out !== null) {
    const { unit, value: v } = spec.out.length === 1 ? { unit: spec.out[0]!, value: convert(n, input, spec.out[0]!) } : bestFit(n, input, spec.out);
    return formatAmount(locale, v, unit, spec, spec.number);
  }
  const candidates = compactUnits(spec.compact ?? compactGroupOf(input), system) ?? [input];
  const { unit, value: v } = bestFit(n, input, candidates);
  return formatAmount(locale, v, unit, spec, spec.number);
}

/** "14d 6h 56.1m": whole amounts of every unit but the last, which takes the rest with fraction digits. */
function formatSequence(locale: string, n: number, input: UnitDef, units: readonly UnitDef[], spec: UnitSpec): string {
  const same = units.filter((u) => u.category === input.category);
  if (same.length === 0) return formatAmount(locale, n, input, spec, spec.number);
  const negative = n < 0;
  let rest = Math.abs(convert(n, input, same[0]!));
  const parts: [number, UnitDef][] = [];
  for (let i = 0; i < same.length - 1; i++) {
    // A hair of tolerance so that 2.9999999999 feet is 3 feet, not 2 feet and 12 inches.
    const whole = Math.floor(rest + 1e-9);
    if (whole !== 0) parts.push([whole, same[i]!]);
    rest = Math.max(0, convert(rest - whole, same[i]!, same[i + 1]!));
  }
  const lastUnit = same[same.length - 1]!;
  const integer: NumberOptions = { ...spec.number, minimumFractionDigits: 0, maximumFractionDigits: 0 };
  const f = numberFormat(locale, spec.number);
  const lastIsZero = formatDecimalString(f, String(rest)) === formatDecimalString(f, '0');
  const out = parts.map(([v, u]) => formatAmount(locale, v, u, spec, integer));
  if (!lastIsZero || out.length === 0) out.push(formatAmount(locale, rest, lastUnit, spec, spec.number));
  if (negative) out[0] = '-' + out[0];
  return out.join(' ');
}
