/**
 * Collection listings: filtering by category or tag and cutting into pages, the same way for a blog and a
 * store, with the `pagination` object themes expect (currentPage, totalPages, prev/next page URLs).
 */
import type { Json } from './commerce/catalog.js';

export interface ListingQuery {
  readonly page?: string;
  readonly category?: string;
  readonly tag?: string;
}

/** Categories and tags compare without regard to case ("Linen" finds "linen"), but accents count. */
export function sameText(a: string, b: string): boolean {
  return a.localeCompare(b, undefined, { sensitivity: 'accent' }) === 0;
}

/** Whether an item's category and tag lists satisfy the query's filters. */
export function matchesFilters(categories: readonly string[], tags: readonly string[], query: ListingQuery): boolean {
  const has = (list: readonly string[], wanted: string | undefined) => wanted === undefined || list.some((v) => sameText(v, wanted));
  return has(categories, query.category) && has(tags, query.tag);
}

/** A page size from a collection setting: a whole number 1..max, else the default. */
export function pageSizeSetting(value: unknown, fallback: number, max: number): number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= max ? value : fallback;
}

export interface ListingPage<T> {
  readonly items: T[];
  readonly pagination: Json;
}

/** The address of a listing with the query's filters, then `params` (those given a value), in that order. */
export function listingUrl(basePath: string, query: ListingQuery, params: Record<string, string | undefined> = {}): string {
  const search = new URLSearchParams();
  if (query.category !== undefined) search.set('category', query.category);
  if (query.tag !== undefined) search.set('tag', query.tag);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) search.set(k, v);
  const qs = search.toString();
  return `${basePath}${qs === '' ? '' : `?${qs}`}`;
}

/**
 * Page `query.page` (default 1) of `items`, with links that keep the filters (and `keep`, e.g. a view
 * mode); null when the page is past the last one (a 404, as for any address that shows nothing).
 */
export function paginate<T>(items: readonly T[], pageSize: number, query: ListingQuery, basePath: string, keep: Record<string, string | undefined> = {}): ListingPage<T> | null {
  const totalPages = Math.max(1, Math.ceil(items.length / pageSize));
  const current = query.page === undefined ? 1 : Number(query.page);
  if (current > totalPages) return null;
  const url = (page: number) => listingUrl(basePath, query, { ...keep, page: page > 1 ? String(page) : undefined });
  return {
    items: items.slice((current - 1) * pageSize, current * pageSize),
    pagination: {
      pageSize,
      currentPage: current,
      totalPages,
      totalItems: items.length,
      prevPage: current > 1,
      prevPageUrl: current > 1 ? url(current - 1) : undefined,
      nextPage: current < totalPages,
      nextPageUrl: current < totalPages ? url(current + 1) : undefined,
    },
  };
}

/** Every distinct category (or tag) of `lists`, in first-seen order, with how many items carry it. */
export function facetCounts(lists: readonly (readonly string[])[]): { name: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const list of lists) for (const name of new Set(list)) counts.set(name, (counts.get(name) ?? 0) + 1);
  return [...counts].map(([name, count]) => ({ name, count }));
}
