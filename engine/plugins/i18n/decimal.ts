/** `decimal`: `{n|decimal style:short maxfrac:1 round:down group}` (engine/i18n/decimal.ts). */
import { type DecimalSpec, decimalInput, decimalSpec, formatDecimalSpec } from '../../i18n/decimal.js';
import { parseOptions } from '../../i18n/number-options.js';
import type { Formatter } from '../types.js';
import { errorText, i18nEnv, prepared, words } from './env.js';

export const decimalFormatter: Formatter<DecimalSpec> = {
  name: 'decimal',
  prepare(args) {
    // The options are read once, here; a trial format reports what Intl itself refuses.
    const errors: string[] = [];
    const spec = decimalSpec(parseOptions(words(args)), errors);
    try {
      formatDecimalSpec('en', { units: 0n, scale: 0 }, spec);
    } catch (e) {
      errors.push(errorText(e));
    }
    return prepared(spec, errors);
  },
  format(value, _args, ctx, spec) {
    const env = i18nEnv(ctx, 'decimal');
    if (env === null) return ''; // no locale data: empty text, as the platform without CLDR
    const n = decimalInput(value);
    if (n === null || typeof n === 'string') return n ?? ''; // not a number: empty text, which raw and json then see
    try {
      return formatDecimalSpec(env.locale, n, spec);
    } catch (e) {
      env.error(errorText(e));
      return undefined;
    }
  },
};
