/**
 * Locale-aware date and time formatting (`{t|datetime ...}` and `{0 datetime ...}` in messages) with Intl.
 *
 * Options (space-separated words):
 *   short | medium | long | full       date and time in that CLDR width
 *   date:W  time:W                     W a width or a skeleton (`date:yMd time:hm`)
 *   skeleton:S  or a bare skeleton     fields chosen by skeleton (`yMMMEEEd`)
 *   wrap:W                             the width of the pattern gluing date and time ("at" vs ", ")
 *   context:begin-sentence             capitalize the first letter
 *   calendar:C                         a CLDR calendar (`japanese`, `buddhist`...)
 * With no option the date is shown in the long width ("February 24, 2020").
 */
import { cachedIntl } from './intl-cache.js';
import { dateFields, hasDateFields, hasTimeFields, isEmptySkeleton, isSkeleton, shownFields, skeletonOptions, timeFields, type DateTimeOptions } from './datetime-skeleton.js';
import { formatInstant } from './datetime-spacing.js';
import type { OptionMap } from './number-options.js';

export type Width = 'short' | 'medium' | 'long' | 'full';
const WIDTHS: ReadonlySet<string> = new Set(['short', 'medium', 'long', 'full']);

export function isWidth(s: string | undefined): s is Width {
  return s !== undefined && WIDTHS.has(s);
}

/** One half (date or time) of a request: a width or a skeleton's options. */
type Half = { readonly width: Width } | { readonly fields: DateTimeOptions; readonly skeleton: string };

export interface DatetimeSpec {
  readonly date: Half | null;
  readonly time: Half | null;
  /** Glue width when both halves are present. */
  readonly wrap: Width | null;
  readonly calendar: string | null;
  readonly capitalize: boolean;
}

function half(s: string | undefined): Half | null {
  if (s === undefined || s === '') return null;
  if (isWidth(s)) return { width: s };
  return { fields: shownFields(skeletonOptions(s), s), skeleton: s };
}

/**
 * Parse the option words once (at compile time when they are template arguments). As the platform reads them:
 * a bare width or `datetime:W` formats both halves in that width and wins over `date:`/`time:`; bare `date`
 * and `time` are the short halves; a skeleton (bare or `skeleton:`) holding only date fields is the date half
 * and one holding only time fields the time half, one holding both is both halves (`yMMMd hm`, `yMMMdhm`),
 * glued as the date's width glues them. Beside an explicit `date:` or `time:` the skeleton gives the other half.
 */
export function parseDatetimeSpec(opts: OptionMap, errors?: string[]): DatetimeSpec {
  let date = half(opts.get('date'));
  let time = half(opts.get('time'));
  let both: Width | null = null;
  // `datetime:S`, `skeleton:S` and the bare words that are not keywords make one skeleton together, in order
  // (`yMMMd EEEE` is `yMMMdEEEE`); a word that is no skeleton is still read as one (its field letters count,
  // the rest is ignored), as the platform reads it, and reported.
  let letters = '';
  const dt = opts.get('datetime');
  if (isWidth(dt)) both = dt;
  else if (dt !== undefined) letters += dt;
  letters += opts.get('skeleton') ?? '';
  for (const [k, v] of opts) {
    if (v !== '') continue;
    if (isWidth(k)) both = k;
    else if (k === 'date') date ??= { width: 'short' };
    else if (k === 'time') time ??= { width: 'short' };
    else {
      if (!isSkeleton(k)) errors?.push(`Unknown datetime option '${k}'.`);
      letters += k;
    }
  }
  if (letters !== '') {
    const raw = skeletonOptions(letters);
    const o = shownFields(raw, letters);
    const part = (fields: DateTimeOptions): Half => ({ fields: shownFields(fields), skeleton: letters });
    if (date === null && time === null) {
      // A skeleton holding both kinds of field is two halves glued as a date width glues them (`wrap:`
      // chooses), as the platform formats it.
      if (!hasTimeFields(o)) date = { fields: o, skeleton: letters };
      else if (!hasDateFields(o) && o.weekday === undefined) time = { fields: o, skeleton: letters };
      else {
        date = { fields: dateFields(o), skeleton: letters };
        time = { fields: timeFields(o), skeleton: letters };
      }
    } else if (time === null) {
      // Beside `date:W` the skeleton gives the time half: its time fields, else the weekday.
      time = part(timeFields(o));
    } else if (date === null) {
      // Beside `time:W` it gives the date half; with no date field at all the weekday stands alone.
      const d = dateFields(raw);
      if (isEmptySkeleton(d)) time = null;
      date = part(d);
    }
  }
  if (both !== null) date = time = { width: both };
  if (date === null && time === null) date = { width: 'long' };
  const wrap = opts.get('wrap');
  const calendar = opts.get('calendar');
  return {
    date,
    time,
    wrap: isWidth(wrap) ? wrap : null,
    calendar: calendar === undefined || calendar === '' ? null : calendar === 'gregorian' ? 'gregory' : calendar,
    capitalize: opts.get('context') === 'begin-sentence',
  };
}

/** A cached Intl.DateTimeFormat. */
export function dateTimeFormat(locale: string, options: DateTimeOptions): Intl.DateTimeFormat {
  return cachedIntl('date', locale, options, () => new Intl.DateTimeFormat(locale, options));
}

function halfOptions(h: Half, kind: 'date' | 'time'): DateTimeOptions {
  if ('width' in h) return kind === 'date' ? { dateStyle: h.width } : { timeStyle: h.width };
  return h.fields;
}

/** The glue width for a skeleton date half: by how long its month is spelled out. */
function skeletonWidth(h: Half): Width {
  if ('width' in h) return h.width;
  const o = h.fields;
  if (o.month === 'long' && o.weekday === 'long') return 'full';
  if (o.month === 'long') return 'long';
  if (o.month === 'short') return 'medium';
  return 'short';
}

const glueCache = new Map<string, { before: boolean; glue: string }>();
const SAMPLE = Date.UTC(2020, 1, 24, 19, 4, 40);

/**
 * How the locale joins a date and a time in width `w`: derived from Intl by formatting a sample with both
 * styles and locating each half in the result (" at " and ", " in English).
 */
export function glueOf(locale: string, w: Width, calendar: string | undefined): { before: boolean; glue: string } {
  const key = `${locale}|${w}|${calendar ?? ''}`;
  let g = glueCache.get(key);
  if (g === undefined) {
    const base: DateTimeOptions = { timeZone: 'UTC', ...(calendar === undefined ? {} : { calendar }) };
    const both = dateTimeFormat(locale, { ...base, dateStyle: w, timeStyle: w }).format(SAMPLE);
    const d = dateTimeFormat(locale, { ...base, dateStyle: w }).format(SAMPLE);
    const t = dateTimeFormat(locale, { ...base, timeStyle: w }).format(SAMPLE);
    if (both.startsWith(d) && both.endsWith(t) && both.length >= d.length + t.length) {
      g = { before: true, glue: both.slice(d.length, both.length - t.length) };
    } else if (both.startsWith(t) && both.endsWith(d) && both.length >= d.length + t.length) {
      g = { before: false, glue: both.slice(t.length, both.length - d.length) };
    } else g = { before: true, glue: ' ' };
    glueCache.set(key, g);
  }
  return g;
}

/** Upper-case the first letter (CLDR context `begin-sentence`). */
export function capitalizeFirst(s: string, locale: string): string {
  if (s === '') return s;
  const first = String.fromCodePoint(s.codePointAt(0)!);
  return first.toLocaleUpperCase(locale) + s.slice(first.length);
}

/** Format the instant `ms` in `timeZone`. Throws RangeError for a time zone or calendar Intl rejects. */
export function formatDatetime(locale: string, ms: number, timeZone: string, spec: DatetimeSpec): string {
  const base: DateTimeOptions = { timeZone };
  if (spec.calendar !== null) base.calendar = spec.calendar;
  let out: string;
  if (spec.date !== null && spec.time !== null) {
    const d = formatInstant(dateTimeFormat(locale, { ...base, ...halfOptions(spec.date, 'date') }), ms, locale);
    const t = formatInstant(dateTimeFormat(locale, { ...base, ...halfOptions(spec.time, 'time') }), ms, locale);
    const g = glueOf(locale, spec.wrap ?? skeletonWidth(spec.date), spec.calendar ?? undefined);
    out = g.before ? d + g.glue + t : t + g.glue + d;
  } else {
    const h = spec.date ?? spec.time!;
    out = formatInstant(dateTimeFormat(locale, { ...base, ...halfOptions(h, spec.date !== null ? 'date' : 'time') }), ms, locale);
  }
  return spec.capitalize ? capitalizeFirst(out, locale) : out;
}
