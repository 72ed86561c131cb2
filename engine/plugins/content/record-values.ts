/**
 * How the content predicates read fields of a record (an item, a collection, gallery options).
 *
 * Records come from the platform's JSON, where the same field is sometimes a number and sometimes a string
 * ("7", "2.0"); the reference engine accepts both, so codes and flags are read leniently here, in one place,
 * and every predicate family agrees on what "recordType is 7" or "autoplay is on" means.
 */
import { field } from './scalars.js';

/** The record's own field `key`; undefined when the record is not an object or has no such key. */
export { field };

/** Whether the record has the key at all: a null value counts as present, an undefined one (not JSON) does not. */
export function hasField(record: unknown, key: string): boolean {
  return field(record, key) !== undefined;
}

/**
 * An enumeration code: a number as is, a boolean as 1 or 0, a string by its leading decimal number
 * (" 7 ", "7.0" and "7abc" are 7; "0x7" is 0), anything else NaN, which equals no code.
 */
export function enumCode(v: unknown): number {
  switch (typeof v) {
    case 'number':
      return v;
    case 'boolean':
      return v ? 1 : 0;
    case 'string':
      return Number.parseFloat(v);
    default:
      return NaN;
  }
}

/**
 * An on/off option as the editor stores it: `true`, the string "true", or a non-zero whole number.
 * Anything else is off: other strings ("1", "yes"), fractions, arrays and objects.
 */
export function flag(v: unknown): boolean {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return Number.isInteger(v) && v !== 0;
  return v === 'true';
}

/** A scalar with non-empty text: a non-empty string, any number or boolean. Not null, arrays or objects. */
export function hasText(v: unknown): boolean {
  if (typeof v === 'string') return v.length > 0;
  return typeof v === 'number' || typeof v === 'boolean';
}
