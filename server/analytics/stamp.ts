/**
 * The stamp of an analytics write: the site (the store serves one), the time received and the site day it
 * falls on in the site's time zone.
 */
import type { Store } from '../db/database.js';
import type { Reads } from '../db/reads.js';
import { websites } from '../db/schema.js';
import type { Stamp } from './record.js';
import { dayKey, validZone } from './site-days.js';

export interface Site {
  readonly id: string;
  readonly timeZone: string;
  readonly currency: string;
}

/** The site, or null in a store without one (nothing to record for). */
export function siteOf(store: Store): Site | null {
  return siteFrom(store.select({ id: websites.id, timeZone: websites.timeZone, currency: websites.currency }).from(websites).get());
}

/** The same on either database. */
export async function siteOfReads({ db, t }: Reads): Promise<Site | null> {
  const [row] = await db.select({ id: t.websites.id, timeZone: t.websites.timeZone, currency: t.websites.currency }).from(t.websites).limit(1);
  return siteFrom(row);
}

const siteFrom = (row: Omit<Site, 'timeZone'> & { timeZone: string } | undefined): Site | null => (row === undefined ? null : { ...row, timeZone: validZone(row.timeZone) });

export function stampAt(store: Store, receivedAt: number): Stamp | null {
  return stampFrom(siteOf(store), receivedAt);
}

/** `stampAt` on either database (server/db/reads.ts): the beacons' routes ask so. */
export async function stampOf(reads: Reads, receivedAt: number): Promise<Stamp | null> {
  return stampFrom(await siteOfReads(reads), receivedAt);
}

function stampFrom(site: Pick<Site, 'id' | 'timeZone'> | null, receivedAt: number): Stamp | null {
  return site === null ? null : { websiteId: site.id, receivedAt, day: dayKey(receivedAt, site.timeZone) };
}
