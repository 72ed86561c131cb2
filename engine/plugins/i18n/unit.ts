/**
 * `unit` (`{n|unit in:inch out:centimeter format:long}`, see engine/i18n/unit-format.ts) and the predicate
 * `units-metric?` (`{.units-metric? length}`): true when the locale measures in metric units.
 */
import { measurementSystem } from '../../i18n/units.js';
import { resolveLocale } from '../../i18n/locale.js';
import { parseOptions } from '../../i18n/number-options.js';
import { decimalString } from '../../i18n/number-value.js';
import { formatUnitValue, parseUnitSpec, type UnitSpec } from '../../i18n/unit-format.js';
import type { Formatter, Predicate } from '../types.js';
import { i18nEnv } from './env.js';

export const unitFormatter: Formatter<UnitSpec> = {
  name: 'unit',
  prepare(args) {
    const errors: string[] = [];
    const state = parseUnitSpec(parseOptions(args.filter((a) => a !== '')), errors);
    return errors.length > 0 ? { state, error: errors.join(' ') } : { state };
  },
  format(value, _args, ctx, spec) {
    const env = i18nEnv(ctx, 'unit');
    if (env === null) return undefined;
    const n = decimalString(value);
    if (n === null) return undefined;
    try {
      return formatUnitValue(env.locale, n, spec);
    } catch (e) {
      env.error(e instanceof Error ? e.message : String(e));
      return undefined;
    }
  },
};

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
