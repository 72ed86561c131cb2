/** How template values behave: truthiness and how they print. Shared by the executor and the plugins. */

/** Truthy: non-empty string, non-zero non-NaN number, true, non-empty array, object with a key. */
export function isTruthy(v: unknown): boolean {
  switch (typeof v) {
    case 'string':
      return v.length > 0;
    case 'number':
      return v !== 0 && v === v;
    case 'boolean':
      return v;
    case 'object':
      if (v === null) return false;
      if (Array.isArray(v)) return v.length > 0;
      for (const _ in v) return true;
      return false;
    default:
      return false;
  }
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
    // Elements print as JavaScript's join would, except null, which the reference prints as `null`.
    if (e === null) s += 'null';
    else if (typeof e === 'object') s += Array.isArray(e) ? arrayText(e) : '[object Object]';
    else s += toText(e);
  }
  return s;
}

/** A plain object (not null, not an array). */
export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
