import { describe, expect, it } from 'vitest';
import { isValidPluralKey, pluralCategory } from './plural.js';

describe('plural selection', () => {
  it('counts visible fraction digits (1.0 is "other" in English)', () => {
    expect(pluralCategory('en', 'cardinal', '1')).toBe('one');
    expect(pluralCategory('en', 'cardinal', '1.0')).toBe('other');
    expect(pluralCategory('en', 'cardinal', '0')).toBe('other');
  });
  it('follows the locale rules', () => {
    expect(pluralCategory('fr', 'cardinal', '1.1')).toBe('one');
    expect(pluralCategory('pl', 'cardinal', '2')).toBe('few');
    expect(pluralCategory('pl', 'cardinal', '5')).toBe('many');
    expect(pluralCategory('pl', 'cardinal', '2.0')).toBe('other');
  });
  it('selects ordinals', () => {
    expect(['1', '2', '3', '4'].map((n) => pluralCategory('en', 'ordinal', n))).toEqual(['one', 'two', 'few', 'other']);
  });
  it('accepts only zero, one, two, few, many, other and =N as keys (spec 001 §7)', () => {
    for (const k of ['zero', 'one', 'two', 'few', 'many', 'other', '=0', '=12']) expect(isValidPluralKey(k)).toBe(true);
    for (const k of ['One', 'several', '=', '=x', '']) expect(isValidPluralKey(k)).toBe(false);
  });
});
