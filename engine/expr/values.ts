/**
 * How `.eval` values convert and print. Values are plain JSON values: numbers (doubles), strings, booleans,
 * null, undefined (a missing variable), objects and arrays (which only variables can produce).
 */

const NUMERIC = /^([+-]?)(?:0[xX]([0-9a-fA-F]+)|([0-9]+(?:\.[0-9]*)?(?:[eE][+-]?[0-9]+)?))$/;

/** String → number: decimal or hex with an optional sign; empty → 0; anything else → NaN. */
export function stringToNumber(s: string): number {
  if (s.length === 0) return 0;
  const m = NUMERIC.exec(s);
  if (m === null) return NaN;
  const v = m[2] !== undefined ? Number('0x' + m[2]) : Number(m[3]);
  return m[1] === '-' ? -v : v;
}

/** Number conversion of a scalar: booleans → 1/0, null and missing → 0. */
export function toNumber(v: unknown): number {
  switch (typeof v) {
    case 'number':
      return v;
    case 'string':
      return stringToNumber(v);
    case 'boolean':
      return v ? 1 : 0;
    case 'undefined':
      return 0;
    default:
      return v === null ? 0 : NaN;
  }
}

/** String conversion of a scalar (for `+` and `str()`): null and missing → "null" (as the platform). */
export function toStr(v: unknown): string {
  switch (typeof v) {
    case 'string':
      return v;
    case 'number':
      return String(v);
    case 'boolean':
      return v ? 'true' : 'false';
    case 'undefined':
      return 'null';
    default:
      return v === null ? 'null' : String(v);
  }
}

/** Truthiness of a scalar, as in JavaScript. */
export function truthy(v: unknown): boolean {
  switch (typeof v) {
    case 'boolean':
      return v;
    case 'number':
      return v !== 0 && v === v;
    case 'string':
      return v.length > 0;
    default:
      return false;
  }
}

/**
 * How the template emits an eval result: strings as they are, numbers as JavaScript prints them, booleans,
 * `null`; a missing value emits nothing; objects and arrays as JSON.
 */
export function formatExprValue(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
      return String(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'undefined':
      return '';
    case 'object':
      if (value === null) return 'null';
      try {
        return JSON.stringify(value) ?? '';
      } catch {
        return '';
      }
    case 'bigint':
      return String(value);
    default:
      return '';
  }
}
