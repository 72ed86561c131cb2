/**
 * The site's time zone as the platform reads `website.timeZone`: a zone name Intl knows is kept, in the
 * database's letter case ("europe/paris" is "Europe/Paris", so abbreviations like CET are found; "GMT" stays
 * "GMT" though Intl calls it "UTC"); anything else ("Mars/Olympus", "+05:00", "UTC+3") is UTC, the
 * platform's fallback, rather than a page full of "Invalid date.".
 */
import { cachedIntl } from './intl-cache.js';

export const FALLBACK_ZONE = 'UTC';

export function canonicalTimeZone(name: string): string {
  try {
    const resolved = cachedIntl('zone', 'en', { timeZone: name }, () => new Intl.DateTimeFormat('en', { timeZone: name })).resolvedOptions().timeZone;
    return resolved.toLowerCase() === name.toLowerCase() ? resolved : name;
  } catch {
    return FALLBACK_ZONE;
  }
}
