/**
 * Site-wide settings documents (table `site_documents`): one JSON value per website and name, replaced
 * whole by the settings APIs. Reading a missing or unreadable document gives `undefined`.
 */
import { and, eq, like, sql } from 'drizzle-orm';
import { parseJson } from './commerce/catalog.js';
import type { Store } from './db/database.js';
import type { Reads } from './db/reads.js';
import { get, run, runSqliteSync, type Work } from './db/work.js';

const UNREADABLE = Symbol('unreadable');

/*
 * Each function is a step of a piece of work on either database (`…Step`, server/db/work.ts), and the same
 * on a SQLite handle synchronously, for the callers still on SQLite.
 */

export function* readSiteDocumentStep({ db, t }: Reads, websiteId: string, name: string): Work<unknown> {
  const { siteDocuments } = t;
  const row = yield* get(db.select({ value: siteDocuments.value }).from(siteDocuments).where(and(eq(siteDocuments.websiteId, websiteId), eq(siteDocuments.name, name))));
  return row === undefined ? undefined : siteDocumentValue(row.value);
}

export function readSiteDocument(store: Store, websiteId: string, name: string): unknown {
  return runSqliteSync(store, (q) => readSiteDocumentStep(q, websiteId, name));
}

/** A stored document's text as its value (`undefined` when unreadable), for reads that fetched the row themselves. */
export function siteDocumentValue(text: string): unknown {
  const value = parseJson<unknown>(text, UNREADABLE);
  return value === UNREADABLE ? undefined : value;
}

export function* writeSiteDocumentStep({ db, t }: Reads, websiteId: string, name: string, value: unknown, now: number = Date.now()): Work<void> {
  const { siteDocuments } = t;
  const json = JSON.stringify(value);
  yield* run(
    db
      .insert(siteDocuments)
      .values({ websiteId, name, value: json, updatedAt: now })
      .onConflictDoUpdate({ target: [siteDocuments.websiteId, siteDocuments.name], set: { value: json, updatedAt: now } }),
  );
}

export function writeSiteDocument(store: Store, websiteId: string, name: string, value: unknown, now: number = Date.now()): void {
  runSqliteSync(store, (q) => writeSiteDocumentStep(q, websiteId, name, value, now));
}

/** Stores `value` only when the document does not exist yet (a lazily created default). */
export function* createSiteDocumentStep({ db, t }: Reads, websiteId: string, name: string, value: unknown, now: number = Date.now()): Work<void> {
  yield* run(db.insert(t.siteDocuments).values({ websiteId, name, value: JSON.stringify(value), updatedAt: now }).onConflictDoNothing());
}

export function createSiteDocument(store: Store, websiteId: string, name: string, value: unknown, now: number = Date.now()): void {
  runSqliteSync(store, (q) => createSiteDocumentStep(q, websiteId, name, value, now));
}

export function* deleteSiteDocumentStep({ db, t }: Reads, websiteId: string, name: string): Work<void> {
  const { siteDocuments } = t;
  yield* run(db.delete(siteDocuments).where(and(eq(siteDocuments.websiteId, websiteId), eq(siteDocuments.name, name))));
}

export function deleteSiteDocument(store: Store, websiteId: string, name: string): void {
  runSqliteSync(store, (q) => deleteSiteDocumentStep(q, websiteId, name));
}

/** How many documents of a website have a name starting with `prefix` (prefix free of LIKE wildcards). */
export function* countSiteDocumentsStep({ db, t }: Reads, websiteId: string, prefix: string): Work<number> {
  const { siteDocuments } = t;
  const row = yield* get(
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(siteDocuments)
      .where(and(eq(siteDocuments.websiteId, websiteId), like(siteDocuments.name, `${prefix}%`))),
  );
  return row?.n ?? 0;
}

export function countSiteDocuments(store: Store, websiteId: string, prefix: string): number {
  return runSqliteSync(store, (q) => countSiteDocumentsStep(q, websiteId, prefix));
}
