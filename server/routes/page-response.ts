/**
 * Answering a page request: the page context rendered through a theme template, or the context itself as
 * JSON for `?format=json` / `?format=json-pretty` (the platform's way to inspect a page).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Store } from '../db/database.js';
import type { Json } from '../commerce/catalog.js';
import { type PageParts, pageContext } from '../page-context.js';
import { readCache } from '../read-cache.js';
import { randomBytes } from 'node:crypto';
import { cartTotalQuantity } from '../commerce/visitor-cart.js';
import type { Theme } from '../theme.js';
import { isRecordedVisitor } from '../tracker/recorded-visitor.js';
import { withoutTracker } from '../tracker/tracker-markup.js';
import { ACCOUNT_LINK, accountLinkFor, SIGN_IN_LINK } from '../site-users/account-link.js';
import { requestServedLanguage } from '../multilingual/request-language.js';
import { answerOwnBytes } from '../security/nonce.js';

/** The query every page accepts. */
export const formatQuery = {
  type: 'object',
  properties: { format: { type: 'string', enum: ['json', 'json-pretty'] }, message: { type: 'string', maxLength: 500 } },
} as const;

export interface PageQuery {
  format?: 'json' | 'json-pretty';
  message?: string;
}

/**
 * Stands in for the visitor's crumb in content kept by the read cache, and is replaced by the real one on the
 * way out. Random per process and shaped like a crumb, so escaping leaves it as it is.
 */
const CRUMB_PLACEHOLDER = randomBytes(16).toString('hex');
/** Stands in for the visitor's cart count (`shoppingCart.totalQuantity`) in kept pages; letters and digits only. */
const COUNT_PLACEHOLDER = `count${randomBytes(16).toString('hex')}`;
/** Stand in for the header's account link (server/site-users/account-link.ts) in kept pages. */
const ACCOUNT_URL_PLACEHOLDER = `/account${randomBytes(16).toString('hex')}`;
const ACCOUNT_LABEL_PLACEHOLDER = `label${randomBytes(16).toString('hex')}`;
type Hole = 'crumb' | 'count' | 'accountUrl' | 'accountLabel';
/** The bytes of each of the two links, made once. */
const LINK_BYTES = new Map(
  [SIGN_IN_LINK, ACCOUNT_LINK].map((l) => [l, { accountUrl: Buffer.from(l.url, 'latin1'), accountLabel: Buffer.from(l.label, 'latin1') }] as const),
);
const HOLE_OF: Readonly<Record<string, Hole>> = { [CRUMB_PLACEHOLDER]: 'crumb', [COUNT_PLACEHOLDER]: 'count', [ACCOUNT_URL_PLACEHOLDER]: 'accountUrl', [ACCOUNT_LABEL_PLACEHOLDER]: 'accountLabel' };
const HOLES = new RegExp(Object.keys(HOLE_OF).join('|'), 'g');
/** Counts the site region is rendered with to check that the kept page with the count swapped in is the same. */
const CHECKED_COUNTS = [0, 1, 2, 10];

/** What is kept of a page whose content depends only on the store and its content key. */
interface KeptPage {
  /** The content with the crumb placeholder; null when it reads the cart (then the page is rendered per visitor). */
  readonly content: string | null;
  /**
   * The whole page cut where the visitor's crumb and cart count go: `pieces[0] holes[0] pieces[1] …`; null when
   * the site region reads more of the cart than its count (then it is rendered per visitor around the content).
   * Kept as UTF-8 bytes: a page with a single character beyond Latin-1 is a two-byte string, which cost a
   * third of the throughput to flatten and encode again on every request.
   */
  readonly pieces: readonly Buffer[] | null;
  readonly holes: readonly Hole[];
}

/**
 * A stand-in for the cart while a page to be kept is rendered: its `totalQuantity` is `count`, and it notes
 * whether the template read that and whether it touched anything else of the cart (any other key, a key
 * listing, an `in` test, a write), which a kept page could not follow per visitor.
 */
function cartProbe(count: unknown) {
  const seen = { count: false, other: false };
  const isCount = (key: PropertyKey) => (key === 'totalQuantity' ? (seen.count = true) : ((seen.other = true), false));
  const cart = new Proxy({} as Json, {
    get: (_t, key) => (isCount(key) ? count : undefined),
    has: (_t, key) => isCount(key),
    getOwnPropertyDescriptor: (_t, key) => (isCount(key) ? { value: count, writable: true, enumerable: true, configurable: true } : undefined),
    ownKeys: () => ((seen.other = true), []),
    // writes are noted and dropped (never thrown: a render must not fail because the cart is a stand-in)
    set: () => ((seen.other = true), true),
    deleteProperty: () => ((seen.other = true), true),
    defineProperty: () => ((seen.other = true), false),
  });
  return { cart, seen };
}

/**
 * Renders a page to be kept, once per store version. The content is rendered with a cart probe; when it never
 * touches the cart it is kept. The site region around it is kept too when it reads the cart's count and
 * nothing else of the cart, and only when rendering it with real counts gives the kept page with those counts
 * swapped in (so a count used in a predicate or a formatter, which a swap could not follow, keeps it per visitor).
 */
function keepPage(theme: Theme, store: Store, template: string, parts: PageParts): KeptPage {
  const accountLink = { url: ACCOUNT_URL_PLACEHOLDER, label: ACCOUNT_LABEL_PLACEHOLDER };
  const contextWith = (cart: Json) => pageContext(store, { ...parts, shoppingCart: cart, crumb: CRUMB_PLACEHOLDER, accountLink });
  const probe = cartProbe(COUNT_PLACEHOLDER);
  const context = contextWith(probe.cart);
  const content = theme.renderContent(template, context);
  if (probe.seen.other || probe.seen.count) return { content: null, pieces: null, holes: [] };
  const page = theme.renderLayout(context, content);
  if (probe.seen.other) return { content, pieces: null, holes: [] };
  if (probe.seen.count) {
    for (const n of CHECKED_COUNTS) {
      const check = cartProbe(n);
      if (theme.renderLayout(contextWith(check.cart), content) !== page.replaceAll(COUNT_PLACEHOLDER, String(n)) || check.seen.other) {
        return { content, pieces: null, holes: [] };
      }
    }
  }
  const pieces: Buffer[] = [];
  const holes: Hole[] = [];
  let last = 0;
  for (const m of page.matchAll(HOLES)) {
    pieces.push(Buffer.from(page.slice(last, m.index)));
    holes.push(HOLE_OF[m[0]]!);
    last = m.index + m[0].length;
  }
  pieces.push(Buffer.from(page.slice(last)));
  return { content, pieces, holes };
}

export function sendPage(
  reply: FastifyReply,
  request: FastifyRequest<{ Querystring: PageQuery }>,
  theme: Theme,
  store: Store,
  template: string,
  parts: PageParts,
  status = 200,
  /**
   * Set when the content part depends only on the store and this key (never on the visitor or the query beyond
   * what the key holds): the page is then rendered once per store version and kept (see `keepPage`), and each
   * visitor gets it with their crumb and cart count swapped in. Whatever of the page turns out to read more
   * of the cart is rendered per request instead.
   */
  contentKey?: string,
) {
  const format = request.query.format;
  // asked under a language's prefix (server/multilingual/): the page in that language, kept apart
  const language = requestServedLanguage(request)?.language;
  if (language !== undefined) parts = { ...parts, language };
  reply.code(status);
  // a signed-in contributor (not recorded: server/tracker/recorded-visitor.ts) gets the page rendered for them, without the tracker
  const recorded = !theme.tracking || isRecordedVisitor(store, request);
  const keep = contentKey !== undefined && format === undefined && theme.cacheable && recorded;
  let kept: KeptPage | null = null;
  if (keep) {
    kept = readCache(store).get(`page\u0000${template}\u0000${contentKey}\u0000${language ?? ''}`, () => keepPage(theme, store, template, parts));
    const count = kept.pieces === null ? undefined : cartTotalQuantity(parts.shoppingCart);
    if (kept.pieces !== null && typeof count === 'number' && Number.isSafeInteger(count)) {
      const { pieces, holes } = kept;
      const link = LINK_BYTES.get(accountLinkFor(store, request))!;
      // the crumb (32 hex digits) and the count are ASCII: one byte per character
      const fill: Record<Hole, Buffer> = { crumb: Buffer.from(request.crumb, 'latin1'), count: Buffer.from(String(count), 'latin1'), ...link };
      const out: Buffer[] = [pieces[0]!];
      for (let i = 0; i < holes.length; i++) out.push(fill[holes[i]!], pieces[i + 1]!);
      return reply.type('text/html; charset=utf-8').send(answerOwnBytes(Buffer.concat(out)));
    }
  }
  const accountLink = accountLinkFor(store, request);
  const context = pageContext(store, { ...parts, crumb: request.crumb, accountLink });
  if (format !== undefined) return reply.type('application/json; charset=utf-8').send(JSON.stringify(context, null, format === 'json-pretty' ? 2 : undefined));
  const content = kept?.content ?? null;
  const html =
    content !== null
      ? theme.renderLayout(context, content.replaceAll(CRUMB_PLACEHOLDER, request.crumb).replaceAll(ACCOUNT_URL_PLACEHOLDER, accountLink.url).replaceAll(ACCOUNT_LABEL_PLACEHOLDER, accountLink.label))
      : theme.renderPage(template, context);
  return reply.type('text/html; charset=utf-8').send(recorded ? html : withoutTracker(html));
}
