/**
 * Site search (`/search?q=`): product, record and content-page titles and bodies, matched case-insensitively
 * on their visible text (tags stripped, so searching "div" does not match markup). Pages behind a password
 * or a member area, and disabled pages, are never searched: a result would leak what they hide.
 */
import { asc, eq } from 'drizzle-orm';
import { isDisplayedType } from '../commerce/products.js';
import { COLLECTION_TYPES } from '../engine/plugins/content/record-collection.js';
import { RECORD_TYPES } from '../engine/plugins/content/record-types.js';
import type { Json } from './commerce/catalog.js';
import { type CollectionRow, contentKind, liveRecordsOf, recordUrl } from './content.js';
import type { Reads } from './db/reads.js';
import { protection } from './page-access.js';

/** Longest query we search for (longer ones are refused by the route's schema). */
export const MAX_QUERY_LENGTH = 200;
/** At most this many results, so a one-letter query stays cheap to render. */
export const MAX_RESULTS = 50;
const SNIPPET = 160;

const TAG = /<[^>]*>/g;
const SPACE = /\s+/g;
const ENTITY = /&(amp|lt|gt|quot|#39|nbsp);/g;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** The visible text of owner HTML, whitespace collapsed. */
export function plainText(html: string): string {
  return html.replace(TAG, ' ').replace(ENTITY, (_m, e: string) => ENTITIES[e] ?? ' ').replace(SPACE, ' ').trim();
}

/** A short piece of `text` around the first match of `needle` (already lower-cased). */
function snippet(text: string, needle: string): string {
  const at = text.toLowerCase().indexOf(needle);
  if (text.length <= SNIPPET) return text;
  let start = at < 0 ? 0 : Math.max(0, at - SNIPPET / 4);
  // Start on a word: skip the rest of a word the cut fell into.
  if (start > 0 && text[start - 1] !== ' ') start = Math.min(at, text.indexOf(' ', start) + 1 || at);
  const piece = text.slice(start, start + SNIPPET);
  return `${start > 0 ? '…' : ''}${piece}${start + SNIPPET < text.length ? '…' : ''}`;
}

interface Candidate {
  readonly title: string;
  readonly body: string;
  readonly fullUrl: string;
  readonly recordType: number;
  readonly collectionTitle: string;
}

function result(c: Candidate, needle: string): Json | null {
  const text = plainText(c.body);
  const inTitle = c.title.toLowerCase().includes(needle);
  if (!inTitle && !text.toLowerCase().includes(needle)) return null;
  const label = Object.entries(RECORD_TYPES).find(([, code]) => code === c.recordType)?.[0] ?? 'page';
  return { title: c.title, fullUrl: c.fullUrl, recordType: c.recordType, recordTypeLabel: label, excerpt: snippet(text, needle), collection: { title: c.collectionTitle } };
}

/** Results for `query` in navigation order, titles matched first within each page. */
export async function search(reads: Reads, siteCollections: readonly CollectionRow[], query: string, now: number): Promise<Json[]> {
  const needle = query.trim().toLowerCase();
  if (needle === '') return [];
  const out: Json[] = [];
  const { db, t } = reads;
  const visible = siteCollections.filter((c) => c.enabled && protection(c).kind === 'open');
  for (const c of visible) {
    const candidates: Candidate[] = [];
    if (c.type === COLLECTION_TYPES.products) {
      for (const p of await db.select().from(t.products).where(eq(t.products.collectionId, c.id)).orderBy(asc(t.products.ordering))) {
        if (!isDisplayedType(p.productType) || p.archived) continue; // a paywall pass has no product page to link to
        candidates.push({ title: p.title, body: p.body, fullUrl: `/${c.urlId}/p/${p.urlId}`, recordType: RECORD_TYPES['store-item'], collectionTitle: c.title });
      }
    } else {
      const kind = contentKind(c);
      if (kind === null) continue;
      if (kind === 'page') candidates.push({ title: c.title, body: c.body, fullUrl: `/${c.urlId}`, recordType: 0, collectionTitle: c.title });
      for (const r of await liveRecordsOf(reads, c.id, now)) {
        candidates.push({ title: r.title, body: `${r.excerpt} ${r.body}`, fullUrl: recordUrl(c, kind, r), recordType: r.recordType, collectionTitle: c.title });
      }
    }
    const found = candidates.map((x) => result(x, needle)).filter((x): x is Json => x !== null);
    const titleFirst = [...found.filter((x) => String(x['title']).toLowerCase().includes(needle)), ...found.filter((x) => !String(x['title']).toLowerCase().includes(needle))];
    out.push(...titleFirst);
    if (out.length >= MAX_RESULTS) break;
  }
  return out.slice(0, MAX_RESULTS);
}
