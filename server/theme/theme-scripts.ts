/**
 * The file of a theme's `scripts/` that `<squarespace:script src="…">` names: the path itself when it is a file
 * there, else the one file of that name in a sub-folder. A theme kept as a source tree (hnp's
 * `scripts/sqs-core/squarespace-core-0.1.2.js`) names its scripts as its build flattens them into `scripts/`;
 * when exactly one file of the name is there, it is the one meant (the tag says so with a warning).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { confinedFile } from './static-files.js';

/** Sub-folders of `scripts/` are searched this deep, at most this many entries in all. */
const MAX_DEPTH = 4;
const MAX_ENTRIES = 2000;

/** The path under `scripts` (the folder) of the script `path` names, or null. */
export function findScript(scripts: string, path: string): string | null {
  if (confinedFile(scripts, path) !== null) return path;
  if (path.includes('/')) return null;
  const found: string[] = [];
  let seen = 0;
  const walk = (rel: string, depth: number) => {
    let entries;
    try {
      entries = readdirSync(join(scripts, rel), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (++seen > MAX_ENTRIES) return;
      const sub = rel === '' ? entry.name : `${rel}/${entry.name}`;
      if (entry.isDirectory() && depth < MAX_DEPTH && entry.name !== 'node_modules') walk(sub, depth + 1);
      else if (entry.name === path && depth > 0 && confinedFile(scripts, sub) !== null) found.push(sub);
    }
  };
  walk('', 0);
  return found.length === 1 ? found[0]! : null;
}
