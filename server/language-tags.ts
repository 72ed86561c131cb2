/**
 * Language lists of the multilingual settings: each entry must be a BCP 47 tag Intl accepts; tags are
 * written canonically (`en-us` → `en-US`) and kept once, in the order given.
 */
export const MAX_LANGUAGES = 20;

export type LanguageList = { readonly ok: true; readonly languages: string[] } | { readonly ok: false; readonly message: string };

export function canonicalLanguages(tags: readonly string[]): LanguageList {
  const languages: string[] = [];
  for (const tag of tags) {
    let canonical: string | undefined;
    try {
      canonical = Intl.getCanonicalLocales(tag)[0];
    } catch {
      canonical = undefined;
    }
    if (canonical === undefined) return { ok: false, message: `${tag} is not a valid language tag.` };
    if (!languages.includes(canonical)) languages.push(canonical);
  }
  if (languages.length > MAX_LANGUAGES) return { ok: false, message: `A site can have at most ${MAX_LANGUAGES} languages.` };
  return { ok: true, languages };
}
