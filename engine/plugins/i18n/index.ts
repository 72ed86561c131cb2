/** The i18n family: messages and plurals, dates, relative times, decimals and units of measure. */
import type { Formatter, Predicate } from '../types.js';
import { datetimeFormatter, datetimeIntervalFormatter, relativeTimeFormatter } from './datetime.js';
import { datetimefieldFormatter } from './datetimefield.js';
import { decimalFormatter } from './decimal.js';
import { MESSAGE_FORMATTERS_PLUGINS } from './message.js';
import { unitFormatter, unitsMetricPredicate } from './unit.js';

export const I18N_PLUGINS: { formatters: Formatter<any>[]; predicates: Predicate<any>[] } = {
  formatters: [
    ...MESSAGE_FORMATTERS_PLUGINS,
    datetimeFormatter,
    datetimeIntervalFormatter,
    relativeTimeFormatter,
    datetimefieldFormatter,
    decimalFormatter,
    unitFormatter,
  ],
  predicates: [unitsMetricPredicate],
};
