/**
 * Days in the site's time zone (websites.time_zone, spec 001 §9 default America/New_York): the day key
 * `YYYY-MM-DD` every analytics row and roll-up carries, the days of a range, and an SQL expression that turns
 * an epoch-millisecond column into the local day number, so orders, submissions and signups are counted per
 * site day by SQLite (GROUP BY) rather than read row by row. Daylight-saving changes are exact: the
 * expression adds the offset in force at each instant, found to the minute.
 */
import { DateTime } from 'luxon';

const DAY_MS = 86_400_000;

/** A zone luxon knows, else UTC (a bad stored zone must not stop the counting). */
export function validZone(zone: string): string {
  return DateTime.now().setZone(zone).isValid ? zone : 'UTC';
}

/** The day key of instant `ms` in `zone`. */
export function dayKey(ms: number, zone: string): string {
  return DateTime.fromMillis(ms, { zone }).toISODate() ?? '1970-01-01';
}

/** The month key (`YYYY-MM`) of a day key. */
export const monthOf = (day: string) => day.slice(0, 7);

/** Whether `text` is a real calendar day `YYYY-MM-DD`. */
export function isDayKey(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && DateTime.fromISO(text, { zone: 'UTC' }).isValid;
}

// Day keys are calendar days, so plain UTC date arithmetic moves them (no zone involved, and fast: the
// dashboard turns hundreds of day numbers into keys per answer).
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

/** `day` moved by `n` days. */
export function addDays(day: string, n: number): string {
  return dayNumberKey(dayNumber(day) + n);
}

/** The days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let n = dayNumber(from), end = dayNumber(to); n <= end; n++) out.push(dayNumberKey(n));
  return out;
}

/** The instant the site day `day` starts. */
export function dayStart(day: string, zone: string): number {
  return DateTime.fromISO(day, { zone }).startOf('day').toMillis();
}

/** The local day number (days since 1970-01-01 in local time) as a day key. */
export const dayNumberKey = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

const offsetMs = (ms: number, zone: string) => DateTime.fromMillis(ms, { zone }).offset * 60_000;

/**
 * `column` (epoch ms) as the local day number between `start` and `end`: `((column + CASE … END) / 86400000)`
 * with the UTC offset of each stretch between offset changes. The numbers are written into the SQL as integer
 * literals (they are computed here, never given): bound JavaScript numbers are REAL to SQLite, and the
 * division would no longer round down to whole days.
 */
export function localDayExpression(column: string, start: number, end: number, zone: string): string {
  const int = (n: number) => String(Math.trunc(n));
  let offset = offsetMs(start, zone);
  let sql = '';
  // offsets change a few times a year at most (never twice within a week), so weekly steps find every change
  const step = 7 * DAY_MS;
  for (let t = start; t < end; t += step) {
    const next = Math.min(t + step, end);
    const o = offsetMs(next, zone);
    if (o === offset) continue;
    // the change lies in (t, next]: narrow it down to the minute
    let lo = t;
    let hi = next;
    while (hi - lo > 60_000) {
      const mid = lo + Math.floor((hi - lo) / 2);
      if (offsetMs(mid, zone) === offset) lo = mid;
      else hi = mid;
    }
    sql += ` WHEN ${column} < ${int(hi)} THEN ${int(offset)}`;
    offset = o;
  }
  const added = sql === '' ? int(offset) : `CASE${sql} ELSE ${int(offset)} END`;
  return `((${column} + ${added}) / ${DAY_MS})`;
}
