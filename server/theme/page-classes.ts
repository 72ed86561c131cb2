/**
 * The classes the platform puts in `{squarespace.page-classes}` besides the tweaks', which platform themes
 * style by: `homepage` on the home page; on a collection's pages `collection-type-{typeName}` (the theme's
 * type: `blog`, `events`, `gallery`, `page`…), `collection-layout-{layout}` and `collection-{id}`; and
 * `view-item` on an item's page, `view-list` on the collection's own.
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
  const id = asClass(collection['id']);
  if (type !== null) out.push(`collection-type-${type}`);
  if (layout !== null) out.push(`collection-layout-${layout}`);
  if (id !== null) out.push(`collection-${id}`);
  out.push(isRecord(context['item']) ? 'view-item' : 'view-list');
  return out;
}
