/**
 * `tessera check`: compiles every template of a theme folder (or the files given) and prints each problem as
 * `file:line:col: severity: message [CODE]` with a code frame (the source line and a caret), as compilers do.
 *
 * - A layout's regions are compiled joined, as the server renders them (a block may open in `head.region`
 *   and close in `tail.region`); each problem is still reported at its region file's own line and column.
 * - The engine's messages carry "did you mean" for unknown formatters and predicates; partials applied with
 *   `{@|apply name}` or `{.include name}` that the theme lacks are reported with the closest known name.
 * - A lint warns about plain-text fields printed into HTML without escaping (lint/unescaped.ts); on a platform
 *   theme another about URLs on other hosts that its pages would load, which Tessera's content policy blocks
 *   (lint/outbound-urls.ts).
 * - Templates are read as the server reads them (server/theme.ts): `<squarespace:…>` tags rewritten, with their
 *   problems; `template.conf`, `collections/*.conf` and the stylesheets (LESS) checked too.
 * Lint warnings are summed per rule (how many, in which files) unless `verbose`: on a theme written for the
 * platform a rule may warn hundreds of times, which would bury the few real problems; `--verbose` prints each.
 * Exit 1 on any error; warnings alone exit 0.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { compile, type Template, type TemplateError } from '../engine/index.js';
import { describeWithFrame } from '../server/dev/code-frame.js';
// the storefront's formatters (`island` …) besides the engine's: what a theme served by Tessera may use
import { STOREFRONT_PLUGINS } from '../server/islands/formatter.js';
import { IslandAssets } from '../server/islands/assets.js';
import { Theme } from '../server/theme.js';
import { layoutRegionFiles } from '../server/theme/layouts.js';
import { SYSTEM_PARTIALS } from '../server/theme/system-partials.js';
import { TEMPLATE_CONF } from '../server/theme/theme-conf.js';
import { defaultThemeDir } from '../server/theme/theme-dir.js';
import { themeTemplateFiles } from '../server/theme/template-files.js';
import { positionAt } from '../server/theme/theme-problem.js';
import { OUTBOUND_URL, outboundStylesheetUrls, outboundTemplateUrls } from './lint/outbound-urls.js';
import { PARTIAL_NOT_FOUND, unknownPartials } from './lint/partials.js';
import { UNESCAPED_OUTPUT, unescapedOutput } from './lint/unescaped.js';

export { themeTemplateFiles } from '../server/theme/template-files.js';

/** A problem found by `check`, at a position in one file. */
export interface CheckProblem extends TemplateError {
  readonly filename: string;
}

/** The names `{@|apply …}` can reach in a theme: its blocks, Tessera's system blocks and the platform's partials. */
function themePartials(dir: string): Set<string> {
  const names = new Set<string>(Object.keys(SYSTEM_PARTIALS));
  for (const at of [dir, defaultThemeDir()]) {
    const blocks = join(at, 'blocks');
    if (!existsSync(blocks)) continue;
    for (const name of readdirSync(blocks)) if (name.endsWith('.block')) names.add(name);
  }
  return names;
}

/** The theme folder a file belongs to: the nearest folder above it holding template.conf. */
function themeOf(file: string): string | null {
  for (let dir = dirname(resolve(file)); ; dir = dirname(dir)) {
    if (existsSync(join(dir, TEMPLATE_CONF))) return dir;
    if (dirname(dir) === dir) return null;
  }
}

/**
 * The lints' findings in a compiled template, at positions of its compiled source; with the theme, at their
 * place in the theme's own file (through the tag rewrite, into a layout's region file).
 */
function lintProblems(template: Template, partials: ReadonlySet<string> | null, theme?: Theme): TemplateError[] {
  const at = (offset: number) => {
    const e = { ...template.position(offset), ...(template.filename === undefined ? {} : { filename: template.filename }) };
    if (theme === undefined) return e;
    const { line, column, filename } = theme.locate({ ...e, severity: 'warning', code: '', message: '' });
    return { line, column, ...(filename === undefined ? {} : { filename }) };
  };
  const found: TemplateError[] = unescapedOutput(template).map((p) => ({ severity: 'warning', code: UNESCAPED_OUTPUT, message: p.message, ...at(p.offset) }));
  if (partials !== null) {
    for (const p of unknownPartials(template, partials)) found.push({ severity: 'error', code: PARTIAL_NOT_FOUND, message: p.message, ...at(p.offset) });
  }
  return found;
}

/** Reads files once and names them as the report does (relative to the working directory). */
class Sources {
  private readonly texts = new Map<string, string>();
  name(path: string): string {
    return relative(process.cwd(), path) || path;
  }
  /** The text of a file by its reported name (for code frames), read once. */
  byName(name: string): string {
    let text = this.texts.get(name);
    if (text === undefined) {
      try {
        text = readFileSync(resolve(process.cwd(), name), 'utf8');
      } catch {
        text = '';
      }
      this.texts.set(name, text);
    }
    return text;
  }
}

/** A theme as the server loads it (no island scripts: check renders nothing). */
const themeAt = (dir: string) => new Theme(resolve(dir), false, () => {}, STOREFRONT_PLUGINS, IslandAssets.load(join(dir, '.no-islands')));

/**
 * A problem of a theme's file (named relative to the theme folder, already at its place in that file: the
 * theme locates its compile problems, `lintProblems` its lints) as `check` names it.
 */
function inTheme(theme: Theme, sources: Sources, own: TemplateError): CheckProblem {
  const file = own.filename ?? '';
  // a system template the theme does not have is Tessera's file
  const path = existsSync(join(theme.dir, file)) || !existsSync(join(defaultThemeDir(), file)) ? join(theme.dir, file) : join(defaultThemeDir(), file);
  return { ...own, filename: sources.name(path) };
}

/** The outbound-URL lint's warnings for a file of `theme` (relative to its folder), read as written. */
function outboundProblems(theme: Theme, sources: Sources, file: string, found: (text: string) => readonly { offset: number; message: string }[]): CheckProblem[] {
  const name = sources.name(join(theme.dir, file));
  const text = sources.byName(name);
  return found(text).map((u) => ({ filename: name, ...positionAt(text, u.offset), severity: 'warning', code: OUTBOUND_URL, message: u.message }));
}

/** Every `.css` file of a theme's `assets/` (served as written), relative to the theme folder. */
function assetStylesheets(dir: string): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const entry of readdirSync(join(dir, rel), { withFileTypes: true })) {
      const path = `${rel}/${entry.name}`;
      if (entry.isDirectory() && entry.name !== 'node_modules') walk(path);
      else if (entry.isFile() && entry.name.endsWith('.css')) out.push(path);
    }
  };
  if (existsSync(join(dir, 'assets'))) walk('assets');
  return out.sort();
}

/**
 * Every problem of a theme folder, as the server would meet them: its configuration and stylesheets, each
 * layout's regions joined, every other template on its own; and the lints over the same compiled templates
 * (on a platform theme, over its files as written too: the URLs of other hosts they load).
 */
function themeDirProblems(dir: string, sources: Sources): CheckProblem[] {
  const theme = themeAt(dir);
  const partials = themePartials(dir);
  // a region a layout names that the folder lacks is among these (MISSING_REGION, at its name in template.conf)
  const problems: CheckProblem[] = theme.problems().filter((p) => p.code !== 'MISSING_FILE').map((p) => inTheme(theme, sources, p));
  const joined = new Set<string>();
  for (const layout of theme.conf().layouts) {
    const regions = layoutRegionFiles(layout);
    regions.forEach((r) => joined.add(r));
    // a theme without site.region is framed by Tessera's (a system template)
    if (regions.some((r) => !existsSync(join(theme.dir, r)) && !(r === 'site.region' && regions.length === 1))) continue;
    for (const e of [...theme.layoutErrors(layout), ...lintProblems(theme.layoutTemplate(layout), partials, theme)]) problems.push(inTheme(theme, sources, e));
  }
  for (const path of themeTemplateFiles(theme.dir)) {
    const file = relative(theme.dir, path).split(sep).join('/');
    if (theme.isPlatformTheme) problems.push(...outboundProblems(theme, sources, file, outboundTemplateUrls));
    if (joined.has(file)) continue;
    for (const e of [...theme.templateErrors(file), ...lintProblems(theme.template(file), partials, theme)]) problems.push(inTheme(theme, sources, e));
  }
  if (theme.isPlatformTheme) {
    for (const file of theme.stylesheetFiles()) problems.push(...outboundProblems(theme, sources, `styles/${file}`, (text) => outboundStylesheetUrls(text, true)));
    for (const file of assetStylesheets(theme.dir)) problems.push(...outboundProblems(theme, sources, file, (text) => outboundStylesheetUrls(text, false)));
  }
  return problems;
}

/** A template file given on its own: through its theme when it sits in one, else compiled as it is. */
function fileProblems(path: string, sources: Sources): CheckProblem[] {
  const root = themeOf(path);
  if (root !== null) {
    const theme = themeAt(root);
    const file = relative(theme.dir, resolve(path)).split(sep).join('/');
    const partials = themePartials(root);
    // a region is checked as the layouts that use it join it (its own problems only)
    const layouts = theme.conf().layouts.filter((l) => layoutRegionFiles(l).includes(file) && layoutRegionFiles(l).every((r) => existsSync(join(theme.dir, r))));
    const found =
      layouts.length > 0
        ? layouts.flatMap((l) => [...theme.layoutErrors(l), ...lintProblems(theme.layoutTemplate(l), partials, theme)]).filter((e) => e.filename === file)
        : [...theme.templateErrors(file), ...lintProblems(theme.template(file), partials, theme)];
    return [...found.map((e) => inTheme(theme, sources, e)), ...(theme.isPlatformTheme ? outboundProblems(theme, sources, file, outboundTemplateUrls) : [])];
  }
  const name = sources.name(path);
  const { template } = compile(sources.byName(name), { filename: name }, STOREFRONT_PLUGINS);
  return [...template.errors, ...lintProblems(template, null)].map((e) => ({ ...e, filename: name }));
}

/** Each problem once (a region in two layouts is checked twice), ordered by file and position. */
function distinct(problems: readonly CheckProblem[]): CheckProblem[] {
  const seen = new Set<string>();
  const out = problems.filter((p) => {
    const key = `${p.filename}\u0000${p.line}\u0000${p.column}\u0000${p.code}\u0000${p.message}`;
    return seen.has(key) ? false : (seen.add(key), true);
  });
  return out.sort((a, b) => (a.filename < b.filename ? -1 : a.filename > b.filename ? 1 : a.line - b.line || a.column - b.column));
}

/** The lint rules whose warnings are summed unless `--verbose`, with what each one finds. */
export const LINT_RULES: Readonly<Record<string, string>> = {
  [UNESCAPED_OUTPUT]: 'plain-text fields printed into HTML without escaping',
  [OUTBOUND_URL]: "URLs on other hosts (blocked by Tessera's content policy unless their origin is in TESSERA_ALLOWED_ORIGINS)",
};

/** Files named in a lint rule's summary at most (the rest are counted). */
const SUMMARY_FILES = 8;

/** One line per lint rule: its count, what it finds, and the files with the most warnings first. */
export function lintSummary(problems: readonly CheckProblem[]): string[] {
  const byRule = new Map<string, Map<string, number>>();
  for (const p of problems) {
    if (p.severity !== 'warning' || !Object.hasOwn(LINT_RULES, p.code)) continue;
    const files = byRule.get(p.code) ?? new Map<string, number>();
    files.set(p.filename, (files.get(p.filename) ?? 0) + 1);
    byRule.set(p.code, files);
  }
  return [...byRule].map(([code, files]) => {
    const total = [...files.values()].reduce((a, b) => a + b, 0);
    const ranked = [...files].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
    const named = ranked.slice(0, SUMMARY_FILES).map(([f, n]) => `${f} (${n})`);
    const more = ranked.length > SUMMARY_FILES ? `, and ${ranked.length - SUMMARY_FILES} more` : '';
    return `warning: ${total} × ${LINT_RULES[code]} in ${files.size} file(s): ${named.join(', ')}${more}; --verbose prints each [${code}]`;
  });
}

export interface CheckOptions {
  /** Print every lint warning with its code frame instead of one summary line per rule. */
  readonly verbose?: boolean;
}

/**
 * Checks `targets` (theme folders or template files): every problem, the printed report and the counts. The
 * report prints each error and each warning that is not a lint's; a lint's warnings are one line per rule at the
 * end unless `verbose`.
 */
export function checkTemplates(
  targets: readonly string[],
  options: CheckOptions = {},
): { problems: CheckProblem[]; report: string[]; errors: number; warnings: number; templates: number } {
  const sources = new Sources();
  const found: CheckProblem[] = [];
  let templates = 0;
  for (const target of targets) {
    const isDir = statSync(target).isDirectory();
    found.push(...(isDir ? themeDirProblems(target, sources) : fileProblems(target, sources)));
    templates += isDir ? themeTemplateFiles(target).length : 1;
  }
  const problems = distinct(found);
  const summed = (p: CheckProblem) => options.verbose !== true && p.severity === 'warning' && Object.hasOwn(LINT_RULES, p.code);
  const report = problems.filter((p) => !summed(p)).map((p) => describeWithFrame(p, p.filename, sources.byName(p.filename)));
  if (options.verbose !== true) report.push(...lintSummary(problems));
  const errors = problems.filter((p) => p.severity === 'error').length;
  return { problems, report, errors, warnings: problems.length - errors, templates };
}

/** `n` and its noun, singular for one: `1 error`, `0 warnings`. */
const counted = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** The last line `check` prints, clean or not: `0 errors, 0 warnings in 42 templates`. */
export function checkSummary(result: { errors: number; warnings: number; templates: number }): string {
  return `${counted(result.errors, 'error')}, ${counted(result.warnings, 'warning')} in ${counted(result.templates, 'template')}`;
}
