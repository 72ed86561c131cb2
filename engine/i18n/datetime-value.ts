/**
 * Reading instants out of JSON values for the date formatters: epoch milliseconds as a JSON number or an
 * integer string ("1525198211000").
 *
 * Spec 001 §8: dates must fall within the Julian day range the calendar code supports, 4713 BC to 8652 AD;
 * an instant outside it is an error. 'Invalid date.' is the text shown when a date cannot be formatted.
 */

/** January 1, 4713 BC (Julian calendar), noon UTC: Julian day 0. */
export const MIN_EPOCH_MS = -210866760000000;
/** The last millisecond of December 31, 8652 AD (UTC). */
export const MAX_EPOCH_MS = Date.UTC(8652, 11, 31, 23, 59, 59, 999);

export const INVALID_DATE = 'Invalid date.';
export const JULIAN_RANGE_ERROR = 'Julian day out of supported range (4713 BC to 8652 AD).';

/** Epoch milliseconds of a value, or null when it is not a number at all. */
export function epochMillis(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string') {
    const s = v.trim();
    if (!/^-?\d+(?:\.\d+)?$/.test(s)) return null;
    return Number(s);
  }
  return null;
}

export function inJulianRange(ms: number): boolean {
  return ms >= MIN_EPOCH_MS && ms <= MAX_EPOCH_MS;
}

/**
 * The instant of a value: a number, `'invalid'` when it lies outside the Julian range (reported through
 * `env`), or null when it is not a date at all.
 */
export function checkedInstant(v: unknown, env: { error(message: string): void }): number | 'invalid' | null {
  const ms = epochMillis(v);
  if (ms === null) return null;
  if (!inJulianRange(ms)) {
    env.error(JULIAN_RANGE_ERROR);
    return 'invalid';
  }
  return ms;
}
