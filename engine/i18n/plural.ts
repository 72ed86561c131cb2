/**
 * Plural category selection with Intl.PluralRules. The operands follow CLDR: visible fraction digits count,
 * so "1.0" selects "other" in English while "1" selects "one" (the rules are built with exactly as many
 * fraction digits as the source shows).
 */
import { visibleFractionDigits } from './number-value.js';

export type PluralType = 'cardinal' | 'ordinal';

/** Spec 001 §7: a plural key is one of these categories or an explicit `=N`. */
export const PLURAL_CATEGORIES: ReadonlySet<string> = new Set(['zero', 'one', 'two', 'few', 'many', 'other']);

export function isValidPluralKey(key: string): boolean {
  return PLURAL_CATEGORIES.has(key) || /^=-?\d+(?:\.\d+)?$/.test(key);
}

const rulesCache = new Map<string, Intl.PluralRules>();

function rules(locale: string, type: PluralType, fraction: number): Intl.PluralRules {
  const f = Math.min(fraction, 20);
  const key = `${locale}|${type}|${f}`;
  let r = rulesCache.get(key);
  if (r === undefined) {
    r = new Intl.PluralRules(locale, { type, minimumFractionDigits: f, maximumFractionDigits: f });
    rulesCache.set(key, r);
  }
  return r;
}

/** The plural category of the decimal string `value` (see number-value.ts) in `locale`. */
export function pluralCategory(locale: string, type: PluralType, value: string): Intl.LDMLPluralRule {
  return rules(locale, type, visibleFractionDigits(value)).select(Number(value));
}
