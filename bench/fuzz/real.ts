/**
 * The real-templates arm of the differential fuzz test (issue 23): every template of the corpus themes
 * (`../shared/themes/`: each `.region`, `.list`, `.item`, `.page`, `.block`, and each layout of its
 * `template.conf` as its regions joined, the way server/theme.ts joins them), of the default theme
 * (`templates/`), of the benchmark page (`../shared/bench-data/wright.html`) and of the two conformance suites,
 * rendered by both engines over realistic page contexts: the ones our server builds for the demo store under each
 * theme (`fixtures/fuzz/page-contexts.json`, made by make-contexts.ts: product list and item, blog list and
 * item, events, gallery, index, pages, website settings), the benchmark page's context and the fixtures' own
 * `:JSON`. Half the cases render over a mutated copy: fields removed, types swapped, lists emptied, text turned
 * to unicode (emoji, lone surrogates, combining marks), numbers huge or tiny, nulls; the mutations fall mostly on
 * the fields the template names, so they reach the output.
 *
 * A template is rendered as its file holds it: the `<squarespace:…>` tags are text to both engines (the server
 * rewrites them into a formatter of its own the reference lacks). A theme's partials are its blocks (by file
 * name, `{@|apply x.block}`), the default theme's blocks and the platform partials Tessera supplies
 * (server/theme/system-partials.ts), as the server resolves them. Half the cases render in `en-US` (ours with
 * its locale data, the reference given CLDR), half without locale data (ours with `locale: null`, the reference
 * without CLDR), as the other arms do: the first compares the i18n formatters a theme uses, the second the
 * money formatters the reference only stubs.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import fc from 'fast-check';
import { themeTemplateFiles } from '../../server/theme/template-files.js';
import { repoRoot } from '../cases.js';
import { layoutRegionFiles } from '../../server/theme/layouts.js';
import { SYSTEM_PARTIALS } from '../../server/theme/system-partials.js';
import { readThemeConf } from '../../server/theme/theme-conf.js';
import type { CaseExtras } from './compare.js';
import { fixturePool } from './fixture-pool.js';
import type { FuzzCase } from './generator.js';

export type RealCase = FuzzCase & CaseExtras & { origin: string; context: string; mutations: string[] };

/** What a template renders over: a list page, an item page, any page, or a fixture's own data. */
type Kind = 'list' | 'item' | 'page' | 'any';

export interface RealTemplate {
  /** `theme/path` (`boxen/collections/blog.list`, `adagio/default layout`, `template-engine/f-foo.html`). */
  origin: string;
  kind: Kind;
  template: string;
  partials: Record<string, string>;
  injects: Record<string, unknown>;
}

export interface RealContext {
  origin: string;
  kind: Kind;
  /** The theme it was built under, when our server built it (its templates get it more often). */
  theme: string | null;
  data: unknown;
}

const ROOT = repoRoot();
const CORPUS = resolve(ROOT, '../shared/themes');
const DEFAULT_THEME = resolve(ROOT, 'templates');
const BENCH_DATA = resolve(ROOT, '../shared/bench-data');

function kindOf(path: string): Kind {
  if (path.endsWith('.list')) return 'list';
  if (path.endsWith('.item')) return 'item';
  return 'page';
}

function blocksOf(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const blocks = join(dir, 'blocks');
  if (existsSync(blocks)) for (const name of readdirSync(blocks).sort()) if (name.endsWith('.block')) out[name] = readFileSync(join(blocks, name), 'utf8');
  return out;
}

/** Every template of a theme, each with the theme's partials; its layouts as their regions joined. */
function themeTemplates(name: string, dir: string): RealTemplate[] {
  const own = blocksOf(dir);
  const partials: Record<string, string> = { ...SYSTEM_PARTIALS, ...(dir === DEFAULT_THEME ? {} : blocksOf(DEFAULT_THEME)), ...own };
  // a theme's block may stand for a system partial (blocks/sqs-share-buttons.block)
  for (const bare of Object.keys(SYSTEM_PARTIALS)) if (own[`${bare}.block`] !== undefined) partials[bare] = own[`${bare}.block`]!;
  const out: RealTemplate[] = themeTemplateFiles(dir).map((file) => ({
    origin: `${name}/${relative(dir, file)}`,
    kind: kindOf(file),
    template: readFileSync(file, 'utf8'),
    partials,
    injects: {},
  }));
  for (const layout of readThemeConf(dir).layouts) {
    const files = layoutRegionFiles(layout).map((r) => join(dir, r));
    if (files.length > 1 && files.every((f) => existsSync(f))) {
      out.push({ origin: `${name}/${layout.id} layout`, kind: 'page', template: files.map((f) => readFileSync(f, 'utf8')).join(''), partials, injects: {} });
    }
  }
  return out;
}

function readJson(file: string): unknown {
  return JSON.parse(readFileSync(file, 'utf8'));
}

let cached: { templates: RealTemplate[]; contexts: RealContext[] } | null = null;

/** The templates and contexts of the arm, read once per process. */
export function realPool(): { templates: RealTemplate[]; contexts: RealContext[] } {
  if (cached !== null) return cached;
  const templates: RealTemplate[] = [];
  const contexts: RealContext[] = [];
  const themes: [string, string][] = [['default', DEFAULT_THEME]];
  if (existsSync(CORPUS)) for (const t of readdirSync(CORPUS).sort()) if (existsSync(join(CORPUS, t, 'template.conf'))) themes.push([t, join(CORPUS, t)]);
  for (const [name, dir] of themes) templates.push(...themeTemplates(name, dir));
  if (existsSync(join(BENCH_DATA, 'wright.html'))) {
    const partials = readJson(join(BENCH_DATA, 'wright-partials.json')) as Record<string, string>;
    templates.push({ origin: 'bench-data/wright.html', kind: 'list', template: readFileSync(join(BENCH_DATA, 'wright.html'), 'utf8'), partials, injects: {} });
    for (const [p, source] of Object.entries(partials)) templates.push({ origin: `bench-data/${p}`, kind: 'page', template: source, partials, injects: {} });
    contexts.push({ origin: 'bench-data/wright.json', kind: 'list', theme: null, data: readJson(join(BENCH_DATA, 'wright.json')) });
  }
  for (const f of fixturePool().fixtures) {
    templates.push({ origin: f.name, kind: 'any', template: f.template, partials: f.partials, injects: f.injects });
    if (typeof f.data === 'object' && f.data !== null) contexts.push({ origin: f.name, kind: 'any', theme: null, data: f.data });
  }
  const pages = readJson(resolve(ROOT, 'fixtures/fuzz/page-contexts.json')) as { theme: string; url: string; kind: Kind; context: unknown }[];
  for (const p of pages) contexts.push({ origin: `${p.theme} ${p.url}`, kind: p.kind, theme: p.theme, data: p.context });
  cached = { templates, contexts };
  return cached;
}

// ---------------------------------------------------------------------------------------------------------
// Mutations of a context
// ---------------------------------------------------------------------------------------------------------

/** Text that real shops hold and random text rarely does. */
const ODD_TEXT = [
  '', ' ', 'Café ☕ — “quoted” ‘single’', '😀👍🏽 emoji', '\ud83d', 'lone \udc00 low', 'e\u0301 combining', 'עברית RTL', '中文标题',
  '<b>bold</b> & "q" \'s\'', '  padded  ', 'line\nbreak', '0', '12.50', '1e3', ' 12 ', '0x10', '-0', 'true', 'null', 'x'.repeat(300),
];
const ODD_NUMBERS = [0, -1, 1e21, 1e-7, 9007199254740993, -1e15, 0.1, 123456.789, 1e300, -0.000001, 2147483648, 1700000000000];

/** One mutation: where (an index into the nodes, the template's names first) and what. */
export interface Mutation {
  at: number;
  named: boolean;
  to: 'remove' | 'null' | 'swap' | 'empty' | 'text' | 'number' | 'bool' | 'list' | 'object';
  pick: number;
}

export const mutation: fc.Arbitrary<Mutation> = fc.record({
  at: fc.nat(),
  // four times in five at a field the template names
  named: fc.nat(4).map((n) => n > 0),
  to: fc.constantFrom<Mutation['to']>('remove', 'remove', 'null', 'swap', 'swap', 'empty', 'text', 'text', 'number', 'bool', 'list', 'object'),
  pick: fc.nat(),
});

/** The names a template's tags read (path segments), to aim the mutations at fields that reach the output. */
export function namesOf(template: string): Set<string> {
  const names = new Set<string>();
  for (const tag of template.match(/\{[^{}\n]*\}/g) ?? []) for (const m of tag.matchAll(/[A-Za-z_$][\w$-]*/g)) names.add(m[0]);
  return names;
}

/** Another kind of value for the same field: a number as text and back, text as a list, an object as text. */
function swapped(old: unknown, pick: number): unknown {
  if (typeof old === 'number') return [String(old), old !== 0, [old]][pick % 3];
  if (typeof old === 'string') return [Number.isNaN(Number(old)) ? old.length : Number(old), [old], { value: old }][pick % 3];
  if (typeof old === 'boolean') return [old ? 1 : 0, String(old)][pick % 2];
  if (Array.isArray(old)) return [old[0] ?? null, { ...old }, old.length][pick % 3];
  if (typeof old === 'object' && old !== null) return [JSON.stringify(old).slice(0, 40), [old], Object.keys(old).length][pick % 3];
  return ['', 0, false][pick % 3];
}

/** Applies a mutation to a copy of `data`; says what it did, for the report. */
export function mutate(data: unknown, m: Mutation, names: Set<string>): { data: unknown; said: string } {
  const copy = structuredClone(data);
  const slots: [Record<string, unknown> | unknown[], string | number][] = [];
  const walk = (v: unknown, depth: number) => {
    if (depth > 12) return;
    if (Array.isArray(v)) v.forEach((x, i) => (slots.push([v, i]), walk(x, depth + 1)));
    else if (typeof v === 'object' && v !== null) for (const [k, x] of Object.entries(v)) slots.push([v as Record<string, unknown>, k]), walk(x, depth + 1);
  };
  walk(copy, 0);
  if (slots.length === 0) return { data: copy, said: 'nothing to mutate' };
  const aimed = m.named ? slots.filter(([, k]) => typeof k === 'string' && names.has(k)) : [];
  const from = aimed.length > 0 ? aimed : slots;
  const [holder, key] = from[m.at % from.length]!;
  const old = (holder as Record<string | number, unknown>)[key];
  let to: unknown;
  switch (m.to) {
    case 'remove':
      if (Array.isArray(holder)) holder.splice(key as number, 1);
      else delete holder[key as string];
      return { data: copy, said: `${String(key)} removed` };
    case 'null':
      to = null;
      break;
    case 'swap':
      to = swapped(old, m.pick);
      break;
    case 'empty':
      to = Array.isArray(old) ? [] : typeof old === 'object' && old !== null ? {} : typeof old === 'number' ? 0 : '';
      break;
    case 'text':
      to = ODD_TEXT[m.pick % ODD_TEXT.length];
      break;
    case 'number':
      to = ODD_NUMBERS[m.pick % ODD_NUMBERS.length];
      break;
    case 'bool':
      to = m.pick % 2 === 0;
      break;
    case 'list':
      to = [old, ODD_TEXT[m.pick % ODD_TEXT.length]];
      break;
    case 'object':
      to = { value: old, currency: ['usd', 'XXX', '', 'EUR'][m.pick % 4] };
      break;
  }
  (holder as Record<string | number, unknown>)[key] = to;
  return { data: copy, said: `${String(key)} → ${m.to}` };
}

// ---------------------------------------------------------------------------------------------------------
// Cases
// ---------------------------------------------------------------------------------------------------------

/** A context for a template: one of its own kind (and theme) most of the time, any other now and then. */
function contextFor(t: RealTemplate, contexts: RealContext[], pick: number, matched: boolean): RealContext {
  if (!matched || t.kind === 'any') return contexts[pick % contexts.length]!;
  const theme = t.origin.split('/')[0]!;
  const own = contexts.filter((c) => c.theme === theme && (t.kind === 'page' || c.kind === t.kind));
  const same = own.length > 0 ? own : contexts.filter((c) => c.kind === t.kind || t.kind === 'page');
  return same[pick % same.length]!;
}

/**
 * A case: a real template over a real context, matched to it (three times in four), mutated (one time in two)
 * one to three times. A fixture's template gets its own data half the time.
 */
export const realFuzzCase: fc.Arbitrary<RealCase> = fc
  .record({
    // three times in four a theme's template (a .region, .list, .item, .page, .block, a layout), else a fixture's
    theme: fc.nat(3).map((n) => n > 0),
    t: fc.nat(),
    pick: fc.nat(),
    matched: fc.nat(3).map((n) => n > 0),
    own: fc.boolean(),
    english: fc.boolean(),
    mutations: fc.oneof(fc.constant([] as Mutation[]), fc.array(mutation, { minLength: 1, maxLength: 3 })),
  })
  .map(({ theme, t, pick, matched, own, english, mutations }): RealCase => {
    const { templates, contexts } = realPool();
    const from = templates.filter((x) => (x.kind === 'any') !== theme);
    const template = from[t % from.length]!;
    const fixture = template.kind === 'any' && own ? contexts.find((c) => c.origin === template.origin) : undefined;
    const context = fixture ?? contextFor(template, contexts, pick, matched);
    const names = namesOf(template.template);
    let data = context.data;
    const said: string[] = [];
    for (const m of mutations) {
      const r = mutate(data, m, names);
      data = r.data;
      said.push(r.said);
    }
    return { template: template.template, data, partials: template.partials, injects: template.injects, locale: english ? 'en-US' : null, origin: template.origin, context: context.origin, mutations: said };
  });
