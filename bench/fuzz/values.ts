/**
 * The values arm of the differential fuzz test (issue 23): every formatter and predicate of the plugin table,
 * drawn evenly, over adversarial values with random arguments: numeric-looking text (`"1e3"`, `" 12 "`,
 * `"0x10"`, `"-0"`), huge and tiny numbers, booleans, nested lists and objects, emoji and lone surrogates, dates
 * as text, numbers, ISO strings and out of range, money objects with odd currencies (lowercase, unknown, empty)
 * and decimal text, and the suites' own objects (a product, a variant, an image) with a leaf turned adversarial.
 * The value sits at `v` (a second at `w`, a list at `l`) beside a page's `website` (time zone, odd or missing)
 * and flags; a formatter reads it as `{v|name args}` (sometimes chained to a second, or inside a repeated
 * section over a list), a predicate at the root, over the value as the current node (`{.section v}`) or with
 * paths as arguments.
 *
 * Unlike the other arms both engines render with locale data: ours in the case's locale, the reference given
 * the same locale's CLDR (`@phensley/cldr`, as bin/conformance/differential.ts does), so the i18n formatters
 * (`datetime`, `money`, `decimal`, `message`, `plural`, `timesince`…) are compared, not just stubbed out.
 * Left out, as in the formatter differential: the formatters the reference only stubs and `cart-subtotal`,
 * where the Java engine wins (docs/contributing.md, "Conformance").
 */
import fc from 'fast-check';
import { DEFAULT_PLUGINS } from '../../engine/index.js';
import type { CaseExtras } from './compare.js';
import { fixturePool } from './fixture-pool.js';
import type { FuzzCase } from './generator.js';
import { EXCLUDED_PREDICATES } from './grammar.js';

export type ValuesCase = FuzzCase & CaseExtras & { name: string };

/** The reference's stubs (conformance README) and cart-subtotal (the Java engine wins): not compared. */
const LEFT_OUT = new Set(['unit', 'datetimefield', 'money-format', 'moneyFormat', 'money-string', 'i18n-money-format', 'cart-subtotal']);
export const FORMATTERS = [...DEFAULT_PLUGINS.formatters.keys()].filter((f) => !LEFT_OUT.has(f)).sort();
export const PREDICATES = [...DEFAULT_PLUGINS.predicates.keys()].filter((p) => !EXCLUDED_PREDICATES.has(p)).sort();

const NUMERIC_TEXT = ['1e3', ' 12 ', '0x10', '-0', '+5', '1,000', '12.50', '.5', '5.', '1e-7', 'Infinity', '-Infinity', 'NaN', '0.1e1', '١٢', '12abc', '', '0', '00012', '1_000', '9007199254740993', '-12.345'];
const NUMBERS = [0, -0, 1, -1, 0.5, 1.005, 2.5, -2.5, 12, 1e21, 1e-7, 5e-324, 1.7976931348623157e308, 2 ** 53 + 2, -1e15, 123456789.125, 99.995, 1700000000000];
const TEXT = ['😀', '\ud83d', 'x\udc00y', 'a\u0301', '👨‍👩‍👧', '\u2028', 'Ünïcödé', '<b>&amp;</b> "q" \'s\'', 'a b\tc\nd', ' ', 'abc', 'Hello, World -- ok...', 'https://x.test/a b?c=d&e', 'UPPER lower', '#fff', 'rgb(1,2,3)', 'x'.repeat(200)];
const DATES = ['2024-01-15', '2024-01-15T12:00:00Z', '2024-01-15T12:00:00+05:30', '2024-13-45', 'January 5, 2024', '1705320000000', 1705320000000, -62135596800000, 8.64e15, 8.64e15 + 1, -8.64e15 - 1, 1e20, -1e20, 0, -1, 1582571080000.5];
const CURRENCIES = ['USD', 'usd', 'EUR', 'JPY', 'KWD', 'BHD', 'XXX', 'XAU', 'BTC', 'btc', '', 'US', 'EURO', 'CLF', 'chf'];
const AMOUNTS: unknown[] = ['12.50', ' 12.50', '12.50 ', '0.005', '-0', '1e3', '1,234.56', '', 'abc', '99999999999999999999.99', 12.5, 0, -3, 1250, null];

/** A money object in one of the shapes the platform writes (decimal text and code, value and currency, legacy cents). */
const money: fc.Arbitrary<unknown> = fc.tuple(fc.constantFrom(...AMOUNTS), fc.constantFrom(...CURRENCIES), fc.nat(4)).map(([amount, currency, shape]) =>
  [
    { decimalValue: amount, currencyCode: currency },
    { value: amount, currency },
    { decimalValue: amount },
    { currencyCode: currency },
    { priceMoney: { decimalValue: amount, currency }, salePriceMoney: { decimalValue: amount, currency }, onSale: shape % 2 === 0 },
  ][shape],
);

/** Every object the suites' data holds (a product, a variant, an image, an event…), small ones. */
const SHAPES = (() => {
  const out = new Map<string, unknown>();
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (typeof v === 'object' && v !== null) {
      const json = JSON.stringify(v);
      if (Object.keys(v).length > 0 && json.length < 3000) out.set(json, v);
      Object.values(v).forEach(walk);
    }
  };
  for (const f of fixturePool().fixtures) walk(f.data);
  return [...out.values()];
})();

const scalar: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom<unknown>(...NUMERIC_TEXT) },
  { weight: 4, arbitrary: fc.constantFrom<unknown>(...NUMBERS) },
  { weight: 3, arbitrary: fc.constantFrom<unknown>(...TEXT) },
  { weight: 3, arbitrary: fc.constantFrom<unknown>(...DATES) },
  { weight: 2, arbitrary: fc.constantFrom<unknown>(true, false, null) },
);

/** One of the suites' objects with a leaf (depth first, at `at`) made adversarial. */
const shape: fc.Arbitrary<unknown> = fc.tuple(fc.constantFrom(...SHAPES), fc.nat(), scalar, fc.boolean()).map(([v, at, to, change]) => {
  if (!change) return v;
  let i = 0;
  const copy = (x: unknown): unknown => {
    if (Array.isArray(x)) return x.map(copy);
    if (typeof x === 'object' && x !== null) return Object.fromEntries(Object.entries(x).map(([k, y]) => [k, copy(y)]));
    return i++ === at % 20 ? to : x;
  };
  return copy(v);
});

export const value: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', maxDepth: 2, withCrossShrink: true },
    { weight: 8, arbitrary: scalar },
    { weight: 2, arbitrary: money },
    { weight: 2, arbitrary: shape },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 3 }) },
    { weight: 1, arbitrary: fc.dictionary(fc.constantFrom('a', 'value', 'title', 'currency', 'items'), tie('value'), { maxKeys: 3, noNullPrototype: true }) },
  ),
})).value;

/** Arguments: the suites' own for the name, else options, numbers, words, patterns, zones, separators. */
const GENERIC_ARGS = [
  '0', '1', '2', '-1', '3.5', '1e3', '100', 'x', 'foo', 'a b', '"q"', "'s'", 'en', 'de-DE', 'xx', 'en_US', 'USD', 'usd',
  'date:short', 'time:long', 'datetime:full', 'short', 'long', 'yMMMd', 'hm', 'EEEE', 'skeleton:yMd', '12', 'medium yMMMd', '%Y-%m-%d',
  'style:percent', 'style:short', 'maxfrac:2', 'minfrac:abc', 'round:up', 'group:false', 'free:Free', 'freeIfZero', 'symbol:narrow', 'style:code',
  'one', 'other', '{0}', '{0 plural one {x} other {y}}', 'width:narrow', 'private', 'k=v', '…', '',
];

function argsFor(name: string): fc.Arbitrary<string> {
  const mined = fixturePool().argsByName.get(name) ?? [];
  const made = fc
    .array(fc.tuple(fc.constantFrom(' ', ' ', ' ', ',', ':'), fc.constantFrom(...GENERIC_ARGS)), { maxLength: 3 })
    .map((xs) => xs.map(([s, a]) => s + a).join(''));
  return mined.length === 0 ? fc.oneof(fc.constant(''), made) : fc.oneof(fc.constant(''), made, fc.constantFrom(...mined));
}

/** A page around the value: its website (a time zone real, unknown, malformed or missing) and flags. */
const page: fc.Arbitrary<Record<string, unknown>> = fc.record(
  {
    website: fc.record({ timeZone: fc.constantFrom('America/New_York', 'Europe/Berlin', 'UTC', 'Mars/Olympus', 'GMT+5', '', 'asia/tokyo', 12), baseUrl: fc.constant('https://shop.test') }, { requiredKeys: [], noNullPrototype: true }),
    featureFlags: fc.record({ useCLDRMoneyFormat: fc.boolean() }, { noNullPrototype: true }),
    localizedStrings: fc.constant({ productPriceUnavailable: 'n/a' }),
  },
  // objects as JSON makes them (fast-check may otherwise give them no prototype, which the reference cannot read)
  { requiredKeys: [], noNullPrototype: true },
);

const formatterCase = fc
  .tuple(fc.constantFrom(...FORMATTERS), fc.constantFrom(...FORMATTERS), fc.nat(9))
  .chain(([f, g, form]) =>
    fc.tuple(argsFor(f), argsFor(g)).map(([a, b]) => {
      const one = `${f}${a}`;
      // mostly alone; a second formatter after it, or inside a loop over a list of values, now and then
      const template = form < 6 ? `{v|${one}}` : form < 8 ? `{v|${one}|${g}${b}}` : `{.repeated section l}{@|${one}}{.alternates with},{.end}`;
      return { name: f, template };
    }),
  );

const COMPARISON = new Set(['equal?', 'notEqual?', 'greaterThan?', 'greaterThanOrEqual?', 'lessThan?', 'lessThanOrEqual?']);

const predicateCase = fc
  .tuple(fc.constantFrom(...PREDICATES), fc.nat(2))
  .chain(([p, form]) =>
    (COMPARISON.has(p) ? fc.constantFrom(' v w', ' v 12', ' v "12"', ' w v', ' v', ' v "1e3"', ' v true', ' v null', ' v 0') : argsFor(p)).map((a) => {
      const test = `{.${p}${a}}Y{.or}N{.end}`;
      const template = form === 0 ? test : form === 1 ? `{.section v}${test}{.or}-{.end}` : `{.repeated section l}${test}{.end}`;
      return { name: p, template };
    }),
  );

const LOCALES = ['en-US', 'en-US', 'en-US', 'de-DE', 'fr-FR', 'ja', 'en_GB'];

/** A case: a formatter (three times in five) or a predicate, over a value, a second value, a list and a page. */
export const valuesFuzzCase: fc.Arbitrary<ValuesCase> = fc
  .record({
    test: fc.oneof({ weight: 3, arbitrary: formatterCase }, { weight: 2, arbitrary: predicateCase }),
    v: value,
    w: value,
    l: fc.array(value, { minLength: 1, maxLength: 3 }),
    page,
    spread: fc.nat(3),
    locale: fc.constantFrom(...LOCALES),
  })
  .map(({ test, v, w, l, page: p, spread, locale }): ValuesCase => {
    // a value that is an object is sometimes the page itself (the item a platform formatter reads from the root)
    const own = spread === 0 && typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
    return { template: test.template, data: { ...p, ...own, v, w, l }, locale, name: test.name };
  });
