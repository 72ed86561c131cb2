#!/usr/bin/env node
/**
 * `npm run fuzz -- [--n COUNT] [--seed SEED]`: the long differential fuzz run, our engine against the
 * reference. Prints `N of M identical (P%)` and, when they differ anywhere, the first difference shrunk.
 * Exits 1 below the bar of 99.5%.
 */
import { parseArgs } from 'node:util';
import { runFuzz, summary } from './run.js';

const BAR = 99.5;

const { values } = parseArgs({ options: { n: { type: 'string', default: '20000' }, seed: { type: 'string' } } });
const total = Number(values.n);
const seed = values.seed === undefined ? Date.now() % 2 ** 31 : Number(values.seed);
if (!Number.isSafeInteger(total) || total <= 0 || !Number.isSafeInteger(seed)) {
  process.stderr.write('usage: fuzz [--n COUNT] [--seed SEED] (whole numbers, COUNT > 0)\n');
  process.exit(2);
}
const started = performance.now();
const report = runFuzz(total, seed);
process.stdout.write(`${summary(report)} in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
if (report.shrunk !== null) process.stdout.write(`first difference, shrunk:\n${report.shrunk}\n`);
process.exit((100 * report.identical) / total >= BAR ? 0 : 1);
