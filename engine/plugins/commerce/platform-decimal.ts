/**
 * Amounts as the platform's price formatters read a money object's `value`: an exact decimal that keeps the
 * digits as written (`"1.230"` stays three places), NaN and the infinities included. Found by differential
 * testing against the reference engine:
 * - a number, or text of the form `[+-]digits[.digits][e[+-]d…]` (at most six exponent digits, no spaces),
 *   is read exactly; `NaN`/`nan` is NaN and `[+-]Infinity`/`infinity` an infinity;
 * - anything else (missing, null, booleans, lists, objects, `" 7 "`, `"12abc"`, `"0x10"`) is 0.
 * `normal-price` and its kin print the amount in cents with every digit kept (`"1.005"` is `100.5`, `"-0"` is
 * `-0`), and compare amounts with NaN ordering before everything (so it wins a minimum only after a number).
 */
import { type Decimal, formatFixed, PLAIN_FORMAT, rescale } from '../../../commerce/decimal.js';

export type Amount =
  | { readonly kind: 'finite'; readonly negative: boolean; readonly magnitude: bigint; readonly scale: number }
  | { readonly kind: 'nan' }
  | { readonly kind: 'infinite'; readonly negative: boolean };

const FINITE = /^([+-]?)(\d+\.?\d*|\.\d+)(?:[eE]([+-]?\d{1,6}))?$/;
const INFINITE = /^([+-]?)(?:Infinity|infinity)$/;

export const ZERO: Amount = { kind: 'finite', negative: false, magnitude: 0n, scale: 0 };
const NAN: Amount = { kind: 'nan' };

/** The amount of a JSON value as the platform reads it (see the file comment). */
export function readAmount(v: unknown): Amount {
  const text = typeof v === 'number' ? String(v) : typeof v === 'string' ? v : null;
  if (text === null) return ZERO;
  const m = FINITE.exec(text);
  if (m !== null) {
    const [, sign, mantissa = '', exp] = m;
    const point = mantissa.indexOf('.');
    const frac = point < 0 ? '' : mantissa.slice(point + 1);
    let scale = frac.length - (exp === undefined ? 0 : Number(exp));
    let digits = point < 0 ? mantissa : mantissa.slice(0, point) + frac;
    if (scale < 0) {
      digits += '0'.repeat(-scale);
      scale = 0;
    }
    return { kind: 'finite', negative: sign === '-', magnitude: BigInt(digits === '' ? '0' : digits), scale };
  }
  if (text === 'NaN' || text === 'nan') return NAN;
  const inf = INFINITE.exec(text);
  return inf === null ? ZERO : { kind: 'infinite', negative: inf[1] === '-' };
}

/** The amount of a money object (`{value, currency}`): its `value`, 0 when it is not an object. */
export function moneyAmount(money: unknown): Amount {
  return typeof money === 'object' && money !== null && !Array.isArray(money) ? readAmount((money as Record<string, unknown>)['value']) : ZERO;
}

/** The amount in cents (times 100), digits kept. */
export function toCents(a: Amount): Amount {
  if (a.kind !== 'finite') return a;
  return a.scale >= 2 ? { ...a, scale: a.scale - 2 } : { ...a, magnitude: a.magnitude * 10n ** BigInt(2 - a.scale), scale: 0 };
}

function signed(a: Amount & { kind: 'finite' }): Decimal {
  return { units: a.negative ? -a.magnitude : a.magnitude, scale: a.scale };
}

/** Negative, zero or positive; any comparison with NaN is -1, as on the platform. */
export function compareAmounts(a: Amount, b: Amount): number {
  if (a.kind === 'nan' || b.kind === 'nan') return -1;
  if (a.kind === 'infinite' || b.kind === 'infinite') {
    const x = a.kind === 'infinite' ? (a.negative ? -1 : 1) : 0;
    const y = b.kind === 'infinite' ? (b.negative ? -1 : 1) : 0;
    return x - y;
  }
  const scale = Math.max(a.scale, b.scale);
  const x = rescale(signed(a), scale).units;
  const y = rescale(signed(b), scale).units;
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The amount as text, digits as held (`123.0`, `-0`, `Infinity`, `NaN`). */
export function amountText(a: Amount): string {
  if (a.kind === 'nan') return 'NaN';
  if (a.kind === 'infinite') return a.negative ? '-Infinity' : 'Infinity';
  return (a.negative ? '-' : '') + formatFixed({ units: a.magnitude, scale: a.scale }, { ...PLAIN_FORMAT, group: '' });
}

/** The native money text of an amount in major units: two places, rounded half away from zero, grouped. */
export function nativeAmountText(a: Amount): string {
  if (a.kind === 'nan') return 'NaN';
  if (a.kind === 'infinite') return a.negative ? '-∞' : '∞';
  return (a.negative ? '-' : '') + formatFixed(rescale({ units: a.magnitude, scale: a.scale }, 2, 'half-up'), PLAIN_FORMAT);
}

/** The amount as an exact decimal in major units, or null for NaN and the infinities. */
export function amountDecimal(a: Amount): Decimal | null {
  return a.kind === 'finite' ? signed(a) : null;
}
