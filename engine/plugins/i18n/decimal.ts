/** `decimal`: `{n|decimal style:short maxfrac:1 round:down group}` (engine/i18n/decimal.ts). */
import { formatDecimal } from '../../i18n/decimal.js';
import { parseOptions } from '../../i18n/number-options.js';
import { decimalString } from '../../i18n/number-value.js';
import type { Formatter } from '../types.js';
import { i18nEnv } from './env.js';

export const decimalFormatter: Formatter<ReadonlyMap<string, string>> = {
  name: 'decimal',
  prepare(args) {
    const opts = parseOptions(args.filter((a) => a !== ''));
    // Validate once at compile time; formatting repeats the checks silently.
    const errors: string[] = [];
    try {
      formatDecimal('en', '0', opts, errors);
    } catch (e) {
      errors.push(e instanceof Error ? e.message : String(e));
    }
    return errors.length > 0 ? { state: opts, error: errors.join(' ') } : { state: opts };
  },
  format(value, _args, ctx, opts) {
    const env = i18nEnv(ctx, 'decimal');
    if (env === null) return undefined;
    const n = decimalString(value);
    if (n === null) return undefined;
    try {
      return formatDecimal(env.locale, n, opts);
    } catch (e) {
      env.error(e instanceof Error ? e.message : String(e));
      return undefined;
    }
  },
};
