/**
 * A theme's stylesheet: `styles/reset.css` and the files `template.conf` lists under `stylesheets` (in `styles/`),
 * `.less` and `.css` alike compiled in one LESS compile as the platform compiles them (server/theme/less-compile.ts:
 * one scope, so a variable or mixin of any file is known to all), then minified by esbuild and content-hashed,
 * so the page links one file that browsers keep for good (`/static/theme/site-{hash}.css`), sent precompressed.
 * Tessera's own default theme is plain CSS and is served as written.
 *
 * A theme that leaves pages to Tessera's system templates gets their styles first, scoped to `.sqs-system`
 * (server/theme/system-styles.ts), so its own rules, which come after, win.
 *
 * Tweaks are read and resolved elsewhere (server/theme/tweaks/); a site's tweak values come in as `tweakLess`,
 * compiled after the listed sheets in the same compilation, as the platform appends its generated `tweak.less`.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { transformSync } from 'esbuild';
import type { Precompressed } from './routes/precompressed.js';
import { compileThemeLess } from './theme/less-compile.js';
import { buildWithLessc } from './theme/lessc-build.js';
import type { BuiltSheet } from './theme/less-source.js';
import { stylesheetList } from './theme/stylesheet-list.js';
import { readThemeConf } from './theme/theme-conf.js';
import { type ThemeProblem, themeProblem } from './theme/theme-problem.js';

export const THEME_ASSETS_PATH = '/static/theme/';

export interface Stylesheet extends Precompressed {
  readonly file: string;
  readonly url: string;
}

export interface StylesheetBuild {
  /** The stylesheet, or null when the theme lists none (or none could be built). */
  readonly sheet: Stylesheet | null;
  readonly problems: readonly ThemeProblem[];
  /** The theme's files the compile read (its LESS, `.css` sheets too), as paths in `styles/`, in reading order. */
  readonly files: readonly string[];
}

/** The stylesheet files a theme lists, as paths under its folder (names stay inside `styles/`). */
export function stylesheetFiles(dir: string): string[] {
  return readThemeConf(dir).stylesheets.map((name) => join(dir, 'styles', name));
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

export interface StylesheetOptions {
  /** `template.conf`'s `stylesheets` (paths in `styles/`). */
  readonly names: readonly string[];
  /** Plain CSS put first (the system templates' styles, server/theme/system-styles.ts). */
  readonly systemCss?: string;
  /** LESS compiled after the listed sheets, in the same compile and scope: the site's tweak values (server/theme/tweaks/tweak-less.ts). */
  readonly tweakLess?: string;
  /** The sheets are Tessera's own CSS, served as written (the default theme): no LESS compile, no reset first. */
  readonly plainCss?: boolean;
  /** Brotli's quality for the served file (`tessera dev` asks a quick one: every save makes a new file). */
  readonly brotliQuality?: number;
}

/**
 * Builds a theme's stylesheet as the platform compiles it (server/theme/stylesheet-list.ts for the order,
 * server/theme/less-compile.ts for the compile): `reset.css`, `template.conf`'s sheets and `tweakLess` in one
 * LESS compile; the CSS `@import`s the sheets keep first, then `systemCss`, then the compiled CSS. A theme of
 * plain CSS only is served as written, in the same order. Never
 * throws: a problem leaves out only what it breaks (a file, a statement), and says so at its file, line and
 * column.
 */
export function buildThemeStylesheet(dir: string, options: StylesheetOptions): StylesheetBuild {
  const styles = join(dir, 'styles');
  const systemCss = options.systemCss ?? '';
  const problems: ThemeProblem[] = [];
  const files: string[] = [];
  let parts: string[];
  const list = options.plainCss === true ? null : stylesheetList(dir, options.names);
  // a theme of plain CSS only (no LESS file, no tweak LESS) needs no compiler: served as written, as Tessera's
  // own default theme, so CSS that LESS 1.3.3 would mangle (`calc(100% - 1rem)`, `rgb(0 0 0 / .5)`) keeps working
  const plain = list === null || (list.sheets.every((s) => s.builds === undefined && /\.css$/i.test(s.file)) && (options.tweakLess ?? '') === '');
  if (plain) {
    const available =
      list?.sheets.map((s) => s.file) ??
      options.names.filter((name) => {
        if (existsSync(join(styles, name))) return true;
        problems.push(themeProblem('template.conf', '', 0, 'MISSING_FILE', `The stylesheet styles/${name} listed in template.conf does not exist.`));
        return false;
      });
    problems.push(...(list?.problems ?? []));
    files.push(...available);
    parts = available.map((n) => readFileSync(join(styles, n), 'utf8'));
  } else {
    problems.push(...list.problems);
    const sheets: (string | BuiltSheet)[] = [];
    for (const sheet of list.sheets) {
      if (sheet.builds === undefined) {
        sheets.push(sheet.file);
        continue;
      }
      // a source tree's `main.less`, built as its own build would (lessc), then compiled as `main.css`
      const built = buildWithLessc(styles, sheet.file);
      problems.push(...built.problems);
      files.push(...built.read);
      if (built.css !== '') sheets.push({ name: `styles/${sheet.builds}`, text: built.css });
    }
    const compiled = compileThemeLess({ stylesDir: styles, sheets, ...(options.tweakLess === undefined ? {} : { tweakLess: options.tweakLess }) });
    problems.push(...compiled.problems);
    files.push(...compiled.read);
    parts = [...compiled.cssImports, compiled.css];
  }
  const read = [...new Set(files)];
  const css = [...parts.filter((p) => p.startsWith('@import')), systemCss, ...parts.filter((p) => !p.startsWith('@import'))].filter((p) => p !== '').join('\n');
  if (css === '') return { sheet: null, problems, files: read };
  try {
    return { sheet: stylesheetOf(css, options.brotliQuality ?? 11), problems, files: read };
  } catch (e) {
    // esbuild refuses only what is not CSS at all; the message names no path of ours
    problems.push(themeProblem('styles', '', 0, 'CSS_ERROR', `The stylesheet could not be minified: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`));
    return { sheet: null, problems, files: read };
  }
}
