/**
 * The conformance runner: renders every fixture file under the given folders with our engine and compares
 * with the reference's expected output (both trimmed), byte for byte.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { astOf } from '../../engine/ast.js';
import { compile, render, type RenderOptions } from '../../engine/index.js';
import { readFixture, type Fixture } from './fixture.js';
import { checkHelperData } from './helper-data.js';
import { preprocessorSource } from './preprocess.js';
import { sourceOf } from './source-emitter.js';

export type Outcome =
  | { readonly status: 'pass' }
  | { readonly status: 'fail'; readonly expected: string; readonly actual: string; readonly note?: string }
  | { readonly status: 'skip'; readonly reason: string };

export interface Result {
  readonly id: string;
  readonly outcome: Outcome;
}

/** Every fixture file below `root`, sorted, with ids relative to `root`. */
export function listFixtures(root: string): Fixture[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (name !== 'LICENSE') files.push(p);
    }
  };
  walk(root);
  return files.map((p) => readFixture(p, relative(root, p).split(sep).join('/')));
}

export function runFixture(fixture: Fixture): Outcome {
  const s = fixture.sections;
  const base = fixture.id.slice(fixture.id.lastIndexOf('/') + 1);
  const pair = UNIT_PAIR.exec(base);
  if (pair !== null) return runPairFixture(fixture, pair[1]!, pair[2]!);
  if (base.endsWith('-in.html') || base === '_numbers.json') return { status: 'skip', reason: 'input of an in/out pair' };
  if (base.endsWith('.json')) {
    const failed = checkHelperData(base, readFileSync(fixture.path, 'utf8'));
    if (failed === null) return { status: 'skip', reason: 'not a template fixture' };
    return failed.length === 0
      ? { status: 'pass' }
      : { status: 'fail', expected: 'every case holds', actual: `failing cases: ${failed.join(', ')}` };
  }
  // The Java suite's ast-N: `:SOURCE` and the expected instruction tree in its variant of the encoding.
  if (s['SOURCE'] !== undefined && s['JSON'] !== undefined) return runAstFixture(s['SOURCE'].trim(), s['JSON'], 'java');
  if (base === 'tree-emitter.txt') return { status: 'skip', reason: TREE_EMITTER_SKIP };
  // A bare template (roundtrip-N, wright.html): parsed and written back, it must give its source unchanged.
  if (Object.keys(s).length === 0) return runRoundTrip(readFileSync(fixture.path, 'utf8'), base.includes('preprocessor'));
  if (s['TEMPLATE'] === undefined) return { status: 'skip', reason: 'not a template fixture' };
  // ast-N and pretty-N hold the expected instruction tree (the reference's numeric encoding) instead of output.
  if (base.startsWith('ast-') || base.startsWith('pretty-')) return runAstFixture(s['TEMPLATE'].trim(), s['JSON'] ?? '', 'reference');
  if (s['OUTPUT'] === undefined) return { status: 'skip', reason: 'no :OUTPUT section' };
  let options: RenderOptions;
  let data: unknown;
  try {
    data = s['JSON'] === undefined || s['JSON'].trim() === '' ? {} : JSON.parse(s['JSON']);
    options = optionsOf(s);
  } catch (e) {
    return { status: 'fail', expected: s['OUTPUT'], actual: '', note: `fixture data does not parse: ${String(e)}` };
  }
  const source = /^\s*preprocess\s*[=:]\s*true\s*$/m.test(s['PROPERTIES'] ?? '') ? preprocessorSource(s['TEMPLATE']) : s['TEMPLATE'];
  const { html } = render(source, data, options);
  const expected = s['OUTPUT'].trim();
  const actual = html.trim();
  return expected === actual ? { status: 'pass' } : { status: 'fail', expected, actual };
}

function optionsOf(s: Record<string, string>): RenderOptions {
  const options: RenderOptions = { enableExpressions: true, enableInclude: true, locale: 'en' };
  if (s['PARTIALS'] !== undefined && s['PARTIALS'].trim() !== '') options.partials = JSON.parse(s['PARTIALS']);
  if (s['INJECT'] !== undefined && s['INJECT'].trim() !== '') {
    const raw = JSON.parse(s['INJECT']) as Record<string, string>;
    options.injects = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, JSON.parse(v)]));
  }
  // Some fixtures (the Java suite's) carry options as `:PROPERTIES` lines: `locale=fr-FR` (or `locale: en-US`)
  // and `now=EPOCH_MS`.
  for (const line of (s['PROPERTIES'] ?? '').split('\n')) {
    const m = /^\s*(locale|now)\s*[=:]\s*(\S+)\s*$/.exec(line);
    if (m === null) continue;
    if (m[1] === 'locale') options.locale = m[2] === 'none' ? null : m[2]!;
    else if (/^-?\d+$/.test(m[2]!)) options.now = Number(m[2]);
  }
  if (s['PARAMS'] !== undefined && s['PARAMS'].trim() !== '') {
    const params = JSON.parse(s['PARAMS']) as { locale?: string; now?: number };
    if (params.locale !== undefined) options.locale = params.locale === 'none' ? null : params.locale;
    if (params.now !== undefined) options.now = params.now;
  }
  return options;
}

/**
 * Folders like `i18n/units/` hold pairs instead of sectioned files: `X-in.html` is the template, `_numbers.json`
 * its data, and `X-out-LOCALE.html` the expected output for that locale.
 */
const UNIT_PAIR = /^(.+)-out-([a-z]{2}(?:-[A-Z]{2})?)\.html$/;

function runPairFixture(fixture: Fixture, stem: string, locale: string): Outcome {
  const dir = dirname(fixture.path);
  const expected = readFileSync(fixture.path, 'utf8').trim();
  let template: string;
  let data: unknown;
  try {
    template = readFileSync(join(dir, `${stem}-in.html`), 'utf8');
    data = JSON.parse(readFileSync(join(dir, '_numbers.json'), 'utf8'));
  } catch (e) {
    return { status: 'fail', expected, actual: '', note: `pair input missing or broken: ${String(e)}` };
  }
  const actual = render(template, data, { locale, enableExpressions: true, enableInclude: true }).html.trim();
  return valueLines(expected) === valueLines(actual) ? { status: 'pass' } : { status: 'fail', expected, actual };
}

/**
 * The pairs are compared as their sequences of non-blank lines, each trimmed: several `-out-` files have
 * blank lines or indentation that no rendering of their `-in` file can produce (a blank line between two
 * consecutive template lines, a leading space before a line that starts at column 1), while every value
 * on every line is still compared byte for byte.
 */
function valueLines(text: string): string {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '')
    .join('\n');
}

const TREE_EMITTER_SKIP =
  "the Java engine's internal debug dump (its node class names, the line and column of every {.end}, and a synthetic END {0,0} " +
  'after each alternates-with): no rendering or parsing behaviour beyond what the ast-N and roundtrip fixtures check';

function runAstFixture(template: string, expectedJson: string, encoding: 'reference' | 'java'): Outcome {
  const { template: t } = compile(template);
  const actual = astOf(t.root, encoding);
  let expected: unknown;
  try {
    expected = JSON.parse(expectedJson);
  } catch (e) {
    return { status: 'fail', expected: expectedJson, actual: JSON.stringify(actual), note: String(e) };
  }
  return isDeepStrictEqual(actual, expected)
    ? { status: 'pass' }
    : { status: 'fail', expected: JSON.stringify(expected), actual: JSON.stringify(actual) };
}

function runRoundTrip(source: string, preprocessor: boolean): Outcome {
  const { template, errors } = compile(preprocessor ? preprocessorSource(source) : source);
  const actual = sourceOf(template.root, preprocessor);
  if (actual === source && template.root.unreachable.length === 0) return { status: 'pass' };
  return { status: 'fail', expected: source, actual, note: errors.length > 0 ? errors[0]!.message : undefined };
}

/** Why fixtures were skipped: one line per reason, with the count and the first few ids. */
export function skipSummary(results: readonly Result[]): string[] {
  const byReason = new Map<string, string[]>();
  for (const { id, outcome } of results) {
    if (outcome.status !== 'skip') continue;
    const ids = byReason.get(outcome.reason) ?? [];
    ids.push(id);
    byReason.set(outcome.reason, ids);
  }
  return [...byReason].map(([reason, ids]) => {
    const shown = ids.slice(0, 3).join(', ') + (ids.length > 3 ? `, … (${ids.length - 3} more)` : '');
    return `SKIP ${ids.length}: ${reason}: ${shown}`;
  });
}

/** A short diff: the first differing line of each side, with a line of context before it. */
export function shortDiff(expected: string, actual: string): string {
  const e = expected.split('\n');
  const a = actual.split('\n');
  let i = 0;
  while (i < e.length && i < a.length && e[i] === a[i]) i++;
  const show = (lines: string[], mark: string) =>
    lines
      .slice(Math.max(0, i - 1), i + 2)
      .map((l, k) => `${k === Math.min(1, i) ? mark : ' '} ${JSON.stringify(l).slice(0, 160)}`)
      .join('\n');
  return `  first difference at line ${i + 1}\n  expected:\n${show(e, '-')}\n  actual:\n${show(a, '+')}`;
}

export function runAll(roots: readonly string[], keep: (id: string) => boolean = () => true): Result[] {
  const results: Result[] = [];
  for (const root of roots) {
    for (const f of listFixtures(root)) if (keep(f.id)) results.push({ id: f.id, outcome: runFixture(f) });
  }
  return results;
}
