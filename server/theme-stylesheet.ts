/**
 * A theme's stylesheet: the files `template.conf` lists under `stylesheets` (in `styles/`), joined in that
 * order, minified by esbuild and content-hashed, so the page links one file that browsers keep for good
 * (`/static/theme/site-{hash}.css`), sent precompressed.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { transformSync } from 'esbuild';
import type { Precompressed } from './routes/precompressed.js';

export const THEME_ASSETS_PATH = '/static/theme/';

export interface Stylesheet extends Precompressed {
  readonly file: string;
  readonly url: string;
}

/** The stylesheet files a theme lists, as paths under its folder (names stay inside `styles/`). */
export function stylesheetFiles(dir: string): string[] {
  let conf: unknown;
  try {
    conf = JSON.parse(readFileSync(join(dir, 'template.conf'), 'utf8'));
  } catch {
    return [];
  }
  const list = typeof conf === 'object' && conf !== null ? (conf as Record<string, unknown>)['stylesheets'] : undefined;
  if (!Array.isArray(list)) return [];
  return list.filter((name): name is string => typeof name === 'string' && /^[\w.-]+\.css$/.test(name)).map((name) => join(dir, 'styles', name));
}

/** When the listed files last changed (for a watched theme), to know when to build again. */
export function stylesheetStamp(files: readonly string[]): string {
  return files.map((f) => statSync(f, { throwIfNoEntry: false })?.mtimeMs ?? -1).join(',');
}

/** The joined, minified stylesheet, or null when the theme lists none. */
export function buildStylesheet(files: readonly string[]): Stylesheet | null {
  if (files.length === 0) return null;
  const source = files.map((f) => readFileSync(f, 'utf8')).join('\n');
  const css = transformSync(source, { loader: 'css', minify: true, legalComments: 'none' }).code;
  const raw = Buffer.from(css);
  const file = `site-${createHash('sha256').update(raw).digest('hex').slice(0, 12)}.css`;
  return {
    file,
    url: `${THEME_ASSETS_PATH}${file}`,
    raw,
    gzip: gzipSync(raw, { level: 9 }),
    brotli: brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  };
}
