/**
 * The custom post types of a theme: `template.conf`'s `customTypes`, each `{ title, name, base, fields }`, a
 * field `{ name, title, type }` (platform notes, template-files.md §2). A collection `.conf` names a type in its
 * `acceptTypes`; an item of the type carries its values under `customContent.{field}` and the type's name in
 * `customContent.customType`.
 *
 * Read as leniently as the platform reads them: an entry the platform could not use (no `name`) is left out
 * with a problem at its place in the file; a missing `title` is the name, a missing `base` is `text`, a field
 * without a name is left out, a field without a type is `text`. The `base` and field `type` words are kept as
 * written (`event`, `audio` appear in themes besides the documented `image`, `text`, `video`).
 */
import { type ThemeProblem, themeProblem } from './theme-problem.js';

/** One field of a custom type, shown in the item editor and stored under `customContent.{name}`. */
export interface CustomTypeField {
  readonly name: string;
  readonly title: string;
  /** `text`, `wysiwyg`, `image`, `checkbox`, `gallery`… as written. */
  readonly type: string;
}

export interface CustomType {
  /** The machine name a collection `.conf`'s `acceptTypes` uses (`project`, `customText`). */
  readonly name: string;
  /** The label in the editor. */
  readonly title: string;
  /** The post type it extends: `text`, `image`, `video` (documented), `event`, `audio` (seen). */
  readonly base: string;
  readonly fields: readonly CustomTypeField[];
}

type JsonObject = Record<string, unknown>;
const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/**
 * The `customTypes` value of a `.conf` (`file`, whose text is `source`), as types by entry order; `at(name)`
 * gives the offset a problem about an entry points at.
 */
export function readCustomTypes(value: unknown, file: string, source: string, at: (needle: string) => number): { types: CustomType[]; problems: ThemeProblem[] } {
  const types: CustomType[] = [];
  const problems: ThemeProblem[] = [];
  if (value === undefined) return { types, problems };
  if (!Array.isArray(value)) {
    problems.push(themeProblem(file, source, at('customTypes'), 'INVALID_CONF', '"customTypes" must be a list of types ({ "name", "title", "base", "fields" }); it is left out.'));
    return { types, problems };
  }
  const seen = new Set<string>();
  for (const entry of value) {
    const name = isObject(entry) ? text(entry['name']) : null;
    if (name === null || !isObject(entry)) {
      problems.push(themeProblem(file, source, at('customTypes'), 'INVALID_CONF', 'Each custom type needs a "name" (what a collection\'s acceptTypes names); one without is left out.'));
      continue;
    }
    if (seen.has(name)) {
      problems.push(themeProblem(file, source, at(name), 'INVALID_CONF', `The custom type "${name}" is declared twice; the first is used.`, 'warning'));
      continue;
    }
    seen.add(name);
    const fields: CustomTypeField[] = [];
    for (const field of Array.isArray(entry['fields']) ? entry['fields'] : []) {
      const fieldName = isObject(field) ? text(field['name']) : null;
      if (fieldName === null || !isObject(field)) {
        problems.push(themeProblem(file, source, at(name), 'INVALID_CONF', `A field of the custom type "${name}" has no "name"; it is left out.`, 'warning'));
        continue;
      }
      fields.push({ name: fieldName, title: text(field['title']) ?? fieldName, type: text(field['type']) ?? 'text' });
    }
    types.push({ name, title: text(entry['title']) ?? name, base: text(entry['base']) ?? 'text', fields });
  }
  return { types, problems };
}
