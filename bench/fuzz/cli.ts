#!/usr/bin/env node
/**
 * `npm run fuzz -- [--n COUNT] [--seed SEED] [--generator default|grammar|chains] [--show K]`: the long
 * differential fuzz run, our engine against the reference. Prints `N of M identical (P%)` and, when they differ
 * anywhere, the first difference shrunk; `--show K` also prints up to K distinct differences, each shrunk, with
 * how many cases shrank to it. `--generator grammar` draws from the second, independent generator (grammar.ts),
 * `--generator chains` from the third (chains.ts: formatter chains over the whole plugin table).
 * Exits 1 below the bar of 99.5%.
 */
import { parseArgs } from 'node:util';
import { distinctDifferences } from './delta-shrink.js';
import { chainsAllowed, chainsFuzzCase } from './chains.js';
import { grammarFuzzCase, meetsChosenBehaviour } from './grammar.js';
import { runFuzz, summary } from './run.js';

const BAR = 99.5;

const { values } = parseArgs({
  options: { n: { type: 'string', default: '20000' }, seed: { type: 'string' }, generator: { type: 'string', default: 'default' }, show: { type: 'string', default: '0' } },
});
const total = Number(values.n);
const seed = values.seed === undefined ? Date.now() % 2 ** 31 : Number(values.seed);
const show = Number(values.show);
if (!Number.isSafeInteger(total) || total <= 0 || !Number.isSafeInteger(seed) || !Number.isSafeInteger(show) || show < 0 || !['default', 'grammar', 'chains'].includes(values.generator)) {
  process.stderr.write('usage: fuzz [--n COUNT] [--seed SEED] [--generator default|grammar|chains] [--show K] (whole numbers, COUNT > 0)\n');
  process.exit(2);
}
const started = performance.now();
// Each arm's generator, and the cases it never produces (behaviours we chose), kept out of the shrink too.
const arms = {
  default: { generator: undefined, allowed: undefined },
  grammar: { generator: grammarFuzzCase, allowed: (c: Parameters<typeof meetsChosenBehaviour>[0]) => !meetsChosenBehaviour(c) },
  chains: { generator: chainsFuzzCase, allowed: chainsAllowed },
};
const { generator, allowed } = arms[values.generator as keyof typeof arms];
const report = runFuzz(total, seed, generator, allowed);
process.stdout.write(`${summary(report)}, ${values.generator} generator, in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
if (report.shrunk !== null) process.stdout.write(`first difference, shrunk:\n${report.shrunk}\n`);
if (show > 0 && report.failures.length > 0) {
  const distinct = distinctDifferences(report.failures.slice(0, 4 * show), allowed).slice(0, show);
  process.stdout.write(`\n${distinct.length} distinct differences (of the first ${Math.min(report.failures.length, 4 * show)} cases that differed):\n`);
  for (const d of distinct) process.stdout.write(`--- ${d.count} case(s)\n${d.text}\n`);
}
process.exit((100 * report.identical) / total >= BAR ? 0 : 1);
