/**
 * Differential fuzzing: random templates from the whole language over random data must render exactly as
 * the reference engine (`@squarespace/template-engine`, public API) renders them. A difference fails with
 * the shrunk template and data. The run prints its distribution and holds a floor on meaningful cases (issue
 * 29: at this seed 58.5% of the cases printed nothing in both engines and 79% held an error, before the
 * generator kept its errors to one case in five). Seed and case count: FUZZ_SEED and FUZZ_RUNS (`npm run fuzz`
 * for long runs).
 */
import { describe, expect, it } from 'vitest';
import { expectIdentical } from './arm-checks.js';
import { compareCase, describeDifference } from './compare.js';
import { fuzzCase } from './generator.js';

const RUNS = Number(process.env['FUZZ_RUNS'] ?? 2000);
/** Fixed by default so CI is repeatable; any seed may be given for exploration. */
const SEED = Number(process.env['FUZZ_SEED'] ?? 20261123);

/** Cases of the issue and the behaviours fixed for it, pinned whatever the random run draws. */
const PINNED: [string, unknown][] = [
  ['{.greaterThan? price 10}y{.or}n{.end}', { price: '12.50' }],
  ['{.lessThan? stock 5}low{.end}', {}],
  ['{fullUrl|url-encode}', { fullUrl: "https://x.test/a b?c=d&e='f'(g)!~*@+/" }],
  ['{a|round}|{a|mod 3}|{a|cycle x y z}|{a|pluralize}', { a: '12abc' }],
  ['{a|round}|{b|round}|{c|round}|{d|round}', { a: 'abc', b: null, c: [1], d: true }],
  ['{a|html}|{a}|{a|truncate 3}|{a|slugify}', { a: ['<b>', null] }],
  ['{x|raw}|{x|json}|{x|iter}|{x|safe}', {}],
  ['{.repeated section l}{@}{.alternates with}, {.if x}!{.end}{.end}', { l: [1, 2], x: true }],
  ['{s|smartypants}', { s: `a---b "c" 'd' {"e"}` }],
  ['{.section item}{.repeated section list}{@}{.end}{.end}', { item: { a: 1 }, list: [1, 2] }],
  ['{.eval @v = n}[{@v|raw}]{.macro m}x{@|apply m}{@|apply m}{.end}{a|apply m}', { n: { a: 1 }, a: 1 }],
  ['{b|prop c|lookup n}|{b|get k}|{.var @x b|get k}{@x}', { b: { c: { x: 7 }, x: 5, k: 'x' }, n: 'x', k: 'q' }],
];

describe('differential fuzzing against the reference engine', () => {
  it('renders the pinned cases identically', () => {
    for (const [template, data] of PINNED) {
      const c = { template, data };
      const o = compareCase(c);
      expect(o.same, describeDifference(c, o)).toBe(true);
    }
  });

  it(`renders ${RUNS} random templates identically (seed ${SEED}), most of them meaningful`, () => {
    // measured 2026-11-27 at the default seed and count: 17.35% print nothing in both, 25.10% hold an error of
    // ours, 0.30% no tag, a median of 194 tags
    expectIdentical(fuzzCase, RUNS, SEED, 'differential', { emptyInBoth: 20, oursErrors: 30, tagless: 2, medianTags: 50 });
  });
});
