/**
 * A collection as a theme shows it: which `.list`/`.item` templates it uses (its type's `.conf` in the theme,
 * server/theme/collection-confs.ts) and which layout frames it (`regionName`, as the platform's collection JSON
 * names it: the page's own setting, else its type's `.conf`, else the default layout).
 */
import type { Json } from '../commerce/catalog.js';
import type { CollectionRow } from '../content.js';
import { collectionSettings } from '../content.js';
import type { Theme } from '../theme.js';
import { NAME } from './theme-conf.js';

export interface ThemedCollection {
  /** The collection's JSON with `typeName` (the theme's type for it) and `regionName` (its layout). */
  readonly collection: Json;
  readonly list: string;
  readonly item: string;
}

/**
 * The last answer for a collection JSON kept by the read cache (frozen, the same object until the store changes),
 * while the theme is not watched: a kept product page asked this on every request, and its settings' JSON
 * parse and template look-ups were a tenth of the answer.
 */
const kept = new WeakMap<Json, { readonly theme: Theme; readonly row: CollectionRow; readonly kind: string; readonly themed: ThemedCollection }>();

/** `json` is the collection's page JSON; `kind` what Tessera shows it as (`products`, `blog`, `gallery`…). */
export function themedCollection(theme: Theme, row: CollectionRow, json: Json, kind: string): ThemedCollection {
  if (!theme.cacheable || !Object.isFrozen(json)) return themedCollectionOf(theme, row, json, kind);
  const last = kept.get(json);
  if (last !== undefined && last.theme === theme && last.row === row && last.kind === kind) return last.themed;
  const made = themedCollectionOf(theme, row, json, kind);
  const themed = Object.freeze({ ...made, collection: Object.freeze(made.collection) });
  kept.set(json, { theme, row, kind, themed });
  return themed;
}

function themedCollectionOf(theme: Theme, row: CollectionRow, json: Json, kind: string): ThemedCollection {
  const settings = collectionSettings(row);
  const own = settings['typeName'];
  const typeNames = [...new Set([...(typeof own === 'string' && NAME.test(own) ? [own] : []), kind])];
  const type = theme.collectionType(typeNames);
  return {
    collection: { ...json, typeName: type ?? json['typeName'] ?? kind, regionName: theme.layoutFor(settings['regionName'], typeNames).id },
    list: theme.collectionTemplate(typeNames, kind, 'list'),
    item: theme.collectionTemplate(typeNames, kind, 'item'),
  };
}
