/**
 * What the visitor tracker (hydrate/analytics/) needs to know of a page, decided once per page from the store
 * and the page's parts, never from the visitor: whether the page records at all (spec 000 §6, spec 001 §6: not
 * the not-found, lock-screen and member-access-denied pages, not search, not an error page, not when the site's
 * `censusDisabled` setting is true) and the page-hit fields the server knows (website, collection, item, record
 * type, locale), the page's permission type (open, password or members, attached to every event), whether the
 * site asks for a restrictive cookie policy (`isRestrictiveCookiePolicyEnabled`), and on the order confirmation the
 * order's ids for the checkout-confirmed event. It rides on the page context as a hidden key (not in
 * `?format=json`), where the theme's footers read it (server/tracker/tracker-markup.ts).
 */
import { isRecord } from '../../commerce/json.js';
import type { Json } from '../commerce/catalog.js';
import type { collections } from '../db/schema.js';
import { type PageAccess, protection } from '../page-access.js';

/** Page types the tracker never records on (server/page-context.ts PageType: not found, error, search, lock screen, member area denied). */
const UNRECORDED_PAGE_TYPES: ReadonlySet<number> = new Set([100, 101, 102, 103, 106]);
const ORDER_CONFIRMED = 202;

export interface CensusPage {
  readonly websiteId: string | null;
  readonly collectionId: string | null;
  readonly itemId: string | null;
  readonly recordType: number | null;
  readonly locale: string;
  readonly pageType: number;
  readonly permissionType: PageAccess['kind'];
  readonly restrictiveCookies: boolean;
  /** The order confirmation's ids (spec 000 §7 "Internal tracking of checkout confirmed"). */
  readonly order?: { readonly orderId: string; readonly cartId: string | null; readonly testMode: boolean; readonly websiteId: string | null };
}

const CENSUS_KEY = 'tessera-census';

const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** Each collection's permission type, by id, of the rows given (the open ones left out). */
export function permissionTypesOf(rows: readonly (typeof collections.$inferSelect)[]): ReadonlyMap<string, PageAccess['kind']> {
  const out = new Map<string, PageAccess['kind']>();
  for (const c of rows) {
    const kind = protection(c).kind;
    if (kind !== 'open') out.set(c.id, kind);
  }
  return out;
}

/** The page's census data, or null when the page records nothing; `permissions` the site's (server/site-data.ts). */
export function censusPage(permissions: () => ReadonlyMap<string, PageAccess['kind']>, context: Json): CensusPage | null {
  const pageType = typeof context['pageType'] === 'number' ? context['pageType'] : 0;
  if (UNRECORDED_PAGE_TYPES.has(pageType)) return null;
  const settings = isRecord(context['websiteSettings']) ? context['websiteSettings'] : {};
  if (settings['censusDisabled'] === true) return null;
  const website = isRecord(context['website']) ? context['website'] : {};
  const collection = isRecord(context['collection']) ? context['collection'] : {};
  const item = isRecord(context['item']) ? context['item'] : {};
  const collectionId = text(collection['id']);
  const recordType = item['recordType'];
  const page: CensusPage = {
    websiteId: text(website['id']),
    collectionId,
    itemId: text(item['id']),
    recordType: typeof recordType === 'number' ? recordType : null,
    locale: text(website['language']) ?? 'en-US',
    pageType,
    permissionType: (collectionId === null ? undefined : permissions().get(collectionId)) ?? 'open',
    restrictiveCookies: settings['isRestrictiveCookiePolicyEnabled'] === true,
  };
  const order = context['order'];
  if (pageType !== ORDER_CONFIRMED || !isRecord(order) || text(order['id']) === null) return page;
  return {
    ...page,
    order: { orderId: order['id'] as string, cartId: text(order['purchasedCartId']), testMode: order['testMode'] !== false, websiteId: text(order['websiteId']) ?? page.websiteId },
  };
}

/** Attaches the page's census data to its context, hidden from `?format=json` (as the platform tags' data is). */
export function withCensus(permissions: () => ReadonlyMap<string, PageAccess['kind']>, context: Json): Json {
  Object.defineProperty(context, CENSUS_KEY, { enumerable: false, configurable: true, writable: true, value: censusPage(permissions, context) });
  return context;
}

/** The census data a context carries (null: the page records nothing, or the context was not built by pageContext). */
export function censusOf(context: Record<string, unknown>): CensusPage | null {
  const value = (context as Record<string, unknown>)[CENSUS_KEY];
  return isRecord(value) ? (value as unknown as CensusPage) : null;
}
