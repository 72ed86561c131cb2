/**
 * Formatters about a content item as a whole (`item-classes`), URLs (`AbsUrl`), case (`capitalize`) and
 * colours (`color-weight`, `website-color`).
 */
import { isOnSale, isSoldOut } from '../../../commerce/products.js';
import { isObject, toText } from '../../values.js';
import { slugify } from '../core/text.js';
import type { Formatter } from '../types.js';
import { colorWeight, formatHsl } from './color.js';

/** Record type of a store item (spec 001 §3 "Record types"). */
const STORE_ITEM = 11;

function str(v: unknown): string {
  return v === undefined || v === null || typeof v === 'object' ? '' : String(v);
}

/**
 * The classes of an item's article element: hentry, promoted block, categories, tags, author, post type,
 * position in its list, featured, and for store items the sale and sold-out marks.
 */
const itemClasses: Formatter = {
  name: 'item-classes',
  format(item, _args, ctx) {
    if (!isObject(item)) return '';
    const classes = ['hentry'];
    const promoted = str(item['promotedBlockType']);
    if (promoted !== '') classes.push('promoted', `promoted-block-${slugify(promoted)}`);
    for (const [key, prefix] of [['categories', 'category'], ['tags', 'tag']] as const) {
      const list = item[key];
      if (Array.isArray(list)) for (const c of list) if (str(c) !== '') classes.push(`${prefix}-${slugify(str(c))}`);
    }
    const author = isObject(item['author']) ? str(item['author']['displayName']) : '';
    if (author !== '') classes.push(`author-${slugify(author)}`);
    const type = str(item['recordTypeLabel']);
    if (type !== '') classes.push(`post-type-${type}`);
    if (ctx.index > 0) classes.push(`article-index-${ctx.index}`);
    if (item['starred'] === true) classes.push('featured');
    if (item['recordType'] === STORE_ITEM) {
      if (isOnSale(item)) classes.push('on-sale');
      if (isSoldOut(item)) classes.push('sold-out');
    }
    return classes.join(' ');
  },
};

/** A site-relative path made absolute with the page's `base-url`. */
const absUrl: Formatter = {
  name: 'AbsUrl',
  format(v, _args, ctx) {
    const base = str(ctx.resolve('base-url'));
    return `${base}/${toText(v)}`;
  },
};

const capitalize: Formatter = {
  name: 'capitalize',
  format: (v) => toText(v).toUpperCase(),
};

const colorWeightFormatter: Formatter = {
  name: 'color-weight',
  format: (v) => colorWeight(toText(v)) ?? '',
};

const websiteColor: Formatter = {
  name: 'website-color',
  format: (v) => (isObject(v) ? formatHsl(v as { hue: unknown; saturation: unknown; lightness: unknown }) : ''),
};

export const ITEM_FORMATTERS: Formatter<any>[] = [itemClasses, absUrl, capitalize, colorWeightFormatter, websiteColor];
