/**
 * Time formatters of the social family: `google-calendar-url` (an event-creation link for an event item) and
 * `timesince` (English "about N units ago" relative to the render's "now").
 */
import { MIN_EPOCH_MS } from '../../i18n/datetime-value.js';
import { isObject, toNumber, toText } from '../../values.js';
import type { Formatter } from '../types.js';

const CALENDAR_BASE = 'http://www.google.com/calendar/event?action=TEMPLATE';

function pad(n: number, width: number): string {
  const s = String(Math.abs(n));
  return (n < 0 ? '-' : '') + (s.length >= width ? s : '0'.repeat(width - s.length) + s);
}

/**
 * Spec 001 §9: calendar dates are UTC, format YYYYMMDDTHHMMSSZ. The value is read as the numeric formatters
 * read it (missing is the epoch, text from its start); '' for one that is still not a date.
 */
export function calendarStamp(v: unknown): string {
  const ms = toNumber(v);
  if (Number.isNaN(ms)) return '';
  const d = new Date(ms);
  if (Number.isNaN(d.getTime())) return '';
  return (
    pad(d.getUTCFullYear(), 4) +
    pad(d.getUTCMonth() + 1, 2) +
    pad(d.getUTCDate(), 2) +
    'T' +
    pad(d.getUTCHours(), 2) +
    pad(d.getUTCMinutes(), 2) +
    pad(d.getUTCSeconds(), 2) +
    'Z'
  );
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** encodeURIComponent that never throws: lone surrogates become U+FFFD first. */
export function encodeComponent(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return encodeURIComponent(s.replace(LONE_SURROGATE, '\uFFFD'));
  }
}

const LOCATION_FIELDS = ['addressLine1', 'addressLine2', 'addressCountry'] as const;

/** The event's location as one line: the non-empty address lines and country joined with ", ". */
export function locationLine(location: unknown): string {
  if (!isObject(location)) return '';
  let line = '';
  for (const field of LOCATION_FIELDS) {
    const part = toText(location[field]).trim();
    if (part === '') continue;
    line = line === '' ? part : `${line}, ${part}`;
  }
  return line;
}

/** Spec 001: the calendar link points to an external calendar event-creation URL. */
export function googleCalendarUrl(event: Record<string, unknown>): string {
  const start = calendarStamp(event['startDate']);
  const end = calendarStamp(event['endDate']);
  // A date that cannot be read fails the formatter, as on the platform: the tag prints nothing, whatever
  // formatters follow it, and the theme author is told which date.
  if (start === '') throw new Error(`startDate ${JSON.stringify(event['startDate'])} is not a date`);
  if (end === '') throw new Error(`endDate ${JSON.stringify(event['endDate'])} is not a date`);
  // The title is encoded as JavaScript's escape() does (`%E9`, `%u2013`; `@*_+-./` kept), the location as a URI
  // component, as the platform writes them (differential against the reference).
  let url =
    // a list title is empty text, as string formatters read lists
    `${CALENDAR_BASE}&text=${escape(Array.isArray(event['title']) ? '' : toText(event['title']))}` +
    `&dates=${start}/${end}`;
  const location = locationLine(event['location']);
  if (location !== '') url += `&location=${encodeComponent(location)}`;
  return url;
}

const googleCalendarUrlFormatter: Formatter = {
  name: 'google-calendar-url',
  format(value) {
    return googleCalendarUrl(isObject(value) ? value : {});
  },
};

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
const YEAR = 365 * DAY;
const MONTH = YEAR / 12;

/** Spec 001 §4: relative-time buckets year, month, week, day, hour, minute, and 'less than a minute ago'. */
const BUCKETS: readonly (readonly [size: number, unit: string, one: string])[] = [
  [YEAR, 'year', 'a year'],
  [MONTH, 'month', 'a month'],
  [WEEK, 'week', 'a week'],
  [DAY, 'day', 'a day'],
  [HOUR, 'hour', 'an hour'],
  [MINUTE, 'minute', 'a minute'],
];

/**
 * "about N units ago" for a time `elapsed` milliseconds in the past: the largest bucket that fits at least once,
 * counted in whole units. A time in the future (clock skew) counts as just now.
 */
export function timeSince(elapsed: number): string {
  for (const [size, unit, one] of BUCKETS) {
    if (elapsed >= size) {
      const n = Math.floor(elapsed / size);
      return n === 1 ? `about ${one} ago` : `about ${n} ${unit}s ago`;
    }
  }
  return 'less than a minute ago';
}

const timesince: Formatter = {
  name: 'timesince',
  format(value, _args, ctx) {
    // Read as the numeric formatters read it: missing is the epoch, text is parsed from its start.
    const ms = toNumber(value);
    if (Number.isNaN(ms)) return 'Invalid date.';
    // A number: nothing in the attribute needs escaping. The platform's calendar starts at Julian day 0, so
    // an older instant is as old as that.
    return `<span class="timesince" data-date="${ms}">${timeSince(ctx.now - Math.max(ms, MIN_EPOCH_MS))}</span>`;
  },
};

export const CALENDAR_FORMATTERS: Formatter[] = [googleCalendarUrlFormatter, timesince];
