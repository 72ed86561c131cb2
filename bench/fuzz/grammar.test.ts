/**
 * The grammar arm of the differential fuzz test (grammar.ts): a second, independent generator of templates,
 * data, partials and injects, rendered by ours and by the reference (`@squarespace/template-engine`, public
 * API, without CLDR: ours without locale data). A difference fails with the case shrunk. Seed and case count:
 * GRAMMAR_FUZZ_SEED, GRAMMAR_FUZZ_RUNS (`npm run fuzz -- --generator grammar --n 100000` for long runs). The run
 * prints its distribution and holds a floor on meaningful cases (issue 29: at this seed 44.6% printed nothing in
 * both engines, half held an error and a fifth no tag).
 */
import { describe, expect, it } from 'vitest';
import { expectIdentical } from './arm-checks.js';
import { compareCase, describeDifference } from './compare.js';
import { grammarFuzzCase, meetsChosenBehaviour, mentionsAny, OPEN_PLATFORM_NAMES, type GrammarCase } from './grammar.js';

const RUNS = Number(process.env['GRAMMAR_FUZZ_RUNS'] ?? 1500);
const SEED = Number(process.env['GRAMMAR_FUZZ_SEED'] ?? 424242);


const part = (template: string, data: unknown, partials: Record<string, string> = {}, injects: Record<string, unknown> = {}): GrammarCase => ({
  template,
  data,
  partials,
  injects,
  locale: null,
});

/** One case per root cause the arm found and the engine now renders as the reference does. */
const PINNED: GrammarCase[] = [
  // .eval as the platform's value stack
  part('{.eval 1 + 2 3 *}|{.eval 2 @v=1}[{@v}]|{.eval @v=1 @w=2}[{@v}{@w}]|{.eval >0~1}|{.eval 1; ()}|{.eval 3; -}', {}),
  part('{.eval max(5 2, 3)}|{.eval abs(a, -5, 3)}|{.eval PI()}|{.eval (1;2)}|{.eval @v=1, foo(1)}[{@v}]|{.eval !o, 1}|{.eval 5 !o}', { a: {}, o: {} }),
  part('{.eval @w = 1; o; 2}[{@w}]|{.eval o 1}|{.eval @;true}|{.eval 1 - max(!o, 3)}|{.eval max(3, -o)}|{.eval 7 max(!o, 3)}', { o: {} }),
  // whitespace between an instruction's words; .ctx, .include, .inject, .macro names, .if with no condition
  part('{.section\ta}x{.end}|{.repeated section\n a}y{.end}|{.if a\t&&\tb }z{.end}|{.eval\t1}|{.section a }', { a: [1], b: 1 }),
  part('{.ctx @v k=a\tj=a}{@v|json}|{.ctx @v a=1a}{@v|json}|{.ctx @v}|{.ctx @w x=nosuch}{@w|json}|a{.if }b{.or}c{.end}d', { a: 1, 1: 5 }),
  part('{.macro m}x{.end}{.include m  output}|{.include  m output}|{.inject @i inj\tx}{@i}|{.macro a:b}y{.end}', {}, {}, { inj: 5 }),
  // formatters and predicates as the platform reads their arguments
  part('{x|mod 1.5}|{x|mod 0x3}|{x|mod 0}|{t|lookup k}|{.even? 4}E{.or}O{.end}|{n|pluralize }|{o|prop }|{l|key-by|json}|{o|apply|json}', {
    x: 5, t: 1, '': 'empty', n: 2, o: { '': 7 }, l: [{ a: 1 }],
  }),
  // date: weeks, %i, %v, unknown directives, a time zone that names no zone
  part('{t|date %U %W %i %v a% b%Q}|{u|date %U}', { t: 1672531200000 - 3600000, u: 0, website: { timeZone: 'Nowhere/Zone' } }),
  // partials with an unknown formatter fail; i18n formatters without locale data are empty text
  part('{a|apply p}|{.include p output}|{x|message|json}|{x|decimal|round}', { a: 1, x: 5 }, { p: 'x{b|nosuch}y' }),
  // truncate's limit, smartypants after s, a predicate's lone delimiter, .inject paths, y (1) in .eval
  part("{s|truncate 2x}|{o|truncate |raw}|{q|smartypants}|{.section n}{.even? }E{.end}{.end}|{.inject @i @}|{.eval y (1)}", { s: 'abc def', q: "Charles' 's'", n: 4 }),
  // depth limit: a refused .include counts, a name not found never does
  part('{a|apply p1}|{.macro m}{@|apply nope}{@|apply m|AbsUrl}{.end}{y|apply m}', {}, { p1: '{.include p1}{.include p1 output}p' }),  // add-to-cart-btn reads the item's fields as variables (a field the value lacks comes from the scopes around
  // the tag), flags by truthiness, the form only with its id, the first subscription option of a listed value
  part('{v|add-to-cart-btn}|{item|add-to-cart-btn}', {
    id: 'r', structuredContent: { productType: '2x', isSubscribable: 't', useCustomAddButtonText: 1, customAddButtonText: 5, productSubscriptionOptions: 'o' },
    item: { structuredContent: { additionalFieldsFormId: [1], additionalFieldsForm: 't' } }, localizedStrings: { productAddToCartText: true },
  }),
  // quantity-input and variants-select: nothing to show leaves the value missing; a subscription is read as a
  // comparison reads a boolean, stock adds up (negatives too), every variants entry and ordering name counts
  part('{v|quantity-input|raw}|{v|variants-select|json}|{v|quantity-input|round}|{a|quantity-input}|{b|quantity-input}', {
    a: { structuredContent: { productType: '1x', isSubscribable: 't', variants: [{ qtyInStock: -3 }, { unlimited: 'y' }] } },
    b: { structuredContent: { productType: 1, isSubscribable: 3, variants: [{ qtyInStock: 5 }] } },
  }),
  part('{a|variants-select}|{b|variants-select}', {
    a: { structuredContent: { variants: ['t', { attributes: { c: null } }, { attributes: { c: [1] } }], variantOptionOrdering: ['c', false] } },
    b: { structuredContent: { variants: [{ attributes: { c: 1 } }, { attributes: { c: '1' } }], variantOptionOrdering: ['c'], isSubscribable: 'x', subscriptionPlan: 'p' } },
  }),  // quick-view's group is one key's value as text or the word; scarcity and restock views are every entry,
  // hidden by their own attributes or flag; a checkbox alone lists its values; cart quantities read as numbers
  part('{@|product-quick-view foo}|{@|product-quick-view}|{@|product-quick-view a.b}|{@|cart-quantity}|{f|summary-form-field}|{g|summary-form-field}', {
    foo: null, '': '{', a: { b: 'x' }, entries: [{ quantity: '2a' }, { quantity: [3] }], f: { values: ['T'] }, g: { type: 'checkbox', values: [1, null, [2]] },
  }),
  part('{item|product-scarcity}|{item|product-restock-notification}|{item|variants-select}', {
    item: { id: 'p1', structuredContent: { isSubscribable: 't', variants: ['1', {}], variantOptionOrdering: ['f'] } },
    productMerchandisingContext: {
      p1: { scarcityEnabled: 1, scarcityTemplateViews: [{}, null, { attributes: 'x' }], restockNotificationViews: [null, { variantId: [1, 2], hiddenByDefault: 't' }], mailingListSignUpEnabled: 't' },
    },
  }),
  // share buttons: on when website.shareButtonOptions (the value's own website first) is a list or object with
  // entries; any value gets the markup. comments? turns off with settings that are no object, reads numbers as
  // the numeric formatters do; disqus? reads disqusShortName, the comment markup disqusShortname
  part('{@|social-button}|{@|social-button-inline}|{e|social-button}|{n|social-button-inline}', {
    website: { shareButtonOptions: '1' }, e: { website: { shareButtonOptions: [0] }, title: [1] }, n: { website: { shareButtonOptions: { a: null } } },
  }),
  part('{.section a}{.comments?}A{.end}{.end}|{.section b}{.comments?}B{.end}{.end}|{.disqus?}D{.end}|{@|comments}|{item|like-button}', {
    a: { websiteSettings: 3, publicCommentCount: 20 }, b: { commentState: '1x' }, websiteSettings: { disqusShortName: 'x', simpleLikingEnabled: 1 }, item: true, id: 'r',
  }),
  // collectionTypeNameEquals? with an empty argument holds for a typeName that is no scalar; same-day? of a
  // value that is no date fails, and a failed predicate runs neither branch of its chain
  part('{.collectionTypeNameEquals?  }}|{.section c}{.collectionTypeNameEquals?  }C{.or}D{.end}{.end}|{.repeated section t}[{.same-day?}S{.or}o{.end}]{.end}|{.n?}{.or same-day?}x{.or}y{.end}', {
    c: { typeName: [1] }, t: [{ endDate: 't' }, {}, { startDate: 1e20 }], startDate: '',
  }),
  // summary-form-field: a likert without values fails, any truthy checkbox values make a list, parts print as
  // variables do (falsy time parts 00, a country or second line only when truthy)
  part('{a|summary-form-field}|{b|summary-form-field}|{c|summary-form-field}|{d|summary-form-field}', {
    a: { type: 'likert' }, b: { type: 'checkbox', values: '1' }, c: { type: 'time', values: { Hour: false, Minute: [1, 2] } }, d: { type: 'phone', values: { Country: 0 } },
  }),
  // without locale data the native money formatters hand the value on unchanged
  part('{n|money-format ,"q"}|{x|round x y|money-format:a \'s\'}|{a.n.s|raw|money-string}|{o|i18n-money-format de-DE|json}', { n: '0', x: 0.2, o: { value: '1' } }),
  // quick view reads its group with the item pushed; stock that is no number shows the quantity input; the
  // store marks of item-classes read the value alone; a plain answer prints when it has text (false, 0)
  part('{y|product-quick-view/@}|{item|quantity-input}|{.section q}{.or}{@|item-classes}{.end}|{f|summary-form-field}', {
    item: { structuredContent: { productType: 1, variants: [{ qtyInStock: 't' }] } }, recordType: 11, f: { value: false },
  }),
  // a plugin's markup renders at any depth of applies; a line break inside quotes makes a predicate argument a path
  part('{a|apply p1}|{.equal?::"\n"}}|{.equal?,"\n",}\n', {}, { p1: '{@|comment-link}{x|apply p1}' }),
  // .eval assigns a missing value as null and leaves a variable as it was for an object or a list
  part('{.eval @w=x}[{@w|json}]{y|product-quick-view/@w}|{.eval @n = 1}{.eval @n = o}{@n|json}|{.eval @o = o}{y|product-quick-view/@o}', { o: { a: 1 } }),
  // current-type? reads currentType text by its leading integer, a boolean as 1 or 0
  part('{.section items.0}{.current-type? gallery}0{.end}{.end}|{.section b}{.current-type? heading}1{.end}{.end}', { items: [{ currentType: '5' }], b: { currentType: true } }),
];

const open = (c: GrammarCase) => mentionsAny(c, OPEN_PLATFORM_NAMES);

/** A product whose two variants cost `a` and `b`. */
const twoPrices = (a: string, b: string) => ({ item: { structuredContent: { productType: 1, variants: [{ priceMoney: { value: a, currency: 'USD' } }, { priceMoney: { value: b, currency: 'USD' } }] } } });

describe('grammar arm: differential fuzzing against the reference engine', () => {
  it('leaves out of the prices only an amount between 0 and 1, the one the reference orders under zero', () => {
    const below = part('{item|from-price}|{item|normal-price}', twoPrices('0.5', '0'));
    const o = compareCase(below);
    expect(o, 'the reference orders 0.50 under 0.00').toMatchObject({ ours: '0|50', reference: '50|0' });
    expect(meetsChosenBehaviour(below)).toBe(true);
    for (const [a, b] of [['1.5', '0'], ['2', '1.5'], ['0', '0']] as const) {
      const c = part('{item|from-price}|{item|normal-price}|{item|sale-price}', twoPrices(a, b));
      expect(meetsChosenBehaviour(c), `${a} ${b}`).toBe(false);
      expect(compareCase(c).same, describeDifference(c, compareCase(c))).toBe(true);
    }
    // the names themselves are drawn: no price formatter is left out by name
    expect(OPEN_PLATFORM_NAMES).not.toContain('from-price');
    expect(OPEN_PLATFORM_NAMES).not.toContain('sale-price');
  });

  it('renders the pinned cases of each root cause identically', () => {
    for (const c of PINNED) {
      const o = compareCase(c);
      expect(o.same, describeDifference(c, o)).toBe(true);
    }
  });

  it(`renders ${RUNS} random templates identically (seed ${SEED}), most of them meaningful`, () => {
    const cases = grammarFuzzCase.filter((c) => !open(c));
    const allowed = (x: Parameters<typeof meetsChosenBehaviour>[0]) => !meetsChosenBehaviour(x) && !mentionsAny(x, OPEN_PLATFORM_NAMES);
    // measured 2026-11-27 at the default seed and count: 20.26% print nothing in both, 41.26% hold an error of
    // ours (the mangled and cut fixture cases are damaged on purpose: a third of the arm), 5.40% no tag, a
    // median of 8 tags
    expectIdentical(cases, RUNS, SEED, 'grammar', { emptyInBoth: 24, oursErrors: 45, tagless: 7, medianTags: 6 }, allowed);
  });
});
