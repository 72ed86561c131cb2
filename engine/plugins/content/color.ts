/**
 * Colour helpers (spec 001 §5 "Colour"): hex weight, a luminance test, and HSL(A) colours with the
 * platform's exact validation messages.
 */
import { looseNumber } from './scalars.js';

const HEX = /^#?([0-9a-fA-F]{3,6})$/;

/**
 * The 24-bit value of a hex colour (`#fff`, `a0b1c2`); null when it is not hex at all. Only 3 and 6 digits
 * are read; 4 or 5 hex digits are ignored, which leaves the value at 0 (so such a colour weighs as dark).
 */
export function hexValue(color: string): number | null {
  const m = HEX.exec(color);
  if (m === null) return null;
  const hex = m[1]!;
  if (hex.length === 3) return parseInt(hex.replace(/./g, (c) => c + c), 16);
  if (hex.length === 6) return parseInt(hex, 16);
  return 0;
}

const MAX = 0xffffff;

/** 'light' above half of the maximum colour value, else 'dark'; null when the text is not a hex colour. */
export function colorWeight(color: string): 'light' | 'dark' | null {
  const v = hexValue(color);
  if (v === null) return null;
  return v > MAX / 2 ? 'light' : 'dark';
}

/** The separate luminance test: dark when the perceived luminance is below 0.65 of 256. */
export function isDarkByLuminance(color: string): boolean | null {
  const v = hexValue(color);
  if (v === null) return null;
  const r = (v >> 16) & 0xff;
  const g = (v >> 8) & 0xff;
  const b = v & 0xff;
  return 0.299 * r + 0.587 * g + 0.114 * b < 0.65 * 256;
}

export const HSL_MESSAGES = {
  missing: 'Missing an H/S/L value.',
  hue: 'Hue out of bounds. ',
  saturation: 'Saturation out of bounds. ',
  lightness: 'Lightness out of bounds. ',
  alpha: 'Alpha out of bounds.',
} as const;

/** Two decimals at most, trailing zeros dropped; toFixed rounds the binary value (1.045 → 1.04), as the platform does. */
function two(n: number): string {
  return String(Number(n.toFixed(2)));
}

/**
 * `hsl(200, 30%, 50%)` or `hsla(…, 0.9)` from an object with hue 0..360 and saturation, lightness, alpha 0..1.
 * A component is missing only when its key is absent; present values are read loosely (null → 0, "5" → 5,
 * "abc" → NaN: out of bounds for saturation and lightness, printed as NaN for hue and alpha, as on the platform). Alpha counts when its key is
 * present. Problems print instead of the colour: the missing message alone, or each broken bound in order.
 */
export function formatHsl(c: unknown): string {
  const obj = typeof c === 'object' && c !== null && !Array.isArray(c) ? (c as Record<string, unknown>) : {};
  const { hue, saturation, lightness, alpha } = obj;
  if (hue === undefined || saturation === undefined || lightness === undefined) return HSL_MESSAGES.missing;
  const h = looseNumber(hue);
  const s = looseNumber(saturation);
  const l = looseNumber(lightness);
  const a = alpha === undefined ? null : looseNumber(alpha);
  let problems = '';
  if (h < 0 || h > 360) problems += HSL_MESSAGES.hue;
  // Saturation and lightness must be numbers in 0..1 (NaN is out of bounds); hue and alpha only must not be
  // outside theirs (NaN passes and prints), as on the platform.
  if (!(s >= 0 && s <= 1)) problems += HSL_MESSAGES.saturation;
  if (!(l >= 0 && l <= 1)) problems += HSL_MESSAGES.lightness;
  if (a !== null && (a < 0 || a > 1)) problems += HSL_MESSAGES.alpha;
  if (problems !== '') return problems;
  const body = `${two(h)}, ${two(s * 100)}%, ${two(l * 100)}%`;
  return a === null ? `hsl(${body})` : `hsla(${body}, ${two(a)})`;
}
