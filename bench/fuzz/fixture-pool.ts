/**
 * Material mined from the two shared conformance suites for the grammar generator: every fixture's template,
 * data, partials and injects, every tag written in a template, and the argument strings each formatter and
 * predicate is given there. Real shapes (a product with variants, an item with an image) reach the platform
 * formatters this way, which a generator of random objects would almost never build.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { repoRoot } from '../cases.js';

export interface MinedFixture {
  name: string;
  template: string;
  data: unknown;
  partials: Record<string, string>;
  injects: Record<string, unknown>;
}

export interface FixturePool {
  fixtures: MinedFixture[];
  /** Every `{…}` tag of the fixtures' templates (instructions, variables, comments), verbatim. */
  tags: string[];
  /** Argument strings by formatter or predicate name (with the delimiter they start with), as written. */
  argsByName: Map<string, string[]>;
}

/** The suites, beside the repository (found from here whether this runs from bench/fuzz or dist/bench/fuzz). */
const SUITES = ['../shared/conformance/template-engine', '../shared/conformance/template-compiler'];

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) out.push(...filesUnder(path));
    else if (entry.endsWith('.html')) out.push(path);
  }
  return out;
}

/** A fixture file's sections: `:NAME` header lines, each section's lines joined with `\n`. */
function sections(text: string): Map<string, string> {
  const out = new Map<string, string>();
  let name: string | null = null;
  let lines: string[] = [];
  for (const line of text.split('\n')) {
    const header = /^:([A-Z]+)$/.exec(line);
    if (header !== null) {
      if (name !== null) out.set(name, lines.join('\n'));
      name = header[1]!;
      lines = [];
    } else lines.push(line);
  }
  if (name !== null) out.set(name, lines.join('\n'));
  return out;
}

function parseJson(text: string | undefined, fallback: unknown): unknown {
  if (text === undefined || text.trim() === '') return fallback;
  try {
    return JSON.parse(text);
  } catch {
    return fallback;
  }
}

function asRecord(v: unknown): Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

/** Tags as the lexer of the language finds them: a `{`, then the next `}` (a later `{` restarts the tag). */
function tagsOf(template: string): string[] {
  const out: string[] = [];
  const re = /\{[^{}]*\}/g;
  for (let m = re.exec(template); m !== null; m = re.exec(template)) out.push(m[0]);
  return out;
}

function recordArgs(tag: string, into: Map<string, string[]>): void {
  const add = (name: string, args: string) => {
    if (args === '') return;
    const list = into.get(name) ?? [];
    if (!list.includes(args)) list.push(args);
    into.set(name, list);
  };
  const predicate = /^\{\.(?:or )?([a-zA-Z][\w-]*\?)(.*)\}$/s.exec(tag);
  if (predicate !== null) return add(predicate[1]!, predicate[2]!);
  for (const part of tag.slice(1, -1).split('|').slice(1)) {
    const name = /^[a-zA-Z][\w-]*/.exec(part);
    if (name !== null) add(name[0], part.slice(name[0].length));
  }
}

let cached: FixturePool | null = null;

/** The pool, read once per process (about 700 small files). */
export function fixturePool(): FixturePool {
  if (cached !== null) return cached;
  const fixtures: MinedFixture[] = [];
  const tags = new Set<string>();
  const argsByName = new Map<string, string[]>();
  for (const suite of SUITES) {
    const root = resolve(repoRoot(), suite);
    for (const file of filesUnder(root)) {
      const s = sections(readFileSync(file, 'utf8'));
      const template = s.get('TEMPLATE');
      // ast-N files hold a parse tree, not an output; preprocessor files use another tag syntax.
      if (template === undefined || /\/(ast|preprocessor|roundtrip)[^/]*$/.test(file)) continue;
      const injects: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(asRecord(parseJson(s.get('INJECT'), {})))) injects[k] = parseJson(String(v), v);
      const partials: Record<string, string> = {};
      for (const [k, v] of Object.entries(asRecord(parseJson(s.get('PARTIALS'), {})))) if (typeof v === 'string') partials[k] = v;
      fixtures.push({ name: file.slice(root.length + 1), template, data: parseJson(s.get('JSON'), {}), partials, injects });
      for (const tag of tagsOf(template)) {
        tags.add(tag);
        recordArgs(tag, argsByName);
      }
    }
  }
  cached = { fixtures, tags: [...tags], argsByName };
  return cached;
}
