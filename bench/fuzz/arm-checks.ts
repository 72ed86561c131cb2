/**
 * What the tests of the fuzz arms check alike: each pinned deliberate difference still differs and is
 * recognised as its own cause (deliberate.ts), and a seeded run prints its distribution (so `npm test` shows
 * it) and holds its bars: identical output, agreement on errors (the real, edits and values arms), and a floor
 * on meaningful cases (issue 29 found the first three arms half empty).
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import { compareCase, describeDifference, type CaseExtras } from './compare.js';
import { deltaShrink } from './delta-shrink.js';
import { deliberateReason } from './deliberate.js';
import type { FuzzCase } from './generator.js';
import { measure, measurementText, type Measurement } from './measure.js';

type Case = FuzzCase & CaseExtras;

/** A difference we chose, pinned: the case, words of the reason it must be given, and how often a long run met it. */
export interface PinnedDeliberate {
  c: Case;
  reason: string;
  /** Cases of the long run (`npm run fuzz -- --generator ARM --n 20000 --seed S --show K`) that shrank to it. */
  seen: string;
}

export function expectDeliberate(pinned: readonly PinnedDeliberate[]): void {
  for (const p of pinned) {
    const o = compareCase(p.c);
    expect(o.same, `pinned deliberate difference no longer differs (remove it): ${describeDifference(p.c, o)}`).toBe(false);
    expect(deliberateReason(p.c, o.ours, o.reference), describeDifference(p.c, o)).toContain(p.reason);
  }
}

export interface Bars {
  /** The run the counts below were measured on: other counts and seeds check the floors only. */
  runs: number;
  seed: number;
  /** Cases with identical output, and where both or neither engine reports an error. */
  identical: number;
  errorsAgree: number;
  /** At most this share of cases (percent) print nothing in both engines. */
  emptyInBoth: number;
  /** The median case's template has at least this many tags. */
  medianTags: number;
}

/**
 * Runs the arm and checks its bars; returns the measurement. The bars are what the branch measured when the
 * arm was written: raise them as the engine's differences are fixed.
 */
export function expectBars(cases: fc.Arbitrary<Case>, runs: number, seed: number, arm: string, bars: Bars): Measurement {
  const m = measure(cases, runs, seed);
  const text = measurementText(m, arm);
  console.log(text);
  if (runs === bars.runs && seed === bars.seed) {
    expect(m.identical, text).toBeGreaterThanOrEqual(bars.identical);
    expect(m.errorsAgree, text).toBeGreaterThanOrEqual(bars.errorsAgree);
  }
  expect((100 * m.distribution.emptyInBoth) / m.total, text).toBeLessThanOrEqual(bars.emptyInBoth);
  expect(m.distribution.tags.median, text).toBeGreaterThanOrEqual(bars.medianTags);
  return m;
}

/**
 * A floor on meaningful cases, at any seed and count: at most these shares (percent) of the cases print nothing
 * in both engines, hold an error of ours (compile or render), or hold no tag; the median case has at least
 * `medianTags` tags.
 */
export interface Floor {
  emptyInBoth: number;
  oursErrors: number;
  tagless: number;
  medianTags: number;
}

/**
 * Runs an arm that must render every case identically (the first, grammar and chains arms): prints its
 * distribution, fails with the first difference shrunk (within what `allowed` lets the shrink reach), and
 * holds its floor.
 */
export function expectIdentical(cases: fc.Arbitrary<Case>, runs: number, seed: number, arm: string, floor: Floor, allowed?: (c: Case) => boolean): Measurement {
  const m = measure(cases, runs, seed);
  const text = measurementText(m, arm);
  console.log(text);
  const first = m.outputFailures[0];
  const shrunk = first === undefined ? undefined : deltaShrink(first, 1500, allowed);
  expect(shrunk === undefined ? '' : describeDifference(shrunk, compareCase(shrunk)), `seed ${seed}\n${text}`).toBe('');
  const share = (n: number) => (100 * n) / m.total;
  expect(share(m.distribution.emptyInBoth), `print nothing in both: ${text}`).toBeLessThanOrEqual(floor.emptyInBoth);
  expect(share(m.distribution.oursErrors), `an error in ours: ${text}`).toBeLessThanOrEqual(floor.oursErrors);
  expect(share(m.distribution.tagless), `no tag: ${text}`).toBeLessThanOrEqual(floor.tagless);
  expect(m.distribution.tags.median, `median tags: ${text}`).toBeGreaterThanOrEqual(floor.medianTags);
  return m;
}
