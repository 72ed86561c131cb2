/**
 * strftime-style date formatting in a time zone, behind the `date` formatter (`{t|date %Y-%m-%d %Z}`).
 *
 * A format is compiled once into a list of parts; formatting makes one luxon DateTime per call. Supported:
 * %a %A %b %B %c %C %d %D %e %F %g %G %h %H %I %j %k %l %m %M %n %N %p %P %q %r %R %s %S %t %T %u %U %V
 * %v %w %W %x %X %y %Y %z %Z %% and %i (the hour on 12 hours, unpadded). Any other `%x` is dropped, as on the
 * platform. There are no width or padding flags,
 * so no template can make a long string out of a short format.
 */
import { DateTime } from 'luxon';
import { zoneAbbreviation } from './tz-abbreviations.js';

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

const pad2 = (n: number) => (n < 10 ? '0' + n : String(n));
const space2 = (n: number) => (n < 10 ? ' ' + n : String(n));
const pad3 = (n: number) => (n < 10 ? '00' + n : n < 100 ? '0' + n : String(n));
const hour12 = (h: number) => (h % 12 === 0 ? 12 : h % 12);
const shortDay = (d: DateTime) => DAYS[d.weekday - 1]!.slice(0, 3);
const shortMonth = (d: DateTime) => MONTHS[d.month - 1]!.slice(0, 3);
const ampm = (d: DateTime) => (d.hour < 12 ? 'AM' : 'PM');

/**
 * The platform's week of the year for both %U and %W: weeks start on Sunday and week 1 is the one that holds
 * January 1, so the last days of December are in week 1 when their week holds the next January 1.
 */
function weekOfYear(d: DateTime): number {
  const sunday = d.startOf('day').minus({ days: d.weekday % 7 });
  const year = sunday.plus({ days: 6 }).year;
  const jan1 = DateTime.fromObject({ year, month: 1, day: 1 }, { zone: d.zone });
  const week1 = jan1.minus({ days: jan1.weekday % 7 });
  return Math.round(sunday.diff(week1, 'days').days / 7) + 1;
}

function offset(d: DateTime): string {
  const m = d.offset;
  const a = Math.abs(m);
  return (m < 0 ? '-' : '+') + pad2(Math.floor(a / 60)) + ':' + pad2(a % 60);
}

type Field = (d: DateTime) => string;

const FIELDS: Record<string, Field> = {
  a: shortDay,
  A: (d) => DAYS[d.weekday - 1]!,
  b: shortMonth,
  B: (d) => MONTHS[d.month - 1]!,
  c: (d) => `${shortDay(d)}, ${shortMonth(d)} ${d.day}, ${d.year} ${hour12(d.hour)}:${pad2(d.minute)}:${pad2(d.second)} ${ampm(d)} ${zoneAbbreviation(d)}`,
  C: (d) => pad2(Math.floor(d.year / 100)),
  d: (d) => pad2(d.day),
  D: (d) => `${pad2(d.month)}/${pad2(d.day)}/${pad2(d.year % 100)}`,
  e: (d) => space2(d.day),
  F: (d) => `${d.year}-${pad2(d.month)}-${pad2(d.day)}`,
  g: (d) => pad2(d.weekYear % 100),
  G: (d) => String(d.weekYear),
  h: shortMonth,
  H: (d) => pad2(d.hour),
  I: (d) => pad2(hour12(d.hour)),
  i: (d) => String(hour12(d.hour)),
  j: (d) => pad3(d.ordinal),
  k: (d) => space2(d.hour),
  l: (d) => space2(hour12(d.hour)),
  m: (d) => pad2(d.month),
  M: (d) => pad2(d.minute),
  n: () => '\n',
  N: (d) => String(d.millisecond * 1_000_000).padStart(9, '0'),
  p: ampm,
  P: (d) => (d.hour < 12 ? 'am' : 'pm'),
  q: (d) => String(d.quarter),
  r: (d) => `${hour12(d.hour)}:${pad2(d.minute)}:${pad2(d.second)} ${ampm(d)}`,
  R: (d) => `${pad2(d.hour)}:${pad2(d.minute)}`,
  // Truncated toward zero, as on the platform (-1 ms is 0 s).
  s: (d) => String(Math.trunc(d.toMillis() / 1000)),
  S: (d) => pad2(d.second),
  t: () => '\t',
  T: (d) => `${pad2(d.hour)}:${pad2(d.minute)}:${pad2(d.second)}`,
  u: (d) => String(d.weekday),
  U: (d) => pad2(weekOfYear(d)),
  V: (d) => pad2(d.weekNumber),
  v: (d) => `${space2(d.day)}-${shortMonth(d)}-${d.year}`,
  w: (d) => String(d.weekday % 7),
  W: (d) => pad2(weekOfYear(d)),
  x: (d) => `${pad2(d.month)}/${pad2(d.day)}/${d.year}`,
  X: (d) => `${pad2(hour12(d.hour))}:${pad2(d.minute)}:${pad2(d.second)} ${ampm(d)}`,
  y: (d) => pad2(d.year % 100),
  Y: (d) => String(d.year),
  z: offset,
  Z: zoneAbbreviation,
  '%': () => '%',
};

export type DateFormatter = (epochMs: number, timeZone: string) => string;

export const DEFAULT_TIME_ZONE = 'America/New_York';

/** Compile a format once; the result formats epoch milliseconds in a zone (an unknown zone: UTC). */
export function compileStrftime(format: string): DateFormatter {
  const parts: (string | Field)[] = [];
  let literal = '';
  for (let i = 0; i < format.length; i++) {
    const c = format[i]!;
    const field = c === '%' ? FIELDS[format[i + 1] ?? ''] : undefined;
    if (field === undefined) {
      // `%` and a character that is no directive are both dropped, as on the platform (a final `%` stays).
      if (c === '%' && i + 1 < format.length) i++;
      else literal += c;
      continue;
    }
    if (literal !== '') parts.push(literal);
    literal = '';
    parts.push(field);
    i++;
  }
  if (literal !== '') parts.push(literal);
  return (epochMs, timeZone) => {
    let d = DateTime.fromMillis(epochMs, { zone: timeZone });
    // A zone name that is no zone: UTC, as on the platform.
    if (!d.isValid) d = DateTime.fromMillis(epochMs, { zone: 'UTC' });
    if (!d.isValid) return '';
    let out = '';
    for (const p of parts) out += typeof p === 'string' ? p : p(d);
    return out;
  };
}

const cache = new Map<string, DateFormatter>();

/** Format once, with a small cache of compiled formats. */
export function strftime(epochMs: number, format: string, timeZone: string): string {
  let f = cache.get(format);
  if (f === undefined) {
    if (cache.size >= 100) cache.clear();
    cache.set(format, (f = compileStrftime(format)));
  }
  return f(epochMs, timeZone);
}
