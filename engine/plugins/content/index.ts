/** The content family: images, colours, media, item classes, and the predicates about records and collections. */
import type { Formatter, Predicate } from '../types.js';
import { CONTENT_FORMATTERS } from './formatters.js';
import { CONTENT_PREDICATES } from './predicates.js';

export const CONTENT_PLUGINS: { formatters: Formatter<any>[]; predicates: Predicate<any>[] } = {
  formatters: [...CONTENT_FORMATTERS],
  predicates: [...CONTENT_PREDICATES],
};
