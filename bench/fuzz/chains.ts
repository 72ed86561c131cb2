/**
 * The third arm of the differential fuzz test: chains of one to three formatters drawn from the whole plugin
 * table (core, content, commerce, i18n, social), each with random arguments and separators (space, comma,
 * colon), over random values (numbers, numeric text, HTML, lists, objects, null, booleans), inside random
 * sections, predicates with `.or` branches and repeated sections with `.alternates with`. Where the first arm
 * covers the language and the second the suites' own cases, this one asks every formatter about every kind of
 * value and argument, which is where a platform formatter's coercions hide. Rendered like the grammar arm:
 * ours without locale data, as the reference renders without CLDR.
 */
import fc from 'fast-check';
import { DEFAULT_PLUGINS } from '../../engine/index.js';
import type { CaseExtras } from './compare.js';
import type { FuzzCase } from './generator.js';
import { fixturePool } from './fixture-pool.js';
import { EXCLUDED_FORMATTERS, EXCLUDED_PREDICATES, meetsChosenBehaviour } from './grammar.js';

export type ChainsCase = FuzzCase & CaseExtras;

/**
 * Left out, each for its reason: the formatters the reference only stubs or cannot run without CLDR, and
 * `cart-subtotal`, where the Java engine (the platform) and the reference disagree (grammar.ts lists them);
 * `units-metric?`, unimplemented in the reference.
 */
const FORMATTERS = [...DEFAULT_PLUGINS.formatters.keys()].filter((f) => !EXCLUDED_FORMATTERS.has(f)).sort();
const PREDICATES = [...DEFAULT_PLUGINS.predicates.keys()].filter((p) => !EXCLUDED_PREDICATES.has(p)).sort();

/** The data's keys, and so the paths' segments. */
const KEYS = ['a', 'b', 'c', 'n', 's'] as const;

/**
 * The field names the platform formatters read (priceMoney, structuredContent, originalSize, website…), as the
 * two suites' data writes them, most used first: objects of these fields with random values of every kind put
 * each platform formatter before fields of the wrong type, missing or empty.
 */
const counts = new Map<string, number>();
/** Every object the suites' data holds, at any depth (a product, its variant, a price, an image…), once each. */
const shapes = new Map<string, Record<string, unknown>>();
const walk = (v: unknown): void => {
  if (Array.isArray(v)) v.forEach(walk);
  else if (typeof v === 'object' && v !== null) {
    const json = JSON.stringify(v);
    if (Object.keys(v).length > 0 && json.length < 4000) shapes.set(json, v as Record<string, unknown>);
    for (const [k, x] of Object.entries(v)) {
      if (/^[A-Za-z][\w-]*$/.test(k)) counts.set(k, (counts.get(k) ?? 0) + 1);
      walk(x);
    }
  }
};
for (const f of fixturePool().fixtures) walk(f.data);
const PLATFORM_KEYS = [...counts].sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1)).slice(0, 200).map(([k]) => k);
const SHAPES = [...shapes.values()];

/** Replaces the `at`-th leaf (depth first, modulo their number) of a copy of `v` with `to`. */
function withLeaf(v: unknown, at: number, to: unknown): unknown {
  let i = 0;
  let leaves = 0;
  const count = (x: unknown): void => {
    if (typeof x === 'object' && x !== null) Object.values(x).forEach(count);
    else leaves++;
  };
  count(v);
  const target = leaves === 0 ? -1 : at % leaves;
  const copy = (x: unknown): unknown => {
    if (Array.isArray(x)) return x.map(copy);
    if (typeof x === 'object' && x !== null) return Object.fromEntries(Object.entries(x).map(([k, y]) => [k, copy(y)]));
    return i++ === target ? to : x;
  };
  return copy(v);
}

/** Values that the coercions treat differently: zero and signs, huge and tiny numbers, dates, numeric text, markup, URLs. */
const SCALARS: readonly unknown[] = [
  0, 1, -1, 2.5, 1e21, -0.0001, 17, 100, 1700000000000, '', ' ', '0', '12abc', 'abc', '3.7', '<b>x</b>',
  'a & b "q" \'s\'', 'Hello World -- test...', 'http://x.y/a b?c=d&e', '\u00fcmlaut \u2713', true, false, null,
  '2024-01-15', 'line\nbreak', '  padded  ',
];

const scalar = fc.constantFrom(...SCALARS);

/** One of the suites' objects with up to three of its leaves turned into values of other kinds. */
const shape = fc
  .tuple(fc.constantFrom(...SHAPES), fc.array(fc.tuple(fc.nat(), scalar), { maxLength: 3 }))
  .map(([v, changes]) => changes.reduce<unknown>((x, [at, to]) => withLeaf(x, at, to), v));

const value: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', maxDepth: 3, withCrossShrink: true },
    { weight: 6, arbitrary: scalar },
    { weight: 2, arbitrary: fc.array(tie('value'), { maxLength: 3 }) },
    { weight: 2, arbitrary: fc.dictionary(fc.constantFrom(...KEYS), tie('value'), { minKeys: 1, maxKeys: 4, noNullPrototype: true }) },
    { weight: 2, arbitrary: fc.dictionary(fc.constantFrom(...PLATFORM_KEYS), tie('value'), { minKeys: 1, maxKeys: 5, noNullPrototype: true }) },
    { weight: 2, arbitrary: shape },
  ),
})).value;

/**
 * The top-level data: an object of every key, `l` always a list of three, and a few platform fields (`website`,
 * `localizedStrings`, `productMerchandisingContext`… which some formatters look up from the page).
 */
const data = fc
  .tuple(
    fc.record({ a: value, b: value, c: value, n: scalar, s: scalar, l: fc.tuple(value, value, value) }, { noNullPrototype: true }),
    fc.dictionary(fc.constantFrom(...PLATFORM_KEYS), value, { maxKeys: 3, noNullPrototype: true }),
    fc.option(shape, { freq: 3, nil: {} }),
  )
  .map(([own, platform, page]) => ({ ...(page as object), ...platform, ...own }));

/** Formatter and predicate arguments: numbers, words, quotes, commas inside an argument, date patterns, options. */
const ARGUMENTS = ['1', '2', '0', '-1', '3.5', 'a', 'b', 'x y', '"q"', "'s'", 'foo,bar', '%Y-%m-%d', 'date:short', 'USD', 'en-US', '10', '\u2026'];

const args = fc
  .array(fc.tuple(fc.constantFrom(' ', ',', ':', ' '), fc.constantFrom(...ARGUMENTS)), { maxLength: 2 })
  .map((xs) => xs.map(([sep, arg]) => sep + arg).join(''));

const PATHS = ['a', 'b', 'c', 'n', 's', '@', 'a.b', 'a.0', 'l', 'missing', 'a.n.s'];
const path = fc.constantFrom(...PATHS);

const chain = fc
  .tuple(path, fc.array(fc.tuple(fc.constantFrom(...FORMATTERS), args), { minLength: 1, maxLength: 3 }))
  .map(([p, fs]) => `{${p}${fs.map(([f, a]) => `|${f}${a}`).join('')}}`);

const text = fc.constantFrom('x', ' ', '\n', '<p>', '{', '}');

const node = fc.letrec<{ node: string }>((tie) => {
  const node = tie('node');
  return {
    node: fc.oneof(
      { depthSize: 'small', maxDepth: 3, withCrossShrink: true },
      { weight: 35, arbitrary: chain },
      { weight: 15, arbitrary: text },
      { weight: 15, arbitrary: fc.tuple(fc.constantFrom(...PREDICATES), args, node, node).map(([p, a, yes, no]) => `{.${p}${a}}${yes}{.or}${no}{.end}`) },
      { weight: 10, arbitrary: fc.tuple(path, node).map(([p, body]) => `{.section ${p}}${body}{.end}`) },
      { weight: 10, arbitrary: fc.tuple(path, node, node).map(([p, body, alt]) => `{.repeated section ${p}}${body}{.alternates with}${alt}{.end}`) },
      { weight: 15, arbitrary: fc.tuple(node, node).map(([x, y]) => x + y) },
    ),
  };
}).node;

/**
 * A case's template: two to four nodes, at least one a chain. One node alone was a lone text or a chain that
 * printed nothing one time in two, and one case in five held no tag (issue 29).
 */
const template = fc
  .tuple(chain, fc.array(node, { minLength: 1, maxLength: 3 }), fc.nat())
  .map(([c, rest, at]) => [...rest.slice(0, at % (rest.length + 1)), c, ...rest.slice(at % (rest.length + 1))].join(''));

/**
 * Platform markup that escapes the fields and arguments it writes into attributes (`&`, `<`, `>`, `"`), where
 * the reference writes them raw, which breaks the markup on a title with a quote (docs/engine.md, "what we decided").
 */
const ESCAPING_MARKUP = [
  'comments', 'comment-link', 'like-button', 'social-button', 'social-button-inline', 'twitter-follow-button', 'add-to-cart-btn',
  'product-checkout', 'product-quick-view', 'summary-form-field',
];
const MARKUP_TAG = new RegExp(`\\{[^{}]*\\|\\s*(?:${ESCAPING_MARKUP.join('|')})(?![\\w-])[^{}]*\\}`, 'g');

/** Whether a case gives escaping markup something to escape (in its data, or in the arguments of the tag). */
function escapesMarkup(c: ChainsCase): boolean {
  const tags = c.template.match(MARKUP_TAG);
  return tags !== null && (/[<>&]|\\"/.test(JSON.stringify(c.data)) || tags.some((t) => /["&<>]/.test(t)));
}

/** Whether the chains arm may produce a case (and so its shrink may step into it): no behaviour we chose. */
export function chainsAllowed(c: ChainsCase): boolean {
  return !meetsChosenBehaviour(c) && !escapesMarkup(c);
}

export const chainsFuzzCase: fc.Arbitrary<ChainsCase> = fc
  .record({ template, data })
  .map((c): ChainsCase => ({ ...c, locale: null }))
  .filter(chainsAllowed);
