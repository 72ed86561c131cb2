/**
 * The `en-GB` message catalog (issue 27): the English source (commerce/messages/en-US.ts) with the British
 * spellings where a word differs (none of today's keys has one); everything else is the source's own string.
 * The storefront's pages say "cart", so the catalog does too (a British shop's "basket" would be the theme's
 * word to change first). A catalog of its own so a British site's `<html lang>` and money keep `en-GB`.
 */
import { type Catalog, EN_US } from './en-US.js';

export const EN_GB: Catalog = {
  ...EN_US,
};
