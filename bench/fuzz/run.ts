/**
 * The differential fuzz run shared by the test and the `npm run fuzz` command: M random cases from the
 * generator, each rendered by both engines; counts the identical ones and shrinks the first difference.
 */
import fc from 'fast-check';
import { compareCase, describeDifference } from './compare.js';
import { fuzzCase, type FuzzCase } from './generator.js';

export interface FuzzReport {
  seed: number;
  total: number;
  identical: number;
  /** The first difference, shrunk to a small template and data, as text (null when all were identical). */
  shrunk: string | null;
}

/** The property both the test and the command check: the two engines render a case identically. */
export const renderIdentically = fc.property(fuzzCase, (c: FuzzCase) => compareCase(c).same);

export function runFuzz(total: number, seed: number): FuzzReport {
  let identical = 0;
  for (const c of fc.sample(fuzzCase, { numRuns: total, seed })) if (compareCase(c).same) identical++;
  let shrunk: string | null = null;
  if (identical < total) {
    // Replays the same cases (same seed) until the first difference, then shrinks it.
    const r = fc.check(renderIdentically, { seed, numRuns: total });
    const c = r.counterexample?.[0];
    if (c !== undefined) shrunk = describeDifference(c, compareCase(c));
  }
  return { seed, total, identical, shrunk };
}

/** `N of M identical (P%)`. */
export function summary(r: FuzzReport): string {
  // Rounded down, so a run with any difference never shows 100%.
  const percent = (Math.floor((10000 * r.identical) / r.total) / 100).toFixed(2);
  return `${r.identical} of ${r.total} identical (${percent}%), seed ${r.seed}`;
}
