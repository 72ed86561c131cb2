/**
 * The site's title and icon as the admin changes them (issue 26): the title is the website row's, the icon the
 * `siteIcon` of its settings JSON (server/site-icon/site-icon.ts reads it for every page and /favicon.ico). An
 * uploaded icon is a picture of the merchant pictures' store, so the icon is one of its addresses; setting
 * none puts the default mark back.
 */
import { eq } from 'drizzle-orm';
import { isRecord } from '../../commerce/json.js';
import { parseJson } from '../commerce/catalog.js';
import type { Reads } from '../db/reads.js';
import { get, run, type Transactions, type Work } from '../db/work.js';
import { ownerIconUrl } from '../site-icon/site-icon.js';

export interface SiteSettings {
  readonly siteTitle: string;
  /** The owner's icon (a path on this site), or null for the default mark. */
  readonly siteIcon: string | null;
}

export function* readSiteSettings({ db, t }: Reads, websiteId: string): Work<SiteSettings | null> {
  const { websites } = t;
  const site = yield* get(db.select({ title: websites.title, settings: websites.settings }).from(websites).where(eq(websites.id, websiteId)));
  if (site === undefined) return null;
  return { siteTitle: site.title, siteIcon: ownerIconUrl(parseJson<unknown>(site.settings, {})) };
}

export function setSiteTitle(transactions: Transactions, websiteId: string, title: string): Promise<SiteSettings | null> {
  return transactions.write(function* (q) {
    yield* run(q.db.update(q.t.websites).set({ title }).where(eq(q.t.websites.id, websiteId)));
    return yield* readSiteSettings(q, websiteId);
  });
}

/** Sets (or with null removes) the icon, keeping every other setting as it was, in one transaction. */
export function setSiteIcon(transactions: Transactions, websiteId: string, icon: string | null): Promise<SiteSettings | null> {
  return transactions.write(function* (q) {
    const { websites } = q.t;
    const site = yield* get(q.db.select({ settings: websites.settings }).from(websites).where(eq(websites.id, websiteId)));
    if (site === undefined) return null;
    const parsed = parseJson<unknown>(site.settings, {});
    const { siteIcon: _old, ...rest } = isRecord(parsed) ? parsed : {};
    yield* run(
      q.db
        .update(websites)
        .set({ settings: JSON.stringify(icon === null ? rest : { ...rest, siteIcon: icon }) })
        .where(eq(websites.id, websiteId)),
    );
    return yield* readSiteSettings(q, websiteId);
  });
}
