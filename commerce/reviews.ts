/**
 * Whether the product page shows its reviews section (spec 000 §2): only when no kill-switch flag is present
 * and the store displays native or imported reviews.
 *
 * Website settings read (our names; the spec names no fields):
 * - `killSwitches`: list of feature names switched off site-wide; `"productReviews"` hides reviews whatever
 *   the store settings say.
 * - `storeSettings.productReviews.nativeDisplayEnabled`: show reviews written on this store.
 * - `storeSettings.productReviews.importedDisplayEnabled`: show reviews imported from elsewhere.
 * Missing settings mean off: reviews appear only when the owner turned them on.
 */
import { isRecord } from './json.js';

export const REVIEWS_KILL_SWITCH = 'productReviews';

export function reviewsKillSwitchPresent(settings: unknown): boolean {
  const switches = isRecord(settings) ? settings['killSwitches'] : undefined;
  return Array.isArray(switches) && switches.includes(REVIEWS_KILL_SWITCH);
}

export function reviewsEnabled(settings: unknown): boolean {
  if (!isRecord(settings) || reviewsKillSwitchPresent(settings)) return false;
  const store = settings['storeSettings'];
  const reviews = isRecord(store) ? store['productReviews'] : undefined;
  if (!isRecord(reviews)) return false;
  return reviews['nativeDisplayEnabled'] === true || reviews['importedDisplayEnabled'] === true;
}
