/**
 * Date ranges (`{s,e|datetime-interval [skeleton]}` and `{0;1 datetime-interval}` in messages) with
 * Intl.DateTimeFormat.formatRange, which applies the locale's interval patterns ("Feb 24 – Jun 19, 2020").
 *
 * Without a skeleton one is chosen from the two instants: the time of day ("hm") when both fall on the same
 * day in the time zone, else the date ("yMMMd"). A skeleton with no calendar field besides the weekday
 * (`EEE`) cannot tell two different days apart, so the time is added and both ends are formatted in full
 * around the locale's range separator ("Tue, 3:51 PM – Mon, 10:25 AM").
 */
import { dateTimeFormat, capitalizeFirst, glueOf } from './datetime.js';
import { formatInstant } from './datetime-spacing.js';
import { hasDateFields, hasTimeFields, skeletonOptions, type DateTimeOptions } from './datetime-skeleton.js';

/** The calendar day of an instant in a time zone, as a comparable string. */
const dayKey = (ms: number, timeZone: string): string =>
  dateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' }).format(ms);

const yearOf = (ms: number, timeZone: string): string => dateTimeFormat('en-US', { timeZone, year: 'numeric' }).format(ms);

const separators = new Map<string, string>();

/** The locale's range separator (" – " with thin spaces in English), read from a weekday-only range. */
function rangeSeparator(locale: string): string {
  let sep = separators.get(locale);
  if (sep === undefined) {
    sep = ' – ';
    const parts = dateTimeFormat(locale, { timeZone: 'UTC', weekday: 'short' }).formatRangeToParts(
      Date.UTC(2020, 0, 1),
      Date.UTC(2020, 0, 3),
    );
    const shared = parts.filter((p) => p.source === 'shared').map((p) => p.value);
    if (shared.length === 1) sep = shared[0]!;
    separators.set(locale, sep);
  }
  return sep;
}

export interface IntervalSpec {
  /** The skeleton's options, or null to choose one from the instants. */
  readonly fields: DateTimeOptions | null;
  readonly capitalize: boolean;
}

export function parseIntervalSpec(words: readonly string[]): IntervalSpec {
  let fields: DateTimeOptions | null = null;
  let capitalize = false;
  for (const w of words) {
    if (w === 'context:begin-sentence') capitalize = true;
    else if (w.startsWith('skeleton:')) fields = skeletonOptions(w.slice(9));
    else if (!w.includes(':')) fields = skeletonOptions(w);
  }
  return { fields, capitalize };
}

/** Each end in full, its date and time glued as the locale glues them in `width`, around the range separator. */
function bothEnds(locale: string, start: number, end: number, date: DateTimeOptions, time: DateTimeOptions, width: 'short' | 'medium'): string {
  const d = dateTimeFormat(locale, date);
  const t = dateTimeFormat(locale, time);
  const g = glueOf(locale, width, undefined);
  const one = (ms: number) => {
    const ds = formatInstant(d, ms, locale);
    const ts = formatInstant(t, ms, locale);
    return g.before ? ds + g.glue + ts : ts + g.glue + ds;
  };
  return one(start) + rangeSeparator(locale) + one(end);
}

export function formatInterval(locale: string, start: number, end: number, timeZone: string, spec: IntervalSpec): string {
  const base: DateTimeOptions = { timeZone };
  let out: string;
  let fields = spec.fields;
  if (fields === null) {
    const sameDay = dayKey(start, timeZone) === dayKey(end, timeZone);
    fields = sameDay ? skeletonOptions('hm') : skeletonOptions('yMMMd');
  }
  const otherDay = dayKey(start, timeZone) !== dayKey(end, timeZone);
  if (hasTimeFields(fields) && !hasDateFields(fields) && fields.weekday === undefined && otherDay) {
    // Times on different days: each end gets its date, as the platform writes it ("Feb 24, 2020, 2:04 PM").
    out = bothEnds(locale, start, end, { ...base, ...skeletonOptions('yMMMd') }, { ...base, ...fields }, 'medium');
  } else if (fields.year === undefined && hasDateFields(fields) && yearOf(start, timeZone) !== yearOf(end, timeZone)) {
    // The platform keeps to the skeleton's fields even when the years differ ("Feb 24 – Mar 30").
    const f = dateTimeFormat(locale, { ...base, ...fields });
    out = formatInstant(f, start, locale) + rangeSeparator(locale) + formatInstant(f, end, locale);
  } else if (!hasDateFields(fields) && !hasTimeFields(fields) && otherDay) {
    // The weekday and an added time, joined as CLDR joins a date and a time ("Tue, 3:51 PM").
    out = bothEnds(locale, start, end, { ...base, ...fields }, { ...base, ...skeletonOptions('hm') }, 'short');
  } else {
    const f = dateTimeFormat(locale, { ...base, ...fields });
    // A range that collapses to one date or time is that instant, spaced as the datetime formatter spaces it.
    const collapsed = f.formatRangeToParts(start, end).every((p) => p.source === 'shared');
    out = collapsed ? formatInstant(f, start, locale) : f.formatRange(start, end);
  }
  return spec.capitalize ? capitalizeFirst(out, locale) : out;
}
