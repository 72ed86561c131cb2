/**
 * `Static.SQUARESPACE_CONTEXT` of a platform page (platform notes runtime.md §4, the keys of the real sample),
 * built from the page context: what theme scripts and `@squarespace/core` read (`tweakJSON`, `pageType`,
 * `website`, `collection`, the store settings the runtime's `Commerce` uses); `tweakJSON` is the theme's
 * (`Theme.tweakJson`, server/theme/tweaks/tweak-json.ts). What Tessera has no counterpart
 * for keeps the platform's key with an empty value (no Facebook app, no rollups, no account is impersonated).
 * The visitor's crumb is not here: the page keeps it in `#squarespace-context` (page-headers.ts).
 */
import { isRecord } from '../../commerce/json.js';

const pick = (o: unknown, keys: readonly string[]): Record<string, unknown> => {
  const out: Record<string, unknown> = {};
  if (isRecord(o)) for (const key of keys) if (o[key] !== undefined) out[key] = o[key];
  return out;
};

export function squarespaceContext(context: Record<string, unknown>, tweakJSON: Record<string, string>, templateId: string): Record<string, unknown> {
  const collection = context['collection'];
  const settings = isRecord(context['websiteSettings']) ? context['websiteSettings'] : {};
  const storeSettings = settings['storeSettings'];
  return {
    facebookAppId: '',
    rollups: {},
    pageType: context['pageType'] ?? null,
    website: isRecord(context['website']) ? context['website'] : {},
    websiteSettings: { storeSettings: pick(storeSettings, ['expressCheckout', 'selectedCurrency']) },
    // the site's cookie policy, as the visitor tracker reads it too (server/tracker/census-page.ts)
    cookieSettings: { isRestrictiveCookiePolicyEnabled: settings['isRestrictiveCookiePolicyEnabled'] === true },
    websiteCloneable: false,
    collection: isRecord(collection) ? { ...pick(collection, ['title', 'id', 'fullUrl']), type: collection['type'] ?? null } : null,
    subscribed: false,
    appDomain: '',
    templateTweakable: true,
    tweakJSON,
    templateId,
    pageFeatures: [],
    impersonatedSession: false,
    isFacebookTab: false,
    tzData: {},
  };
}
