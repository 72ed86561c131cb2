/**
 * Benchmark cases: the real `wright` page from the shared bench data, and synthetic shapes (plain text,
 * variables, sections, repeated sections, `.eval` expressions) generated at fixed template sizes.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { shopCase } from './shop-page.js';

export interface BenchCase {
  /** Unique name, e.g. `wright` or `variables-8KiB`; `--filter` matches substrings of it. */
  name: string;
  kind: 'page' | 'synthetic';
  /** The synthetic shape, or `page` for a real page. */
  shape: string;
  /** The template source. */
  source: string;
  /** The JSON context it renders against. */
  data: unknown;
  /** Partial templates by name (source). */
  partials: Record<string, string>;
}

/** Env var that overrides where the shared bench data lives. */
export const BENCH_DATA_ENV = 'TESSERA_BENCH_DATA';

/** The repo root: the nearest folder above this file (bench/ or dist/bench/) that holds a package.json. */
export function repoRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    const up = dirname(dir);
    if (up === dir) return resolve(dirname(fileURLToPath(import.meta.url)), '..');
    dir = up;
  }
}

/** The folder holding wright.html, wright.json and wright-partials.json. */
export function benchDataDir(env: NodeJS.ProcessEnv = process.env): string {
  const override = env[BENCH_DATA_ENV];
  if (override !== undefined && override !== '') return resolve(override);
  return resolve(repoRoot(), '../shared/bench-data');
}

/** Loads the wright page case; throws an Error naming the missing file if the data is not there. */
export function loadWrightCase(dir: string = benchDataDir()): BenchCase {
  const file = (name: string): string => {
    const path = join(dir, name);
    if (!existsSync(path)) {
      throw new Error(`bench data not found: ${path} (set ${BENCH_DATA_ENV} to the folder holding wright.html)`);
    }
    return readFileSync(path, 'utf8');
  };
  const source = file('wright.html');
  const data: unknown = JSON.parse(file('wright.json'));
  const partialsRaw: unknown = JSON.parse(file('wright-partials.json'));
  if (partialsRaw === null || typeof partialsRaw !== 'object' || Array.isArray(partialsRaw)) {
    throw new Error(`${join(dir, 'wright-partials.json')} is not a JSON object of name -> template source`);
  }
  const partials: Record<string, string> = {};
  for (const [name, src] of Object.entries(partialsRaw as Record<string, unknown>)) {
    if (typeof src === 'string') partials[name] = src;
  }
  return { name: 'wright', kind: 'page', shape: 'page', source, data, partials };
}

/* ---------------------------------------------------------------- synthetic shapes */

/** Template sizes of the synthetic cases, in bytes (32 B, 1 KiB, 8 KiB, 32 KiB, 128 KiB). */
export const SYNTHETIC_SIZES: readonly number[] = [32, 1024, 8 * 1024, 32 * 1024, 128 * 1024];

export interface SyntheticShape {
  name: string;
  /** Snippets repeated (cycled in order) to build the template; each is ASCII. */
  snippets: readonly string[];
  /** A shorter snippet used when the target is smaller than the first snippet. */
  minimal?: string;
  /** Characters appended to reach the exact size (plain text in every shape). */
  pad: string;
  data: unknown;
}

const ITEMS = Array.from({ length: 10 }, (_, i) => ({ n: `item${i}`, price: (i + 1) * 3 }));

export const SYNTHETIC_SHAPES: readonly SyntheticShape[] = [
  {
    name: 'text',
    snippets: ['Lorem ipsum dolor sit amet, co.\n'],
    pad: 'x',
    data: {},
  },
  {
    name: 'variables',
    snippets: ['<b>{a.b}</b>{c|html} {d.e.f}\n', '<i>{c}</i> {a.b} {d.e.f}.\n'],
    pad: ' ',
    data: { a: { b: 'hello' }, c: '<world & co>', d: { e: { f: 42 } } },
  },
  {
    name: 'sections',
    // one section that is present and one that is missing, so both branches run
    snippets: ['{.section s}{t}{.or}-{.end}\n', '{.section m}{t}{.or}-{.end}\n'],
    pad: ' ',
    data: { s: { t: 'yes' } },
  },
  {
    name: 'repeated',
    snippets: ['{.repeated section i}{n}{.alternates with},{.end}\n'],
    minimal: '{.repeated section i}{n}{.end}',
    pad: ' ',
    data: { i: ITEMS },
  },
  {
    name: 'eval',
    snippets: ['{.eval 1 + a.b * 2}\n', '{.eval n / 4 - a.b}\n'],
    pad: ' ',
    data: { a: { b: 3 }, n: 10 },
  },
];

/** Human size label: 32B, 1KiB, 8KiB, 32KiB, 128KiB. */
export function sizeLabel(bytes: number): string {
  return bytes >= 1024 && bytes % 1024 === 0 ? `${bytes / 1024}KiB` : `${bytes}B`;
}

/**
 * Builds a template of exactly `target` bytes by cycling the shape's snippets while whole snippets fit,
 * then padding with plain text. At least one snippet is always included (the `minimal` one if the first
 * does not fit), so a template can only exceed the target when even that does not fit.
 */
export function generateTemplate(shape: SyntheticShape, target: number): string {
  const parts: string[] = [];
  let size = 0;
  let i = 0;
  for (;;) {
    const snippet = shape.snippets[i % shape.snippets.length]!;
    if (size + snippet.length > target) break;
    parts.push(snippet);
    size += snippet.length;
    i++;
  }
  if (parts.length === 0) {
    const fallback = shape.minimal ?? shape.snippets[0]!;
    parts.push(fallback);
    size += fallback.length;
  }
  if (size < target) parts.push(shape.pad.repeat(Math.ceil((target - size) / shape.pad.length)).slice(0, target - size));
  return parts.join('');
}

/** Every synthetic case: each shape at each size. */
export function syntheticCases(sizes: readonly number[] = SYNTHETIC_SIZES): BenchCase[] {
  const out: BenchCase[] = [];
  for (const shape of SYNTHETIC_SHAPES) {
    for (const size of sizes) {
      out.push({
        name: `${shape.name}-${sizeLabel(size)}`,
        kind: 'synthetic',
        shape: shape.name,
        source: generateTemplate(shape, size),
        data: shape.data,
        partials: {},
      });
    }
  }
  return out;
}

/** True if the case is selected by the filters (no filters: everything; otherwise any substring match). */
export function matchesFilter(name: string, filters: readonly string[]): boolean {
  return filters.length === 0 || filters.some((f) => name.includes(f));
}

export interface LoadedCases {
  cases: BenchCase[];
  /** Problems that made a case unavailable (e.g. missing bench data), for the report. */
  warnings: string[];
}

/** All cases selected by the filters: the wright page first (if its data is there), the shop page, then synthetic ones. */
export function loadCases(filters: readonly string[] = [], dataDir: string = benchDataDir()): LoadedCases {
  const cases: BenchCase[] = [];
  const warnings: string[] = [];
  if (matchesFilter('wright', filters)) {
    try {
      cases.push(loadWrightCase(dataDir));
    } catch (e) {
      warnings.push(`skipping wright: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  const shop = shopCase();
  if (matchesFilter(shop.name, filters)) cases.push(shop);
  for (const c of syntheticCases()) if (matchesFilter(c.name, filters)) cases.push(c);
  return { cases, warnings };
}
