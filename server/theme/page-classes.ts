/**
 * The classes the platform puts in `{squarespace.page-classes}` besides the tweaks', which platform themes
 * style by: `homepage` on the home page; on a collection's pages `collection-type-{typeName}` (the theme's
 * type: `blog`, `events`, `gallery`, `page`…) and `collection-layout-{layout}`; and `view-item` on an item's
 * page, `view-list` on the collection's own. Not the platform's `collection-{id}`: its ids are hex, ours are
 * words (`header`, `title`), which would give the page a theme's own classes (`collection-header`).
 */
import { isRecord } from '../../commerce/json.js';

/** A value as a class name: lower case, anything but letters, digits, `-` and `_` as `-`. */
const asClass = (value: unknown): string | null => {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const name = String(value).toLowerCase().replace(/[^a-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '');
  return name === '' ? null : name;
};

export function platformPageClasses(context: Record<string, unknown>): string[] {
  const collection = context['collection'];
  if (!isRecord(collection)) return [];
  const out: string[] = [];
  if (collection['homepage'] === true || collection['typeName'] === 'home') out.push('homepage');
  const type = asClass(collection['typeName']);
  const layout = asClass(collection['regionName']);
  if (type !== null) out.push(`collection-type-${type}`);
  if (layout !== null) out.push(`collection-layout-${layout}`);
  out.push(isRecord(context['item']) ? 'view-item' : 'view-list');
  return out;
}
