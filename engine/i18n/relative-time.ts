/**
 * Relative times (`{t|relative-time}` against "now", `{s,e|relative-time}` between two instants) with
 * Intl.RelativeTimeFormat: "in 12 days", "11 hours ago".
 *
 * The unit is the largest of year, month, week, day, hour, minute and second that the distance reaches at least
 * once (spec 001 §4 lists these buckets); the count is rounded to the nearest whole unit. Weeks count unless
 * `allowWeeks:false`: the Java engine, which the platform runs, says "in 2 weeks" for 11.5 days where the
 * TypeScript reference says "in 12 days" (see the known failures).
 */
import { capitalizeFirst } from './datetime.js';
import type { OptionMap } from './number-options.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
/** Mean Gregorian month and year. */
const YEAR = 365.2425 * DAY;
const MONTH = YEAR / 12;

const UNITS: readonly (readonly [Intl.RelativeTimeFormatUnit, number])[] = [
  ['year', YEAR],
  ['month', MONTH],
  ['week', WEEK],
  ['day', DAY],
  ['hour', HOUR],
  ['minute', MINUTE],
  ['second', SECOND],
];

export interface RelativeSpec {
  readonly allowWeeks: boolean;
  readonly numeric: 'always' | 'auto';
  readonly style: 'long' | 'short' | 'narrow';
  readonly capitalize: boolean;
}

/**
 * The options the platform reads: `width:short|narrow`, `allowWeeks:false` and `context:begin-sentence`.
 * Counts of one and zero use the locale's words where it has them ("now", "last year", "yesterday").
 */
export function parseRelativeSpec(opts: OptionMap): RelativeSpec {
  const width = opts.get('width');
  return {
    allowWeeks: opts.get('allowWeeks') !== 'false',
    numeric: 'auto',
    style: width === 'short' || width === 'narrow' ? width : 'long',
    capitalize: opts.get('context') === 'begin-sentence',
  };
}

const cache = new Map<string, Intl.RelativeTimeFormat>();

/** Format the distance from `from` to `to` (positive: in the future). */
export function formatRelative(locale: string, from: number, to: number, spec: RelativeSpec): string {
  const delta = to - from;
  const abs = Math.abs(delta);
  let unit: Intl.RelativeTimeFormatUnit = 'second';
  let size = SECOND;
  for (const [u, ms] of UNITS) {
    if (u === 'week' && !spec.allowWeeks) continue;
    if (abs >= ms) {
      unit = u;
      size = ms;
      break;
    }
  }
  const count = Math.round(abs / size) * Math.sign(delta);
  const key = `${locale}|${spec.numeric}|${spec.style}`;
  let f = cache.get(key);
  if (f === undefined) {
    f = new Intl.RelativeTimeFormat(locale, { numeric: spec.numeric, style: spec.style });
    cache.set(key, f);
  }
  const out = f.format(Object.is(count, -0) ? 0 : count, unit);
  return spec.capitalize ? capitalizeFirst(out, locale) : out;
}
