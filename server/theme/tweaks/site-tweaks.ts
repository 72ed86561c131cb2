/**
 * A site's tweak values: the theme's defaults, then the values the site keeps, stored as the site document
 * `template-tweaks` (`{ values: { [name]: string } }`, written by the owner API, server/routes/template-tweaks.ts).
 * The page context carries the stored values, read once per store version, beside it (a weak map from the
 * context object, so neither `?format=json` nor a template sees them), so the theme renders each page with its
 * site's values and a saved value shows on the next page.
 *
 * A stored value the theme no longer accepts (an option removed, a tweak renamed) is passed over: the tweak
 * shows its default until the owner sets it again.
 */
import { isRecord } from '../../../commerce/json.js';
import type { Store } from '../../db/database.js';
import { websites } from '../../db/schema.js';
import { readCache } from '../../read-cache.js';
import { readSiteDocument } from '../../site-documents.js';
import { formatComposite, mergeProperties, parseComposite } from './composite.js';
import type { Tweak, TweakValues } from './tweak.js';
import { checkTweakValue } from './tweak-values.js';

export const TWEAKS_DOCUMENT = 'template-tweaks';

/** The values a site keeps, by tweak name (unchecked: the theme checks them when it uses them). */
export type StoredTweakValues = Readonly<Record<string, unknown>>;

/** The stored values each page context carries. */
const carried = new WeakMap<object, StoredTweakValues>();

/** The values stored for `websiteId` (an empty object when none). */
export function readStoredTweakValues(store: Store, websiteId: string): StoredTweakValues {
  return storedTweakValuesOf(readSiteDocument(store, websiteId, TWEAKS_DOCUMENT));
}

/** The values in the tweaks document already read (its value, undefined when there is none). */
export function storedTweakValuesOf(document: unknown): StoredTweakValues {
  return isRecord(document) && isRecord(document['values']) ? document['values'] : {};
}

/** The site's stored values, read once per store version (the same frozen object until the store changes). */
export function siteTweakValues(store: Store): StoredTweakValues {
  return readCache(store).get('tweak-values', () => {
    const site = store.select({ id: websites.id }).from(websites).get();
    return site === undefined ? {} : readStoredTweakValues(store, site.id);
  });
}

/** `context` carrying `values` (a copy of the context does not: build contexts with pageContext). */
export function withTweakValues<T extends object>(context: T, values: StoredTweakValues): T {
  carried.set(context, values);
  return context;
}

/** The stored values a page context carries, if any. */
export function tweakValuesOf(context: object): StoredTweakValues | undefined {
  return carried.get(context);
}

/**
 * Every tweak's value for a site: its stored value where the tweak accepts it, else the default; a font or
 * image tweak's stored properties over its class's (a composite of them all).
 */
export function resolveTweakValues(tweaks: readonly Tweak[], stored: StoredTweakValues = {}): TweakValues {
  const values = new Map<string, string>();
  for (const t of tweaks) {
    const raw = Object.hasOwn(stored, t.name) ? stored[t.name] : undefined;
    const checked = raw === undefined ? null : checkTweakValue(t, raw);
    let value = checked?.ok === true ? checked.value : t.default;
    if ((t.type === 'font' || t.type === 'image') && value !== t.default) value = formatComposite(mergeProperties(t.properties ?? [], parseComposite(value) ?? []));
    values.set(t.name, value);
  }
  return values;
}
