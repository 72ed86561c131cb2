/**
 * The languages a multilingual site is served in (issue 27), and the path prefix of each. The multilingual API
 * (server/routes/multilingual.ts, spec 001 §7) stores a list of language tags; spec 001 says nothing of URLs, so
 * the choice is ours, as shops on the platform's multilingual sites have them: the site's own language
 * (server/site-language.ts) stays at `/`, each other language of a connected list is served under the
 * lowercase primary subtag of its tag (`de-DE` → `/de`), or under the whole tag lowercased where two of the
 * site's languages share that subtag (`pt-BR` and `pt-PT` → `/pt-br`, `/pt-pt`). A listed language equal to the
 * site's own is its `/`; a prefix wins over a collection of the same URL id (a shop with languages does not
 * name a page `de`). Read with the rest of the site's data (server/site-data.ts `siteLanguages`), ahead of the
 * request on PostgreSQL.
 */
import { isRecord } from '../../commerce/json.js';
import type { Store } from '../db/database.js';
import { readSiteDocument } from '../site-documents.js';

export const MULTILINGUAL_DOCUMENT = 'multilingual';

export interface Multilingual {
  readonly languages: string[];
  readonly connected: boolean;
}

/** The stored multilingual settings of a website (none: no languages, not connected). */
export function readMultilingual(store: Store, websiteId: string): Multilingual {
  return multilingualOf(readSiteDocument(store, websiteId, MULTILINGUAL_DOCUMENT));
}

/** The multilingual settings a stored document says (not a settings object: none). */
export function multilingualOf(stored: unknown): Multilingual {
  if (!isRecord(stored)) return { languages: [], connected: false };
  const languages = Array.isArray(stored['languages']) ? stored['languages'].filter((l): l is string => typeof l === 'string') : [];
  return { languages, connected: stored['connected'] === true };
}

export interface ServedLanguage {
  /** The BCP 47 tag, canonical (`de-DE`). */
  readonly language: string;
  /** `''` for the site's own language, else `/de`. */
  readonly prefix: string;
}

const primary = (tag: string) => tag.split('-')[0]!.toLowerCase();

/** The served languages from the site's own and the listed ones: the site's first, at `''`. */
export function servedLanguages(siteLanguage: string, listed: readonly string[]): ServedLanguage[] {
  const others = listed.filter((l) => l !== siteLanguage);
  const shared = (tag: string) => others.filter((l) => primary(l) === primary(tag)).length > 1;
  return [{ language: siteLanguage, prefix: '' }, ...others.map((language) => ({ language, prefix: `/${shared(language) ? language.toLowerCase() : primary(language)}` }))];
}

/** The served languages of a site in `siteLanguage` with these stored settings (only its own unless connected). */
export function servedLanguagesOf(siteLanguage: string, stored: Multilingual): ServedLanguage[] {
  return servedLanguages(siteLanguage, stored.connected ? stored.languages : []);
}

/** The prefixed language a path starts with (`/de`, `/de/…`, `/de?…`), or undefined (the site's own). */
export function languageOfPath(languages: readonly ServedLanguage[], url: string): ServedLanguage | undefined {
  if (languages.length < 2) return undefined;
  const end = url.slice(1).search(/[/?#]/);
  const first = (end < 0 ? url : url.slice(0, end + 1)).toLowerCase();
  return languages.find((l) => l.prefix !== '' && l.prefix === first);
}
