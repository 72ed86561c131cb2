/**
 * The shop's translatable labels: `localizedStrings` of the page context, each with the platform's English
 * default (spec 001 §9 "Default labels").
 */
import { isObject } from '../../values.js';
import type { PluginContext } from '../types.js';

export const DEFAULT_LABELS = {
  productAddToCartText: 'Add To Cart',
  productSubscribeText: 'Subscribe',
  productQuickViewText: 'Quick View',
  productQuantityInputLabel: 'Quantity',
  productSoldOutText: 'sold out',
  productSaleText: 'sale',
  productVariantSelectText: 'Select {variantName}',
  giftCardVariantSelectText: 'Select Value',
  productPriceUnavailable: 'Unavailable',
  productPriceStartingFromText: 'from {0}',
  productSummaryFormNoAnswerText: 'N/A',
} as const;

export type LabelKey = keyof typeof DEFAULT_LABELS;

/** A localized string by key: the page's translation when it has a non-empty one, else `fallback`. */
export function localizedString(ctx: PluginContext, key: string, fallback: string): string {
  const strings = ctx.resolve('localizedStrings');
  if (isObject(strings)) {
    const s = strings[key];
    if (typeof s === 'string' && s !== '') return s;
  }
  return fallback;
}

export function label(ctx: PluginContext, key: LabelKey): string {
  return localizedString(ctx, key, DEFAULT_LABELS[key]);
}

export { fill } from '../../../commerce/text.js';
