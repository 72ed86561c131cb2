/**
 * `unit` (`{n|unit in:inch out:centimeter format:long}`, see engine/i18n/unit-format.ts) and the predicate
 * `units-metric?` (`{.units-metric? length}`): true when the locale measures in metric units.
 */
import { measurementSystem } from '../../i18n/units.js';
import { resolveLocale } from '../../i18n/locale.js';
import { parseOptions } from '../../i18n/number-options.js';
import { formatUnitValue, parseUnitSpec, type UnitSpec } from '../../i18n/unit-format.js';
import type { Predicate } from '../types.js';
import { numericFormatter, prepared, words } from './env.js';

export const unitFormatter = numericFormatter<UnitSpec>(
  'unit',
  (args) => {
    const errors: string[] = [];
    return prepared(parseUnitSpec(parseOptions(words(args)), errors), errors);
  },
  formatUnitValue,
);

/**
 * The reference engine leaves this predicate unimplemented; here it answers whether the locale's measurement
 * system is metric (the optional category argument is accepted for templates that pass one).
 */
export const unitsMetricPredicate: Predicate = {
  name: 'units-metric?',
  test(ctx) {
    const locale = resolveLocale(ctx.locale);
    return locale !== null && measurementSystem(locale) === 'metric';
  },
};
