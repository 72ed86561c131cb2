/**
 * Exact decimal arithmetic for money: a value is an integer `units` scaled by 10^scale, held in a bigint so
 * that amounts of 15 and more integer digits never pass through a float.
 */
export interface Decimal {
  readonly units: bigint;
  readonly scale: number;
}

export type RoundingMode = 'up' | 'down' | 'ceiling' | 'floor' | 'half-up' | 'half-down' | 'half-even';

export const ROUNDING_MODES: readonly RoundingMode[] = ['up', 'down', 'ceiling', 'floor', 'half-up', 'half-down', 'half-even'];

const DECIMAL = /^\s*([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d{1,4}))?\s*$/;

/**
 * Parsed decimal texts. A page prices the same few amounts over and over ("89.00" in every variant, on every
 * request), and a parse is a regex and a BigInt; the values are immutable, so they can be shared.
 */
const parsed = new Map<string, Decimal | null>();
const MAX_PARSED = 1_000;

/** Parse a JSON number or a decimal string ("12.50", ".5", "-3", "1e3"); null when it is not a number. */
export function parseDecimal(input: unknown): Decimal | null {
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return null;
    text = String(input);
  } else if (typeof input === 'string') {
    text = input;
  } else if (typeof input === 'bigint') {
    return { units: input, scale: 0 };
  } else {
    return null;
  }
  const known = parsed.get(text);
  if (known !== undefined) return known;
  const d = parseText(text);
  if (parsed.size >= MAX_PARSED) parsed.clear();
  if (text.length <= 64) parsed.set(text, d);
  return d;
}

function parseText(text: string): Decimal | null {
  const m = DECIMAL.exec(text);
  if (m === null) return null;
  const [, sign, int = '', frac = '', exp] = m;
  if (int === '' && frac === '') return null;
  let scale = frac.length - (exp === undefined ? 0 : Number(exp));
  let digits = (int + frac).replace(/^0+(?=\d)/, '');
  if (scale < 0) {
    digits += '0'.repeat(-scale);
    scale = 0;
  }
  const units = BigInt(digits === '' ? '0' : digits);
  return { units: sign === '-' ? -units : units, scale };
}

const TEN = 10n;

/** 10^0 … 10^63, the powers money ever needs (digits are clamped to 0..50), computed once. */
const POWERS: readonly bigint[] = Array.from({ length: 64 }, (_, i) => TEN ** BigInt(i));

function pow10(n: number): bigint {
  return n < POWERS.length ? POWERS[n]! : TEN ** BigInt(n);
}

/** The value rescaled to `scale` digits after the point, rounded by `mode` when digits are dropped. */
export function rescale(d: Decimal, scale: number, mode: RoundingMode = 'half-even'): Decimal {
  if (scale >= d.scale) return { units: d.units * pow10(scale - d.scale), scale };
  const divisor = pow10(d.scale - scale);
  const negative = d.units < 0n;
  const abs = negative ? -d.units : d.units;
  let q = abs / divisor;
  const r = abs % divisor;
  if (r !== 0n && roundsAway(mode, negative, r * 2n, divisor, q)) q += 1n;
  return { units: negative ? -q : q, scale };
}

/** Whether dropping remainder r (given as 2r, compared with the divisor) moves the magnitude up. */
function roundsAway(mode: RoundingMode, negative: boolean, twiceR: bigint, divisor: bigint, q: bigint): boolean {
  switch (mode) {
    case 'up':
      return true;
    case 'down':
      return false;
    case 'ceiling':
      return !negative;
    case 'floor':
      return negative;
    case 'half-up':
      return twiceR >= divisor;
    case 'half-down':
      return twiceR > divisor;
    case 'half-even':
      return twiceR > divisor || (twiceR === divisor && q % 2n === 1n);
  }
}

export interface FixedFormat {
  /** Thousands separator; '' for none. */
  readonly group: string;
  readonly decimal: string;
  readonly minus: string;
}

export const PLAIN_FORMAT: FixedFormat = { group: ',', decimal: '.', minus: '-' };

/** Digits of a decimal exactly as scaled (no rounding), with grouping of three. */
export function formatFixed(d: Decimal, f: FixedFormat = PLAIN_FORMAT): string {
  const negative = d.units < 0n;
  let digits = (negative ? -d.units : d.units).toString();
  if (digits.length <= d.scale) digits = '0'.repeat(d.scale - digits.length + 1) + digits;
  const int = digits.slice(0, digits.length - d.scale);
  const frac = digits.slice(digits.length - d.scale);
  let grouped = int;
  if (f.group !== '' && int.length > 3) {
    const parts: string[] = [];
    let end = int.length;
    for (; end > 3; end -= 3) parts.unshift(int.slice(end - 3, end));
    parts.unshift(int.slice(0, end));
    grouped = parts.join(f.group);
  }
  return (negative ? f.minus : '') + grouped + (frac === '' ? '' : f.decimal + frac);
}

/** The decimal as a plain string ("-1234.50"), the form Intl.NumberFormat formats exactly. */
export function decimalString(d: Decimal): string {
  return formatFixed(d, { group: '', decimal: '.', minus: '-' });
}

