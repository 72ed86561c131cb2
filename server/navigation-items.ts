/**
 * Navigation items (spec 001 §3 "Navigation item": collectionId, externalLink, memberAreaId, items). The
 * JSON schema caps nesting (a folder in a folder, no deeper) and list sizes; `navigationProblem` adds the
 * checks a schema cannot say: each item links to exactly one place, collections exist, links are safe.
 */
import { isSafeUrl } from '../commerce/safe-url.js';

export interface NavigationItem {
  collectionId?: string | null;
  externalLink?: string | null;
  memberAreaId?: string | null;
  /** Ours: a label for external links and member areas (collections show their own title). */
  title?: string;
  items?: NavigationItem[];
}

/** Levels of navigation: top, folder, sub-folder. */
export const MAX_NAVIGATION_DEPTH = 3;
export const MAX_ITEMS_PER_LEVEL = 100;
export const MAX_NAVIGATION_ITEMS = 500;
/** Longest URL browsers reliably take (spec 001 §5 "URL under 2083 characters"). */
export const MAX_LINK_LENGTH = 2082;

const optionalId = { type: ['string', 'null'], minLength: 1, maxLength: 100 } as const;

/** The item schema, nested `depth` levels deep; the deepest level allows no children. */
export function navigationItemSchema(depth: number = MAX_NAVIGATION_DEPTH): Record<string, unknown> {
  return {
    type: 'object',
    properties: {
      collectionId: optionalId,
      externalLink: { type: ['string', 'null'], minLength: 1, maxLength: MAX_LINK_LENGTH },
      memberAreaId: optionalId,
      title: { type: 'string', maxLength: 200 },
      items: { type: 'array', maxItems: depth > 1 ? MAX_ITEMS_PER_LEVEL : 0, ...(depth > 1 ? { items: navigationItemSchema(depth - 1) } : {}) },
    },
    additionalProperties: false,
  };
}

export const navigationItemsSchema = { type: 'array', maxItems: MAX_ITEMS_PER_LEVEL, items: navigationItemSchema() } as const;

/**
 * Site-relative paths, web and mail/phone links; never `javascript:` or another host written as a path
 * (`//host`, `/\host`, `/\t/host`): the one URL rule, commerce/safe-url.ts.
 */
export const isSafeLink = (link: string): boolean => isSafeUrl(link, 'link');

/** The first problem with `items` as a message (the editor's wording where the spec has one), or null. */
export function navigationProblem(items: readonly NavigationItem[], collectionExists: (id: string) => boolean): string | null {
  let count = 0;
  const visit = (list: readonly NavigationItem[]): string | null => {
    for (const item of list) {
      if (++count > MAX_NAVIGATION_ITEMS) return `A navigation has at most ${MAX_NAVIGATION_ITEMS} items.`;
      const targets = [item.collectionId, item.externalLink, item.memberAreaId].filter((t) => typeof t === 'string');
      if (targets.length !== 1) return 'Each navigation item needs exactly one of collectionId, externalLink and memberAreaId.';
      if (typeof item.collectionId === 'string' && !collectionExists(item.collectionId)) return `There is no collection ${item.collectionId}.`;
      if (typeof item.externalLink === 'string' && !isSafeLink(item.externalLink)) return `${item.externalLink} is not a valid page URL`;
      const nested = item.items === undefined ? null : visit(item.items);
      if (nested !== null) return nested;
    }
    return null;
  };
  return visit(items);
}
