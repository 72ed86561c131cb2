/**
 * The site's part of every page (issue 25): the context's `website`, `websiteSettings`, `featureFlags`,
 * `localizedStrings` and `navigation`, the site's stored tweak values and its collections' permission types
 * (the census) and the languages it is served in, built from three reads: the website, its collections, its
 * layout, tweaks and multilingual documents. The
 * reads are written once (server/db/reads.ts) and run two ways: awaited (`loadSiteData`, on either database)
 * or, on SQLite only, synchronously with the same builders (`readSiteDataSync`, for code that runs outside a
 * request: tests, e-mails, the dev server).
 *
 * On PostgreSQL nothing can be read while a page renders, so the site is **loaded ahead**: `installSiteAhead`
 * adds a hook that, as each request arrives, awaits the site data kept in the node's read cache (emptied by
 * the change feed, server/db/change-feed.ts) and keeps it in a slot that `siteDataOf(store)` answers from
 * synchronously for the rest of the request. The slot is replaced, never emptied, so a notification arriving
 * mid-request cannot leave a page without its site (the request sees the site as of its start).
 */
import { asc, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { isRecord } from '../commerce/json.js';
import { platformStrings } from '../commerce/messages/platform-strings.js';
import { type Json, parseJson } from './commerce/catalog.js';
import type { CollectionRow } from './commerce/catalog-store.js';
import type { Store } from './db/database.js';
import { type Reads, sqliteReads } from './db/reads.js';
import type { PageAccess } from './page-access.js';
import { readCache } from './read-cache.js';
import { ownerIconUrl } from './site-icon/site-icon.js';
import { siteDocumentValue } from './site-documents.js';
import { languageOfSettings } from './site-language.js';
import { LAYOUT_DOCUMENT, storefrontNavigationOf } from './site-layout.js';
import { type StoredTweakValues, storedTweakValuesOf, TWEAKS_DOCUMENT } from './theme/tweaks/site-tweaks.js';
import { permissionTypesOf } from './tracker/census-page.js';
import { MULTILINGUAL_DOCUMENT, multilingualOf, type ServedLanguage, servedLanguagesOf } from './multilingual/site-languages.js';

export interface SiteData {
  /** The context's site keys: `website`, `websiteSettings`, `featureFlags`, `localizedStrings`, `navigation`. */
  readonly context: Json;
  readonly tweakValues: StoredTweakValues;
  /** Every collection, in the site's order (the buying forms find a product's collection here). */
  readonly collections: readonly CollectionRow[];
  /** Each collection's permission type, by id (open ones left out): what the census attaches to a page. */
  readonly permissions: ReadonlyMap<string, PageAccess['kind']>;
  /** The languages the site is served in, its own first at `/` (server/multilingual/site-languages.ts). */
  readonly languages: readonly ServedLanguage[];
}

const EMPTY_SITE: Json = { website: {}, websiteSettings: {}, featureFlags: {}, localizedStrings: {}, navigation: [] };

function parse(json: string): Json {
  const v = parseJson<unknown>(json, {});
  return isRecord(v) ? v : {};
}

/** The three reads, as builders: awaited by `loadSiteData`, run with `.all()` by `readSiteDataSync`. */
function siteQueries({ db, t }: Reads) {
  return [
    db.select().from(t.websites).limit(1),
    db.select().from(t.collections).orderBy(asc(t.collections.ordering)),
    db.select().from(t.siteDocuments).where(inArray(t.siteDocuments.name, [LAYOUT_DOCUMENT, TWEAKS_DOCUMENT, MULTILINGUAL_DOCUMENT])),
  ] as const;
}

type Rows<I extends number> = Awaited<ReturnType<typeof siteQueries>[I]>;

/** The site data of the rows read. */
function siteDataFrom([site]: Rows<0>, allCollections: Rows<1>, documents: Rows<2>): SiteData {
  const permissions = permissionTypesOf(allCollections);
  if (site === undefined) return { context: EMPTY_SITE, tweakValues: {}, collections: allCollections, permissions, languages: servedLanguagesOf('en-US', multilingualOf(undefined)) };
  const document = (name: string) => {
    const row = documents.find((d) => d.websiteId === site.id && d.name === name);
    return row === undefined ? undefined : siteDocumentValue(row.value);
  };
  const settings = parse(site.settings);
  const nav = allCollections.filter((c) => c.websiteId === site.id);
  const context: Json = {
    website: {
      id: site.id,
      siteTitle: site.title,
      timeZone: site.timeZone,
      language: languageOfSettings(settings),
      baseCurrency: site.currency,
      // the owner's icon (server/site-icon/site-icon.ts), absent for the default; `{squarespace-headers}` links it
      ...iconField(ownerIconUrl(settings)),
      ...publicCaptcha(settings),
      // where the platform's share buttons read whether sharing is on (`{@|social-button-inline}`)
      ...(settings['shareButtonOptions'] !== undefined ? { shareButtonOptions: settings['shareButtonOptions'] } : {}),
    },
    websiteSettings: settings,
    // the platform's feature flags sit at the context's root, where the engine reads them
    // (`featureFlags.useCLDRMoneyFormat`: prices as `$89.00` rather than the native `89.00` span)
    featureFlags: isRecord(settings['featureFlags']) ? settings['featureFlags'] : {},
    // the platform's strings in the site's language (commerce/messages/platform-strings.ts), the store's own over them
    localizedStrings: { ...platformStrings(languageOfSettings(settings)), ...parse(site.localizedStrings) },
    // the owner's main navigation once one is stored (server/site-layout.ts), else every enabled collection
    navigation:
      storefrontNavigationOf(document(LAYOUT_DOCUMENT), nav) ?? nav.filter((c) => c.enabled).map((c) => ({ title: c.navigationTitle ?? c.title, url: `/${c.urlId}` })),
  };
  const languages = servedLanguagesOf(languageOfSettings(settings), multilingualOf(document(MULTILINGUAL_DOCUMENT)));
  return { context, tweakValues: storedTweakValuesOf(document(TWEAKS_DOCUMENT)), collections: allCollections, permissions, languages };
}

const iconField = (url: string | null): Json => (url === null ? {} : { siteIconUrl: url });

/**
 * The captcha's public part where platform templates read it (`website.captchaSettings.siteKey`: the restock
 * form's captcha container); the provider choice stays in the settings.
 */
function publicCaptcha(settings: Json): Json {
  const captcha = settings['captchaSettings'];
  if (!isRecord(captcha) || typeof captcha['siteKey'] !== 'string' || captcha['siteKey'].trim() === '') return {};
  return { captchaSettings: { siteKey: captcha['siteKey'].trim(), enterpriseV3: captcha['enterpriseV3'] === true } };
}

/** The site data, awaited (either database). */
export async function loadSiteData(reads: Reads): Promise<SiteData> {
  const [site, all, documents] = await Promise.all(siteQueries(reads));
  return siteDataFrom(site, all, documents);
}

/** The site data read synchronously from a SQLite store, with the same queries. */
export function readSiteDataSync(store: Store): SiteData {
  const [site, all, documents] = siteQueries(sqliteReads(store));
  return siteDataFrom(site.all(), all.all(), documents.all());
}

/** The stores whose site is loaded ahead (PostgreSQL), and the site as of the current request's start. */
const ahead = new WeakMap<Store, { current: SiteData | undefined }>();

/** The site data of `store`'s pages: loaded ahead where it is (PostgreSQL), else read and kept per store version. */
export function siteDataOf(store: Store): SiteData {
  const slot = ahead.get(store);
  if (slot === undefined) return readCache(store).get('site', () => readSiteDataSync(store));
  if (slot.current === undefined) throw new Error('The site was not loaded ahead of this page.');
  return slot.current;
}

/**
 * Loads the site ahead of every request through `reads` (kept in `store`'s read cache, which the caller has
 * tied to the change feed), so `siteDataOf(store)` answers without reading.
 */
export function installSiteAhead(app: FastifyInstance, store: Store, reads: Reads): void {
  const slot: { current: SiteData | undefined } = { current: undefined };
  ahead.set(store, slot);
  const load = async () => {
    slot.current = await readCache(store).getAsync('site-ahead', () => loadSiteData(reads));
  };
  // once at start too: the first request's `rewriteUrl` (before any hook) finds the site's languages
  app.addHook('onReady', load);
  app.addHook('onRequest', load);
}

/**
 * The languages the site is served in, for `rewriteUrl` (server/multilingual/request-language.ts), which runs
 * before any hook: on SQLite as `siteDataOf`; where the site is loaded ahead, the last load (the one of the
 * request before, or of the start), so a language added reaches the prefixes one request later.
 */
export function siteLanguages(store: Store): readonly ServedLanguage[] {
  const slot = ahead.get(store);
  if (slot === undefined) return siteDataOf(store).languages;
  return slot.current?.languages ?? [];
}
