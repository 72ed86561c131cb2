/**
 * The dashboard's range (GET /config/analytics?days=30 or ?from=YYYY-MM-DD&to=YYYY-MM-DD): the last 7, 30, 90
 * or 365 site days up to today, or two days chosen; at most 366 days, never past today, never before what the
 * retention setting keeps (the first kept day). The words are the page's own (the spec has no dashboard).
 */
import { addDays, daysBetween, isDayKey } from './site-days.js';

export const RANGE_CHOICES = [7, 30, 90, 365] as const;
export const DEFAULT_DAYS = 30;
export const MAX_RANGE_DAYS = 366;

export const RANGE_MESSAGES = {
  days: `Choose a range of ${RANGE_CHOICES.join(', ')} days.`,
  bothDays: 'Choose both a first and a last day, or neither.',
  badDay: 'Write days as YYYY-MM-DD.',
  order: 'The first day must not be after the last day.',
  future: 'The last day cannot be after today.',
  tooLong: `Choose at most ${MAX_RANGE_DAYS} days.`,
} as const;

export interface RangeQuery {
  readonly days?: string;
  readonly from?: string;
  readonly to?: string;
}

export interface Range {
  readonly from: string;
  readonly to: string;
  /** The preset chosen, or null for two days chosen. */
  readonly days: number | null;
}

export type RangeResult = { readonly ok: true; readonly range: Range } | { readonly ok: false; readonly message: string; readonly range: Range };

/** The range a query asks for, with `today` the site's today and `firstKept` the oldest day retention keeps. */
export function rangeOf(query: RangeQuery, today: string, firstKept: string): RangeResult {
  const preset = (days: number): Range => ({ from: clamp(addDays(today, 1 - days), firstKept), to: today, days });
  const fallback = preset(DEFAULT_DAYS);
  const from = query.from?.trim() ?? '';
  const to = query.to?.trim() ?? '';
  if (from !== '' || to !== '') {
    if (from === '' || to === '') return { ok: false, message: RANGE_MESSAGES.bothDays, range: fallback };
    if (!isDayKey(from) || !isDayKey(to)) return { ok: false, message: RANGE_MESSAGES.badDay, range: fallback };
    if (from > to) return { ok: false, message: RANGE_MESSAGES.order, range: fallback };
    if (to > today) return { ok: false, message: RANGE_MESSAGES.future, range: fallback };
    if (daysBetween(from, to).length > MAX_RANGE_DAYS) return { ok: false, message: RANGE_MESSAGES.tooLong, range: fallback };
    return { ok: true, range: { from: clamp(from, firstKept), to: to < firstKept ? firstKept : to, days: null } };
  }
  if (query.days === undefined || query.days === '') return { ok: true, range: fallback };
  const days = Number(query.days);
  if (!(RANGE_CHOICES as readonly number[]).includes(days) || String(days) !== query.days) return { ok: false, message: RANGE_MESSAGES.days, range: fallback };
  return { ok: true, range: preset(days) };
}

const clamp = (day: string, firstKept: string) => (day < firstKept ? firstKept : day);
