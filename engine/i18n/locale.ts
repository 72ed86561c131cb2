/**
 * Locale resolution for the i18n formatters. Spec 001 §9: the default locale is `en` and the fallback
 * resolved locale `en-US`; a `null` locale (fixture PARAMS `locale: none`) means no locale data, so every
 * i18n formatter renders nothing.
 */

export const DEFAULT_LOCALE = 'en';
export const FALLBACK_LOCALE = 'en-US';

const cache = new Map<string, string>();

/**
 * The BCP 47 tag to hand to Intl for `locale`, or null when there is no locale data. Underscores
 * (`fr_FR`, Java style) are accepted; a tag Intl does not support falls back to en-US.
 */
export function resolveLocale(locale: string | null | undefined): string | null {
  if (locale === null) return null;
  const raw = locale === undefined || locale.trim() === '' ? DEFAULT_LOCALE : locale.trim().replace(/_/g, '-');
  let hit = cache.get(raw);
  if (hit === undefined) {
    hit = FALLBACK_LOCALE;
    try {
      const supported = Intl.DateTimeFormat.supportedLocalesOf([raw]);
      if (supported.length > 0) hit = supported[0]!;
    } catch {
      // An invalid tag (RangeError) resolves to the fallback.
    }
    if (cache.size < 256) cache.set(raw, hit);
  }
  return hit;
}

/** The region-less language of a tag (`fr-FR` → `fr`). */
export function languageOf(tag: string): string {
  const i = tag.indexOf('-');
  return i < 0 ? tag : tag.slice(0, i);
}
