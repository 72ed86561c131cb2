/**
 * `tessera check`: compiles every template of a theme folder (or the files given) and prints each problem as
 * `file:line:col: severity: message [CODE]` with a code frame (the source line and a caret), as compilers do.
 * The engine's messages already carry "did you mean" for unknown formatters and predicates. Exit 1 on any error.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { compile, type TemplateError } from '../engine/index.js';
// the storefront's formatters (`island` …) besides the engine's: what a theme served by Tessera may use
import { STOREFRONT_PLUGINS } from '../server/islands/formatter.js';

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
  const text = source.split(/\r?\n/)[line - 1];
  if (text === undefined) return '';
  const gutter = String(line);
  const pad = text.slice(0, Math.max(0, column - 1)).replace(/[^\t]/g, ' ');
  return `${gutter} | ${text}\n${' '.repeat(gutter.length)} | ${pad}^`;
}

export function formatCheckProblem(e: TemplateError, file: string, source: string): string {
  const head = `${file}:${e.line}:${e.column}: ${e.severity}: ${e.message} [${e.code}]`;
  const frame = codeFrame(source, e.line, e.column);
  return frame === '' ? head : `${head}\n${frame}`;
}

/** Checks `targets` (theme folders or template files); the report and whether any error was found. */
export function checkTemplates(targets: readonly string[]): { report: string[]; errors: number; warnings: number } {
  const report: string[] = [];
  let errors = 0;
  let warnings = 0;
  for (const target of targets) {
    const files = statSync(target).isDirectory() ? themeTemplateFiles(target) : [target];
    for (const path of files) {
      const file = relative(process.cwd(), path) || path;
      const source = readFileSync(path, 'utf8');
      for (const e of compile(source, { filename: file }, STOREFRONT_PLUGINS).errors) {
        report.push(formatCheckProblem(e, file, source));
        if (e.severity === 'error') errors++;
        else warnings++;
      }
    }
  }
  return { report, errors, warnings };
}
