/**
 * A theme's stylesheet: the files `template.conf` lists under `stylesheets` (in `styles/`), in that order,
 * `.less` files compiled with the `less` package (one compilation, so a variable or mixin of an earlier file is
 * known to the later ones) and `.css` files taken as they are; then minified by esbuild and content-hashed, so
 * the page links one file that browsers keep for good (`/static/theme/site-{hash}.css`), sent precompressed.
 *
 * A theme that leaves pages to Tessera's system templates gets their styles first, scoped to `.sqs-system`
 * (server/theme/system-styles.ts), so its own rules, which come after, win.
 *
 * Tweaks: a `// tweak: { "type": "value", "title": "Site width", … }` comment declares the LESS variable on the
 * next line (`@siteWidth: 1100px;`) as a tweak; its value there is the tweak's value (its default: Tessera has no
 * style editor). A `checkbox` tweak whose value is `true` adds the class `tweak-{name}` to the page, a `dropdown`
 * tweak `tweak-{name}-{value}` (in `{squarespace.page-classes}`).
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { transformSync } from 'esbuild';
import type { Precompressed } from './routes/precompressed.js';
import { compileLess } from './theme/less-compile.js';
import { jsonError, readThemeConf } from './theme/theme-conf.js';
import { type ThemeProblem, themeProblem } from './theme/theme-problem.js';

export const THEME_ASSETS_PATH = '/static/theme/';

export interface Stylesheet extends Precompressed {
  readonly file: string;
  readonly url: string;
}

export interface Tweak {
  /** The LESS variable's name without `@` (`siteWidth`). */
  readonly name: string;
  readonly title: string;
  /** `value`, `color`, `font`, `checkbox`, `dropdown`, … as declared. */
  readonly type: string;
  /** The value the theme declares, as written (`1100px`, `#222`, `true`). */
  readonly value: string;
  /** Everything else the declaration says (`min`, `max`, `options`, `category`…). */
  readonly declaration: Readonly<Record<string, unknown>>;
  readonly file: string;
  readonly line: number;
}

export interface StylesheetBuild {
  /** The stylesheet, or null when the theme lists none (or none could be built). */
  readonly sheet: Stylesheet | null;
  readonly tweaks: readonly Tweak[];
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

const TWEAK = /^[ \t]*\/\/[ \t]*tweak[ \t]*:[ \t]*(\{.*\})[ \t]*$/gm;
const VARIABLE = /^\s*@([\w-]+)\s*:\s*([^;]*);/;

/** The tweaks a LESS file declares, and the problems of their declarations. */
export function readTweaks(source: string, file: string): { tweaks: Tweak[]; problems: ThemeProblem[] } {
  const tweaks: Tweak[] = [];
  const problems: ThemeProblem[] = [];
  for (const m of source.matchAll(TWEAK)) {
    const at = m.index + m[0].indexOf('{');
    let declaration: unknown;
    try {
      declaration = JSON.parse(m[1]!);
    } catch (e) {
      const { offset, message } = jsonError(m[1]!, e);
      problems.push(themeProblem(file, source, at + offset, 'INVALID_TWEAK', `The tweak declaration is not JSON: ${message} ({ "type": "value", "title": "…" }).`));
      continue;
    }
    const after = source.slice(m.index + m[0].length).replace(/^\s*\n/, '');
    const variable = VARIABLE.exec(after);
    if (typeof declaration !== 'object' || declaration === null || Array.isArray(declaration)) {
      problems.push(themeProblem(file, source, at, 'INVALID_TWEAK', 'The tweak declaration is not a JSON object ({ "type": "value", "title": "…" }).'));
    } else if (variable === null) {
      problems.push(themeProblem(file, source, m.index, 'INVALID_TWEAK', 'A tweak declaration must be followed by the LESS variable it declares (@name: value;).'));
    } else {
      const d = declaration as Record<string, unknown>;
      tweaks.push({
        name: variable[1]!,
        title: typeof d['title'] === 'string' ? d['title'] : variable[1]!,
        type: typeof d['type'] === 'string' ? d['type'] : 'value',
        value: variable[2]!.trim(),
        declaration: d,
        file,
        line: source.slice(0, m.index).split('\n').length,
      });
    }
  }
  return { tweaks, problems };
}

/** Page classes of the tweaks: `tweak-{name}` for a checkbox that is on, `tweak-{name}-{value}` for a dropdown. */
export function tweakClasses(tweaks: readonly Tweak[]): string[] {
  const slug = (s: string) => s.replace(/^["']|["']$/g, '').replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  const out: string[] = [];
  for (const t of tweaks) {
    if (t.type === 'checkbox' && t.value === 'true') out.push(`tweak-${slug(t.name)}`);
    else if (t.type === 'dropdown' && slug(t.value) !== '') out.push(`tweak-${slug(t.name)}-${slug(t.value)}`);
  }
  return out;
}

/**
 * Builds a theme's stylesheet from `template.conf`'s list; `systemCss` (plain CSS) goes first when given. Never
 * throws: a LESS error is a problem at its file, line and column, and the stylesheet is then built without the
 * LESS part, so the pages keep their plain styles.
 */
export function buildThemeStylesheet(dir: string, names: readonly string[], systemCss = '', brotliQuality = 11): StylesheetBuild {
  const styles = join(dir, 'styles');
  const problems: ThemeProblem[] = [];
  const tweaks: Tweak[] = [];
  const parts: string[] = [];
  const available = names.filter((name) => {
    if (existsSync(join(styles, name))) return true;
    problems.push(themeProblem('template.conf', '', 0, 'MISSING_FILE', `The stylesheet styles/${name} listed in template.conf does not exist.`));
    return false;
  });
  if (available.some((n) => n.endsWith('.less'))) {
    // one LESS compilation in the listed order (CSS files inline, as written), so variables carry across files
    const root = available.map((n) => (n.endsWith('.less') ? `@import ${JSON.stringify(n)};` : `@import (inline) ${JSON.stringify(n)};`)).join('\n');
    const compiled = compileLess(root, join(styles, '(stylesheets)'), [styles]);
    // tweaks are read from every LESS file of the theme the stylesheets import, in the order LESS read them
    const imported = 'css' in compiled ? compiled.imports.filter((f) => f.startsWith(styles + sep) && f.endsWith('.less')).map((f) => f.slice(styles.length + 1)) : [];
    for (const name of new Set([...imported, ...available.filter((n) => n.endsWith('.less'))])) {
      const found = readTweaks(readFileSync(join(styles, name), 'utf8'), `styles/${name}`);
      tweaks.push(...found.tweaks);
      problems.push(...found.problems);
    }
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
  if (parts.length === 0 && systemCss === '') return { sheet: null, tweaks, problems };
  try {
    return { sheet: stylesheetOf([systemCss, ...parts].filter((p) => p !== '').join('\n'), brotliQuality), tweaks, problems };
  } catch (e) {
    // esbuild refuses only what is not CSS at all; the message names no path of ours
    problems.push(themeProblem('styles', '', 0, 'CSS_ERROR', `The stylesheet could not be minified: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`));
    return { sheet: null, tweaks, problems };
  }
}
