/**
 * One measured run of a fuzz arm (the real, edits and values arms, issue 23): M cases of the arm's generator,
 * each rendered by both engines with their errors, counted three ways (output identical; the two agree on
 * whether there is an error; both), with the arm's distribution, so a run can show it is not half empty (issue
 * 29 found the old arms were): cases that print nothing in both engines, cases where an engine reports an
 * error, tags per case. The cases that differ are kept, to be shrunk and grouped (delta-shrink.ts).
 */
import fc from 'fast-check';
import { checkOurs, checkReference, describeDifference, type CaseExtras, type Rendered } from './compare.js';
import { distinctDifferences } from './delta-shrink.js';
import { CHOSEN, deliberateReason } from './deliberate.js';
import { meetsChosenBehaviour } from './grammar.js';
import type { FuzzCase } from './generator.js';

type Case = FuzzCase & CaseExtras;

export interface Checked {
  ours: Rendered;
  reference: Rendered;
  /** The same HTML. */
  same: boolean;
  /** Both report an error, or neither does. */
  errorsAgree: boolean;
}

export function checkBoth(c: Case): Checked {
  const ours = checkOurs(c);
  const reference = checkReference(c);
  return { ours, reference, same: ours.html === reference.html, errorsAgree: ours.errors.length > 0 === reference.errors.length > 0 };
}

export interface Distribution {
  /** Cases that print nothing (or only whitespace) in both engines. */
  emptyInBoth: number;
  /** Cases where our engine reports an error, where the reference does, where both do. */
  oursErrors: number;
  referenceErrors: number;
  bothErrors: number;
  /** Cases whose template holds no tag at all. */
  tagless: number;
  /** Tags (`{…}`) per case's template: mean, median, largest. */
  tags: { mean: number; median: number; max: number };
}

export interface Measurement {
  seed: number;
  total: number;
  identical: number;
  errorsAgree: number;
  /** Identical output and agreement on errors. */
  both: number;
  distribution: Distribution;
  /** The first cases whose output differs, and the first whose error reports disagree (at most KEPT each). */
  outputFailures: Case[];
  errorFailures: Case[];
}

const KEPT = 400;

export function tagCount(template: string): number {
  return template.match(/\{[^{}]*\}/g)?.length ?? 0;
}

/** Renders `total` cases of `cases` (seeded) in both engines and measures them. */
export function measure(cases: fc.Arbitrary<Case>, total: number, seed: number): Measurement {
  let identical = 0;
  let errorsAgree = 0;
  let both = 0;
  let emptyInBoth = 0;
  let oursErrors = 0;
  let referenceErrors = 0;
  let bothErrors = 0;
  const tags: number[] = [];
  const outputFailures: Case[] = [];
  const errorFailures: Case[] = [];
  for (const c of fc.sample(cases, { numRuns: total, seed })) {
    const r = checkBoth(c);
    if (r.same) identical++;
    else if (outputFailures.length < KEPT) outputFailures.push(c);
    if (r.errorsAgree) errorsAgree++;
    else if (errorFailures.length < KEPT) errorFailures.push(c);
    if (r.same && r.errorsAgree) both++;
    if (r.ours.html.trim() === '' && r.reference.html.trim() === '') emptyInBoth++;
    const o = r.ours.errors.length > 0;
    const ref = r.reference.errors.length > 0;
    if (o) oursErrors++;
    if (ref) referenceErrors++;
    if (o && ref) bothErrors++;
    tags.push(tagCount(c.template));
  }
  tags.sort((a, b) => a - b);
  const mean = tags.reduce((a, b) => a + b, 0) / Math.max(1, tags.length);
  return {
    seed,
    total,
    identical,
    errorsAgree,
    both,
    distribution: { emptyInBoth, oursErrors, referenceErrors, bothErrors, tagless: tags.filter((n) => n === 0).length, tags: { mean, median: tags[tags.length >> 1] ?? 0, max: tags[tags.length - 1] ?? 0 } },
    outputFailures,
    errorFailures,
  };
}

/** A share as a percentage rounded down (a run with any difference never shows 100%). */
export function percent(n: number, total: number): string {
  return `${(Math.floor((10000 * n) / total) / 100).toFixed(2)}%`;
}

/** The run in a few lines: the three agreements and the distribution. */
export function measurementText(m: Measurement, arm: string): string {
  const d = m.distribution;
  return [
    `${arm} arm, seed ${m.seed}: ${m.identical} of ${m.total} identical (${percent(m.identical, m.total)}); errors agree in ${m.errorsAgree} (${percent(m.errorsAgree, m.total)}); both in ${m.both} (${percent(m.both, m.total)})`,
    `distribution: ${d.emptyInBoth} print nothing in both (${percent(d.emptyInBoth, m.total)}); an error in ours ${d.oursErrors} (${percent(d.oursErrors, m.total)}), in the reference ${d.referenceErrors}, in both ${d.bothErrors}; no tag in ${d.tagless} (${percent(d.tagless, m.total)}); tags per case mean ${d.tags.mean.toFixed(1)}, median ${d.tags.median}, max ${d.tags.max}`,
  ].join('\n');
}

/** How a case's error reports differ, for a report: the template, the data and each engine's errors and output. */
export function describeErrorDifference(c: Case): string {
  const r = checkBoth(c);
  return [
    describeDifference(c, { ours: r.ours.html, reference: r.reference.html, same: r.same }),
    `ours errors:      ${JSON.stringify(r.ours.errors)}`,
    `reference errors: ${JSON.stringify(r.reference.errors)}`,
  ].join('\n');
}

/**
 * A difference's root cause as the grouping reads it: the formatters and predicates its shrunk template names,
 * and which engine printed nothing (two shrinks of one cause keep the same names and differ in paths or
 * leftover blocks); a template without any is its own group.
 */
export function causeKey(c: Case, r: Checked = checkBoth(c)): string {
  const names = new Set<string>();
  for (const m of c.template.matchAll(/\|\s*([A-Za-z][\w-]*)|\{\.(?:or\s+|if\s+)?([A-Za-z][\w-]*\?)/g)) names.add(m[1] ?? m[2]!);
  if (names.size === 0) return `template ${c.template}`;
  return `${[...names].sort().join(' ')}${r.ours.html === '' ? ' ours-empty' : ''}${r.reference.html === '' ? ' reference-empty' : ''}`;
}

/** What two error reports share once the words they quote (names, arguments) and numbers are taken out. */
function errorShape(errors: readonly string[]): string {
  return [...new Set(errors.map((e) => e.replace(/'[^']*'|"[^"]*"|\d+/g, '_')))].sort().join('; ') || 'none';
}

export interface DistinctGroup {
  count: number;
  text: string;
  shrunk: Case;
  /** The deliberate difference it is (deliberate.ts), when it is one. */
  deliberate: string | null;
}

/**
 * The distinct differences of a run, shrunk and grouped by root cause, most seen first: of the output (by
 * `causeKey`), and (when asked) of the error reports (by the shape of each engine's errors). `shrink` caps the
 * cases shrunk (each costs up to 1,500 renders).
 */
export function distinctOf(m: Measurement, shrink: number, errors = false, allowed?: (c: Case) => boolean): { title: string; groups: DistinctGroup[] }[] {
  const label = (g: { count: number; text: string; shrunk: Case }): DistinctGroup => {
    const r = checkBoth(g.shrunk);
    // an error report that differs where the output is the same is a choice only when the case is one we chose
    if (r.same) return { ...g, deliberate: meetsChosenBehaviour(g.shrunk) ? CHOSEN : null };
    return { ...g, deliberate: deliberateReason(g.shrunk, r.ours.html, r.reference.html) };
  };
  const outputs = m.outputFailures.slice(0, shrink);
  const out = [
    {
      title: `output differs: ${m.total - m.identical} cases; the first ${outputs.length} shrunk`,
      groups: distinctDifferences(outputs, allowed, 1500, undefined, (s) => causeKey(s)).map(label),
    },
  ];
  if (errors) {
    const differs = (c: Case) => !checkBoth(c).errorsAgree;
    const cases = m.errorFailures.slice(0, shrink);
    const key = (s: Case) => {
      const r = checkBoth(s);
      return `ours ${errorShape(r.ours.errors)} | reference ${errorShape(r.reference.errors)}`;
    };
    out.push({
      title: `one engine reports an error, the other not: ${m.total - m.errorsAgree} cases; the first ${cases.length} shrunk`,
      groups: distinctDifferences(cases, allowed, 1500, { differs, describe: describeErrorDifference }, key).map(label),
    });
  }
  return out;
}

/** The groups as text, for the command and the findings file. */
export function groupsText(groups: readonly { title: string; groups: DistinctGroup[] }[], show: number): string {
  const lines: string[] = [];
  for (const g of groups) {
    lines.push(`\n${g.title}, ${g.groups.length} distinct:`);
    const chosen = g.groups.filter((d) => d.deliberate !== null).reduce((a, d) => a + d.count, 0);
    if (chosen > 0) lines.push(`(${chosen} of the shrunk cases are differences we chose, marked "deliberate")`);
    for (const d of g.groups.slice(0, show)) lines.push(`--- ${d.count} case(s)${d.deliberate === null ? '' : `, deliberate: ${d.deliberate}`}`, d.text);
  }
  return lines.join('\n');
}
