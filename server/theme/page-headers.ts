/**
 * `{squarespace-headers}`: what the platform puts in a page's head. Here: `<meta charset>`, the page's `<title>`
 * ("Page — Site", the site's title alone on the home page) and a meta description (the item's excerpt, else the
 * collection's description), each unless the theme's head already has its own (platform themes leave them to
 * the platform, themes written for Tessera often write them); the theme's stylesheet link (the page's only
 * render-blocking resource), the site's icon (server/site-icon/: the owner's, else Tessera's default; unless the
 * head links its own), Open Graph meta from the page (site name, title, type), and the page's context
 * for scripts as JSON (`<script type="application/json" id="squarespace-context">`: website id, page type,
 * collection and item ids, and the crumb a script echoes in `X-CSRF-Token`, as the `crumb` cookie holds it).
 * The JSON is not run, so it blocks nothing. The island loader (only on pages with islands) and the visitor
 * tracker (only on pages that record visits, server/tracker/) go at `{squarespace-footers}`.
 *
 * On a platform theme (`runtime`: any theme but Tessera's default one) the headers also carry the platform's
 * JavaScript runtime as the platform's do: `Static.SQUARESPACE_CONTEXT` (server/runtime/squarespace-context.ts),
 * then the runtime's one script (YUI 3 and `Y.Squarespace`, runtime/), a classic script in the head, so theme
 * scripts anywhere after it find `Y`, `ImageLoader` and `Squarespace` defined, as on the platform.
 */
import { isRecord } from '../../commerce/json.js';
import type { Stylesheet } from '../theme-stylesheet.js';
import { escapeHtml } from '../escape-html.js';
import { iconLinks } from '../site-icon/site-icon.js';
import { pageName, pageTitle } from './system-variables.js';
import { catalogLocale } from '../../commerce/messages/catalogs.js';
import { islandMessages } from '../../commerce/messages/island-messages.js';
import { ADD_REFUSAL_KEYS, ruleMessages } from '../../commerce/messages/rule-wording.js';
import { PLATFORM_COMMERCE_MESSAGES } from '../../hydrate/platform-commerce-words.js';

/** JSON safe inside a script element: no `</script>` or comment opener can close it. */
export const scriptJson = (v: unknown) => JSON.stringify(v).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

const field = (o: unknown, key: string): unknown => (isRecord(o) ? o[key] : undefined);
const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/** Open Graph types by what the page shows. */
function ogType(context: Record<string, unknown>): string {
  const item = context['item'];
  if (!isRecord(item)) return 'website';
  return isRecord(item['structuredContent']) || field(item, 'recordType') === 11 ? 'product' : 'article';
}

/**
 * A multilingual site's page in each of its languages and, as `x-default`, in the site's own (the first):
 * server/multilingual/language-links.ts.
 */
function alternateLinks(multilingual: unknown): string[] {
  const languages = field(multilingual, 'languages');
  if (!Array.isArray(languages)) return [];
  const link = (hreflang: unknown, href: unknown) => `<link rel="alternate" hreflang="${escapeHtml(String(hreflang))}" href="${escapeHtml(String(href))}">`;
  const links = languages.map((l) => link(field(l, 'language'), field(l, 'url')));
  return languages.length === 0 ? [] : [...links, link('x-default', field(languages[0], 'url'))];
}

/** What the theme's own head already has, so `{squarespace-headers}` does not add a second. */
export interface OwnHead {
  readonly charset: boolean;
  readonly title: boolean;
  readonly description: boolean;
  /** A `<link rel="icon">` (or `shortcut icon`). */
  readonly icon: boolean;
}

/** What the head of a rendered page (the HTML before `</head>`) holds of its own. */
export function ownHead(html: string): OwnHead {
  const end = html.search(/<\/head\s*>/i);
  const head = end < 0 ? html : html.slice(0, end);
  return {
    charset: /<meta\s[^>]*(charset\s*=|http-equiv\s*=\s*["']?content-type)/i.test(head),
    title: /<title[\s>]/i.test(head),
    description: /<meta\s[^>]*name\s*=\s*["']?description["'\s>]/i.test(head),
    icon: /<link\s[^>]*rel\s*=\s*["']?(?:[^"'>]*\s)?icon["'\s>]/i.test(head),
  };
}

/** Rich text as one line of plain text (a meta description), at most 300 characters. */
function plainText(html: string): string | undefined {
  const words = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39);/g, (m) => ({ '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" })[m] ?? m)
    .replace(/\s+/g, ' ')
    .trim();
  if (words === '') return undefined;
  return words.length <= 300 ? words : `${words.slice(0, 299).replace(/\s+\S*$/, '')}…`;
}

/** The platform commerce island's words for a page in `language`: none in English, whose words it has. */
function platformCommerceMessages(language: string): Record<string, unknown> {
  if (catalogLocale(language) === 'en-US') return {};
  return { messages: { words: islandMessages(language, PLATFORM_COMMERCE_MESSAGES), refusals: ruleMessages(language, ADD_REFUSAL_KEYS) } };
}

/** What a platform theme's headers add: the page's `Static.SQUARESPACE_CONTEXT` and the runtime's script tag. */
export interface PlatformRuntimeHead {
  readonly squarespaceContext: Record<string, unknown>;
  readonly scriptTag: string;
}

export function pageHeaders(
  sheet: Stylesheet | null,
  context: Record<string, unknown>,
  own: OwnHead = { charset: true, title: true, description: true, icon: true },
  runtime: PlatformRuntimeHead | null = null,
): string {
  const out: string[] = [];
  const site = text(field(context['website'], 'siteTitle'));
  const collection = context['collection'];
  const title = pageName(context) ?? site;
  if (!own.charset) out.push('<meta charset="utf-8">');
  if (!own.title) {
    const full = pageTitle(context);
    if (full !== '') out.push(`<title>${escapeHtml(full)}</title>`);
  }
  if (!own.description) {
    const description = plainText(String(field(context['item'], 'excerpt') ?? '')) ?? plainText(String(field(collection, 'description') ?? ''));
    if (description !== undefined) out.push(`<meta name="description" content="${escapeHtml(description)}">`);
  }
  if (sheet !== null) out.push(`<link rel="stylesheet" href="${sheet.url}">`);
  if (!own.icon) out.push(iconLinks(text(field(context['website'], 'siteIconUrl')) ?? null, escapeHtml));
  if (site !== undefined) out.push(`<meta property="og:site_name" content="${escapeHtml(site)}">`);
  if (title !== undefined) out.push(`<meta property="og:title" content="${escapeHtml(title)}">`);
  out.push(`<meta property="og:type" content="${ogType(context)}">`);
  out.push(...alternateLinks(context['multilingual']));
  const page = {
    websiteId: field(context['website'], 'id') ?? null,
    pageType: context['pageType'] ?? null,
    collectionId: field(context['collection'], 'id') ?? null,
    itemId: field(context['item'], 'id') ?? null,
    crumb: context['crumb'] ?? null,
    // a platform theme's commerce island (hydrate/islands/platform-commerce.tsx) says its words in the page's language
    ...(runtime !== null ? platformCommerceMessages(text(field(context['website'], 'language')) ?? 'en-US') : {}),
  };
  out.push(`<script type="application/json" id="squarespace-context">${scriptJson(page)}</script>`);
  if (runtime !== null && runtime.scriptTag !== '') {
    out.push(`<script>window.Static=window.Static||{};Static.SQUARESPACE_CONTEXT=${scriptJson(runtime.squarespaceContext)};</script>`, runtime.scriptTag);
  }
  return out.join('\n');
}
