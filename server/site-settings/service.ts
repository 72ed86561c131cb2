/**
 * The site's title and icon as the admin changes them (issue 26): the title is the website row's, the icon the
 * `siteIcon` of its settings JSON (server/site-icon/site-icon.ts reads it for every page and /favicon.ico). An
 * uploaded icon is a picture of the merchant pictures' store, so the icon is one of its addresses; setting
 * none puts the default mark back.
 */
import { eq } from 'drizzle-orm';
import { isRecord } from '../../commerce/json.js';
import { parseJson } from '../commerce/catalog.js';
import type { Store } from '../db/database.js';
import { websites } from '../db/schema.js';
import { ownerIconUrl } from '../site-icon/site-icon.js';

export interface SiteSettings {
  readonly siteTitle: string;
  /** The owner's icon (a path on this site), or null for the default mark. */
  readonly siteIcon: string | null;
}

export function readSiteSettings(store: Store, websiteId: string): SiteSettings | null {
  const site = store.select({ title: websites.title, settings: websites.settings }).from(websites).where(eq(websites.id, websiteId)).get();
  if (site === undefined) return null;
  return { siteTitle: site.title, siteIcon: ownerIconUrl(parseJson<unknown>(site.settings, {})) };
}

export function setSiteTitle(store: Store, websiteId: string, title: string): SiteSettings | null {
  store.update(websites).set({ title }).where(eq(websites.id, websiteId)).run();
  return readSiteSettings(store, websiteId);
}

/** Sets (or with null removes) the icon, keeping every other setting as it was, in one transaction. */
export function setSiteIcon(store: Store, websiteId: string, icon: string | null): SiteSettings | null {
  store.transaction((tx) => {
    const site = tx.select({ settings: websites.settings }).from(websites).where(eq(websites.id, websiteId)).get();
    if (site === undefined) return;
    const parsed = parseJson<unknown>(site.settings, {});
    const { siteIcon: _old, ...rest } = isRecord(parsed) ? parsed : {};
    tx.update(websites)
      .set({ settings: JSON.stringify(icon === null ? rest : { ...rest, siteIcon: icon }) })
      .where(eq(websites.id, websiteId))
      .run();
  });
  return readSiteSettings(store, websiteId);
}
