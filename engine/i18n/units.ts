/**
 * Units of measure: their categories and conversion factors (CLDR unit conversion data: a year is 365.2425
 * days, a month a twelfth of it; binary prefixes for bytes, decimal ones for bits), and the units each
 * measurement system prefers when a value is shown in its "best" unit.
 *
 * A value converts through its category's base unit: base = value × factor + offset, or factor ÷ value for
 * the inverse consumption units (miles per gallon against liters per kilometer).
 */

export type MeasurementSystem = 'metric' | 'us';

export interface UnitDef {
  readonly id: string;
  readonly category: string;
  /** Size in the category's base unit. */
  readonly factor: number;
  /** Added after scaling (temperatures). */
  readonly offset?: number;
  /** base = factor / value (consumption in distance per volume). */
  readonly inverse?: boolean;
}

const KB = 1024;
const YEAR = 31556952; // seconds: 365.2425 days
const INCH = 0.0254; // meters
const FOOT = 12 * INCH;
const YARD = 3 * FOOT;
const MILE = 1760 * YARD;
const POUND = 0.45359237; // kilograms
const GALLON = 0.003785411784; // cubic meters (US liquid)

const u = (category: string, entries: Record<string, number>): UnitDef[] =>
  Object.entries(entries).map(([id, factor]) => ({ id, category, factor }));

const DEFS: UnitDef[] = [
  ...u('acceleration', { 'g-force': 9.80665, 'meter-per-second-squared': 1 }),
  ...u('angle', { revolution: 360, radian: 180 / Math.PI, degree: 1, 'arc-minute': 1 / 60, 'arc-second': 1 / 3600 }),
  ...u('area', {
    'square-kilometer': 1e6,
    hectare: 1e4,
    'square-meter': 1,
    'square-centimeter': 1e-4,
    'square-mile': MILE * MILE,
    acre: 4046.8564224,
    'square-yard': YARD * YARD,
    'square-foot': FOOT * FOOT,
    'square-inch': INCH * INCH,
  }),
  ...u('digital', {
    petabyte: 8 * KB ** 5,
    terabyte: 8 * KB ** 4,
    gigabyte: 8 * KB ** 3,
    megabyte: 8 * KB ** 2,
    kilobyte: 8 * KB,
    byte: 8,
    terabit: 1e12,
    gigabit: 1e9,
    megabit: 1e6,
    kilobit: 1e3,
    bit: 1,
  }),
  ...u('duration', {
    century: 100 * YEAR,
    decade: 10 * YEAR,
    year: YEAR,
    month: YEAR / 12,
    week: 604800,
    day: 86400,
    hour: 3600,
    minute: 60,
    second: 1,
    millisecond: 1e-3,
    microsecond: 1e-6,
    nanosecond: 1e-9,
  }),
  ...u('electric', { ampere: 1, milliampere: 1e-3, ohm: 1, volt: 1 }),
  ...u('energy', { kilocalorie: 4184, calorie: 4.184, kilojoule: 1000, joule: 1, 'kilowatt-hour': 3.6e6 }),
  ...u('frequency', { gigahertz: 1e9, megahertz: 1e6, kilohertz: 1e3, hertz: 1 }),
  ...u('length', {
    kilometer: 1000,
    meter: 1,
    decimeter: 0.1,
    centimeter: 0.01,
    millimeter: 0.001,
    micrometer: 1e-6,
    nanometer: 1e-9,
    picometer: 1e-12,
    mile: MILE,
    yard: YARD,
    foot: FOOT,
    inch: INCH,
    'nautical-mile': 1852,
    fathom: 2 * YARD,
    furlong: 220 * YARD,
    point: INCH / 72,
    'light-year': 9460730472580800,
    'astronomical-unit': 149597870700,
    parsec: 30856775814913673,
  }),
  ...u('mass', {
    'metric-ton': 1000,
    kilogram: 1,
    gram: 1e-3,
    milligram: 1e-6,
    microgram: 1e-9,
    ton: 2000 * POUND,
    stone: 14 * POUND,
    pound: POUND,
    ounce: POUND / 16,
    'ounce-troy': 0.03110348,
    carat: 2e-4,
  }),
  ...u('power', { gigawatt: 1e9, megawatt: 1e6, kilowatt: 1e3, watt: 1, milliwatt: 1e-3, horsepower: 745.69987158227022 }),
  ...u('pressure', { hectopascal: 100, millibar: 100, 'inch-hg': 3386.389, 'pound-per-square-inch': 6894.757293168 }),
  ...u('speed', {
    'kilometer-per-hour': 1000 / 3600,
    'meter-per-second': 1,
    'mile-per-hour': MILE / 3600,
    knot: 1852 / 3600,
  }),
  ...u('volume', {
    'cubic-kilometer': 1e9,
    'cubic-meter': 1,
    'cubic-centimeter': 1e-6,
    'cubic-mile': MILE ** 3,
    'cubic-yard': YARD ** 3,
    'cubic-foot': FOOT ** 3,
    'cubic-inch': INCH ** 3,
    megaliter: 1000,
    hectoliter: 0.1,
    liter: 1e-3,
    deciliter: 1e-4,
    centiliter: 1e-5,
    milliliter: 1e-6,
    'acre-foot': 1233.48183754752,
    gallon: GALLON,
    quart: GALLON / 4,
    pint: GALLON / 8,
    cup: GALLON / 16,
    'fluid-ounce': GALLON / 128,
    tablespoon: GALLON / 256,
    teaspoon: GALLON / 768,
  }),
  // Base: kelvin.
  { id: 'kelvin', category: 'temperature', factor: 1 },
  { id: 'celsius', category: 'temperature', factor: 1, offset: 273.15 },
  { id: 'fahrenheit', category: 'temperature', factor: 5 / 9, offset: 459.67 * (5 / 9) },
  // Base: liters per kilometer.
  { id: 'liter-per-kilometer', category: 'consumption', factor: 1 },
  { id: 'liter-per-100-kilometer', category: 'consumption', factor: 0.01 },
  { id: 'mile-per-gallon', category: 'consumption', factor: (GALLON * 1000) / (MILE / 1000), inverse: true },
];

export const UNITS: ReadonlyMap<string, UnitDef> = new Map(DEFS.map((d) => [d.id, d]));

/** Spellings the templates use for units (plurals, short forms, CLDR's older ids). */
const ALIASES: ReadonlyMap<string, string> = new Map([
  ['amp', 'ampere'],
  ['milliamp', 'milliampere'],
  ['feet', 'foot'],
  ['inches', 'inch'],
  ['centuries', 'century'],
  ['liter-per-100kilometers', 'liter-per-100-kilometer'],
  ['liter-per-100kilometer', 'liter-per-100-kilometer'],
  ['liters-per-kilometer', 'liter-per-kilometer'],
  ['miles-per-gallon', 'mile-per-gallon'],
  ['tonne', 'metric-ton'],
  ['g', 'gram'],
  ['kg', 'kilogram'],
]);

/** The unit named `name`, accepting aliases and plural spellings ("kilograms", "amps"); null if unknown. */
export function findUnit(name: string): UnitDef | null {
  const n = name.trim().toLowerCase();
  const direct = UNITS.get(n) ?? UNITS.get(ALIASES.get(n) ?? '');
  if (direct !== undefined) return direct;
  if (n.endsWith('s')) return findUnit(n.slice(0, -1));
  return null;
}

/** Convert `value` from one unit to another of the same category. */
export function convert(value: number, from: UnitDef, to: UnitDef): number {
  if (from.id === to.id) return value;
  const base = from.inverse ? from.factor / value : value * from.factor + (from.offset ?? 0);
  return to.inverse ? to.factor / base : (base - (to.offset ?? 0)) / to.factor;
}

/**
 * The units a value is shown in when only a category is known (`compact:length`, or `in:inch` alone), by
 * measurement system, largest first. The best one is the largest the value reaches at least once.
 */
const COMPACT: Record<string, { readonly metric: readonly string[]; readonly us: readonly string[] }> = {};
const both = (...ids: string[]) => ({ metric: ids, us: ids });
COMPACT['acceleration'] = both('g-force', 'meter-per-second-squared');
COMPACT['angle'] = both('degree', 'arc-minute', 'arc-second');
COMPACT['area'] = { metric: ['square-kilometer', 'hectare', 'square-meter', 'square-centimeter'], us: ['square-mile', 'acre', 'square-foot', 'square-inch'] };
COMPACT['bytes'] = both('terabyte', 'gigabyte', 'megabyte', 'kilobyte', 'byte');
COMPACT['bits'] = both('terabit', 'gigabit', 'megabit', 'kilobit', 'bit');
COMPACT['consumption'] = { metric: ['liter-per-100-kilometer'], us: ['mile-per-gallon'] };
COMPACT['duration'] = both('century', 'year', 'month', 'day', 'hour', 'minute', 'second', 'millisecond', 'microsecond', 'nanosecond');
COMPACT['duration-large'] = both('century', 'year', 'month', 'day');
COMPACT['duration-small'] = both('day', 'hour', 'minute', 'second', 'millisecond', 'microsecond', 'nanosecond');
COMPACT['electric'] = both('ampere', 'milliampere');
COMPACT['energy'] = both('kilojoule', 'joule');
COMPACT['frequency'] = both('gigahertz', 'megahertz', 'kilohertz', 'hertz');
COMPACT['length'] = { metric: ['kilometer', 'meter', 'centimeter', 'millimeter'], us: ['mile', 'yard', 'foot', 'inch'] };
COMPACT['mass'] = { metric: ['metric-ton', 'kilogram', 'gram'], us: ['ton', 'pound', 'ounce'] };
COMPACT['power'] = both('gigawatt', 'megawatt', 'kilowatt', 'watt');
COMPACT['speed'] = { metric: ['kilometer-per-hour'], us: ['mile-per-hour'] };
COMPACT['temperature'] = { metric: ['celsius'], us: ['fahrenheit'] };
COMPACT['volume'] = { metric: ['cubic-kilometer', 'cubic-meter', 'cubic-centimeter'], us: ['cubic-mile', 'cubic-yard', 'cubic-foot', 'cubic-inch'] };
COMPACT['liquid'] = { metric: ['megaliter', 'hectoliter', 'liter', 'deciliter', 'centiliter', 'milliliter'], us: ['gallon', 'quart', 'pint', 'cup', 'fluid-ounce'] };

/** The compact group a unit belongs to by default (bytes and bits scale separately). */
export function compactGroupOf(unit: UnitDef): string {
  if (unit.category === 'digital') return unit.id.endsWith('bit') ? 'bits' : 'bytes';
  return unit.category;
}

/** The candidate units of a compact group in a measurement system; null for an unknown group. */
export function compactUnits(group: string, system: MeasurementSystem): UnitDef[] | null {
  const c = COMPACT[group];
  if (c === undefined) return null;
  return c[system].map((id) => UNITS.get(id)!);
}

/** Regions that measure in US customary units (CLDR measurementSystem). */
const US_REGIONS: ReadonlySet<string> = new Set(['US', 'LR', 'MM']);

/** By locale: maximizing a locale costs more than the rest of a `unit` format, and locales are few. */
const systems = new Map<string, MeasurementSystem>();

export function measurementSystem(locale: string): MeasurementSystem {
  let system = systems.get(locale);
  if (system !== undefined) return system;
  let region: string | undefined;
  try {
    region = new Intl.Locale(locale).maximize().region;
  } catch {
    region = undefined;
  }
  system = region !== undefined && US_REGIONS.has(region) ? 'us' : 'metric';
  if (systems.size >= 100) systems.clear();
  systems.set(locale, system);
  return system;
}
