/**
 * The site's language (issue 27): the website settings' `language`, a BCP 47 tag written canonically
 * (`de-de` → `de-DE`), else `en-US`, the platform's default. It is the page context's `website.language`, so
 * `<html lang>`, money and dates follow it, and it chooses the message catalog (commerce/messages/) of the
 * islands' props and of the server's own wording. A tag Intl refuses counts as unset: a page always renders.
 * The owner sets it with the other website settings; the demo seeds none (English).
 */
import { isRecord } from '../commerce/json.js';
import { canonicalLanguages } from './language-tags.js';

export const DEFAULT_LANGUAGE = 'en-US';

/** The language the website settings name, canonical, or `en-US`. */
export function languageOfSettings(settings: unknown): string {
  const raw = isRecord(settings) ? settings['language'] : undefined;
  if (typeof raw !== 'string' || raw === '') return DEFAULT_LANGUAGE;
  const canonical = canonicalLanguages([raw]);
  return canonical.ok ? (canonical.languages[0] ?? DEFAULT_LANGUAGE) : DEFAULT_LANGUAGE;
}
