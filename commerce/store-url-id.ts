/**
 * The URL id of a new store (spec 001 §5 "Store URL id"): a slug of the title (or of the URL id the owner
 * typed); when that slug is empty or shorter than 3 characters (§9 "URL id minimum 3 characters") the
 * fallback store title is used; when the result is already taken, -1, -2, … is appended until it is free.
 */

/** The spec's "fallback store title" is not given; ours. */
export const FALLBACK_STORE_URL_ID = 'store';
export const MIN_URL_ID_LENGTH = 3;
/** Longest slug kept before a suffix, so URL ids stay readable and within a path segment. */
export const MAX_URL_ID_LENGTH = 60;

/** Lowercase ASCII letters, digits and single dashes: accents dropped, anything else a separator. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_URL_ID_LENGTH)
    .replace(/-+$/, '');
}

/**
 * The store's URL id for `source` (title or requested URL id), given the ids already taken (compared
 * case-insensitively; callers also list paths the site itself uses, such as `cart`). The same rule names a
 * store item (server/merchant/products/), with its own `fallback`.
 */
export function storeUrlId(source: string, isTaken: (urlId: string) => boolean, fallback: string = FALLBACK_STORE_URL_ID): string {
  const slug = slugify(source);
  const base = slug.length < MIN_URL_ID_LENGTH ? fallback : slug;
  if (!isTaken(base)) return base;
  for (let n = 1; ; n++) {
    const candidate = `${base}-${n}`;
    if (!isTaken(candidate)) return candidate;
  }
}
