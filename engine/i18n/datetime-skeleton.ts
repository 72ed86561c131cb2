/**
 * CLDR date skeletons (`yMMMd`, `EEEEyMMMMd`, `hm`, `Bh`) translated to Intl.DateTimeFormat options. Intl picks
 * the locale's best pattern for the requested fields, which is what a skeleton means in CLDR.
 */

export type DateTimeOptions = Intl.DateTimeFormatOptions & {
  dayPeriod?: 'narrow' | 'short' | 'long';
  fractionalSecondDigits?: 1 | 2 | 3;
};

const TEXT_WIDTH = (n: number): 'short' | 'long' | 'narrow' => (n === 4 ? 'long' : n >= 5 ? 'narrow' : 'short');

/** Field letters a skeleton may hold. */
const SKELETON = /^(?:G+|y+|Y+|u+|U+|r+|Q+|q+|M+|L+|w+|W+|d+|D+|F+|g+|E+|e+|c+|a+|b+|B+|h+|H+|k+|K+|j+|J+|C+|m+|s+|S+|A+|z+|Z+|O+|v+|V+|X+|x+)+$/;

export function isSkeleton(s: string): boolean {
  return s !== '' && SKELETON.test(s);
}

/** Intl options for a skeleton. Unknown letters are ignored. */
export function skeletonOptions(skeleton: string): DateTimeOptions {
  const o: DateTimeOptions = {};
  let i = 0;
  while (i < skeleton.length) {
    const c = skeleton[i]!;
    let n = 1;
    while (skeleton[i + n] === c) n++;
    i += n;
    switch (c) {
      case 'G':
        o.era = TEXT_WIDTH(n);
        break;
      case 'y':
      case 'Y':
      case 'u':
      case 'r':
        o.year = n === 2 ? '2-digit' : 'numeric';
        break;
      case 'M':
      case 'L':
        o.month = n === 1 ? 'numeric' : n === 2 ? '2-digit' : n === 3 ? 'short' : n === 4 ? 'long' : 'narrow';
        break;
      case 'd':
        o.day = n === 2 ? '2-digit' : 'numeric';
        break;
      case 'E':
      case 'e':
      case 'c':
        o.weekday = n <= 3 ? 'short' : TEXT_WIDTH(n);
        break;
      case 'h':
      case 'K':
        o.hour = n === 2 ? '2-digit' : 'numeric';
        o.hour12 = true;
        break;
      case 'H':
      case 'k':
        o.hour = n === 2 ? '2-digit' : 'numeric';
        o.hour12 = false;
        break;
      case 'j':
      case 'J':
      case 'C':
        o.hour = n === 2 ? '2-digit' : 'numeric';
        break;
      case 'B':
      case 'b':
        o.dayPeriod = n === 4 ? 'long' : n >= 5 ? 'narrow' : 'short';
        break;
      case 'm':
        o.minute = n === 2 ? '2-digit' : 'numeric';
        break;
      case 's':
        o.second = n === 2 ? '2-digit' : 'numeric';
        break;
      case 'S':
        o.fractionalSecondDigits = Math.min(3, n) as 1 | 2 | 3;
        break;
      case 'z':
        o.timeZoneName = n >= 4 ? 'long' : 'short';
        break;
      case 'v':
      case 'V':
        o.timeZoneName = n >= 4 ? 'longGeneric' : 'shortGeneric';
        break;
      case 'O':
      case 'Z':
      case 'X':
      case 'x':
        o.timeZoneName = n >= 4 ? 'longOffset' : 'shortOffset';
        break;
      case 'a':
        // The day period alone is "5 PM" on the platform: it brings the hour with it.
        o.hour ??= 'numeric';
        o.hour12 ??= true;
        break;
      default:
        break; // Q, w, D...: no Intl counterpart; the locale pattern decides.
    }
  }
  return o;
}

/**
 * Fields that must show something: none at all (a skeleton "5" or "foo") is the short weekday, what the
 * platform's best match prints. `skeleton` is the text they came from: its letters Intl has no field for
 * (quarter, week, day of year) leave the choice to Intl's pattern.
 */
export function shownFields(o: DateTimeOptions, skeleton = ''): DateTimeOptions {
  return isEmptySkeleton(o) && !/[QqwWDFg]/.test(skeleton) ? { weekday: 'short' } : o;
}

export function isEmptySkeleton(o: DateTimeOptions): boolean {
  return Object.keys(o).length === 0;
}

const DATE_KEYS: ReadonlySet<string> = new Set(['era', 'year', 'month', 'day', 'weekday']);

/** The calendar fields of a skeleton's options (weekday included). */
export function dateFields(o: DateTimeOptions): DateTimeOptions {
  return Object.fromEntries(Object.entries(o).filter(([k]) => DATE_KEYS.has(k)));
}

/** The time-of-day fields of a skeleton's options (zone name included). */
export function timeFields(o: DateTimeOptions): DateTimeOptions {
  return Object.fromEntries(Object.entries(o).filter(([k]) => !DATE_KEYS.has(k)));
}

/** True when the skeleton asks for any time-of-day field. */
export function hasTimeFields(o: DateTimeOptions): boolean {
  return o.hour !== undefined || o.minute !== undefined || o.second !== undefined || o.dayPeriod !== undefined;
}

/** True when the skeleton asks for a calendar field other than the weekday. */
export function hasDateFields(o: DateTimeOptions): boolean {
  return o.year !== undefined || o.month !== undefined || o.day !== undefined || o.era !== undefined;
}
