/**
 * A theme's stylesheet: the files `template.conf` lists under `stylesheets` (in `styles/`), in that order,
 * `.less` files compiled with the `less` package (one compilation, so a variable or mixin of an earlier file is
 * known to the later ones) and `.css` files taken as they are; then minified by esbuild and content-hashed, so
 * the page links one file that browsers keep for good (`/static/theme/site-{hash}.css`), sent precompressed.
 *
 * A theme that leaves pages to Tessera's system templates gets their styles first, scoped to `.sqs-system`
 * (server/theme/system-styles.ts), so its own rules, which come after, win.
 *
 * Tweaks are read and resolved elsewhere (server/theme/tweaks/); a site's tweak values come in as `tweakLess`,
 * compiled after the listed sheets in the same compilation, as the platform appends its generated `tweak.less`.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { transformSync } from 'esbuild';
import type { Precompressed } from './routes/precompressed.js';
import { compileLess } from './theme/less-compile.js';
import { readThemeConf } from './theme/theme-conf.js';
import { type ThemeProblem, themeProblem } from './theme/theme-problem.js';

export const THEME_ASSETS_PATH = '/static/theme/';

export interface Stylesheet extends Precompressed {
  readonly file: string;
  readonly url: string;
}

export interface StylesheetOptions {
  /** LESS compiled after the listed sheets, in the same compilation: the site's tweak values (server/theme/tweaks/tweak-less.ts). */
  readonly tweakLess?: string;
}

export interface StylesheetBuild {
  /** The stylesheet, or null when the theme lists none (or none could be built). */
  readonly sheet: Stylesheet | null;
  readonly problems: readonly ThemeProblem[];
}

/** The stylesheet files a theme lists, as paths under its folder (names stay inside `styles/`). */
export function stylesheetFiles(dir: string): string[] {
  return readThemeConf(dir).stylesheets.map((name) => join(dir, 'styles', name));
}

/** When the theme's styles last changed (every file of `styles/`, as a LESS file may import any), to build again. */
export function stylesheetStamp(files: readonly string[], dir?: string): string {
  const styles = dir === undefined ? null : join(dir, 'styles');
  const all = styles !== null && existsSync(styles) ? [...files, ...readdirSync(styles).map((f) => join(styles, f))] : files;
  return all.map((f) => statSync(f, { throwIfNoEntry: false })?.mtimeMs ?? -1).join(',');
}

/**
 * Minified, hashed CSS, ready to serve; each compressed form made when a browser first asks for it (brotli at
 * its best quality takes about 100 ms for a theme's stylesheet, which a page linking it need not wait for,
 * nor a save in `tessera dev`, which asks for a quick quality instead: every save makes a new stylesheet).
 */
export function stylesheetOf(css: string, brotliQuality = 11): Stylesheet {
  const raw = Buffer.from(transformSync(css, { loader: 'css', minify: true, legalComments: 'none' }).code);
  const file = `site-${createHash('sha256').update(raw).digest('hex').slice(0, 12)}.css`;
  let gzip: Buffer | undefined;
  let brotli: Buffer | undefined;
  return {
    file,
    url: `${THEME_ASSETS_PATH}${file}`,
    raw,
    get gzip() {
      return (gzip ??= gzipSync(raw, { level: 9 }));
    },
    get brotli() {
      return (brotli ??= brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: brotliQuality } }));
    },
  };
}

/** The joined, minified stylesheet of plain CSS files, or null when there are none. */
export function buildStylesheet(files: readonly string[]): Stylesheet | null {
  if (files.length === 0) return null;
  return stylesheetOf(files.map((f) => readFileSync(f, 'utf8')).join('\n'));
}

/**
 * Builds a theme's stylesheet from `template.conf`'s list; `systemCss` (plain CSS) goes first when given. Never
 * throws: a LESS error is a problem at its file, line and column, and the stylesheet is then built without the
 * LESS part, so the pages keep their plain styles.
 */
export function buildThemeStylesheet(dir: string, names: readonly string[], systemCss = '', brotliQuality = 11, options: StylesheetOptions = {}): StylesheetBuild {
  const styles = join(dir, 'styles');
  const problems: ThemeProblem[] = [];
  const parts: string[] = [];
  const available = names.filter((name) => {
    if (existsSync(join(styles, name))) return true;
    problems.push(themeProblem('template.conf', '', 0, 'MISSING_FILE', `The stylesheet styles/${name} listed in template.conf does not exist.`));
    return false;
  });
  if (available.some((n) => n.endsWith('.less'))) {
    // one LESS compilation in the listed order (CSS files inline, as written), so variables carry across files
    const root = available.map((n) => (n.endsWith('.less') ? `@import ${JSON.stringify(n)};` : `@import (inline) ${JSON.stringify(n)};`)).join('\n');
    const compiled = compileLess(`${root}\n${options.tweakLess ?? ''}`, join(styles, '(stylesheets)'), [styles]);
    if ('css' in compiled) parts.push(compiled.css);
    else {
      const e = compiled.error;
      const file = typeof e.filename === 'string' && e.filename.startsWith(styles) ? `styles/${e.filename.slice(styles.length + 1)}` : 'styles';
      problems.push({ filename: file, line: e.line ?? 1, column: (e.column ?? 0) + 1, severity: 'error', code: 'LESS_ERROR', message: e.message });
      parts.push(...available.filter((n) => n.endsWith('.css')).map((n) => readFileSync(join(styles, n), 'utf8')));
    }
  } else {
    parts.push(...available.map((n) => readFileSync(join(styles, n), 'utf8')));
  }
  if (parts.length === 0 && systemCss === '') return { sheet: null, problems };
  try {
    return { sheet: stylesheetOf([systemCss, ...parts].filter((p) => p !== '').join('\n'), brotliQuality), problems };
  } catch (e) {
    // esbuild refuses only what is not CSS at all; the message names no path of ours
    problems.push(themeProblem('styles', '', 0, 'CSS_ERROR', `The stylesheet could not be minified: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`));
    return { sheet: null, problems };
  }
}
