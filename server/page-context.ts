/**
 * The page context in the platform's shape (`website`, `websiteSettings`, `featureFlags`, `collection`, `item`,
 * `items`, `shoppingCart`, `localizedStrings`, `productMerchandisingContext`, `squarespace`, `showCart`), so
 * that existing themes run unchanged.
 */
import type { Json } from './commerce/catalog.js';
import type { Store } from './db/database.js';
import { siteDataOf } from './site-data.js';
import { readCache } from './read-cache.js';
import { platformStrings } from '../commerce/messages/platform-strings.js';
import { withCensus } from './tracker/census-page.js';
import { attachPlatformData } from './theme/platform-data.js';
import { withTweakValues } from './theme/tweaks/site-tweaks.js';
import { CART_CLASSES, pageTitle } from './theme/system-variables.js';
import { type AccountLink, SIGN_IN_LINK } from './site-users/account-link.js';
import { languageLinks } from './multilingual/language-links.js';

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
  /**
   * The language the page is asked in under a multilingual site's path prefix (server/multilingual/); default
   * the site's own.
   */
  readonly language?: string;
}

/** The parts of every page's context that depend only on the site (server/site-data.ts: loaded ahead on PostgreSQL). */
function siteContext(db: Store): Json {
  return siteDataOf(db).context;
}

/**
 * The site's parts in one of its served languages (server/multilingual/): its own language's are the site's,
 * another's say that language and take the platform's strings from its catalog (the store's own localized
 * strings are written in the site's language, so they stay there). On a multilingual site, `multilingual` names
 * every language with a link to the page in it (server/multilingual/language-links.ts).
 */
function siteContextIn(db: Store, language: string | undefined): Json {
  // one read of the site's data: its context and its languages (server/site-data.ts)
  const { context: site, languages: served } = siteDataOf(db);
  if (served.length < 2) return site;
  const own = (site['website'] as Json)['language'];
  const current = language ?? String(own);
  return readCache(db).get(`site\u0000${current}`, () => ({
    ...site,
    ...(current === own ? {} : { website: { ...(site['website'] as Json), language: current }, localizedStrings: platformStrings(current) }),
    multilingual: languageLinks(served, current),
  }));
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
    ...siteContextIn(db, parts.language),
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
