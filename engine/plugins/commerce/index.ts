/** The commerce family. */
import type { Formatter, Predicate } from '../types.js';

export const COMMERCE_PLUGINS: { formatters: Formatter<any>[]; predicates: Predicate<any>[] } = {
  formatters: [],
  predicates: [],
};
