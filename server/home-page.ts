/**
 * The home page's context (`/`, page type 3 with page id `home`): a hero, the featured products (products
 * whose `featured` flag is set: `starred` in the item JSON), the latest journal posts and the upcoming events.
 *
 * Everything is read from the store once per store version (the read cache); what changes with the clock alone
 * (a scheduled post going live, an event ending) is picked per request from that kept timeline, and the ids
 * picked form the page's content key, so the rendered page is kept per store version and per such moment.
 * Read ahead of rendering, on either database (issue 25): the collections from the site data
 * (server/site-data.ts), the products through the catalog store, the records through the reads written once.
 */
import { isRecord } from '../commerce/json.js';
import { isDisplayedType } from '../commerce/products.js';
import { collectionJson, type Json, productJson } from './commerce/catalog.js';
import type { CatalogStore } from './commerce/catalog-store.js';
import { allRecordsOf, type CollectionRow, contentKind, recordJson, type RecordRow } from './content.js';
import type { Store } from './db/database.js';
import type { Reads } from './db/reads.js';
import { siteDataOf } from './site-data.js';
import { protection } from './page-access.js';
import { PageType, websiteSettings } from './page-context.js';
import { readCache } from './read-cache.js';

/** Collection type of a store (spec 001). */
const PRODUCTS_COLLECTION = 13;
/** Featured products shown at most (a row of four on desktop, two rows of two on phones). */
export const MAX_FEATURED = 8;
export const LATEST_POSTS = 3;
export const UPCOMING_EVENTS = 3;

/** The hero's words when the site settings hold none (`websiteSettings.homePage`). */
const DEFAULT_HERO = {
  heroTitle: 'Welcome',
  heroText: 'Take a look around the shop.',
  heroButtonText: 'Shop now',
} as const;

interface Timeline<T> {
  readonly collection: Json | null;
  readonly entries: readonly T[];
}

interface HomeData {
  readonly hero: Json;
  readonly featured: readonly Json[];
  readonly shop: Json | null;
  /** Published and scheduled posts, newest first, with the moment each goes live. */
  readonly posts: Timeline<{ readonly publishOn: number; readonly json: Json }>;
  /** Events by start, with the moment each ends (an event is upcoming until it has ended). */
  readonly events: Timeline<{ readonly endsAt: number; readonly json: Json }>;
}

const text = (value: unknown, fallback: string) => (typeof value === 'string' && value.trim() !== '' ? value : fallback);

/** The first enabled collection of a kind that every visitor may see (no password, no member area). */
function firstOpen(rows: readonly CollectionRow[], kind: 'blog' | 'events'): CollectionRow | undefined {
  return rows.find((c) => c.enabled && contentKind(c) === kind && protection(c).kind === 'open');
}

function homeData(store: Store, reads: Reads, catalog: CatalogStore): Promise<HomeData> {
  return readCache(store).getAsync('home', async () => {
    const all = siteDataOf(store).collections;
    const stores = all.filter((c) => c.type === PRODUCTS_COLLECTION && c.enabled);
    const blog = firstOpen(all, 'blog');
    const events = firstOpen(all, 'events');
    const [storeProducts, postRows, eventRecords] = await Promise.all([
      Promise.all(stores.map((c) => catalog.products(c.id))),
      blog === undefined ? [] : allRecordsOf(reads, blog.id),
      events === undefined ? [] : allRecordsOf(reads, events.id),
    ]);
    const featured = stores
      .flatMap((c, i) =>
        storeProducts[i]!
          .filter((p) => p.row.featured && isDisplayedType(p.row.productType))
          .map((p) => productJson(p.row, p.variants, c.urlId)),
      )
      .slice(0, MAX_FEATURED);
    const shop = stores[0] === undefined ? null : collectionJson(stores[0]);

    // every record, scheduled ones included: which are live is decided per request (see `homePage`)
    const posts = [...postRows].sort((a, b) => b.publishOn - a.publishOn);
    const byStart = (a: RecordRow, b: RecordRow) => (a.startDate ?? 0) - (b.startDate ?? 0);
    const eventRows = [...eventRecords].sort(byStart);

    const settings = websiteSettings(store)['homePage'];
    const words = isRecord(settings) ? settings : {};
    const picture = featured.find((p) => isRecord(p['mainImage']));
    return {
      hero: {
        title: text(words['heroTitle'], DEFAULT_HERO.heroTitle),
        text: text(words['heroText'], DEFAULT_HERO.heroText),
        buttonText: text(words['heroButtonText'], DEFAULT_HERO.heroButtonText),
        buttonUrl: shop === null ? '/search' : shop['fullUrl'],
        // the picture of the first featured product that has one, with that product's title and address
        ...(picture === undefined ? {} : { image: picture['mainImage'], imageTitle: picture['title'], imageUrl: picture['fullUrl'] }),
      },
      featured,
      shop,
      posts: {
        collection: blog === undefined ? null : { title: blog.title, fullUrl: `/${blog.urlId}` },
        entries: posts.map((r) => ({ publishOn: r.publishOn, json: recordJson(r, blog!, 'blog') })),
      },
      events: {
        collection: events === undefined ? null : { title: events.title, fullUrl: `/${events.urlId}` },
        entries: eventRows.map((r) => ({ endsAt: r.endDate ?? r.startDate ?? 0, json: recordJson(r, events!, 'events') })),
      },
    };
  });
}

/**
 * The home page at `now`: its page parts (without the visitor's cart) and its content key, which names
 * everything the content depends on beyond the store version: the posts and events live at `now`.
 */
export async function homePage(store: Store, reads: Reads, catalog: CatalogStore, now: number) {
  const data = await homeData(store, reads, catalog);
  const latestPosts = data.posts.entries.filter((p) => p.publishOn <= now).slice(0, LATEST_POSTS).map((p) => p.json);
  const upcomingEvents = data.events.entries.filter((e) => e.endsAt >= now).slice(0, UPCOMING_EVENTS).map((e) => e.json);
  const contentKey = ['home', ...latestPosts.map((p) => p['id']), '', ...upcomingEvents.map((e) => e['id'])].join('\u0000');
  return {
    contentKey,
    parts: {
      pageType: PageType.PAGE,
      pageId: 'home',
      collection: { id: 'home', title: 'Home', urlId: '', fullUrl: '/', typeName: 'home' },
      items: [...data.featured],
      extra: {
        hero: data.hero,
        shop: data.shop,
        blog: data.posts.collection,
        events: data.events.collection,
        latestPosts,
        upcomingEvents,
      },
    },
  };
}
