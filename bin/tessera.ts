#!/usr/bin/env node
/** The `tessera` command: render, check, dev, conformance, bench, and the store's migrate, export and import. */
import { existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { compile, render, type RenderOptions, type TemplateError } from '../engine/index.js';
import { defaultThemeDir } from '../server/theme/theme-dir.js';
import { runAll, shortDiff, skipSummary } from './conformance/run.js';
import { checkSummary, checkTemplates } from './check.js';
import { runDev } from './dev.js';
import { GUIDE_FILE, themeGuide } from './guide/theme-guide.js';
import { renderThemePage } from './render-page.js';
import { UsageError } from './usage-error.js';

const HELP = `tessera — a JSON-Template (JSON-T) renderer and storefront

Usage:
  tessera render TEMPLATE [--data FILE.json] [--partials FILE.json] [--locale L] [--now MS] [--out FILE]
      Render a template to stdout. Problems go to stderr as file:line:col: severity code: message.
  tessera render --theme DIR [--url /path | --context page.json] [--out FILE]
      Render one page of a theme to stdout, over the demo store (or a captured ?format=json context);
      exit 1 if the page is not 2xx or a template has an error.
  tessera check [--verbose] [THEME_DIR | TEMPLATE...]
      Compile a theme's templates (regions as their layouts join them) and lint them; print every problem
      as file:line:col: severity: message [CODE] with its source line, the lint's warnings summed per rule
      (--verbose: each one); exit 1 if any is an error. Default: the default theme.
  tessera dev [THEME_DIR] [--context page.json] [--port 3000] [--host localhost] [--tweak name=value]...
      Serve a theme over the demo store (or a captured context) and reload open pages when a file is
      saved; template errors show on the page. Each --tweak sets one of the theme's tweaks.
      Default: the default theme.
  tessera guide [--check]
      Write the theme author's guide (docs/THEME-GUIDE.md) from the plugin table; --check only says
      whether it is up to date (exit 1 if not).
  tessera conformance [--grep TEXT] [DIR...]
      Run golden fixtures (default: the reference's ../shared/conformance/template-engine and the Java
      engine's ../shared/conformance/template-compiler);
      --grep keeps only the fixtures whose path contains TEXT.
  tessera bench [--compare] [--time MS] [--filter TEXT] [--json-only]
      Benchmark the renderer (with --compare, against the reference engine).
  tessera owner-password
      Give the site owner of the store (TESSERA_DATABASE_URL's PostgreSQL, else TESSERA_DB) a new password:
      TESSERA_OWNER_PASSWORD, or a generated one printed once; the owner's sessions end.
  tessera migrate [up | status]
      Bring the store's schema up to date (up, the default), or list its migrations as applied or pending
      (status; exit 1 if any is pending). The store is PostgreSQL when TESSERA_DATABASE_URL is a
      postgres:// URL, else the SQLite file of TESSERA_DB (default data/tessera.db).
  tessera export FILE
      Write the whole store to FILE (- for stdout) as portable JSON lines: a line per table, then its rows
      (money as integer cents, times ISO-8601 UTC). The same shop gives the same file from either database.
  tessera import FILE
      Read an exported FILE into an empty store (migrated first), in one transaction: all rows or none.
  tessera --help | --version
`;

/** The repo root: this file runs from dist/bin (built) or bin (tests). */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), fileURLToPath(import.meta.url).includes('/dist/') ? '../..' : '..');

export const DEFAULT_CONFORMANCE_DIRS = [
  resolve(ROOT, '../shared/conformance/template-engine'),
  resolve(ROOT, '../shared/conformance/template-compiler'),
];

function formatProblem(e: TemplateError, fallbackFile: string): string {
  return `${e.filename ?? fallbackFile}:${e.line}:${e.column}: ${e.severity} ${e.code}: ${e.message}`;
}

function readJson(path: string, what: string): unknown {
  const text = readFileSync(path, 'utf8');
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new UsageError(`${what} ${path} is not valid JSON: ${e instanceof Error ? e.message : String(e)}`);
  }
}

function cmdRender(argv: string[]): number {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      data: { type: 'string' },
      partials: { type: 'string' },
      locale: { type: 'string' },
      now: { type: 'string' },
      out: { type: 'string' },
    },
  });
  const file = positionals[0];
  if (file === undefined) throw new UsageError('render needs a template file');
  const source = readFileSync(file, 'utf8');
  const data = values.data === undefined ? {} : readJson(values.data, 'data file');
  const options: RenderOptions = {};
  if (values.partials !== undefined) options.partials = readJson(values.partials, 'partials file') as Record<string, string>;
  if (values.locale !== undefined) options.locale = values.locale === 'none' ? null : values.locale;
  if (values.now !== undefined) options.now = Number(values.now);
  const { template, errors: compileErrors } = compile(source, { filename: file });
  const { html, errors } = render(template, data, options);
  for (const e of [...compileErrors, ...errors]) process.stderr.write(formatProblem(e, file) + '\n');
  process.stdout.write(html);
  return 0;
}

function cmdCheck(argv: string[]): number {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: { verbose: { type: 'boolean', short: 'v' } } });
  const missing = positionals.find((target) => !existsSync(target));
  if (missing !== undefined) throw new UsageError(`${missing} does not exist`);
  const result = checkTemplates(positionals.length === 0 ? [defaultThemeDir()] : positionals, { verbose: values.verbose === true });
  for (const problem of result.report) process.stdout.write(problem + '\n');
  // said when clean too, so a clean run is told from one that checked nothing
  process.stdout.write(`${checkSummary(result)}\n`);
  return result.errors > 0 ? 1 : 0;
}

function cmdConformance(argv: string[]): number {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: { grep: { type: 'string' } } });
  const grep = values.grep;
  const dirs = positionals.length > 0 ? positionals : DEFAULT_CONFORMANCE_DIRS;
  const results = runAll(dirs, grep === undefined ? undefined : (id) => id.includes(grep));
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for (const { id, outcome } of results) {
    if (outcome.status === 'pass') passed++;
    else if (outcome.status === 'skip') skipped++;
    else {
      failed++;
      process.stdout.write(`FAIL ${id}${outcome.note ? ` (${outcome.note})` : ''}\n${shortDiff(outcome.expected, outcome.actual)}\n\n`);
    }
  }
  for (const line of skipSummary(results)) process.stdout.write(line + '\n');
  process.stdout.write(`${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  return failed > 0 ? 1 : 0;
}

async function cmdGuide(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { check: { type: 'boolean' } } });
  const file = resolve(ROOT, GUIDE_FILE);
  const text = await themeGuide();
  const current = existsSync(file) ? readFileSync(file, 'utf8') : '';
  if (values.check) {
    process.stdout.write(current === text ? `${GUIDE_FILE} is up to date\n` : `${GUIDE_FILE} is out of date: run npm run guide\n`);
    return current === text ? 0 : 1;
  }
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  process.stdout.write(`wrote ${GUIDE_FILE}${current === text ? ' (unchanged)' : ''}\n`);
  return 0;
}

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case undefined:
      case '--help':
      case '-h':
      case 'help':
        process.stdout.write(HELP);
        return 0;
      case '--version': {
        const pkg = JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')) as { version: string };
        process.stdout.write(pkg.version + '\n');
        return 0;
      }
      case 'render':
        return rest.some((a) => a === '--theme' || a.startsWith('--theme=')) ? await renderThemePage(rest) : cmdRender(rest);
      case 'check':
        return cmdCheck(rest);
      case 'dev':
        return await runDev(rest);
      case 'conformance':
        return cmdConformance(rest);
      case 'guide':
        return await cmdGuide(rest);
      case 'bench': {
        const { runBench } = await import('../bench/cli.js');
        return await runBench(rest);
      }
      case 'owner-password': {
        if (rest.length > 0) throw new UsageError('owner-password takes no arguments (it reads TESSERA_DATABASE_URL or TESSERA_DB, and TESSERA_OWNER_PASSWORD)');
        const { cmdOwnerPassword } = await import('./owner-password.js');
        return await cmdOwnerPassword();
      }
      case 'migrate':
      case 'export':
      case 'import': {
        const { cmdExport, cmdImport, cmdMigrate } = await import('./db-commands.js');
        return await (command === 'migrate' ? cmdMigrate : command === 'export' ? cmdExport : cmdImport)(rest);
      }
      default:
        throw new UsageError(`unknown command '${command}'`);
    }
  } catch (e) {
    if (e instanceof UsageError || (e instanceof Error && 'code' in e && typeof e.code === 'string')) {
      process.stderr.write(`tessera: ${e.message}\n${e instanceof UsageError ? '\n' + HELP : ''}`);
      return 2;
    }
    throw e;
  }
}

if (process.argv[1] !== undefined && realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url))) {
  main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
