/**
 * Site-wide settings documents (table `site_documents`): one JSON value per website and name, replaced
 * whole by the settings APIs. Reading a missing or unreadable document gives `undefined`.
 */
import { and, eq, like, sql } from 'drizzle-orm';
import { parseJson } from './commerce/catalog.js';
import type { Store } from './db/database.js';
import { siteDocuments } from './db/schema.js';

const UNREADABLE = Symbol('unreadable');

export function readSiteDocument(store: Store, websiteId: string, name: string): unknown {
  const row = store
    .select({ value: siteDocuments.value })
    .from(siteDocuments)
    .where(and(eq(siteDocuments.websiteId, websiteId), eq(siteDocuments.name, name)))
    .get();
  return row === undefined ? undefined : siteDocumentValue(row.value);
}

/** A stored document's text as its value (`undefined` when unreadable), for reads that fetched the row themselves. */
export function siteDocumentValue(text: string): unknown {
  const value = parseJson<unknown>(text, UNREADABLE);
  return value === UNREADABLE ? undefined : value;
}

export function writeSiteDocument(store: Store, websiteId: string, name: string, value: unknown, now: number = Date.now()): void {
  const json = JSON.stringify(value);
  store
    .insert(siteDocuments)
    .values({ websiteId, name, value: json, updatedAt: now })
    .onConflictDoUpdate({ target: [siteDocuments.websiteId, siteDocuments.name], set: { value: json, updatedAt: now } })
    .run();
}

/** Stores `value` only when the document does not exist yet (a lazily created default). */
export function createSiteDocument(store: Store, websiteId: string, name: string, value: unknown, now: number = Date.now()): void {
  store.insert(siteDocuments).values({ websiteId, name, value: JSON.stringify(value), updatedAt: now }).onConflictDoNothing().run();
}

export function deleteSiteDocument(store: Store, websiteId: string, name: string): void {
  store.delete(siteDocuments).where(and(eq(siteDocuments.websiteId, websiteId), eq(siteDocuments.name, name))).run();
}

/** How many documents of a website have a name starting with `prefix` (prefix free of LIKE wildcards). */
export function countSiteDocuments(store: Store, websiteId: string, prefix: string): number {
  const row = store
    .select({ n: sql<number>`count(*)` })
    .from(siteDocuments)
    .where(and(eq(siteDocuments.websiteId, websiteId), like(siteDocuments.name, `${prefix}%`)))
    .get();
  return row?.n ?? 0;
}
