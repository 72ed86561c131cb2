/**
 * Colour helpers (spec 001 §5 "Colour"): hex weight, a luminance test, and HSL(A) colours with the
 * platform's exact validation messages.
 */

/** The 24-bit value of a 3- or 6-digit hex colour (`#fff`, `a0b1c2`); null for anything else. */
export function hexValue(color: string): number | null {
  const hex = color.startsWith('#') ? color.slice(1) : color;
  if (!/^(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(hex)) return null;
  const six = hex.length === 3 ? hex.replace(/./g, (c) => c + c) : hex;
  return parseInt(six, 16);
}

const MAX = 0xffffff;

/** 'light' above half of the maximum colour value, else 'dark'; null when the hex is not 3 or 6 digits. */
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

export interface Hsl {
  readonly hue: unknown;
  readonly saturation: unknown;
  readonly lightness: unknown;
  readonly alpha?: unknown;
}

/** Up to two decimals, as the platform prints colour components. */
function two(n: number): string {
  return String(Math.round(n * 100) / 100);
}

/**
 * `hsl(200, 30%, 50%)` or `hsla(…, 0.9)` from hue 0..360 and saturation, lightness, alpha 0..1; otherwise
 * the validation messages: the missing message alone, or every bound that is broken, in order.
 */
export function formatHsl(c: Hsl): string {
  const { hue, saturation, lightness, alpha } = c;
  if (typeof hue !== 'number' || typeof saturation !== 'number' || typeof lightness !== 'number') return HSL_MESSAGES.missing;
  const hasAlpha = typeof alpha === 'number';
  let problems = '';
  if (hue < 0 || hue > 360) problems += HSL_MESSAGES.hue;
  if (saturation < 0 || saturation > 1) problems += HSL_MESSAGES.saturation;
  if (lightness < 0 || lightness > 1) problems += HSL_MESSAGES.lightness;
  if (hasAlpha && (alpha < 0 || alpha > 1)) problems += HSL_MESSAGES.alpha;
  if (problems !== '') return problems;
  const body = `${two(hue)}, ${two(saturation * 100)}%, ${two(lightness * 100)}%`;
  return hasAlpha ? `hsla(${body}, ${two(alpha)})` : `hsl(${body})`;
}
