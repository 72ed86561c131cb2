/**
 * A greedy delta shrink for a case that renders differently: drops tags, text and characters of the template,
 * keys and elements of the data, partials and injects, as long as the two engines still disagree. fast-check
 * shrinks the first failure of a run through its arbitraries; this one shrinks any case, so a long run can
 * report every distinct difference small, not just the first.
 */
import fc from 'fast-check';
import { compareCase, describeDifference, type CaseExtras } from './compare.js';
import type { FuzzCase } from './generator.js';

type Case = FuzzCase & CaseExtras;

/** The difference the shrink keeps by default: the two engines print different HTML. */
const outputsDiffer = (c: Case): boolean => !compareCase(c).same;

/** Tags, runs of plain text, lone braces: the pieces a template is shrunk by before its characters. */
function pieces(template: string): string[] {
  return template.match(/\{[^{}]*\}|[^{}]+|[{}]/g) ?? [];
}

const OPENS = /^\{\.(section|repeated section|if|[A-Za-z][\w-]*\?|macro)[\s}]/;

/** The first block opening at or after piece `from` with its matching `{.end}`, as piece indexes, or null. */
function blockAt(ps: readonly string[], from: number): [number, number] | null {
  for (let open = from; open < ps.length; open++) {
    if (!OPENS.test(ps[open]!)) continue;
    let depth = 0;
    for (let j = open; j < ps.length; j++) {
      if (OPENS.test(ps[j]!)) depth++;
      else if (ps[j] === '{.end}' && --depth === 0) return [open, j];
    }
  }
  return null;
}

/** Smaller versions of a JSON value, smallest first. */
function* smallerValues(v: unknown): Generator<unknown> {
  if (Array.isArray(v)) {
    // a page context's long lists and objects lose halves first, then single elements and keys
    if (v.length > 3) yield* [v.slice(0, v.length >> 1), v.slice(v.length >> 1)];
    for (let i = 0; i < v.length; i++) yield [...v.slice(0, i), ...v.slice(i + 1)];
    for (let i = 0; i < v.length; i++) for (const s of smallerValues(v[i])) yield v.map((x, j) => (j === i ? s : x));
  } else if (typeof v === 'object' && v !== null) {
    const entries = Object.entries(v);
    if (entries.length > 3) yield* [Object.fromEntries(entries.slice(0, entries.length >> 1)), Object.fromEntries(entries.slice(entries.length >> 1))];
    for (const [k] of entries) yield Object.fromEntries(entries.filter(([j]) => j !== k));
    for (const [k, x] of entries) for (const s of smallerValues(x)) yield Object.fromEntries(entries.map(([j, y]) => [j, j === k ? s : y]));
  } else if (typeof v === 'string' && v.length > 1) {
    yield v.slice(0, Math.ceil(v.length / 2));
    yield v.slice(1);
    yield v.slice(0, -1);
  }
}

/**
 * `allowed` keeps the shrink away from cases the generator would never produce (a behaviour we chose, whose
 * difference is no finding): a shrink that stepped into one would report the wrong cause.
 */
export function deltaShrink(start: Case, budget = 3000, allowed: (c: Case) => boolean = () => true, differ: (c: Case) => boolean = outputsDiffer): Case {
  let best = start;
  let tries = 0;
  const differs = (c: Case) => {
    tries++;
    return allowed(c) && differ(c);
  };
  const attempt = (c: Case): boolean => {
    if (tries >= budget || !differs(c)) return false;
    best = c;
    return true;
  };
  for (let changed = true; changed && tries < budget; ) {
    changed = false;
    // Template: whole pieces, then single characters.
    // a whole theme template (hundreds of pieces) loses large runs first
    for (let size = Math.max(8, 2 ** Math.floor(Math.log2(pieces(best.template).length / 2))); size >= 1; size = Math.floor(size / 2)) {
      for (let i = 0; ; ) {
        const ps = pieces(best.template);
        if (i >= ps.length) break;
        const template = [...ps.slice(0, i), ...ps.slice(i + size)].join('');
        if (attempt({ ...best, template })) changed = true;
        else i += size;
      }
    }
    // Blocks: a block opening and its `{.end}` together (the body kept, then the whole block), which piece by
    // piece removal cannot reach without unbalancing the template and changing the difference.
    for (let i = 0; ; ) {
      const ps = pieces(best.template);
      const block = blockAt(ps, i);
      if (block === null) break;
      const [open, end] = block;
      const unwrapped = [...ps.slice(0, open), ...ps.slice(open + 1, end), ...ps.slice(end + 1)].join('');
      const dropped = [...ps.slice(0, open), ...ps.slice(end + 1)].join('');
      if (attempt({ ...best, template: dropped }) || attempt({ ...best, template: unwrapped })) changed = true;
      else i = open + 1;
    }
    for (let i = 0; i < best.template.length; ) {
      const template = best.template.slice(0, i) + best.template.slice(i + 1);
      if (attempt({ ...best, template })) changed = true;
      else i++;
    }
    // Data, partials, injects: drop keys and elements, shorten strings.
    for (const field of ['data', 'partials', 'injects'] as const) {
      for (let again = true; again && tries < budget; ) {
        again = false;
        for (const smaller of smallerValues(best[field])) {
          if (attempt({ ...best, [field]: smaller })) {
            again = changed = true;
            break;
          }
        }
      }
    }
  }
  return best;
}

/** Shrinks each case and groups the results by shrunk template: one entry per distinct difference, most seen first. */
export function distinctDifferences(
  cases: readonly Case[],
  allowed?: (c: Case) => boolean,
  budget = 1500,
  /** The difference kept while shrinking (another kind than the output: whether each reports an error), and its description. */
  kind: { differs: (c: Case) => boolean; describe: (c: Case) => string } = { differs: outputsDiffer, describe: (s) => describeDifference(s, compareCase(s)) },
  /** What makes two shrunk cases one difference (by default their template). */
  key: (shrunk: Case) => string = (s) => s.template,
): { count: number; text: string; shrunk: Case }[] {
  const groups = new Map<string, { count: number; text: string; shrunk: Case }>();
  for (const c of cases) {
    const s = deltaShrink(c, budget, allowed, kind.differs);
    const group = groups.get(key(s));
    if (group !== undefined) group.count++;
    else groups.set(key(s), { count: 1, text: kind.describe(s), shrunk: s });
  }
  return [...groups.values()].sort((a, b) => b.count - a.count);
}

/**
 * The first of `runs` cases of `cases` (seeded) that renders differently, shrunk within what `allowed` lets
 * the shrink reach, as a report (template, data, both outputs); '' when every case renders the same.
 */
export function firstDifference<C extends Case>(cases: fc.Arbitrary<C>, seed: number, runs: number, allowed?: (c: Case) => boolean): string {
  const found = fc.check(fc.property(cases, (c) => compareCase(c).same), { seed, numRuns: runs }).counterexample?.[0];
  if (found === undefined) return '';
  const shrunk = deltaShrink(found, 1500, allowed);
  return describeDifference(shrunk, compareCase(shrunk));
}
