/**
 * The store's own country: where the checkout's country select starts (a shopper of an en-US store is most
 * likely in the United States). The spec names no such setting, so it is ours: `storeSettings.storeCountry`
 * in the website settings (an ISO 3166-1 alpha-2 code, any letter case), else the region of the site's
 * language (`en-US` → `US`), else none (the select starts at "Choose a country").
 */
import { isRecord } from './json.js';
import { countryCode } from './checkout-form.js';

export function storeCountry(settings: unknown, language: string): string | null {
  const store = isRecord(settings) ? settings['storeSettings'] : undefined;
  const own = isRecord(store) ? store['storeCountry'] : undefined;
  if (typeof own === 'string' && countryCode(own) !== null) return countryCode(own);
  try {
    const region = new Intl.Locale(language).region;
    return region === undefined ? null : countryCode(region);
  } catch {
    return null; // not a language tag
  }
}
