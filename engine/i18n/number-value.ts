/**
 * Reading numbers out of JSON values for the i18n formatters. Values arrive as JSON numbers or as decimal
 * strings ("12345.67899", ".0123", "-1.00"); strings keep their exact digits so that plural selection can
 * see visible fraction digits ("1.0" is "other" in English) and formatting does not lose precision.
 */

/** A number as an exact decimal string (what Intl.NumberFormat.format accepts), or null if not numeric. */
export function decimalString(v: unknown): string | null {
  if (typeof v === 'number') return Number.isFinite(v) ? numberToString(v) : null;
  if (typeof v === 'boolean') return v ? '1' : '0';
  if (typeof v === 'string') {
    const s = v.trim();
    if (!DECIMAL.test(s)) return null;
    return s.startsWith('+') ? s.slice(1) : s;
  }
  return null;
}

const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** String(n) but never `-0`. */
function numberToString(n: number): string {
  return Object.is(n, -0) ? '0' : String(n);
}

/** The number of visible fraction digits of a decimal string ("1.50" → 2, "1e3" → 0). */
export function visibleFractionDigits(s: string): number {
  const m = /\.(\d*)(?:[eE]([+-]?\d+))?$/.exec(s);
  if (m === null) {
    const e = /[eE]([+-]?\d+)$/.exec(s);
    return e === null ? 0 : Math.max(0, -Number(e[1]));
  }
  const exp = m[2] === undefined ? 0 : Number(m[2]);
  return Math.max(0, m[1]!.length - exp);
}

/** A finite number from a JSON value, or NaN. */
export function numberOf(v: unknown): number {
  const s = decimalString(v);
  return s === null ? NaN : Number(s);
}
