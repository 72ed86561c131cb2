/**
 * Which theme folder to serve: `TESSERA_THEME` (a folder in the platform's layout, relative to the working
 * directory) or else the default theme in `templates/`. Checked at start so a wrong folder is one clear line,
 * not a 500 on the first page.
 */
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { repoRoot } from '../db/database.js';

let defaultDir: string | undefined;

/** The default theme, itself an ordinary theme in the platform's layout (found once: asked for on every render). */
export const defaultThemeDir = (): string => (defaultDir ??= resolve(repoRoot(), 'templates'));

/** The theme folder named by `TESSERA_THEME` (or the default), as an absolute path; throws a clear message if it is not a theme. */
export function themeDirFromEnv(env: NodeJS.ProcessEnv, cwd: string = process.cwd()): string {
  const named = env['TESSERA_THEME'];
  const dir = named === undefined || named.trim() === '' ? defaultThemeDir() : resolve(cwd, named.trim());
  checkThemeDir(dir);
  return dir;
}

/** Throws if `dir` is not a folder holding a `template.conf`. */
export function checkThemeDir(dir: string): void {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new Error(`The theme folder ${dir} does not exist.`);
  if (!existsSync(join(dir, 'template.conf'))) throw new Error(`The theme folder ${dir} has no template.conf.`);
}
