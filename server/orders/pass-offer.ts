/**
 * The pass a member area's access-denied page sells: its product's title and price and how long it opens the
 * area, so the join button can say what it costs ("Join for $15.00") before anything goes in the cart.
 */
import { ProductType } from '../../commerce/products.js';
import { type Json, money } from '../commerce/catalog.js';
import type { CatalogStore } from '../commerce/catalog-store.js';

const YEAR_DAYS = 365;
const NUMBERS = ['', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

/** How long access lasts, in words: `one year`, `2 years`, `30 days`, `one day`; null for no end. */
export function accessPeriodText(days: number | null): string | null {
  if (days === null) return null;
  const [count, unit] = days % YEAR_DAYS === 0 ? [days / YEAR_DAYS, 'year'] : [days, 'day'];
  return `${count === 1 ? 'one' : (NUMBERS[count] ?? String(count))} ${unit}${count === 1 ? '' : 's'}`;
}

/** The offer of the pass `itemId` (a paywall product), or null when there is no such product to sell (or it is archived). */
export async function passOffer(catalog: CatalogStore, itemId: string, accessDays: number | null): Promise<Json | null> {
  const product = (await catalog.productById(itemId))?.row;
  // an archived pass (server/merchant/products/) is no longer sold
  if (product === undefined || product.productType !== ProductType.PAYWALL || product.archived) return null;
  const cents = product.onSale ? (product.salePriceCents ?? 0) : (product.priceCents ?? 0);
  return { itemId: product.id, title: product.title, priceMoney: money(cents, product.currency), accessText: accessPeriodText(accessDays) };
}
