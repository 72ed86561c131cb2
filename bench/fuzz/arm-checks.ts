/**
 * What the tests of the real, edits and values arms check alike: each pinned deliberate difference still
 * differs and is recognised as its own cause (deliberate.ts), and a seeded run holds its bars: identical output,
 * agreement on errors, and a floor on meaningful cases (issue 29 found the old arms half empty).
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import { compareCase, describeDifference, type CaseExtras } from './compare.js';
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
  if (runs === bars.runs && seed === bars.seed) {
    expect(m.identical, text).toBeGreaterThanOrEqual(bars.identical);
    expect(m.errorsAgree, text).toBeGreaterThanOrEqual(bars.errorsAgree);
  }
  expect((100 * m.distribution.emptyInBoth) / m.total, text).toBeLessThanOrEqual(bars.emptyInBoth);
  expect(m.distribution.tags.median, text).toBeGreaterThanOrEqual(bars.medianTags);
  return m;
}
