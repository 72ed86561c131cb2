/**
 * The differential fuzz run shared by the test and the `npm run fuzz` command: M random cases from the
 * generator, each rendered by both engines; counts the identical ones and shrinks the first difference.
 */
import fc from 'fast-check';
import { compareCase, describeDifference, type CaseExtras } from './compare.js';
import { deltaShrink } from './delta-shrink.js';
import { fuzzCase, type FuzzCase } from './generator.js';

export interface FuzzReport {
  seed: number;
  total: number;
  identical: number;
  /** The first difference, shrunk to a small template and data, as text (null when all were identical). */
  shrunk: string | null;
  /** The first cases that differed, unshrunk (at most FAILURES_KEPT), for a report of every distinct difference. */
  failures: (FuzzCase & CaseExtras)[];
}

const FAILURES_KEPT = 500;

/** The property both the test and the command check: the two engines render a case identically. */
export const renderIdentically = fc.property(fuzzCase, (c: FuzzCase) => compareCase(c).same);

/** The generator a run draws from: the first arm's (`fuzzCase`) unless another is given (the grammar arm). */
export function runFuzz(
  total: number,
  seed: number,
  generator: fc.Arbitrary<FuzzCase & CaseExtras> = fuzzCase,
  /** Cases the generator never produces (behaviours we chose), kept out of the shrink too. */
  allowed?: (c: FuzzCase & CaseExtras) => boolean,
): FuzzReport {
  let identical = 0;
  const failures: (FuzzCase & CaseExtras)[] = [];
  for (const c of fc.sample(generator, { numRuns: total, seed })) {
    if (compareCase(c).same) identical++;
    else if (failures.length < FAILURES_KEPT) failures.push(c);
  }
  let shrunk: string | null = null;
  if (identical < total) {
    // Replays the same cases (same seed) until the first difference, then shrinks it.
    const property = generator === fuzzCase ? renderIdentically : fc.property(generator, (c) => compareCase(c).same);
    const r = fc.check(property, { seed, numRuns: total });
    const c = r.counterexample?.[0];
    // The grammar arm's arbitraries shrink coarsely (chained choices); a delta shrink finishes the job.
    const small = c === undefined || generator === fuzzCase ? c : deltaShrink(c, undefined, allowed);
    if (small !== undefined) shrunk = describeDifference(small, compareCase(small));
  }
  return { seed, total, identical, shrunk, failures };
}

/** `N of M identical (P%)`. */
export function summary(r: FuzzReport): string {
  // Rounded down, so a run with any difference never shows 100%.
  const percent = (Math.floor((10000 * r.identical) / r.total) / 100).toFixed(2);
  return `${r.identical} of ${r.total} identical (${percent}%), seed ${r.seed}`;
}
