/**
 * The platform's localized strings of the page context (spec 001 "Localized strings": the buy box's labels,
 * the gift card's, the form summary's no-answer and five likert labels) in the site's language (issue 27):
 * the catalog's words under the platform's names, so a platform theme's `{localizedStrings.…}` and the
 * engine's commerce markup speak the site's language. The store's own strings win (server/page-context.ts
 * spreads them over these). Built once per catalog.
 */
import { LIKERT_LABELS } from '../../engine/plugins/commerce/forms.js';
import { catalogLocale } from './catalogs.js';
import type { MessageKey } from './en-US.js';
import { CATALOGS } from './catalogs.js';

/** The platform's name of each string, and the catalog key that words it. */
export const PLATFORM_STRINGS: Readonly<Record<string, MessageKey>> = {
  productAddToCartText: 'product.addToCart',
  productSubscribeText: 'product.subscribe',
  productQuantityInputLabel: 'product.quantity',
  productSoldOutText: 'product.soldOut',
  productSaleText: 'product.sale',
  productQuickViewText: 'product.quickView',
  productVariantSelectText: 'product.variantSelect',
  giftCardValueDisplayText: 'product.giftCardValue',
  giftCardVariantSelectText: 'product.giftCardSelect',
  productPriceUnavailable: 'product.priceUnavailable',
  productPriceStartingFromText: 'product.priceStartingFrom',
  productSummaryFormNoAnswerText: 'product.noAnswer',
  ...Object.fromEntries(Object.entries(LIKERT_LABELS).map(([value, [name]]) => [name, `likert.${value}` as MessageKey])),
};

const kept = new Map<string, Readonly<Record<string, string>>>();

/**
 * The strings in the catalog `locale` reads, as the platform writes them: the catalog's text as it stands
 * (its `{variantName}` and `{0}` are the platform's placeholders, which the theme or the engine fills).
 */
export function platformStrings(locale: string): Readonly<Record<string, string>> {
  const tag = catalogLocale(locale);
  let strings = kept.get(tag);
  if (strings === undefined) {
    strings = Object.fromEntries(Object.entries(PLATFORM_STRINGS).map(([name, key]) => [name, CATALOGS[tag]![key]]));
    kept.set(tag, strings);
  }
  return strings;
}
