/**
 * What a platform theme declares that its content must have (template-files.md §2, §4): the custom post types
 * of `template.conf` (`customTypes`: name, base, fields), the collection types of `collections/*.conf` with
 * the item types each accepts and whether it is a folder or an index, the layouts, whether it has its own
 * home page (`pages/home.page`), and the collections its templates query by name
 * (`<squarespace:query collection="sponsors">`). Read from the theme's files, never throws: what cannot be
 * read is left out (the theme's own problems are reported by server/theme/).
 *
 * `customTypes` is read here in one small function until `ThemeConf` carries it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Theme } from '../theme.js';

export type CustomFieldType = 'text' | 'wysiwyg' | 'image' | 'checkbox' | 'gallery';

export interface CustomField {
  readonly name: string;
  readonly title: string;
  /** One of the platform's field types; an unknown type is read as `text`. */
  readonly type: CustomFieldType;
}

export interface CustomType {
  readonly name: string;
  readonly title: string;
  /** `text`, `image`, `video`, `audio` or `event`: the kind of item it extends. */
  readonly base: string;
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

type JsonObject = Record<string, unknown>;
const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);
const FIELD_TYPES: ReadonlySet<string> = new Set(['text', 'wysiwyg', 'image', 'checkbox', 'gallery']);

/** A JSON file's object, or null when it is missing or not a JSON object. */
function readJsonObject(file: string): JsonObject | null {
  try {
    const value: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return isObject(value) ? value : null;
  } catch {
    return null;
  }
}

const text = (v: unknown, fallback: string) => (typeof v === 'string' && v.trim() !== '' ? v : fallback);
const strings = (v: unknown) => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : []);

/** `template.conf`'s `customTypes`: each with a name, a base and its fields. */
export function customTypesOf(conf: JsonObject | null): CustomType[] {
  const out: CustomType[] = [];
  for (const t of Array.isArray(conf?.['customTypes']) ? conf['customTypes'] : []) {
    if (!isObject(t) || typeof t['name'] !== 'string' || t['name'] === '') continue;
    const fields: CustomField[] = [];
    for (const f of Array.isArray(t['fields']) ? t['fields'] : []) {
      if (!isObject(f) || typeof f['name'] !== 'string' || f['name'] === '') continue;
      const type = typeof f['type'] === 'string' && FIELD_TYPES.has(f['type']) ? (f['type'] as CustomFieldType) : 'text';
      fields.push({ name: f['name'], title: text(f['title'], f['name']), type });
    }
    out.push({ name: t['name'], title: text(t['title'], t['name']), base: text(t['base'], 'text'), fields });
  }
  return out;
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
  const conf = readJsonObject(join(theme.dir, 'template.conf'));
  const collectionTypes: DeclaredCollectionType[] = [];
  for (const c of theme.collectionConfs().byType.values()) {
    const raw = readJsonObject(join(theme.dir, 'collections', `${c.typeName}.conf`)) ?? {};
    collectionTypes.push({
      typeName: c.typeName,
      title: c.title,
      ordering: c.ordering,
      acceptTypes: strings(raw['acceptTypes']),
      folder: c.folder || raw['index'] === true,
      index: raw['index'] === true,
    });
  }
  return {
    customTypes: customTypesOf(conf),
    collectionTypes,
    systemCollections: theme.conf().systemCollections,
    layouts: theme.conf().layouts.map((l) => l.id),
    hasHomePage: theme.hasOwnTemplate('pages/home.page'),
    queriedCollections: queriedCollections(templateTexts(theme.dir)),
  };
}
