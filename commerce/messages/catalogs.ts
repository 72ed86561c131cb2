/**
 * The shipped catalogs by language tag, and which one a site's language reads (issue 27): the exact tag when
 * a catalog has it, else the first catalog of the same language (`de-AT` → `de-DE`, `en-AU` → `en-US`), else
 * the English source. The page still says its own tag (`<html lang>`, money): only the words fall back.
 */
import { DE_DE } from './de-DE.js';
import { EN_GB } from './en-GB.js';
import { type Catalog, EN_US } from './en-US.js';
import { ES_ES } from './es-ES.js';
import { FR_FR } from './fr-FR.js';
import { IT_IT } from './it-IT.js';
import { JA_JP } from './ja-JP.js';
import { NL_NL } from './nl-NL.js';

export const SOURCE_LOCALE = 'en-US';

export const CATALOGS: Readonly<Record<string, Catalog>> = {
  'en-US': EN_US,
  'en-GB': EN_GB,
  'de-DE': DE_DE,
  'fr-FR': FR_FR,
  'es-ES': ES_ES,
  'it-IT': IT_IT,
  'nl-NL': NL_NL,
  'ja-JP': JA_JP,
};

export const SHIPPED_LOCALES = Object.keys(CATALOGS);

/** The tag of the catalog `locale` reads. */
export function catalogLocale(locale: string): string {
  if (Object.hasOwn(CATALOGS, locale)) return locale;
  const language = locale.split('-')[0]!.toLowerCase();
  return SHIPPED_LOCALES.find((tag) => tag.split('-')[0] === language) ?? SOURCE_LOCALE;
}
