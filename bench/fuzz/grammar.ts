/**
 * The grammar generator: a second, independent arm of the differential fuzz test. It builds JSON-T templates
 * from the language's grammar (LANGUAGE.md) and from what the two shared conformance suites write (their tags,
 * their formatter arguments, their data, mutated), over data whose keys the templates' paths share, with
 * partials and injectables. Three kinds of case:
 * - grammar: a random template of every instruction, nested, over random data of the shared key vocabulary;
 * - fixture: a conformance fixture's data, mutated, under a template of its own tags shuffled among new ones;
 * - mangled: a grammar template with characters deleted, braces inserted, blocks cut, to probe the lexer and
 *   the assembler's recovery.
 * Every part is a fast-check arbitrary, so a difference shrinks to a small template and data.
 */
import fc from 'fast-check';
import { DEFAULT_PLUGINS, render, type PluginTable } from '../../engine/index.js';
import { inJulianRange } from '../../engine/i18n/datetime-value.js';
import { toNumber } from '../../engine/values.js';
import type { CaseExtras } from './compare.js';
import { fixturePool, type MinedFixture } from './fixture-pool.js';
import type { FuzzCase } from './generator.js';

/** A case for both engines: everything a render needs. `locale: null` pairs with the reference run without CLDR. */
export interface GrammarCase {
  template: string;
  data: unknown;
  partials: Record<string, string>;
  injects: Record<string, unknown>;
  locale: null;
}

type Arb<T> = fc.Arbitrary<T>;
type Part = Arb<string> | string;

/** Concatenation of parts, each a fixed string or an arbitrary. */
function seq(...parts: Part[]): Arb<string> {
  return fc.tuple(...parts.map((p) => (typeof p === 'string' ? fc.constant(p) : p))).map((xs) => xs.join(''));
}

function pick<T>(...values: T[]): Arb<T> {
  return fc.constantFrom(...values);
}

function maybe(part: Part, freq = 2): Arb<string> {
  const arb = typeof part === 'string' ? fc.constant(part) : part;
  return fc.option(arb, { freq, nil: '' }) as Arb<string>;
}

function joined(item: Arb<string>, sep: Arb<string> | string, min: number, max: number): Arb<string> {
  const seps = typeof sep === 'string' ? fc.constant(sep) : sep;
  return fc.array(fc.tuple(seps, item), { minLength: min, maxLength: max }).map((xs) => xs.map(([s, x], i) => (i === 0 ? x : s + x)).join(''));
}

// ---------------------------------------------------------------------------------------------------------
// What is left out, and why. Each exclusion is a behaviour the project decided, or one the harness cannot
// compare; everything else in the registry is generated.
// ---------------------------------------------------------------------------------------------------------

/**
 * Formatters the reference only stubs (prints its input) where we format properly, as the conformance README
 * asks; `timesince` needs the reference's CLDR, which the harness does not load (it prints "Invalid date.");
 * `cart-subtotal` is one where the Java engine (the platform) and the reference disagree and Java wins.
 */
export const EXCLUDED_FORMATTERS = new Set(['money-format', 'moneyFormat', 'money-string', 'i18n-money-format', 'unit', 'datetimefield', 'timesince', 'cart-subtotal']);
/** `units-metric?` is unimplemented in the reference. */
export const EXCLUDED_PREDICATES = new Set(['units-metric?']);

/**
 * `length` is never a key: inside a loop over a list the reference reads the list's JavaScript `length`, an
 * artefact we chose not to copy (docs/engine.md, "Behaviour we chose").
 */
const KEYS = ['a', 'b', 'c', 'n', 'x', 'y', 'items', 'list', 'title', 'price', 'name', 'obj', 's', 'flag', 'num', 'empty', 'url', 'body', '$foo', 'a-b', 'k_1', 'Z9', 'debug', 'website', 'item', 'collection'];
const INDEX_SEGMENTS = ['0', '1', '2', '10'];
const LOCALS = ['@v', '@w', '@args', '@x-y', '@foo'];
const MACROS = ['m', 'm2', 'emit.it', 'p1'];
const PARTIALS = ['p1', 'p2', 'broken', 'nope'];
const INJECT_PATHS = ['inj.json', 'other', 'nope.json'];
/**
 * What `apply` and `.include` name: the two partials every case has, nine times in ten; else any name (a
 * macro the template may not define, a partial that does not parse or does not exist: an error in both).
 */
const TARGET = fc.oneof({ weight: 9, arbitrary: fc.constantFrom('p1', 'p2') }, { weight: 1, arbitrary: fc.constantFrom(...MACROS, ...PARTIALS) });

// ---------------------------------------------------------------------------------------------------------
// Data
// ---------------------------------------------------------------------------------------------------------

const NUMBERS = [0, 1, -1, 2, 3, 5, 7, 10, 12, 100, 1000, 0.5, 1.5, 2.5, -2.75, 1.005, 0.1, 12.499, 1e21, 1e-7, 123456789012, 2 ** 53, -0.5, 1700000000000, 1577836800000, -86400000, 99.99];
const STRINGS = [
  '', ' ', '0', '1', '2', '12', '-3', '12.50', '1.0', '1e3', '0x1F', ' 7 ', '12abc', 'abc', 'NaN', 'Infinity', '-Infinity',
  'true', 'false', 'null', '<b>bold</b> & "quoted" \'single\'', 'a b\tc\nd', 'é ü ß', '中文', '😀 emoji', 'x'.repeat(120),
  '{a}', '{.section a}', '--- -- ...', '"Hello," she said. \'Yes\'', 'https://x.test/a b?c=d&e=f#g', ' spaced  out ', 'UPPER lower',
  'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor', '2024-01-15', '1700000000000', '\u2028\u00a0', '%20%',
];

const scalar: Arb<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom<unknown>(...NUMBERS) },
  { weight: 1, arbitrary: fc.integer({ min: -50, max: 50 }) },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }) },
  { weight: 4, arbitrary: fc.constantFrom<unknown>(...STRINGS) },
  { weight: 1, arbitrary: fc.string({ maxLength: 8, unit: 'binary' }) },
  { weight: 2, arbitrary: fc.constantFrom<unknown>(null, true, false) },
);

const dataKey = fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...KEYS) }, { weight: 1, arbitrary: fc.constantFrom('0', '1', 'key with space', 'ü', '') });

const { json } = fc.letrec<{ json: unknown; array: unknown[]; object: Record<string, unknown> }>((tie) => ({
  json: fc.oneof({ depthSize: 'small', maxDepth: 4, withCrossShrink: true }, scalar, tie('array'), tie('object')),
  array: fc.array(tie('json'), { maxLength: 4 }),
  object: fc.dictionary(dataKey, tie('json'), { maxKeys: 5, noNullPrototype: true }),
}));

/** A root object that holds most of the vocabulary, so the templates' paths usually find something. */
const rootData: Arb<unknown> = fc.oneof(
  { weight: 8, arbitrary: fc.dictionary(dataKey, json, { minKeys: 2, maxKeys: 9, noNullPrototype: true }) },
  { weight: 1, arbitrary: json },
);

// ---------------------------------------------------------------------------------------------------------
// Paths, arguments, expressions
// ---------------------------------------------------------------------------------------------------------

const word = fc.constantFrom(...KEYS);
const segment = fc.oneof({ weight: 5, arbitrary: word }, { weight: 2, arbitrary: fc.constantFrom(...INDEX_SEGMENTS) }, { weight: 1, arbitrary: fc.constant('@') });
const firstSegment = fc.oneof(
  { weight: 8, arbitrary: word },
  { weight: 3, arbitrary: fc.constantFrom('@', '@index', '@index0') },
  { weight: 2, arbitrary: fc.constantFrom(...LOCALS) },
  { weight: 1, arbitrary: fc.constantFrom(...INDEX_SEGMENTS) },
);
const goodPath = seq(firstSegment, fc.array(seq('.', segment), { maxLength: 2 }).map((xs) => xs.join('')));
/** Paths the grammar refuses: the tag must come out as text in both engines. */
const badPath = fc.constantFrom('a..b', 'a.', '.a', '1a', '-a', '@@', 'a.@b', '@index.', '$', 'a b', 'a,', '@1');
const path = fc.oneof({ weight: 20, arbitrary: goodPath }, { weight: 1, arbitrary: badPath });

const jsonLiteral = fc.constantFrom('"b"', '"3"', '"Federal Express"', '""', '3', '4', '0', '-1', '1.5', '12', 'true', 'false', 'null', '[1,2]', '{"a":1}', '"a b"', "'q'", '1e2');
const predicateArg = fc.oneof({ weight: 3, arbitrary: goodPath }, { weight: 2, arbitrary: jsonLiteral }, { weight: 1, arbitrary: fc.constantFrom('x y', '-', '5px', '3abc') });
const bareToken = fc.oneof(fc.constantFrom('a', 'foo', 'bar', 'item', 'items', '1', '3', '-2', '0', '2.5', '…', '!!', '', 'x y', 'é', '<i>', '"q"', '=', 'k=v', 'private', 'output'), goodPath);

/** An argument string: a delimiter, then tokens separated by it (odd delimiters and empty tokens included). */
function argString(tokens: Arb<string[]>, delimiters: Arb<string> = fc.constantFrom(' ', ' ', ' ', ' ', ':', ',', '#', '/')): Arb<string> {
  return fc.tuple(delimiters, tokens).map(([d, ts]) => (ts.length === 0 ? '' : d + ts.join(d)));
}

const STRFTIME = ['%a', '%A', '%b', '%B', '%c', '%C', '%d', '%D', '%e', '%F', '%H', '%I', '%j', '%k', '%l', '%m', '%M', '%n', '%p', '%P', '%q', '%r', '%R', '%s', '%S', '%T', '%u', '%U', '%w', '%x', '%X', '%y', '%Y', '%z', '%Z', '%%', '%Q', '-', ' ', ':', '/', 'at', '%'];

const pool = fixturePool();

/** Arguments a formatter is given: made for the core ones, mined from the fixtures for the platform ones. */
function formatterArgs(name: string): Arb<string> {
  const mined = pool.argsByName.get(name) ?? [];
  const made = ((): Arb<string> => {
    switch (name) {
      case 'apply':
        return seq(' ', TARGET, maybe(' private', 3), maybe(seq(' ', joined(seq(fc.constantFrom('k', 'cls', 'a', 'foo'), '=', bareToken), ' ', 1, 3)), 2));
      case 'date':
        return argString(fc.array(fc.constantFrom(...STRFTIME), { minLength: 1, maxLength: 5 }).map((xs) => [xs.join('')]), fc.constant(' '));
      case 'truncate':
        return argString(fc.tuple(fc.constantFrom('0', '1', '3', '5', '10', '28', '100', '-1', 'x', '2.5'), fc.option(fc.constantFrom('...', '…', '!!', '', ' ! '), { nil: undefined })).map(([n, e]) => (e === undefined ? [n] : [n, e])));
      case 'mod':
      case 'round':
        return argString(fc.array(fc.constantFrom('2', '3', '0', '-2', '1.5', 'x', ''), { maxLength: 2 }));
      case 'cycle':
      case 'output':
      case 'pluralize':
        return argString(fc.array(bareToken, { maxLength: 4 }));
      case 'format':
      case 'get':
      case 'prop':
      case 'key-by':
      case 'lookup':
        return argString(fc.array(goodPath, { maxLength: 3 }));
      default:
        return argString(fc.array(bareToken, { maxLength: 2 }));
    }
  })();
  // `apply` names what it applies (a macro or partial of this case): without, or with a fixture's name, it is an error
  if (name === 'apply') return made;
  if (mined.length === 0) return fc.oneof({ weight: 3, arbitrary: fc.constant('') }, { weight: 2, arbitrary: made });
  return fc.oneof({ weight: 2, arbitrary: fc.constant('') }, { weight: 2, arbitrary: made }, { weight: 2, arbitrary: fc.constantFrom(...mined) });
}

/** The names to draw from: the registry's (read through the mined fixtures and this list), minus the exclusions. */
const CORE_FORMATTERS = ['apply', 'count', 'cycle', 'date', 'encode-space', 'encode-uri', 'encode-uri-component', 'format', 'get', 'html', 'htmlattr', 'htmltag', 'iter', 'json', 'json-pretty', 'key-by', 'lookup', 'mod', 'output', 'pluralize', 'prop', 'raw', 'round', 'safe', 'slugify', 'smartypants', 'str', 'truncate', 'url-encode'];
const PLATFORM_FORMATTERS = [
  'comments', 'comment-link', 'comment-count', 'like-button', 'social-button', 'social-button-inline', 'twitter-follow-button', 'activate-twitter-links', 'google-calendar-url',
  'image-meta', 'child-image-meta', 'cover-image-meta', 'image', 'image-srcset', 'image-color', 'width', 'height', 'resizedHeightForWidth', 'resizedWidthForHeight',
  'squarespaceThumbnailForWidth', 'squarespaceThumbnailForHeight', 'video', 'audio-player', 'humanizeDuration', 'item-classes', 'AbsUrl', 'capitalize', 'color-weight', 'website-color',
  'message', 'plural', 'datetime', 'datetime-interval', 'relative-time', 'decimal', 'money', 'bookkeeper-money-format', 'percentage-format',
  'normal-price', 'sale-price', 'from-price', 'product-price', 'subscription-price', 'product-status', 'add-to-cart-btn', 'variants-select', 'quantity-input', 'product-scarcity',
  'product-restock-notification', 'product-quick-view', 'product-checkout', 'variant-descriptor', 'cart-quantity', 'cart-url', 'summary-form-field',
];
const CORE_PREDICATES = ['debug?', 'equal?', 'notEqual?', 'greaterThan?', 'greaterThanOrEqual?', 'lessThan?', 'lessThanOrEqual?', 'even?', 'odd?', 'nth?', 'plural?', 'singular?'];
const PLATFORM_PREDICATES = [
  'background-source-upload?', 'background-source-instagram?', 'background-source-video?', 'background-source-none?', 'comments?', 'disqus?', 'undefined?', 'text?', 'image?', 'quote?', 'link?',
  'audio?', 'video?', 'store-item?', 'event?', 'gallery?', 'binary?', 'css-asset?', 'tweak-asset?', 'digital-good?', 'attachment?', 'wordpress-export?', 'json-export?', 'site-search?', 'active-time?',
  'tweet?', 'checkin?', 'kbarticle?', 'promotedMAP?', 'promotedEMBED?', 'promotedIMAGE?', 'promotedCODE?', 'promotedQUOTE?', 'promotedTWITTER?', 'promotedLINK?', 'promotedVIDEO?',
  'promotedFOURSQUARE?', 'promotedINSTAGRAM?', 'promotedFORM?', 'external-video?', 'collection?', 'folder?', 'index?', 'redirect?', 'clickable?', 'collection-page?', 'collection-template-page?',
  'collectionTypeNameEquals?', 'main-image?', 'child-images?', 'excerpt?', 'external-link?', 'location?', 'passthrough?', 'same-day?', 'show-past-events?', 'calendar-view?', 'serviceNameEmail?',
  'has-multiple?', 'gallery-design-grid?', 'gallery-design-slideshow?', 'gallery-design-slider?', 'gallery-design-stacked?', 'gallery-meta-position-top?', 'gallery-meta-position-bottom-right?',
  'gallery-active-alignment-center?', 'gallery-autoplay?', 'gallery-auto-crop?', 'gallery-controls?', 'gallery-lightbox?', 'gallery-square-thumbs?', 'gallery-show-meta?',
  'gallery-show-meta-on-hover?', 'gallery-thumbnails?', 'gallery-meta?', 'current-type?', 'on-sale?', 'sold-out?', 'has-variants?', 'varied-prices?',
];

const formatterName = fc.oneof(
  { weight: 60, arbitrary: fc.constantFrom(...CORE_FORMATTERS) },
  { weight: 20, arbitrary: fc.constantFrom(...PLATFORM_FORMATTERS) },
  // unknown names one time in 81: a template with one fails to compile in both engines (issue 29)
  { weight: 1, arbitrary: fc.constantFrom('nosuch', 'HTML', 'json-Pretty', 'date2', 'a_b') },
);
const formatter: Arb<string> = formatterName.chain((name) => seq('|', name, formatterArgs(name)));
const formatters = fc.array(formatter, { maxLength: 3 }).map((xs) => xs.join(''));

function predicateArgs(name: string): Arb<string> {
  const mined = pool.argsByName.get(name) ?? [];
  const delimiter = fc.constantFrom(' ', ' ', ' ', ' ', ':', ',', '|', '  ');
  const made = ['equal?', 'notEqual?', 'greaterThan?', 'greaterThanOrEqual?', 'lessThan?', 'lessThanOrEqual?', 'nth?', 'collectionTypeNameEquals?'].includes(name)
    ? argString(fc.array(predicateArg, { maxLength: 3 }), delimiter)
    : argString(fc.array(predicateArg, { maxLength: 1 }), delimiter);
  const choices = [{ weight: 1, arbitrary: fc.constant('') }, { weight: 3, arbitrary: made }];
  if (mined.length > 0) choices.push({ weight: 2, arbitrary: fc.constantFrom(...mined) });
  return fc.oneof(...choices);
}

const predicateName = fc.oneof(
  { weight: 30, arbitrary: fc.constantFrom(...CORE_PREDICATES) },
  { weight: 15, arbitrary: fc.constantFrom(...PLATFORM_PREDICATES) },
  { weight: 1, arbitrary: fc.constantFrom('nosuch?', 'Equal?', 'equal', 'even??') },
);
/** `name? args` as it follows `{.` or `{.or ` or `{.if `. */
const predicateCall: Arb<string> = predicateName.chain((name) => seq(name, predicateArgs(name)));

/**
 * An `.eval` expression. `bad` draws also what does not parse or evaluate (`.5`, `1..2`, `'\\xZZ'`, an
 * unterminated string, unknown functions, `=<`, `<>`, ` ? `); one expression in ten is drawn so: drawn always,
 * they made one case in five fail to compile (issue 29).
 */
function expressions(bad: boolean): Arb<string> {
  const numbers = ['0', '1', '2', '3', '7', '10', '0.5', '1.', '1e3', '2E-2', '1e+2', '0x1F', '0xff', '1000000', '1.5', '-1', '0.1', '08'];
  const strings = ["'a'", '"b"', "''", "'12'", "' 3 '", "'0x10'", "'x\\ny'", "'\\x41'", "'\\u00e9'", "'\\U0001F600'", "'\\q'", '"<b>&"', "'a\\'b'"];
  const functions = ['max', 'min', 'abs', 'num', 'str', 'bool'];
  const operators = [' + ', ' - ', ' * ', ' / ', ' % ', ' ** ', ' << ', ' >> ', ' < ', ' > ', ' <= ', ' >= ', ' == ', ' != ', ' === ', ' !== ', ' & ', ' ^ ', ' | ', ' && ', ' || ', '+', '*', '=='];
  const { expr } = fc.letrec<{ expr: string; atom: string }>((tie) => ({
    atom: fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...numbers) },
      { weight: bad ? 1 : 0, arbitrary: fc.constantFrom('.5', '1..2', '1e', '0x', '1e1.5', '1_0') },
      { weight: 3, arbitrary: fc.constantFrom(...strings, ...(bad ? ["'\\xZZ'", "'\\u12'", "'unterminated"] : [])) },
      { weight: 2, arbitrary: fc.constantFrom('null', 'true', 'false', 'PI', 'E', 'Infinity', 'NaN', 'undefined') },
      { weight: 5, arbitrary: goodPath },
      { weight: 1, arbitrary: seq(fc.constantFrom(...functions, ...(bad ? ['foo', 'sqrt'] : [])), '(', joined(tie('expr'), ', ', 0, 3), ')') },
      { weight: 1, arbitrary: seq('(', tie('expr'), ')') },
    ),
    expr: fc.oneof(
      { depthSize: 'small', maxDepth: 4, withCrossShrink: true },
      tie('atom'),
      seq(fc.constantFrom('-', '+', '!', '~', '!!', '- '), tie('atom')),
      seq(tie('expr'), fc.constantFrom(...operators, ...(bad ? [' =< ', ' <> ', ' ? '] : [])), tie('expr')),
      seq(fc.constantFrom('@v', '@w', '@n'), fc.constantFrom(' = ', '='), tie('expr')),
    ),
  }));
  return joined(expr, fc.constantFrom('; ', ';', ', ', ' '), 0, 3);
}
const expression = fc.oneof({ weight: 9, arbitrary: expressions(false) }, { weight: 1, arbitrary: expressions(true) });

// ---------------------------------------------------------------------------------------------------------
// Template
// ---------------------------------------------------------------------------------------------------------

/** Literal text, including text that looks like tags and must stay text (or be read as the reference reads it). */
const TEXTS = [
  'x', 'Hello', ', ', ' ', '  ', '\n', '\n\n', '\t', '\r\n', '<p>', '</p>', '<a href="/x">', '&amp;', 'é', '中文', '😀', '\u00a0', '#', '@', '|', '.', '"', "'",
  '{', '}', '{ a}', '{a }', '{}', '{.}', '{|}', '{-1}', '{{a}', 'a}b', '{.foo', '{a||b}', '{ .end}', '{.END}', '{a|}', '{a| html}', '{.section}', '{.repeated section}',
  '{.if}', '{.var x}', '{.eval}', '{@index1}', '{0}', '{a.}', '{.a}', '{$}', '{a,}', '{a , b}', 'p { color: red; }', 'if (a) { b(); }', '{"a":1}', '{[1]}', '{ }', '{\n}', '{a\n}',
  '}}', '{{', '{#}', '{## a } b ##}', '{.or x}', '{.end x}', '{.alternates}', '{.macro}', '{.ctx}', '{.include}', '{.inject}', '{a|json }', '{.space }', '{ .space}',
  '{.meta-left x}', '{@|}', '{@ }', '{.section a }', '{.if a &&}', '{.if && a}', '{.if a &| b}', '{.?}', '{.1}', '{.-}',
];
const text = fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...TEXTS) }, { weight: 1, arbitrary: fc.string({ maxLength: 6 }) });

const comment = fc.oneof(
  seq('{#', fc.constantFrom('', ' note', ' {a} inside? no', '#', ' multi\nline?', ' .section a'), '}'),
  // left open one time in ten (only `##}` closes): an unterminated comment swallows the rest of the template
  seq('{##', fc.constantFrom('', ' a } b ', '\n{.section a}\n', ' # ', '#'), fc.oneof({ weight: 9, arbitrary: fc.constant('##}') }, { weight: 1, arbitrary: fc.constantFrom('#}', '## }', '') })),
);

const meta = fc.constantFrom('{.meta-left}', '{.meta-right}', '{.space}', '{.tab}', '{.newline}');

const variable = seq('{', joined(path, fc.constantFrom(',', ', ', ' , ', ',  '), 1, 3), formatters, '}');
const local = fc.constantFrom(...LOCALS);
const bindVar = seq('{.var ', local, ' ', path, formatters, '}');
const ctxVar = seq('{.ctx ', local, joined(seq(' ', fc.constantFrom('k', 'dims', 'a', 'b', 'x'), '=', path), '', 0, 3), '}');
/**
 * No `{.eval #expr}`: the debug form prints the reference's internal expression dump, which we chose not to
 * copy (it renders like `{.eval expr}`; docs/engine.md, "Behaviour we chose").
 */
const evalTag = seq('{.eval', fc.constantFrom(' ', ' ', '  ', '\t'), expression, '}');
const include = seq('{.include ', TARGET, maybe(fc.constantFrom(' output', ' x', ' output output'), 2), '}');
const inject = seq('{.inject ', local, ' ', fc.constantFrom(...INJECT_PATHS), maybe(' arg', 4), '}');
const applyTag = seq('{', fc.constantFrom('@', ...KEYS.slice(0, 8)), '|apply ', TARGET, maybe(' private', 3), maybe(formatter, 4), '}');

/** Tags of the fixtures, left out when they name an excluded formatter or predicate. */
const usableTags = pool.tags.filter((t) => !mentionsExcluded(t) && t.length < 200);
/**
 * Those that open, branch or close a block, drawn as seldom as a stray `{.end}`: alone, each leaves a block
 * open or closes one too many (issue 29: EOF_IN_BLOCK in one case in three).
 */
const STRUCTURAL = /^\{\.(section|repeated|if|or|end|alternates|macro|[\w-]+\?)/;
const plainTags = usableTags.filter((t) => !STRUCTURAL.test(t));
const structuralTags = [...new Set(usableTags.filter((t) => STRUCTURAL.test(t)))];

/**
 * Platform formatters and predicates whose differences from the reference are still open (markup line breaks,
 * defaults of missing fields: the commerce, social and content plugins' own work). Left out of `npm test`'s
 * cases until fixed; remove a name as soon as its cases render identically. `npm run fuzz -- --generator
 * grammar` still draws them, and reports them.
 */
export const OPEN_PLATFORM_NAMES: readonly string[] = [
  // none: from-price and sale-price were here for one cause, the reference ordering a positive amount below 1
  // under zero, which `meetsChosenBehaviour` tells on its own (issue 29: the name alone dropped every case of them)
];

/** Whether the template or a partial of a case names one of `names` (formatters, or predicates ending in `?`). */
export function mentionsAny(c: { template: string; partials?: Record<string, string> }, names: readonly string[]): boolean {
  const text = [c.template, ...Object.values(c.partials ?? {})].join('\n');
  return names.some((name) => new RegExp(`(^|[^\\w-])${name.replace(/[?.]/g, '\\$&')}${name.endsWith('?') ? '' : '(?![\\w-])'}`).test(text));
}

export function mentionsExcluded(text: string): boolean {
  for (const m of text.matchAll(/[|.]([a-zA-Z][\w-]*\??)/g)) if (EXCLUDED_FORMATTERS.has(m[1]!) || EXCLUDED_PREDICATES.has(m[1]!)) return true;
  return false;
}

const condition = fc.oneof(
  { weight: 3, arbitrary: joined(path, fc.constantFrom(' && ', ' || ', '&&', '||', ' &&  '), 1, 4) },
  { weight: 1, arbitrary: predicateCall },
);

const { block, element } = fc.letrec<{ block: string; element: string; orChain: string }>((tie) => {
  const body = tie('block');
  // branches with a predicate, then maybe a plain one last: a branch after a plain `{.or}` never runs, an error
  // in both engines (DEAD_CODE), which every other case had when any branch could follow any (issue 29)
  const guarded = seq('{.or ', predicateCall, '}', body);
  const last = seq(fc.oneof({ weight: 3, arbitrary: fc.constant('{.or}') }, { weight: 1, arbitrary: fc.constantFrom('{.or  }', '{.or x}') }), body);
  // one block in a hundred ends wrongly (left open, closed twice): at one in thirty, with a dozen blocks a case,
  // a third of the cases swallowed the rest of their template (issue 29)
  const end = fc.oneof({ weight: 100, arbitrary: fc.constant('{.end}') }, { weight: 1, arbitrary: fc.constantFrom('', '{.end}{.end}', '{.end }', '{ .end}') });
  return {
    orChain: fc.tuple(fc.array(guarded, { maxLength: 1 }), maybe(last, 2)).map(([g, l]) => g.join('') + l),
    block: fc.array(tie('element'), { maxLength: 5 }).map((xs) => xs.join('')),
    element: fc.oneof(
      { depthSize: 'small', maxDepth: 3, withCrossShrink: true },
      { weight: 6, arbitrary: text },
      { weight: 8, arbitrary: variable },
      { weight: 3, arbitrary: seq('{.section ', path, '}', body, tie('orChain'), end) },
      { weight: 3, arbitrary: seq('{.repeated section ', path, '}', body, maybe(seq('{.alternates with}', body), 2), tie('orChain'), end) },
      { weight: 3, arbitrary: seq('{.', predicateCall, '}', body, tie('orChain'), end) },
      { weight: 2, arbitrary: seq('{.if ', condition, '}', body, tie('orChain'), end) },
      { weight: 1, arbitrary: seq('{.macro ', fc.constantFrom(...MACROS), '}', body, end) },
      { weight: 2, arbitrary: applyTag },
      { weight: 2, arbitrary: bindVar },
      { weight: 1, arbitrary: ctxVar },
      { weight: 3, arbitrary: evalTag },
      { weight: 1, arbitrary: include },
      { weight: 1, arbitrary: inject },
      { weight: 1, arbitrary: comment },
      { weight: 1, arbitrary: meta },
      { weight: 4, arbitrary: fc.constantFrom(...plainTags) },
      // one element in about four hundred is a stray branch, end or opening (`{##}` and `{.equal?}` of the
      // texts among them): text otherwise
      {
        weight: 1,
        arbitrary: fc.oneof(
          { weight: 9, arbitrary: text },
          { weight: 1, arbitrary: fc.constantFrom('{.or}', '{.end}', '{.alternates with}', '{.section a}', '{.repeated section items}', '{##}', '{.equal?}', ...structuralTags) },
        ),
      },
    ),
  };
});

/** Partials: small templates of their own, one that does not parse, one that applies another. */
/** Points a partial's own `apply` and `.include` of `from` at `to` (so that it does not apply itself forever). */
const retarget = (from: RegExp, to: string) => (t: string) => t.replace(new RegExp(`((?:\\|\\s*apply|\\.include)\\s+)${from.source}(?![\\w.-])`, 'g'), `$1${to}`);

/**
 * Partials: small templates of their own (`p1` applies `p3`, a leaf, where it names itself or `p2`; `p2`
 * applies `p1`), one that does not parse. Left to apply each other, one case in sixteen ended in an error of
 * recursion depth (issue 29); `.include p1` in the template still recurses where the arm draws it.
 */
const partials: Arb<Record<string, string>> = fc.record(
  {
    p1: block.map(retarget(/p[12]/, 'p3')),
    p2: seq(block.map(retarget(/p2/, 'p1')), '{@|apply p1}'),
    p3: fc.constantFrom('[{@}]', '<i>{@|json}</i>', '{.section @}x{.or}y{.end}'),
    broken: fc.constantFrom('{.section a}x', '{.end}', '{a', '{.or}'),
  },
  { requiredKeys: ['p1', 'p2', 'p3'] },
);
const injects: Arb<Record<string, unknown>> = fc.record({ 'inj.json': json, other: fc.constantFrom<unknown>('text', 3, { name: 'albert' }) }, { requiredKeys: [] });

/** A template: two to six elements (a block may be empty; a case's template was, one time in five: issue 29). */
const topBlock = fc.array(element, { minLength: 2, maxLength: 6 }).map((xs) => xs.join(''));

export const grammarCase: Arb<GrammarCase> = fc.record({ template: topBlock, data: rootData, partials, injects }).map((c) => ({ ...c, locale: null }));

// --- mangled: character-level damage to a grammar template --------------------------------------------

interface Edit {
  at: number;
  kind: 'delete' | 'insert' | 'cut' | 'duplicate';
  char: string;
}
const edit: Arb<Edit> = fc.record({
  at: fc.nat(),
  kind: fc.constantFrom<Edit['kind']>('delete', 'delete', 'insert', 'insert', 'cut', 'duplicate'),
  char: fc.constantFrom('{', '}', '.', '|', ' ', '\n', '#', '@', ',', ':', '&'),
});

function applyEdits(template: string, edits: Edit[]): string {
  let t = template;
  for (const e of edits) {
    const at = e.at % (t.length + 1);
    if (e.kind === 'delete') t = t.slice(0, at) + t.slice(at + 1);
    else if (e.kind === 'insert') t = t.slice(0, at) + e.char + t.slice(at);
    else if (e.kind === 'cut') t = t.slice(0, at);
    else t = t.slice(0, at) + t.slice(at, at + 12) + t.slice(at);
  }
  return t;
}

export const mangledCase: Arb<GrammarCase> = fc.tuple(grammarCase, fc.array(edit, { minLength: 1, maxLength: 3 })).map(([c, edits]) => ({ ...c, template: applyEdits(c.template, edits) }));

// --- fixture: a conformance fixture's data, mutated, under its own tags and new ones ----------------------

const usableFixtures = pool.fixtures.filter((f) => !mentionsExcluded(f.template) && !Object.values(f.partials).some(mentionsExcluded));

interface Mutation {
  at: number;
  to: 'delete' | 'null' | 'string' | 'number' | 'empty' | 'bool' | 'numeric-string';
}
const mutation: Arb<Mutation> = fc.record({ at: fc.nat(), to: fc.constantFrom<Mutation['to']>('delete', 'null', 'string', 'number', 'empty', 'bool', 'numeric-string') });

/** Applies a mutation to the `at`-th node (depth first) of a JSON value; returns a copy. */
function mutate(data: unknown, m: Mutation): unknown {
  const copy = structuredClone(data);
  const slots: [Record<string, unknown> | unknown[], string | number][] = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach((x, i) => (slots.push([v, i]), walk(x)));
    else if (typeof v === 'object' && v !== null) for (const [k, x] of Object.entries(v)) slots.push([v as Record<string, unknown>, k]), walk(x);
  };
  walk(copy);
  if (slots.length === 0) return copy;
  const [holder, key] = slots[m.at % slots.length]!;
  const old = (holder as Record<string | number, unknown>)[key];
  const replacement = {
    delete: undefined,
    null: null,
    string: 'text',
    number: 3,
    empty: Array.isArray(old) ? [] : typeof old === 'object' && old !== null ? {} : '',
    bool: !old,
    'numeric-string': typeof old === 'number' ? String(old) : '12.50',
  }[m.to];
  if (m.to === 'delete') {
    if (Array.isArray(holder)) holder.splice(key as number, 1);
    else delete holder[key as string];
  } else (holder as Record<string | number, unknown>)[key] = replacement;
  return copy;
}

function tagsOf(template: string): string[] {
  return template.match(/\{[^{}]*\}|[^{}]+|[{}]/g) ?? [];
}

export const fixtureCase: Arb<GrammarCase> = fc
  .tuple(fc.constantFrom(...usableFixtures), fc.array(mutation, { maxLength: 3 }), fc.nat(), fc.array(fc.tuple(fc.nat(), block), { maxLength: 2 }), fc.boolean())
  .map(([f, mutations, keep, insertions, whole]: [MinedFixture, Mutation[], number, [number, string][], boolean]) => {
    const data = mutations.reduce(mutate, f.data);
    // Either the whole template or a run of its pieces (tags and text), with new elements spliced in.
    const pieces = tagsOf(f.template);
    const start = whole ? 0 : keep % Math.max(1, pieces.length);
    const kept = whole ? pieces : pieces.slice(start, start + 4 + ((keep >> 4) % 12));
    for (const [at, b] of insertions) kept.splice(at % (kept.length + 1), 0, b);
    return { template: kept.join(''), data, partials: f.partials, injects: f.injects, locale: null };
  });

// --- behaviours we chose not to copy (docs/engine.md, "Behaviour we chose"), left out of every case ---------------

/**
 * `date` of a value the platform cannot read as a date: text that is not a number leaves the reference's
 * formatter frame pushed, so every later section of the render reads the wrong node (a plain bug); a number
 * outside the Julian day range prints nothing there, `Invalid date.` here. Seen by rendering the case with our
 * engine through a `date` that notes what it is given.
 */
let dateGotUnreadable = false;
const dateFormatter = DEFAULT_PLUGINS.formatters.get('date')!;
const watchingDate: PluginTable = {
  predicates: DEFAULT_PLUGINS.predicates,
  formatters: new Map([
    ...DEFAULT_PLUGINS.formatters,
    [
      'date',
      {
        ...dateFormatter,
        format(value: unknown, ...rest: unknown[]) {
          const ms = Math.trunc(toNumber(value));
          if (Number.isNaN(ms) || !inJulianRange(ms)) dateGotUnreadable = true;
          return (dateFormatter.format as (...a: unknown[]) => unknown)(value, ...rest);
        },
      },
    ],
  ]),
};

/** Whether the data holds a money amount (`value`, `decimalValue`) above 0 and below 1, at any depth. */
function holdsAmountBelowOne(v: unknown, depth = 0): boolean {
  if (typeof v !== 'object' || v === null || depth > 32) return false;
  for (const [k, x] of Object.entries(v)) {
    const n = (k === 'value' || k === 'decimalValue') && (typeof x === 'string' || typeof x === 'number') ? Number(x) : NaN;
    if ((n > 0 && n < 1) || holdsAmountBelowOne(x, depth + 1)) return true;
  }
  return false;
}

/** Whether a case meets one of the behaviours we chose (so its difference is not a finding). */
export function meetsChosenBehaviour(c: FuzzCase & CaseExtras): boolean {
  const partials = c.partials ?? {};
  // `{.eval #expr}` prints the reference's internal dump of the expression; ours renders like `{.eval expr}`.
  if (/\{\.eval\s+#/.test(c.template) || Object.values(partials).some((p) => /\{\.eval\s+#/.test(p))) return true;
  // `cycle` of a non-integer then `raw`: `null` here, nothing there.
  if (/\|cycle[^}]*\|raw/.test(c.template)) return true;
  // `~` straight on a variable in `.eval`: the reference complements the variable's name (always -1), a plain
  // bug; ours complements its value (`~a` is -4 when a is 3).
  if ([c.template, ...Object.values(partials)].some((t) => /\{\.eval[^}]*~[\s(]*[A-Za-z@$]/.test(t))) return true;
  // A `{^…}` tag (the preprocessor's scope) outside preprocessor mode: the platform drops it (the Java suite's
  // preprocessor-4), the reference prints it.
  if ([c.template, ...Object.values(partials)].some((t) => t.includes('{^'))) return true;
  // from-price, sale-price and normal-price of an amount above 0 and below 1: the reference orders it under
  // zero (docs/engine.md).
  if (mentionsAny(c, ['from-price', 'sale-price', 'normal-price']) && holdsAmountBelowOne(c.data)) return true;
  // Platform markup escapes what it writes (docs/engine.md): the reference writes a quick view's group word raw.
  if ([c.template, ...Object.values(partials)].some((t) => /product-quick-view[^}|]*[<>&"]/.test(t))) return true;
  if (!/\|date/.test(c.template) && !Object.values(partials).some((p) => p.includes('|date'))) return false;
  dateGotUnreadable = false;
  render(c.template, c.data, { now: 0, partials, injects: c.injects, locale: null }, watchingDate);
  return dateGotUnreadable;
}

/** The generator: grammar cases most of the time, fixture-derived and mangled ones for the rest. */
export const grammarFuzzCase: Arb<GrammarCase> = fc
  .oneof({ weight: 6, arbitrary: grammarCase }, { weight: 3, arbitrary: fixtureCase }, { weight: 2, arbitrary: mangledCase })
  .filter((c) => !meetsChosenBehaviour(c));
