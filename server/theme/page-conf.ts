/**
 * A static page's `pages/{name}.page.conf` (platform notes, template-files.md §5): `title` (what the page is
 * called), `description`, and `icon` (the editor's, `template-page`), the keys themes write. Read leniently:
 * a missing title is the page's name (a warning: the platform's editor would list the page by it), a key that
 * is a slip for one of these is a warning with "did you mean", other keys are kept quiet.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { misspeltKeys, parseJsonFile } from './theme-conf.js';
import { type ThemeProblem, themeProblem } from './theme-problem.js';

export interface PageConf {
  readonly title: string | null;
  readonly description: string | null;
  readonly problems: readonly ThemeProblem[];
}

const PAGE_CONF_KEYS = ['title', 'description', 'icon'];

/** Reads `file` (`pages/x.page.conf`, relative to the theme folder `dir`); never throws. */
export function readPageConf(dir: string, file: string): PageConf {
  let text: string;
  try {
    text = readFileSync(join(dir, file), 'utf8');
  } catch {
    return { title: null, description: null, problems: [] };
  }
  const { value, problems } = parseJsonFile(file, text);
  if (value === undefined) return { title: null, description: null, problems };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { title: null, description: null, problems: [...problems, themeProblem(file, text, 0, 'INVALID_CONF', `${file} must hold a JSON object ({ "title": "About" }).`)] };
  }
  const conf = value as Record<string, unknown>;
  problems.push(...misspeltKeys(file, text, conf, PAGE_CONF_KEYS));
  const title = typeof conf['title'] === 'string' && conf['title'].trim() !== '' ? conf['title'] : null;
  if (title === null) problems.push(themeProblem(file, text, 0, 'INVALID_CONF', `${file} has no "title"; the page is called by its file's name.`, 'warning'));
  return { title, description: typeof conf['description'] === 'string' ? conf['description'] : null, problems };
}
