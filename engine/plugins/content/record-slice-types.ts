/**
 * `{.current-type? NAME}`: whether the current slice (a block of a cover page, lock screen or popup) is of the
 * slice type NAME, by the spec's slice-type codes. The node's `currentType` must read as that code.
 */
import type { Predicate } from '../types.js';
import { field } from './record-values.js';

/**
 * Spec 001 §3 "Enumerations", slice types. `undefined` (-1) is the code of a slice of no known type; it is also
 * what `{.current-type?}` without an argument tests for.
 */
export const SLICE_TYPES: Readonly<Record<string, number>> = {
  undefined: -1,
  heading: 1,
  body: 3,
  image: 4,
  gallery: 5,
  video: 6,
  'social-icons': 7,
  buttons: 8,
  navigation: 9,
  'custom-form': 10,
  newsletter: 11,
  album: 12,
  map: 13,
  logo: 14,
  action: 15,
  form: 16,
  lock: 17,
  password: 18,
  twitter: 19,
};

export const CURRENT_TYPE: Predicate<number | null> = {
  name: 'current-type?',
  // The name is taken literally (not resolved as a variable) and looked up once; an unknown name matches nothing.
  prepare(_args, raw) {
    const name = raw.length > 0 ? raw[0]! : 'undefined';
    return { state: Object.hasOwn(SLICE_TYPES, name) ? SLICE_TYPES[name]! : null };
  },
  test(ctx, _args, code) {
    return code !== null && sliceCode(field(ctx.node, 'currentType')) === code;
  },
};

/**
 * `currentType` as the platform reads it (differential): a number as it is, text by its leading integer
 * (`"5x"` and `"1.5"` read 5 and 1), a boolean as 1 or 0; anything else matches no slice type.
 */
function sliceCode(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'string') return parseInt(v, 10);
  return typeof v === 'boolean' ? Number(v) : NaN;
}
