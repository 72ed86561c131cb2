/**
 * The edits arm of the differential fuzz test (issue 23): random edits of real templates (the corpus themes',
 * the default theme's, the benchmark page's and the conformance fixtures', as the real arm reads them, with
 * their partials), rendered over a page context of their own kind, as someone editing a theme would break
 * them: a formatter swapped for another of the plugin table, arguments added, dropped or replaced, a predicate
 * changed, a span wrapped in `.section`, `.repeated section`, `.if` or a predicate, `.alternates with` added, a
 * path pointed at a missing or outer name, whitespace and newlines inside tags, tags unbalanced (an `.end`
 * dropped or doubled, a stray `.or`, a brace lost). Compared on the output and on whether each engine reports an
 * error (ours: problems of severity `error`; the reference: its parse and render `errors`). Half the cases
 * render in `en-US` with locale data (the reference given CLDR), half without, as the real arm does.
 */
import fc from 'fast-check';
import { DEFAULT_PLUGINS } from '../../engine/index.js';
import type { CaseExtras } from './compare.js';
import { fixturePool } from './fixture-pool.js';
import type { FuzzCase } from './generator.js';
import { EXCLUDED_FORMATTERS, EXCLUDED_PREDICATES } from './grammar.js';
import { namesOf, realPool, type RealTemplate } from './real.js';

export type EditsCase = FuzzCase & CaseExtras & { origin: string; edits: string[] };

/** The plugin table's names, less those the reference only stubs or cannot run without CLDR (grammar.ts says why). */
const FORMATTERS = [...DEFAULT_PLUGINS.formatters.keys()].filter((f) => !EXCLUDED_FORMATTERS.has(f)).sort();
const PREDICATES = [...DEFAULT_PLUGINS.predicates.keys()].filter((p) => !EXCLUDED_PREDICATES.has(p)).sort();

/** Arguments an edit gives: the suites' own for the name, numbers, words, options, odd separators. */
const ARGUMENTS = ['1', '2', '0', '-1', '3.5', '100', 'x', 'foo', 'title', 'items', '"q"', "'s'", 'a,b', '%Y-%m-%d', 'date:short', 'time:long', 'yMMMd', 'USD', 'usd', 'en-US', 'de', '…', '', 'private', 'k=v'];
const SEPARATORS = [' ', ' ', ' ', ',', ':', '  '];
const OUTER = ['website', 'websiteSettings', 'collection', 'item', 'items', 'title', 'fullUrl', 'website.siteTitle', 'collection.title', 'items.0', 'item.title', '@', '@index', 'missing', 'nosuch.deep', 'length', 'id', 'assetUrl'];
const WHITESPACE = [' ', '  ', '\n', '\t', '\r\n', ' \n '];
const BLOCK_TEXT = ['x', ' ', '<br>', '{@}', '{title}', '{@index}', ''];

type Piece = { text: string; tag: boolean };

function pieces(template: string): Piece[] {
  return (template.match(/\{[^{}]*\}|[^{}]+|[{}]/g) ?? []).map((text) => ({ text, tag: text.length > 1 && text.startsWith('{') && text.endsWith('}') }));
}

/** Random choices for one edit, drawn up front so a case is a plain value fast-check can replay. */
interface Edit {
  kind: 'formatter' | 'args' | 'predicate' | 'wrap' | 'alternates' | 'path' | 'space' | 'unbalance';
  at: number;
  span: number;
  pick: number;
  pick2: number;
}

const edit: fc.Arbitrary<Edit> = fc.record({
  kind: fc.constantFrom<Edit['kind']>('formatter', 'formatter', 'args', 'args', 'predicate', 'wrap', 'wrap', 'alternates', 'path', 'path', 'space', 'unbalance'),
  at: fc.nat(),
  span: fc.nat(6),
  pick: fc.nat(),
  pick2: fc.nat(),
});

const of = <T>(xs: readonly T[], n: number): T => xs[n % xs.length]!;

function args(e: Edit, name: string): string {
  const mined = fixturePool().argsByName.get(name) ?? [];
  if (mined.length > 0 && e.pick2 % 3 === 0) return of(mined, e.pick2 >> 2);
  const n = e.pick2 % 3;
  let out = '';
  for (let i = 0; i < n; i++) out += of(SEPARATORS, e.pick2 >> (3 + i)) + of(ARGUMENTS, (e.pick2 >> (6 + 3 * i)) + i);
  return out;
}

/** Formatter segments of a variable tag: `|name args` with their offsets in the tag. */
function formatterSegments(tag: string): { from: number; to: number; name: string; nameEnd: number }[] {
  const out: { from: number; to: number; name: string; nameEnd: number }[] = [];
  if (tag.startsWith('{.') || tag.startsWith('{#')) {
    // .var and .if bodies carry formatters too
    if (!/^\{\.var\s/.test(tag)) return out;
  }
  const re = /\|\s*([A-Za-z][\w-]*)([^|}]*)/g;
  for (let m = re.exec(tag); m !== null; m = re.exec(tag)) out.push({ from: m.index, to: m.index + m[0].length, name: m[1]!, nameEnd: m.index + m[0].length - m[2]!.length });
  return out;
}

/** Applies one edit to the template's pieces; says what it did. */
function apply(ps: Piece[], e: Edit, names: string[]): string {
  const tagAt = (pred: (t: string) => boolean): number => {
    const idx = ps.map((p, i) => (p.tag && pred(p.text) ? i : -1)).filter((i) => i >= 0);
    return idx.length === 0 ? -1 : of(idx, e.at);
  };
  const path = () => (e.pick % 2 === 0 && names.length > 0 ? of(names, e.pick >> 1) : of(OUTER, e.pick >> 1));
  switch (e.kind) {
    case 'formatter':
    case 'args': {
      const i = tagAt((t) => formatterSegments(t).length > 0);
      if (i < 0) return apply(ps, { ...e, kind: 'wrap' }, names);
      const tag = ps[i]!.text;
      const segs = formatterSegments(tag);
      const s = of(segs, e.span);
      if (e.kind === 'formatter') {
        const to = of(FORMATTERS, e.pick);
        ps[i] = { text: `${tag.slice(0, s.from)}|${to}${e.pick2 % 2 === 0 ? tag.slice(s.nameEnd, s.to) : args(e, to)}${tag.slice(s.to)}`, tag: true };
        return `|${s.name} → |${to}`;
      }
      const given = tag.slice(s.nameEnd, s.to);
      const next = e.pick % 3 === 0 || given === '' ? args({ ...e, pick2: e.pick2 | 1 }, s.name) : e.pick % 3 === 1 ? '' : given + args({ ...e, pick2: e.pick2 | 1 }, s.name);
      ps[i] = { text: `${tag.slice(0, s.nameEnd)}${next}${tag.slice(s.to)}`, tag: true };
      return `|${s.name}: ${JSON.stringify(given)} → ${JSON.stringify(next)}`;
    }
    case 'predicate': {
      const i = tagAt((t) => /^\{\.(?:or\s+|if\s+)?[A-Za-z][\w-]*\?/.test(t));
      const to = of(PREDICATES, e.pick);
      if (i < 0 || e.span === 0) {
        // a new predicate block around a piece
        const at = e.at % (ps.length + 1);
        ps.splice(at, Math.min(e.span, 2), { text: `{.${to}${args(e, to)}}${ps.slice(at, at + Math.min(e.span, 2)).map((p) => p.text).join('')}{.or}${of(BLOCK_TEXT, e.pick2)}{.end}`, tag: false });
        return `new {.${to}} block`;
      }
      const tag = ps[i]!.text;
      ps[i] = { text: tag.replace(/[A-Za-z][\w-]*\?[^}]*/, `${to}${e.pick2 % 2 === 0 ? (/\?([^}]*)/.exec(tag)?.[1] ?? '') : args(e, to)}`), tag: true };
      return `${tag} → ${ps[i]!.text}`;
    }
    case 'wrap': {
      const at = e.at % (ps.length + 1);
      const span = Math.min(e.span + 1, ps.length - at);
      const opening = [`{.section ${path()}}`, `{.repeated section ${path()}}`, `{.if ${path()}}`, `{.if ${path()} || ${path()}}`, `{.${of(PREDICATES, e.pick2)}}`][e.pick2 % 5]!;
      const body = ps.slice(at, at + span).map((p) => p.text).join('');
      ps.splice(at, span, { text: `${opening}${body}${e.pick % 3 === 0 ? `{.or}${of(BLOCK_TEXT, e.pick2)}` : ''}{.end}`, tag: false });
      return `wrapped ${span} piece(s) in ${opening}`;
    }
    case 'alternates': {
      const r = tagAt((t) => t.startsWith('{.repeated section'));
      const at = r < 0 ? e.at % (ps.length + 1) : r + 1 + (e.span % Math.max(1, ps.length - r));
      const text = `{.alternates with}${of(BLOCK_TEXT, e.pick)}`;
      if (r < 0) ps.splice(at, 0, { text: `{.repeated section ${path()}}{@}${text}{.end}`, tag: false });
      else ps.splice(Math.min(at, ps.length), 0, { text, tag: false });
      return r < 0 ? 'new repeated section with .alternates with' : `.alternates with after ${ps[r]!.text}`;
    }
    case 'path': {
      const i = tagAt((t) => /^\{[A-Za-z@$][\w.@$-]*[\s|}]/.test(t) || /^\{\.(section|repeated section|var @\w+|if)\s/.test(t));
      if (i < 0) return apply(ps, { ...e, kind: 'space' }, names);
      const tag = ps[i]!.text;
      const to = path();
      const m = /^(\{(?:\.section\s+|\.repeated section\s+|\.var\s+@[\w-]+\s+|\.if\s+)?)([A-Za-z@$][\w.@$-]*)/.exec(tag);
      if (m === null) return 'no path';
      ps[i] = { text: `${m[1]}${to}${tag.slice(m[0].length)}`, tag: true };
      return `${m[2]} → ${to}`;
    }
    case 'space': {
      const i = tagAt(() => true);
      if (i < 0) return 'no tag';
      const tag = ps[i]!.text;
      const spots = [1, tag.length - 1, ...[...tag.matchAll(/[|.\s]/g)].flatMap((m) => [m.index!, m.index! + 1])];
      const at = of(spots, e.pick);
      ps[i] = { text: tag.slice(0, at) + of(WHITESPACE, e.pick2) + tag.slice(at), tag: true };
      return `whitespace inside ${tag}`;
    }
    case 'unbalance': {
      const what = e.pick % 5;
      if (what === 0) {
        const i = tagAt((t) => /^\{\.end\}$/.test(t));
        if (i >= 0) {
          ps.splice(i, 1);
          return 'an .end dropped';
        }
      }
      if (what === 1) {
        const i = tagAt((t) => /^\{\.(section|repeated|if|[A-Za-z][\w-]*\?)/.test(t));
        if (i >= 0) {
          ps.splice(i, 0, ps[i]!);
          return `${ps[i]!.text} doubled`;
        }
      }
      const at = e.at % (ps.length + 1);
      const stray = ['{.end}', '{.or}', '{.alternates with}', '{', '}'][e.pick2 % 5]!;
      if (what === 2 && ps.some((p) => p.tag)) {
        const i = tagAt(() => true);
        const tag = ps[i]!.text;
        ps[i] = { text: e.pick2 % 2 === 0 ? tag.slice(1) : tag.slice(0, -1), tag: false };
        return `a brace of ${tag} lost`;
      }
      ps.splice(at, 0, { text: stray, tag: stray.length > 1 });
      return `stray ${stray}`;
    }
  }
}

/** A template of the pool with its own kind of data: a fixture with its data, a theme template with a page of its kind. */
function dataFor(t: RealTemplate, pick: number): unknown {
  const { contexts } = realPool();
  if (t.kind === 'any') return contexts.find((c) => c.origin === t.origin)?.data ?? {};
  const theme = t.origin.split('/')[0]!;
  const own = contexts.filter((c) => c.theme === theme && (t.kind === 'page' || c.kind === t.kind));
  const same = own.length > 0 ? own : contexts.filter((c) => c.theme !== null && (t.kind === 'page' || c.kind === t.kind));
  return of(same, pick).data;
}

/** A case: a real template (a theme's two times in three, else a fixture's) with one to three edits. */
export const editsFuzzCase: fc.Arbitrary<EditsCase> = fc
  .record({ theme: fc.nat(2).map((n) => n > 0), t: fc.nat(), pick: fc.nat(), english: fc.boolean(), edits: fc.array(edit, { minLength: 1, maxLength: 3 }) })
  .map(({ theme, t, pick, english, edits }): EditsCase => {
    const from = realPool().templates.filter((x) => (x.kind === 'any') !== theme);
    const template = of(from, t);
    const data = dataFor(template, pick);
    const names = [...namesOf(template.template)].filter((n) => !/^(section|repeated|end|or|if|var|alternates|with)$/.test(n) && !n.endsWith('?'));
    const ps = pieces(template.template);
    const said = edits.map((e) => apply(ps, e, names));
    return { template: ps.map((p) => p.text).join(''), data, partials: template.partials, injects: template.injects, locale: english ? 'en-US' : null, origin: template.origin, edits: said };
  });
