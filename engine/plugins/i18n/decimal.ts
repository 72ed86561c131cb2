/** `decimal`: `{n|decimal style:short maxfrac:1 round:down group}` (engine/i18n/decimal.ts). */
import { type DecimalSpec, decimalSpec, formatDecimalSpec } from '../../i18n/decimal.js';
import { parseOptions } from '../../i18n/number-options.js';
import { errorText, numericFormatter, prepared, words } from './env.js';

export const decimalFormatter = numericFormatter<DecimalSpec>(
  'decimal',
  (args) => {
    // The options become Intl options once, here; a trial format reports what Intl itself refuses.
    const errors: string[] = [];
    const spec = decimalSpec(parseOptions(words(args)), errors);
    try {
      formatDecimalSpec('en', '0', spec);
    } catch (e) {
      errors.push(errorText(e));
    }
    return prepared(spec, errors);
  },
  formatDecimalSpec,
);
