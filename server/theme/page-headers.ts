/**
 * `{squarespace-headers}`: what the platform puts in a page's head. Here: the theme's stylesheet link (the
 * page's only render-blocking resource), Open Graph meta from the page (site name, title, type), and the page's
 * context for scripts as JSON (`<script type="application/json" id="squarespace-context">`: website id, page
 * type, collection and item ids, and the crumb a script echoes in `X-CSRF-Token`, as the `crumb` cookie holds
 * it). The JSON is not run, so it blocks nothing. Tessera records no analytics, so there is no tracker script;
 * the island loader goes at `{squarespace-footers}`, and only on pages with islands.
 */
import { isRecord } from '../../commerce/json.js';
import type { Stylesheet } from '../theme-stylesheet.js';
import { escapeAttr } from './block-fields.js';

/** JSON safe inside a script element: no `</script>` or comment opener can close it. */
const scriptJson = (v: unknown) => JSON.stringify(v).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

const field = (o: unknown, key: string): unknown => (isRecord(o) ? o[key] : undefined);
const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** Open Graph types by what the page shows. */
function ogType(context: Record<string, unknown>): string {
  const item = context['item'];
  if (!isRecord(item)) return 'website';
  return isRecord(item['structuredContent']) || field(item, 'recordType') === 11 ? 'product' : 'article';
}

export function pageHeaders(sheet: Stylesheet | null, context: Record<string, unknown>): string {
  const out: string[] = [];
  if (sheet !== null) out.push(`<link rel="stylesheet" href="${sheet.url}">`);
  const site = text(field(context['website'], 'siteTitle'));
  const collection = context['collection'];
  // the home page is the site itself
  const isHome = field(collection, 'homepage') === true || field(collection, 'typeName') === 'home';
  const title = text(field(context['item'], 'title')) ?? (isHome ? undefined : text(field(collection, 'title'))) ?? site;
  if (site !== undefined) out.push(`<meta property="og:site_name" content="${escapeAttr(site)}">`);
  if (title !== undefined) out.push(`<meta property="og:title" content="${escapeAttr(title)}">`);
  out.push(`<meta property="og:type" content="${ogType(context)}">`);
  const page = {
    websiteId: field(context['website'], 'id') ?? null,
    pageType: context['pageType'] ?? null,
    collectionId: field(context['collection'], 'id') ?? null,
    itemId: field(context['item'], 'id') ?? null,
    crumb: context['crumb'] ?? null,
  };
  out.push(`<script type="application/json" id="squarespace-context">${scriptJson(page)}</script>`);
  return out.join('\n');
}
