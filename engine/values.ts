/** How template values behave: truthiness and how they print. Shared by the executor and the plugins. */

/** Truthy: non-empty string, non-zero non-NaN number, true, non-empty array, object with a key. */
export function isTruthy(v: unknown): boolean {
  // `typeof v === …` tests, objects first (sections test objects most): V8 turns each into a type check,
  // where a `switch (typeof v)` built the type's name and compared strings (a quarter slower on a page).
  if (typeof v === 'object') {
    if (v === null) return false;
    if (Array.isArray(v)) return v.length > 0;
    for (const _ in v) return true;
    return false;
  }
  if (typeof v === 'string') return v.length > 0;
  if (typeof v === 'number') return v !== 0 && v === v;
  return v === true;
}

/** The text a value emits: missing/null → '', objects → '', arrays joined with ','. */
export function toText(v: unknown): string {
  switch (typeof v) {
    case 'string':
      return v;
    case 'number':
      return String(v);
    case 'boolean':
      return v ? 'true' : 'false';
    case 'object':
      if (v !== null && Array.isArray(v)) return arrayText(v);
      return '';
    case 'bigint':
      return String(v);
    default:
      return '';
  }
}

function arrayText(a: unknown[]): string {
  let s = '';
  for (let i = 0; i < a.length; i++) {
    if (i > 0) s += ',';
    const e = a[i];
    // Elements print as JavaScript's join would, except a null element of the outer array, which the
    // reference prints as `null` (inside a nested array it is empty, as in a join).
    if (e === null) s += 'null';
    else if (typeof e === 'object') s += Array.isArray(e) ? e.join(',') : '[object Object]';
    else s += toText(e);
  }
  return s;
}

/** A plain object (not null, not an array). */
export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * A value read as a number, the way the platform's numeric formatters and predicates read it: missing, null,
 * an object or an array is 0, a boolean 1 or 0, and a string is parsed from its start (as a float when it has
 * a decimal point, else as an integer: `12abc` is 12, `1e3` is 1, `abc` is NaN).
 */
export function toNumber(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'string') return v.indexOf('.') >= 0 ? parseFloat(v) : parseInt(v, 10);
  if (typeof v === 'boolean') return v ? 1 : 0;
  return 0;
}

/** Missing and null are the same value to the comparisons. */
const isNullish = (v: unknown): v is null | undefined => v === null || v === undefined;

/**
 * The platform's ordering of two values (negative, 0 or positive), driven by the left side's type: a number
 * compares with the right side read as a number (NaN on either side orders after), a string with the right
 * side as text (code units), a boolean with the right side as a boolean (`true` only for the string `true` or
 * a whole non-zero number). Anything else (missing, null, an object, an array) is 0 when it is equal to the
 * right side and -1 otherwise, so `lessThan?` holds for a missing field.
 */
export function compareValues(a: unknown, b: unknown): number {
  switch (typeof a) {
    case 'number': {
      const y = toNumber(b);
      return a < y ? -1 : a === y ? 0 : 1;
    }
    case 'string': {
      const y = typeof b === 'string' ? b : typeof b === 'object' || b === undefined ? '' : toText(b);
      return a < y ? -1 : a === y ? 0 : 1;
    }
    case 'boolean': {
      const y = readsTrue(b);
      return a === y ? 0 : a ? 1 : -1;
    }
    default:
      return valuesEqual(a, b) ? 0 : -1;
  }
}

/** A value as a comparison reads a boolean: `true`, `"true"` or a whole non-zero number; anything else is false. */
export function readsTrue(v: unknown): boolean {
  return v === true || v === 'true' || (typeof v === 'number' && Number.isSafeInteger(v) && v !== 0);
}

/** JSON equality: same type and value, objects and arrays compared deeply, missing equal to null. */
export function valuesEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return isNullish(a) && isNullish(b);
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!valuesEqual(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) {
    if (!Object.hasOwn(b, k) || !valuesEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  }
  return true;
}
