#!/usr/bin/env node
/**
 * `npx tsx bin/conformance/differential-cli.ts [--grep TEXT] [--show N] [--all]`: the formatter differential
 * (see differential.ts). Prints up to N differences per formatter that no known reason accounts for (with
 * `--all`, the known ones too), how many cases each known reason covers, and `N of M identical`.
 * Exits 1 when a difference has no known reason.
 */
import { parseArgs } from 'node:util';
import { describe, formatterGrid, knownReason, runDifferential } from './differential.js';

const { values } = parseArgs({ options: { grep: { type: 'string' }, show: { type: 'string', default: '5' }, all: { type: 'boolean', default: false } } });
const grep = values.grep;
const grid = formatterGrid().filter((c) => grep === undefined || c.formatter.includes(grep) || c.template.includes(grep));
const report = runDifferential(grid);
const shown = new Map<string, number>();
const reasons = new Map<string, number>();
let unexplained = 0;
for (const d of report.differences) {
  const why = knownReason(d);
  if (why !== null) reasons.set(why, (reasons.get(why) ?? 0) + 1);
  else unexplained++;
  if (why !== null && !values.all) continue;
  const n = shown.get(d.c.formatter) ?? 0;
  shown.set(d.c.formatter, n + 1);
  if (n < Number(values.show)) process.stdout.write(`${describe(d)}${why === null ? '' : `\n    known: ${why}`}\n`);
}
for (const [why, n] of reasons) process.stdout.write(`known (${n}): ${why}\n`);
const same = report.total - report.differences.length;
process.stdout.write(`${same} of ${report.total} identical (${((100 * same) / report.total).toFixed(2)}%), ${unexplained} unexplained\n`);
process.exit(unexplained === 0 ? 0 : 1);
