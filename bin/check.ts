/**
 * `tessera check`: compiles every template of a theme folder (or the files given) and prints each problem as
 * `file:line:col: severity: message [CODE]` with a code frame (the source line and a caret), as compilers do.
 *
 * - A layout's regions are compiled joined, as the server renders them (a block may open in `head.region`
 *   and close in `tail.region`); each problem is still reported at its region file's own line and column.
 * - The engine's messages carry "did you mean" for unknown formatters and predicates; partials applied with
 *   `{@|apply name}` or `{.include name}` that the theme lacks are reported with the closest known name.
 * - A lint warns about plain-text fields printed into HTML without escaping (lint/unescaped.ts).
 * - `template.conf` and `collections/*.conf` as the server reads them (server/theme/theme-conf.ts).
 * Exit 1 on any error; warnings alone exit 0.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { compile, type Template, type TemplateError } from '../engine/index.js';
// the storefront's formatters (`island` …) besides the engine's: what a theme served by Tessera may use
import { STOREFRONT_PLUGINS } from '../server/islands/formatter.js';
import { joinRegions } from '../server/theme/joined-regions.js';
import { readCollectionConfs } from '../server/theme/collection-confs.js';
import { layoutRegionFiles } from '../server/theme/layouts.js';
import { readThemeConf, TEMPLATE_CONF } from '../server/theme/theme-conf.js';
import { positionAt } from '../server/theme/theme-problem.js';
import { defaultThemeDir } from '../server/theme/theme-dir.js';
import { PARTIAL_NOT_FOUND, unknownPartials } from './lint/partials.js';
import { UNESCAPED_OUTPUT, unescapedOutput } from './lint/unescaped.js';

/** The files of a platform-layout theme that hold JSON-T. */
const TEMPLATE_FILE = /\.(region|list|item|block|page|html)$/;
/** Folders of a theme that hold no templates. */
const SKIPPED = new Set(['node_modules', 'assets', 'scripts', 'styles', '.git']);

/** Every template file under `dir`, sorted, as paths relative to the working directory's view of `dir`. */
export function themeTemplateFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (!SKIPPED.has(entry.name)) walk(join(at, entry.name));
      } else if (entry.isFile() && TEMPLATE_FILE.test(entry.name)) out.push(join(at, entry.name));
    }
  };
  walk(dir);
  return out.sort();
}

/** The source line of a problem and a caret under its column (tabs kept so the caret lines up). */
export function codeFrame(source: string, line: number, column: number): string {
  let text = source.split(/\r?\n/)[line - 1];
  if (text === undefined) return '';
  let at = column - 1;
  // a long line (minified markup) is shown around the column, cut with an ellipsis on either side
  if (text.length > FRAME_WIDTH) {
    const start = Math.max(0, Math.min(at - FRAME_WIDTH / 2, text.length - FRAME_WIDTH));
    const end = start + FRAME_WIDTH;
    text = `${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`;
    at = at - start + (start > 0 ? 1 : 0);
  }
  const gutter = String(line);
  const pad = text.slice(0, Math.max(0, at)).replace(/[^\t]/g, ' ');
  return `${gutter} | ${text}\n${' '.repeat(gutter.length)} | ${pad}^`;
}

/** The most characters of a source line a code frame shows. */
const FRAME_WIDTH = 100;

/** A problem found by `check`, at a position in one file. */
export interface CheckProblem extends TemplateError {
  readonly filename: string;
}

export function formatCheckProblem(e: TemplateError, file: string, source: string): string {
  const head = `${file}:${e.line}:${e.column}: ${e.severity}: ${e.message} [${e.code}]`;
  const frame = codeFrame(source, e.line, e.column);
  return frame === '' ? head : `${head}\n${frame}`;
}

/** What a template is checked against: the partials its theme has (null: unknown, not checked). */
interface ThemeFacts {
  readonly partials: ReadonlySet<string> | null;
}

/** The names `{@|apply …}` can reach in a theme: its blocks and Tessera's system blocks. */
function themePartials(dir: string): Set<string> {
  const names = new Set<string>();
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
    if (existsSync(join(dir, 'template.conf'))) return dir;
    if (dirname(dir) === dir) return null;
  }
}

/** Compile problems and lint findings of one compiled template, at positions of its own source. */
function templateProblems(template: Template, facts: ThemeFacts): TemplateError[] {
  const found: TemplateError[] = [...template.errors];
  const at = (offset: number) => template.position(offset);
  for (const p of unescapedOutput(template)) found.push({ severity: 'warning', code: UNESCAPED_OUTPUT, message: p.message, ...at(p.offset) });
  if (facts.partials !== null) {
    for (const p of unknownPartials(template, facts.partials)) found.push({ severity: 'error', code: PARTIAL_NOT_FOUND, message: p.message, ...at(p.offset) });
  }
  return found;
}

/** Reads files once and names them as the report does (relative to the working directory). */
class Sources {
  private readonly texts = new Map<string, string>();
  name(path: string): string {
    return relative(process.cwd(), path) || path;
  }
  read(path: string): string {
    let text = this.texts.get(this.name(path));
    if (text === undefined) this.texts.set(this.name(path), (text = readFileSync(path, 'utf8')));
    return text;
  }
  /** The text of a file already read, by its reported name (for code frames). */
  byName(name: string): string {
    return this.texts.get(name) ?? '';
  }
}

/** Every problem of a theme folder: its layouts joined, every other template alone, its `.conf` files. */
function checkThemeDir(dir: string, sources: Sources): CheckProblem[] {
  const problems: CheckProblem[] = [];
  const facts: ThemeFacts = { partials: themePartials(dir) };
  const conf = readThemeConf(dir);
  // template.conf and collections/*.conf as the server reads them, positions relative to the theme folder
  for (const p of [...conf.problems, ...readCollectionConfs(dir).problems]) {
    if (p.code === 'MISSING_FILE') continue;
    const path = join(dir, p.filename);
    sources.read(path);
    problems.push({ ...p, filename: sources.name(path) });
  }
  const confPath = join(dir, TEMPLATE_CONF);
  const confText = existsSync(confPath) ? sources.read(confPath) : '';
  const joined = new Set<string>();
  for (const layout of conf.layouts) {
    const regions = layoutRegionFiles(layout);
    // a theme without site.region is framed by Tessera's (a system template)
    const present = regions.filter((r) => existsSync(join(dir, r)) || (r === 'site.region' && layout.regions.length === 1));
    for (const missing of regions.filter((r) => !present.includes(r))) {
      const offset = Math.max(0, confText.indexOf(JSON.stringify(missing.replace(/\.region$/, '')), confText.indexOf(JSON.stringify(layout.id))));
      problems.push({ filename: sources.name(confPath), severity: 'error', code: 'MISSING_REGION', message: `The layout "${layout.id}" names the region "${missing}", which the theme does not have.`, ...positionAt(confText, offset) });
    }
    const regionPath = (r: string) => (existsSync(join(dir, r)) ? join(dir, r) : join(defaultThemeDir(), r));
    const parts = present.map((r) => ({ file: sources.name(regionPath(r)), source: sources.read(regionPath(r)) }));
    for (const r of present) joined.add(r);
    if (parts.length === 0) continue;
    const regionJoin = joinRegions(parts);
    const { template } = compile(regionJoin.source, { filename: `layout ${layout.id}` }, STOREFRONT_PLUGINS);
    for (const e of templateProblems(template, facts)) {
      const at = regionJoin.locate(e.line, e.column);
      problems.push({ ...e, filename: at.file, line: at.line, column: at.column });
    }
  }
  for (const path of themeTemplateFiles(dir)) {
    if (joined.has(relative(dir, path))) continue;
    problems.push(...checkFile(path, sources, facts));
  }
  return problems;
}

function checkFile(path: string, sources: Sources, facts: ThemeFacts): CheckProblem[] {
  const file = sources.name(path);
  const { template } = compile(sources.read(path), { filename: file }, STOREFRONT_PLUGINS);
  return templateProblems(template, facts).map((e) => ({ ...e, filename: file }));
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

/** Checks `targets` (theme folders or template files): every problem, the printed report and the counts. */
export function checkTemplates(targets: readonly string[]): { problems: CheckProblem[]; report: string[]; errors: number; warnings: number } {
  const sources = new Sources();
  const found: CheckProblem[] = [];
  for (const target of targets) {
    if (statSync(target).isDirectory()) found.push(...checkThemeDir(target, sources));
    else {
      const theme = themeOf(target);
      found.push(...checkFile(target, sources, { partials: theme === null ? null : themePartials(theme) }));
    }
  }
  const problems = distinct(found);
  const report = problems.map((p) => formatCheckProblem(p, p.filename, sources.byName(p.filename)));
  const errors = problems.filter((p) => p.severity === 'error').length;
  return { problems, report, errors, warnings: problems.length - errors };
}
