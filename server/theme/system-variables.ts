/**
 * The platform's system variables under `squarespace` (platform notes, tags.md §3), as a page's context has
 * them: `page-id` and `page-classes` (server/page-context.ts, server/theme/page-classes.ts), `main-content`
 * (the theme), and here:
 *
 * - `page-title`: what the platform's `<title>` says: "Page — Site", the site's title alone on the home page
 *   (the real sample's home page has the site's title); the same rule `{squarespace-headers}` titles a page by;
 * - `cart-classes`: `sqs-custom-cart`, the only value public samples show;
 * - `template-revision`: a whole number that changes whenever the theme does (server/theme.ts: the second the
 *   server started, then one more for each saved file while `tessera dev` watches), so a theme's
 *   `?v={squarespace.template-revision}` cache-busters work as on the platform, where it counts the pushes;
 * - `headers` / `footers`: the platform's sample holds the placeholders `{squarespace-headers}` and
 *   `{squarespace-footers}` there, which the platform fills in after rendering; here they print what
 *   `{squarespace-headers}` and `{squarespace-footers}` print.
 *
 * Not `facebookAppId` (Tessera has no Facebook app).
 */
import { isRecord } from '../../commerce/json.js';

export const CART_CLASSES = 'sqs-custom-cart';

const field = (o: unknown, key: string): unknown => (isRecord(o) ? o[key] : undefined);
const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** Titles of the pages that have no collection or item to name them, by page type. */
const SYSTEM_PAGE_TITLES: Readonly<Record<number, string>> = {
  100: 'Page Not Found',
  101: 'Something went wrong',
  102: 'Search',
  200: 'Cart',
  201: 'Checkout',
  202: 'Order Confirmed',
};

/** Whether the page is the site's home page. */
export const isHomePage = (context: Record<string, unknown>): boolean => field(context['collection'], 'homepage') === true || field(context['collection'], 'typeName') === 'home';

/** What names the page itself: the item's title, else its collection's (not on the home page: that is the site). */
export function pageName(context: Record<string, unknown>): string | undefined {
  return text(field(context['item'], 'title')) ?? (isHomePage(context) ? undefined : text(field(context['collection'], 'title')));
}

/** The page's title as the platform's `<title>` has it: "Page — Site", the site's title alone on the home page. */
export function pageTitle(context: Record<string, unknown>): string {
  const pageType = context['pageType'];
  const page = pageName(context) ?? (typeof pageType === 'number' ? SYSTEM_PAGE_TITLES[pageType] : undefined);
  return [page, text(field(context['website'], 'siteTitle'))].filter((t) => t !== undefined).join(' \u2014 ');
}
