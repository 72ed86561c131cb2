/**
 * A theme's collection types: `collections/{typeName}.conf`, each a JSON object (`title`, `ordering`,
 * `addText`, `acceptTypes`, `folder`, …, as the platform's), whose name is the type a collection is made from
 * and decides its templates: `collections/{typeName}.list` for the collection and `{typeName}.item` for an
 * item's page. Tessera also reads `layout`: the layout of `template.conf` that collections of the type use
 * unless a page says otherwise.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { misspeltKeys, NAME, parseJsonFile } from './theme-conf.js';
import { type ThemeProblem, themeProblem } from './theme-problem.js';

export interface CollectionConf {
  readonly typeName: string;
  readonly title: string;
  /** `chronological`, `calendar` or `user-orderable`, as written (informative: the store decides the order). */
  readonly ordering: string | null;
  readonly folder: boolean;
  /** An index (`"index": true`): a folder with a landing page of its own listing its pages (`index.list`). */
  readonly index: boolean;
  /** What its collections may hold (`text`, `image`, a custom type's name; a folder's: `page`, `blog`…), as listed. */
  readonly acceptTypes: readonly string[];
  /** The label of the editor's add button (`Add Post`). */
  readonly addText: string | null;
  /** The editor's icon (`folder`, `calendar`…). */
  readonly icon: string | null;
  /** Items per list page the type asks for (`pageSize`), when a positive whole number. */
  readonly pageSize: number | null;
  /** The layout id collections of this type use, when the `.conf` names one. */
  readonly layout: string | null;
}

export interface CollectionConfs {
  readonly byType: ReadonlyMap<string, CollectionConf>;
  readonly problems: readonly ThemeProblem[];
}

/**
 * The keys of a collection .conf: the platform's (documented, and those Squarespace-derived themes use with
 * semantics undocumented, template-files.md §4), and `layout`.
 */
const COLLECTION_CONF_KEYS = [
  'title',
  'ordering',
  'addText',
  'acceptTypes',
  'folder',
  'index',
  'indexType',
  'fullData',
  'icon',
  'pageSize',
  'forcePageSize',
  'supportsVideoBackgrounds',
  'newTitle',
  'view',
  'promotedBlocks',
  'relatedItems',
  'systemPartials',
  'systemCollectionVersion',
  'hasSystemBlogCollectionSettings',
  'indexItemSelectors',
  'layout',
];

/** A switch as the platform's JSON reading takes it: `true`, or the text `"true"` (`"supportsVideoBackgrounds": "true"`). */
const readsTrue = (v: unknown): boolean => v === true || v === 'true';

/** Every `collections/*.conf` of the theme in `dir`, by type name; never throws. */
export function readCollectionConfs(dir: string): CollectionConfs {
  const folder = join(dir, 'collections');
  const byType = new Map<string, CollectionConf>();
  const problems: ThemeProblem[] = [];
  if (!existsSync(folder)) return { byType, problems };
  for (const file of readdirSync(folder).sort()) {
    if (!file.endsWith('.conf')) continue;
    const typeName = file.slice(0, -'.conf'.length);
    const filename = `collections/${file}`;
    if (!NAME.test(typeName)) {
      problems.push(themeProblem(filename, '', 0, 'INVALID_CONF', `The collection type "${typeName}" may hold only letters, digits, "-" and "_".`));
      continue;
    }
    let text: string;
    try {
      text = readFileSync(join(folder, file), 'utf8');
    } catch {
      continue;
    }
    const parsed = parseJsonFile(filename, text);
    problems.push(...parsed.problems);
    const conf = parsed.value;
    if (typeof conf !== 'object' || conf === null || Array.isArray(conf)) {
      if (parsed.problems.length === 0) problems.push(themeProblem(filename, text, 0, 'INVALID_CONF', `${filename} must hold a JSON object.`));
      continue;
    }
    const c = conf as Record<string, unknown>;
    problems.push(...misspeltKeys(filename, text, c, COLLECTION_CONF_KEYS));
    const layout = c['layout'];
    if (layout !== undefined && (typeof layout !== 'string' || !NAME.test(layout))) {
      problems.push(themeProblem(filename, text, Math.max(0, text.indexOf('"layout"')), 'INVALID_CONF', '"layout" must name a layout of template.conf.'));
    }
    byType.set(typeName, {
      typeName,
      title: typeof c['title'] === 'string' ? c['title'] : typeName,
      ordering: typeof c['ordering'] === 'string' ? c['ordering'] : null,
      folder: readsTrue(c['folder']),
      index: readsTrue(c['index']),
      acceptTypes: Array.isArray(c['acceptTypes']) ? c['acceptTypes'].filter((t): t is string => typeof t === 'string') : [],
      addText: typeof c['addText'] === 'string' ? c['addText'] : null,
      icon: typeof c['icon'] === 'string' ? c['icon'] : null,
      pageSize: Number.isInteger(c['pageSize']) && (c['pageSize'] as number) > 0 ? (c['pageSize'] as number) : null,
      layout: typeof layout === 'string' && NAME.test(layout) ? layout : null,
    });
  }
  return { byType, problems };
}
