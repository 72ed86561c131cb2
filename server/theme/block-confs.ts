/**
 * `blocks/{x}.block.conf` (platform notes, template-files.md §6): `{ "type": "image" }` pairs a theme's block
 * with a platform block type (`image`, `button`, `gallery`, `form`, `newsletter`, `search`, `summary-v2`,
 * `audio`, `product`, `tagcloud` are seen), so the theme supplies its own markup for it. Tessera renders no
 * platform blocks from these (its block fields hold html, image and button blocks of its own markup), so the
 * files are only checked: JSON that is broken is an error at its line and column, a key that is a slip for
 * `type` a warning; the platform's dev server ignores the files.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { misspeltKeys, parseJsonFile } from './theme-conf.js';
import { type ThemeProblem, themeProblem } from './theme-problem.js';

const BLOCK_CONF_KEYS = ['type'];

/** The problems of every `blocks/**\/*.block.conf` of the theme in `dir`; never throws. */
export function readBlockConfs(dir: string): ThemeProblem[] {
  const problems: ThemeProblem[] = [];
  const walk = (rel: string, depth: number) => {
    const at = join(dir, rel);
    if (!existsSync(at) || depth > 4) return;
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const file = `${rel}/${entry.name}`;
      if (entry.isDirectory()) walk(file, depth + 1);
      else if (entry.name.endsWith('.block.conf')) problems.push(...blockConfProblems(dir, file));
    }
  };
  walk('blocks', 0);
  return problems;
}

/** The problems of one `.block.conf` (`file`, relative to the theme folder `dir`). */
export function blockConfProblems(dir: string, file: string): ThemeProblem[] {
  let text: string;
  try {
    text = readFileSync(join(dir, file), 'utf8');
  } catch {
    return [];
  }
  const { value, problems } = parseJsonFile(file, text);
  if (value === undefined) return problems;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [...problems, themeProblem(file, text, 0, 'INVALID_CONF', `${file} must hold a JSON object ({ "type": "image" }).`)];
  const conf = value as Record<string, unknown>;
  problems.push(...misspeltKeys(file, text, conf, BLOCK_CONF_KEYS));
  if (conf['type'] !== undefined && typeof conf['type'] !== 'string') problems.push(themeProblem(file, text, Math.max(0, text.indexOf('"type"')), 'INVALID_CONF', '"type" names a platform block type ("image", "gallery"…).'));
  return problems;
}
