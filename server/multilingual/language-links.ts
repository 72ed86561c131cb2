/**
 * What a page of a multilingual site says of its languages (issue 27), in its context as `multilingual`:
 * `{ language, languages: [{ language, name, url, current }] }`, one entry per served language
 * (server/multilingual/site-languages.ts), each named in its own words (`Deutsch`, `日本語`, by Intl) and linked
 * to the same page in that language. The default theme's header draws the language switcher from it, and
 * `{squarespace-headers}` the `<link rel="alternate" hreflang>` of each language and `x-default` (the site's own).
 *
 * A page is kept once per store version for every visitor (server/routes/page-response.ts), so it cannot hold
 * the address it was asked at: the links hold two stand-ins, the site's origin and the page's path, which
 * `fillLanguageLinks` swaps for the request's on the way out (hreflang links must be absolute).
 */
import { randomBytes } from 'node:crypto';
import type { ServedLanguage } from './site-languages.js';

/** Stand-ins for the origin and for the path and query of the page asked for; letters and digits only, so escaping leaves them. */
export const ORIGIN_MARK = `origin${randomBytes(12).toString('hex')}`;
export const PATH_MARK = `path${randomBytes(12).toString('hex')}`;

export interface LanguageLink {
  readonly language: string;
  /** The language's code as a switcher shows it (`de`): the tag's first subtag. */
  readonly code: string;
  readonly name: string;
  readonly url: string;
  readonly current: boolean;
}

/** A language's name in that language, its first letter capitalised as a menu writes it (`français` → `Français`). */
export function languageName(tag: string, all: readonly ServedLanguage[]): string {
  const primary = tag.split('-')[0]!;
  const sharesPrimary = all.filter((l) => l.language.split('-')[0] === primary).length > 1;
  let name: string | undefined;
  try {
    name = new Intl.DisplayNames([tag], { type: 'language' }).of(sharesPrimary ? tag : primary);
  } catch {
    name = undefined;
  }
  const text = name ?? tag;
  return text.charAt(0).toLocaleUpperCase(tag) + text.slice(1);
}

/** The context's `multilingual` for a page in `current`; undefined when the site has one language. */
export function languageLinks(served: readonly ServedLanguage[], current: string): { language: string; languages: LanguageLink[] } | undefined {
  if (served.length < 2) return undefined;
  return {
    language: current,
    languages: served.map((l) => ({ language: l.language, code: l.language.split('-')[0]!, name: languageName(l.language, served), url: `${ORIGIN_MARK}${l.prefix}${PATH_MARK}`, current: l.language === current })),
  };
}

/** The page's text with the stand-ins swapped for the origin and the (already escaped) path of the page asked for. */
export const fillLanguageLinks = (text: string, origin: string, path: string): string => text.replaceAll(ORIGIN_MARK, origin).replaceAll(PATH_MARK, path);
