/**
 * Which collections a platform theme needs that the store lacks, worked out from what the theme declares
 * (server/theme-content/theme-declarations.ts) and what the store holds; pure, so the rules are tested without
 * a database. The rules (docs/themes.md "Moving a platform theme"):
 *
 * - every collection type of `collections/*.conf` that no collection of the store has gets one collection of
 *   that type (`/{type}`, type 1 with `typeName` the type), with demo items of the types it accepts;
 * - every collection the templates query by a plain name that no collection has (`sponsors`,
 *   `work/it-services`) is made: of the type of that name, else of the type its first path segment names
 *   (`work/…` is a `work`), else a blog;
 * - an index type (`"index": true`) gets an index: a folder whose landing page lists its child collections,
 *   an introduction page and the collections made above whose types it accepts;
 * - a folder type (`"folder": true`) gets a folder holding the demo's About and Contact pages;
 * - a theme without `pages/home.page` but with a `homepage` (or `home`) layout gets a page `home` using it,
 *   which is then its home page (server/theme-content/home-choice.ts);
 * - a collection made here whose type names one of the theme's layouts uses that layout.
 */
import { COLLECTION_TYPES, FOLDER_BEHAVIORS } from '../../engine/plugins/content/record-collection.js';
import { type DemoRecord, demoImageJson, demoRecords } from './demo-records.js';
import type { DeclaredCollectionType, ThemeDeclarations } from './theme-declarations.js';

/** Ids of what this plan makes start with this, so a later start sees what is already there. */
export const THEME_CONTENT_PREFIX = 'theme-';
/** The layouts that mark a theme's home page, in order of preference. */
export const HOME_LAYOUTS = ['homepage', 'home'] as const;
/** What the store's own collections are shown as (server/content.ts `ContentKind`, and the shop). */
export const STORE_KINDS: ReadonlySet<string> = new Set(['products', 'blog', 'events', 'gallery', 'album', 'video', 'page']);

export interface PlannedCollection {
  readonly id: string;
  readonly urlId: string;
  readonly title: string;
  readonly type: number;
  readonly description: string;
  readonly body: string;
  readonly settings: Record<string, unknown>;
  readonly records: readonly DemoRecord[];
}

/** What the store already holds that the plan depends on. */
export interface StoreCollections {
  /** Every collection's address. */
  readonly urlIds: ReadonlySet<string>;
  /** The type names the store's collections have (their settings' `typeName`, else what they are shown as). */
  readonly typeNames: ReadonlySet<string>;
  /** The ids of the open content pages a folder may hold (the demo's About and Contact). */
  readonly folderPages: readonly string[];
  /** Whether a page is marked as the home page already (`homepage: true`). */
  readonly hasHomePage: boolean;
}

const titleOf = (urlId: string) =>
  urlId
    .split('/')
    .pop()!
    .split(/[-_]/)
    .filter((w) => w !== '')
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ');

/** The collections a theme needs beyond `store`, at `today` (epoch ms, UTC midnight): parents after their children. */
export function planThemeContent(decl: ThemeDeclarations, store: StoreCollections, today: number): PlannedCollection[] {
  const planned: PlannedCollection[] = [];
  const taken = new Set(store.urlIds);
  const layouts = new Set(decl.layouts);
  const types = new Map(decl.collectionTypes.map((t) => [t.typeName, t]));
  const freeUrl = (wanted: string) => {
    let url = wanted;
    for (let n = 2; taken.has(url); n++) url = `${wanted}-${n}`;
    taken.add(url);
    return url;
  };
  const idFor = (urlId: string) => `${THEME_CONTENT_PREFIX}${urlId.replace(/\//g, '--')}`;
  const withLayout = (settings: Record<string, unknown>, layout: string) => (layouts.has(layout) ? { ...settings, regionName: layout } : settings);

  /** A collection of items of the type `t` (or a blog when `t` is undefined) at `urlId`. */
  const itemsCollection = (urlId: string, t: DeclaredCollectionType | undefined, title: string): PlannedCollection => {
    const typeName = t?.typeName ?? 'blog';
    const accept = (t?.acceptTypes ?? ['text']).filter((a) => !types.get(a)?.folder);
    return {
      id: idFor(urlId),
      urlId,
      title,
      type: COLLECTION_TYPES.generic,
      description: `<p>${title}: demo items of the ${typeName} type.</p>`,
      body: '',
      settings: withLayout({ typeName, ordering: t?.ordering ?? 'chronological', mainImage: demoImageJson(planned.length, title) }, typeName),
      records: demoRecords(accept, decl.customTypes, today, planned.length),
    };
  };

  // one collection of each declared type the store lacks
  const byType = new Map<string, PlannedCollection>();
  for (const t of decl.collectionTypes) {
    if (t.folder || STORE_KINDS.has(t.typeName) || store.typeNames.has(t.typeName)) continue;
    const c = itemsCollection(freeUrl(t.typeName), t, t.title);
    byType.set(t.typeName, c);
    planned.push(c);
  }

  // the collections the templates query by name
  for (const name of decl.queriedCollections) {
    if (taken.has(name)) continue;
    const own = types.get(name);
    const t = own !== undefined && !own.folder ? own : types.get(name.split('/')[0]!);
    taken.add(name);
    planned.push(itemsCollection(name, t !== undefined && !t.folder ? t : types.get('blog'), titleOf(name)));
  }

  // a page for the homepage layout, when the theme has no home page of its own
  const homeLayout = HOME_LAYOUTS.find((l) => layouts.has(l));
  if (!decl.hasHomePage && homeLayout !== undefined && !store.hasHomePage) {
    const urlId = freeUrl('home');
    planned.push({
      id: idFor(urlId),
      urlId,
      title: 'Home',
      type: COLLECTION_TYPES.page,
      description: '',
      body: '<h1>Welcome</h1><p>This is the home page of the demo site, in the theme\u2019s home layout.</p>',
      settings: { regionName: homeLayout, homepage: true, mainImage: demoImageJson(0, 'Home') },
      records: [],
    });
  }

  // an index of each index type: an introduction page and the collections above whose types it accepts
  for (const t of decl.collectionTypes) {
    if (!t.index || store.typeNames.has(t.typeName)) continue;
    const urlId = freeUrl(t.typeName);
    const sections = [
      ['intro', 'Introduction', 'This page is a section of the index, shown on its landing page with the collections beside it.'],
      ['about', 'How We Work', 'A second section: an index shows each of its pages in turn, with its banner image and its words.'],
    ].map(([slug, title, text], i): PlannedCollection => ({
      id: idFor(`${urlId}-${slug}`),
      urlId: freeUrl(`${urlId}-${slug}`),
      title: title!,
      type: COLLECTION_TYPES.page,
      description: `<p>${title} of the ${t.title.toLowerCase()}.</p>`,
      body: `<h2>${title}</h2><p>${text}</p>`,
      settings: { mainImage: demoImageJson(3 + i, title!) },
      records: [],
    }));
    planned.push(...sections);
    const children = [...sections.map((p) => p.id), ...t.acceptTypes.map((a) => byType.get(a)?.id).filter((id): id is string => id !== undefined)];
    planned.push({
      id: idFor(urlId),
      urlId,
      title: 'Overview',
      type: COLLECTION_TYPES.generic,
      description: `<p>An ${t.title.toLowerCase()} of ${children.length} sections.</p>`,
      body: '',
      settings: withLayout({ typeName: t.typeName, folder: true, index: true, folderBehavior: FOLDER_BEHAVIORS.index, children, mainImage: demoImageJson(1, t.title) }, t.typeName),
      records: [],
    });
  }

  // a folder of each folder type, holding the demo's open pages
  for (const t of decl.collectionTypes) {
    if (!t.folder || t.index || store.typeNames.has(t.typeName) || store.folderPages.length === 0) continue;
    const urlId = freeUrl(t.typeName);
    planned.push({
      id: idFor(urlId),
      urlId,
      title: 'More',
      type: COLLECTION_TYPES.generic,
      description: '',
      body: '',
      settings: { typeName: t.typeName, folder: true, folderBehavior: FOLDER_BEHAVIORS.redirect, children: [...store.folderPages] },
      records: [],
    });
  }
  return planned;
}
