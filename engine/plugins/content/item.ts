/** `item-classes`: the classes of a content item's article element. */
import { onSale, soldOut } from '../commerce/platform-product.js';
import { isObject, isTruthy } from '../../values.js';
import type { Formatter } from '../types.js';
import { readsAs, text } from './scalars.js';

/** Record type of a store item (spec 001 §3 "Record types"). */
const STORE_ITEM = 11;

/**
 * A class-name slug as the platform makes it: lower case, characters other than a-z, 0-9, whitespace and '-'
 * dropped, each run of whitespace one '-'. Existing dashes stay and nothing is trimmed (" a " → "-a-").
 */
export function classSlug(s: string): string {
  return s.toLowerCase().replace(/[^a-z0-9\s-]/g, '').replace(/\s+/g, '-');
}

/** The entries of a category or tag list; an object counts one empty entry per key, as on the platform. */
function entries(v: unknown): string[] {
  if (Array.isArray(v)) return v.map(text);
  if (isObject(v)) return Object.keys(v).map(() => '');
  return [];
}

/** Store item: record type 11, as a number or as text that reads as it. */
function isStoreItem(v: unknown): boolean {
  return readsAs(v, STORE_ITEM);
}

/**
 * hentry; promoted block; categories; tags; author; the post type (always, even empty); position in the
 * enclosing list; featured; and for store items the sale and sold-out marks. The platform reads the item's
 * fields as variables: a field the value lacks (or a value that is no item) comes from the scopes around the
 * tag, hence `scoped` and `ctx.resolve`; a field's own fields (the author's name) only from the field, and the
 * store marks only from the value.
 */
const itemClasses: Formatter = {
  name: 'item-classes',
  scoped: true,
  format(v, _args, ctx) {
    const field = (key: string) => ctx.resolve(key);
    const classes = ['hentry'];
    const promoted = field('promotedBlockType');
    if (isTruthy(promoted)) classes.push('promoted', `promoted-block-${classSlug(text(promoted))}`);
    for (const c of entries(field('categories'))) classes.push(`category-${classSlug(c)}`);
    for (const t of entries(field('tags'))) classes.push(`tag-${classSlug(t)}`);
    const author = field('author');
    if (isObject(author) && isTruthy(author['displayName'])) classes.push(`author-${classSlug(text(author['displayName']))}`);
    classes.push(`post-type-${text(field('recordTypeLabel'))}`);
    if (ctx.index > 0) classes.push(`article-index-${ctx.index}`);
    if (isTruthy(field('starred'))) classes.push('featured');
    // The sale and sold-out marks read the value itself, never the scopes around (differential): a value
    // that is no store item of its own gets neither.
    if (isObject(v) && isStoreItem(v['recordType'])) {
      if (onSale(v)) classes.push('on-sale');
      if (soldOut(v)) classes.push('sold-out');
    }
    return classes.join(' ');
  },
};

export const ITEM_FORMATTERS: Formatter<any>[] = [itemClasses];
