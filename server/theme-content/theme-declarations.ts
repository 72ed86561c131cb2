/**
 * What a platform theme declares that its content must have (template-files.md §2, §4): the custom post types
 * of `template.conf` (`customTypes`: name, base, fields), the collection types of `collections/*.conf` with
 * the item types each accepts and whether it is a folder or an index, the layouts, whether it has its own
 * home page (`pages/home.page`), and the collections its templates query by name
 * (`<squarespace:query collection="sponsors">`). Read from the theme's files, never throws: what cannot be
 * read is left out (the theme's own problems are reported by server/theme/). The `.conf` files are read as the
 * theme reads them (`ThemeConf.customTypes`, `CollectionConf`), leniently, as the platform does.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Theme } from '../theme.js';
import type { CustomType as ConfCustomType } from '../theme/custom-types.js';

export type CustomFieldType = 'text' | 'wysiwyg' | 'image' | 'checkbox' | 'gallery';

export interface CustomField {
  readonly name: string;
  readonly title: string;
  /** One of the platform's field types; an unknown type is read as `text`. */
  readonly type: CustomFieldType;
}

export interface CustomType extends Omit<ConfCustomType, 'fields'> {
  readonly fields: readonly CustomField[];
}

export interface DeclaredCollectionType {
  readonly typeName: string;
  readonly title: string;
  readonly ordering: string | null;
  /** The item types its collections hold (`text`, `image`, a custom type's name…); pages for an index or folder. */
  readonly acceptTypes: readonly string[];
  readonly folder: boolean;
  /** A folder with a landing page of its own (`index.list`, rendering its child collections). */
  readonly index: boolean;
}

export interface ThemeDeclarations {
  readonly customTypes: readonly CustomType[];
  readonly collectionTypes: readonly DeclaredCollectionType[];
  readonly systemCollections: readonly string[];
  readonly layouts: readonly string[];
  readonly hasHomePage: boolean;
  /** The `collection` of every `<squarespace:query>` written as plain text, without a leading `/`, first seen first. */
  readonly queriedCollections: readonly string[];
}

const FIELD_TYPES: ReadonlySet<string> = new Set(['text', 'wysiwyg', 'image', 'checkbox', 'gallery']);

/** The custom types with each field's type one the demo content fills (an unknown type is text). */
export function withKnownFieldTypes(types: readonly ConfCustomType[]): CustomType[] {
  return types.map((t) => ({ ...t, fields: t.fields.map((f) => ({ ...f, type: FIELD_TYPES.has(f.type) ? (f.type as CustomFieldType) : 'text' })) }));
}

/** Every file of the theme that is a template (regions, blocks, collection templates, pages), as text. */
function templateTexts(dir: string): string[] {
  const out: string[] = [];
  const walk = (folder: string, depth: number) => {
    if (!existsSync(folder) || depth > 4) return;
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory() && depth > 0) walk(path, depth + 1);
      else if (entry.isFile() && /\.(region|block|list|item|page)$/.test(entry.name)) {
        try {
          out.push(readFileSync(path, 'utf8'));
        } catch {
          // unreadable: the theme's own checks report it
        }
      }
    }
  };
  walk(dir, 0);
  for (const sub of ['blocks', 'collections', 'pages']) walk(join(dir, sub), 1);
  return out;
}

/** The plain-text `collection` attributes of the queries in `texts` (JSON-T ones depend on the page). */
export function queriedCollections(texts: readonly string[]): string[] {
  const names = new Set<string>();
  for (const source of texts) {
    for (const tag of source.matchAll(/<squarespace:query\b[^>]*>/gi)) {
      const m = /\bcollection\s*=\s*"([^"]*)"/i.exec(tag[0]);
      const name = m?.[1]?.trim().replace(/^\/+|\/+$/g, '');
      if (name !== undefined && name !== '' && !name.includes('{') && /^[\w-]+(\/[\w-]+)*$/.test(name)) names.add(name);
    }
  }
  return [...names];
}

/** What the theme declares, read from its folder. */
export function themeDeclarations(theme: Theme): ThemeDeclarations {
  const collectionTypes: DeclaredCollectionType[] = [...theme.collectionConfs().byType.values()].map((c) => ({
    typeName: c.typeName,
    title: c.title,
    ordering: c.ordering,
    acceptTypes: c.acceptTypes,
    folder: c.folder || c.index,
    index: c.index,
  }));
  return {
    customTypes: withKnownFieldTypes(theme.conf().customTypes),
    collectionTypes,
    systemCollections: theme.conf().systemCollections,
    layouts: theme.conf().layouts.map((l) => l.id),
    hasHomePage: theme.hasOwnTemplate('pages/home.page'),
    queriedCollections: queriedCollections(templateTexts(theme.dir)),
  };
}
