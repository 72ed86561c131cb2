/**
 * V8 replaces U+202F (narrow no-break space) with a plain space in Intl.DateTimeFormat#format and
 * #formatToParts output, for compatibility with old code parsing "2:04 PM". CLDR data (and the reference
 * fixtures) keep U+202F between the time and the day period in English. formatRangeToParts is not patched,
 * so the locale's real separator is read from a range once and put back around day periods.
 */
import type { DateTimeOptions } from './datetime-skeleton.js';

const glue = new Map<string, string | null>();

/** The literal CLDR puts between a time and its day period in `locale` when V8 has turned it into ' '. */
function dayPeriodGlue(locale: string, hourCycle: string | undefined): string | null {
  const key = `${locale}|${hourCycle ?? ''}`;
  let g = glue.get(key);
  if (g === undefined) {
    g = null;
    try {
      const f = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', hour12: true, timeZone: 'UTC' });
      const parts = f.formatRangeToParts(Date.UTC(2020, 0, 1, 1), Date.UTC(2020, 0, 1, 14));
      const i = parts.findIndex((p) => p.type === 'dayPeriod');
      const lit = i > 0 && parts[i - 1]!.type === 'literal' ? parts[i - 1]!.value : i >= 0 && parts[i + 1]?.type === 'literal' ? parts[i + 1]!.value : null;
      if (lit !== null && lit !== ' ' && lit.trim() === '') g = lit;
    } catch {
      g = null;
    }
    glue.set(key, g);
  }
  return g;
}

/** `f.format(ms)` with the locale's own spacing around the day period restored. */
export function formatInstant(f: Intl.DateTimeFormat, ms: number, locale: string): string {
  const parts = f.formatToParts(ms);
  const at = parts.findIndex((p) => p.type === 'dayPeriod');
  const resolved = f.resolvedOptions() as DateTimeOptions & { hourCycle?: string };
  // Flexible day periods ("2 in the afternoon", skeleton B) keep their plain space in CLDR.
  if (at < 0 || resolved.dayPeriod !== undefined) return parts.map((p) => p.value).join('');
  const g = dayPeriodGlue(locale, resolved.hourCycle);
  if (g === null) return parts.map((p) => p.value).join('');
  let out = '';
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i]!;
    const nextToPeriod = parts[i + 1]?.type === 'dayPeriod' || parts[i - 1]?.type === 'dayPeriod';
    out += p.type === 'literal' && p.value === ' ' && nextToPeriod && isTimeNeighbor(parts, i) ? g : p.value;
  }
  return out;
}

/** True when the literal at `i` sits between a time field and the day period (not "2 in the afternoon"). */
function isTimeNeighbor(parts: readonly Intl.DateTimeFormatPart[], i: number): boolean {
  const other = parts[i + 1]?.type === 'dayPeriod' ? parts[i - 1] : parts[i + 1];
  return other !== undefined && (other.type === 'minute' || other.type === 'second' || other.type === 'hour' || other.type === 'fractionalSecond');
}
