/**
 * The page context in the platform's shape (`website`, `websiteSettings`, `featureFlags`, `collection`, `item`,
 * `items`, `shoppingCart`, `localizedStrings`, `productMerchandisingContext`, `squarespace`, `showCart`), so
 * that existing themes run unchanged.
 */
import type { Json } from './commerce/catalog.js';
import type { Store } from './db/database.js';
import { siteDataOf } from './site-data.js';
import { withCensus } from './tracker/census-page.js';
import { attachPlatformData } from './theme/platform-data.js';
import { withTweakValues } from './theme/tweaks/site-tweaks.js';
import { CART_CLASSES, pageTitle } from './theme/system-variables.js';
import { type AccountLink, SIGN_IN_LINK } from './site-users/account-link.js';

/** Page types by code (spec 001 §3 "Page types"; the ranges are the spec's, the numbers in them ours). */
export const PageType = {
  /** Collection lists: product list, blog list, events, gallery, album. */
  COLLECTION: 1,
  /** Product detail. */
  ITEM: 2,
  /** A content page. */
  PAGE: 3,
  /** A content item: blog post, event, video or other record page. */
  CONTENT_ITEM: 50,
  NOT_FOUND: 100,
  ERROR: 101,
  SEARCH: 102,
  LOCK_SCREEN: 103,
  MEMBER_AREA_DENIED: 106,
  CART: 200,
  CHECKOUT: 201,
  ORDER_CONFIRMED: 202,
} as const;

export interface PageParts {
  readonly pageType: number;
  readonly pageId: string;
  readonly collection?: Json;
  readonly item?: Json;
  readonly items?: Json[];
  readonly shoppingCart: Json;
  /** The visitor's anti-forgery crumb, for the hidden `crumb` field of plain HTML forms. */
  readonly crumb?: string;
  /** The header's account link (server/site-users/account-link.ts); default "Sign in". */
  readonly accountLink?: AccountLink;
  readonly extra?: Json;
}

/** The parts of every page's context that depend only on the site (server/site-data.ts: loaded ahead on PostgreSQL). */
function siteContext(db: Store): Json {
  return siteDataOf(db).context;
}

/** The site's language (server/site-language.ts), as the page context says it. */
export function siteLanguage(db: Store): string {
  return String((siteContext(db)['website'] as Json)['language'] ?? 'en-US');
}

/** The website settings (parsed once per store version, with the rest of the site context). */
export function websiteSettings(db: Store): Json {
  return siteContext(db)['websiteSettings'] as Json;
}

export function pageContext(db: Store, parts: PageParts): Json {
  const merchandising: Json = {};
  for (const product of [...(parts.items ?? []), ...(parts.item !== undefined ? [parts.item] : [])]) {
    const m = product['merchandising'];
    if (typeof m === 'object' && m !== null) merchandising[String(product['id'])] = m;
  }
  const context: Json = {
    ...siteDataOf(db).context,
    collection: parts.collection,
    item: parts.item,
    items: parts.items,
    shoppingCart: parts.shoppingCart,
    productMerchandisingContext: merchandising,
    showCart: true,
    pageType: parts.pageType,
    crumb: parts.crumb,
    accountLink: parts.accountLink ?? SIGN_IN_LINK,
    squarespace: { 'page-id': parts.pageId, 'page-classes': `page-type-${parts.pageType}`, 'cart-classes': CART_CLASSES },
    ...parts.extra,
  };
  // the platform's system variables that follow from the page (server/theme/system-variables.ts)
  (context['squarespace'] as Json)['page-title'] = pageTitle(context);
  // the platform tags' data (navigation, query, block fields…), read only when a template asks, and the site's
  // tweak values, neither shown by `?format=json` (server/theme/platform-data.ts, server/theme/tweaks/site-tweaks.ts)
  // and what the visitor tracker needs of the page, hidden the same way (server/tracker/census-page.ts)
  const site = siteDataOf(db);
  return withCensus(() => site.permissions, attachPlatformData(withTweakValues(context, site.tweakValues), db));
}
