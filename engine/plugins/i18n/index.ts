/** The i18n family. */
import type { Formatter, Predicate } from '../types.js';

export const I18N_PLUGINS: { formatters: Formatter<any>[]; predicates: Predicate<any>[] } = {
  formatters: [],
  predicates: [],
};
