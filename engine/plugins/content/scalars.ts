/**
 * How the content formatters read scalar fields. The platform's markup helpers print a field only when it is
 * a plain scalar, and read numbers loosely from text; these two helpers pin that down in one place.
 */

/** A string, number or boolean as text; anything else (missing, null, arrays, objects) prints as ''. */
export function text(v: unknown): string {
  switch (typeof v) {
    case 'string':
      return v;
    case 'number':
    case 'boolean':
      return String(v);
    default:
      return '';
  }
}

/**
 * A field read as a number the way the platform does: numbers as they are; text with a decimal point read as a
 * float prefix (`"1.5e2"` → 150), other text as a base-10 integer prefix (`"12e3"` → 12, `"0x10"` → 0, `"abc"` →
 * NaN); booleans as 1 and 0; everything else (missing, null, arrays, objects) as 0.
 */
export function looseNumber(v: unknown): number {
  switch (typeof v) {
    case 'number':
      return v;
    case 'string':
      return v.includes('.') ? Number.parseFloat(v) : Number.parseInt(v, 10);
    case 'boolean':
      return v ? 1 : 0;
    default:
      return 0;
  }
}

/** `v` is the number `code`, or non-blank text that reads as it (" 5", "5.0"), as the platform compares codes. */
export function readsAs(v: unknown, code: number): boolean {
  return v === code || (typeof v === 'string' && v.trim() !== '' && Number(v) === code);
}

/** A property of an object; undefined when `v` is not a plain object or array. */
export function field(v: unknown, key: string): unknown {
  return typeof v === 'object' && v !== null && Object.hasOwn(v, key) ? (v as Record<string, unknown>)[key] : undefined;
}
