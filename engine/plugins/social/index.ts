/** The social family: comments, likes, share and follow buttons, calendar links, Twitter links, timesince. */
import type { Formatter, Predicate } from '../types.js';
import { CALENDAR_FORMATTERS } from './calendar.js';
import { COMMENT_FORMATTERS } from './comments.js';
import { SOCIAL_PREDICATES } from './predicates.js';
import { SOCIAL_FORMATTERS } from './social.js';

export const SOCIAL_PLUGINS: { formatters: Formatter[]; predicates: Predicate[] } = {
  formatters: [...COMMENT_FORMATTERS, ...SOCIAL_FORMATTERS, ...CALENDAR_FORMATTERS],
  predicates: [...SOCIAL_PREDICATES],
};
