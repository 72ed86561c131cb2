/**
 * The chains arm of the differential fuzz test (chains.ts): chains of formatters from the whole plugin table
 * with random arguments over random values, rendered by ours (without locale data) and by the reference
 * (`@squarespace/template-engine`, public API). A difference fails with the case shrunk. Seed and case count:
 * CHAINS_FUZZ_SEED, CHAINS_FUZZ_RUNS (`npm run fuzz -- --generator chains --n 100000` for long runs). The run
 * prints its distribution and holds a floor on meaningful cases (issue 29: at this seed 48.5% printed nothing in
 * both engines and 18.6% held no tag, when a case was a single node).
 */
import { describe, expect, it } from 'vitest';
import { expectIdentical } from './arm-checks.js';
import { chainsAllowed, chainsFuzzCase, type ChainsCase } from './chains.js';
import { compareCase, describeDifference } from './compare.js';

const RUNS = Number(process.env['CHAINS_FUZZ_RUNS'] ?? 1000);
const SEED = Number(process.env['CHAINS_FUZZ_SEED'] ?? 31337);

const part = (template: string, data: unknown): ChainsCase => ({ template, data, locale: null });

/** One case per root cause the arm found and the engine now renders as the reference does. */
const PINNED: ChainsCase[] = [
  // activate-twitter-links: web addresses first, then mentions and hashtags after a plain space only
  part('{a|activate-twitter-links}|{b|activate-twitter-links}', { a: 'see http://x.y/a?b=@c, (ftp://z)! #12 @u_1 x@y\n@no', b: '<p title=" @t">' }),
  // comments, comment-link, item-classes, AbsUrl read what the value lacks from the scopes around the tag
  part('{a|comment-link}|{b|comments}|{c|item-classes}|{c|AbsUrl}|{d|AbsUrl}', {
    id: 'p', fullUrl: '/f', publicCommentCount: 2, recordTypeLabel: 'r', categories: ['C'], 'base-url': 'top', b: { id: 'i' }, c: {}, d: { 'base-url': 'own' },
  }),
  // image's one argument is the class even when empty; google-calendar-url's title as escape()
  part('{i|image,}|{e|google-calendar-url}', { i: {}, e: { title: 'é–(~+/@', location: { addressLine1: 'é(' } } }),
];

describe('chains arm: differential fuzzing against the reference engine', () => {
  it('renders the pinned cases of each root cause identically', () => {
    for (const c of PINNED) {
      const o = compareCase(c);
      expect(o.same, describeDifference(c, o)).toBe(true);
    }
  });

  it(`renders ${RUNS} random formatter chains identically (seed ${SEED}), most of them meaningful`, () => {
    // measured 2026-11-27 at the default seed and count: 16.50% print nothing in both, 17.10% hold an error of
    // ours (the reference reports 3.9%: ours also reports a formatter's bad arguments), none without a tag, a
    // median of 4 tags
    expectIdentical(chainsFuzzCase, RUNS, SEED, 'chains', { emptyInBoth: 20, oursErrors: 22, tagless: 1, medianTags: 3 }, chainsAllowed);
  });
});
