#!/usr/bin/env node
/**
 * `npx tsx bin/conformance/differential-cli.ts [--grep TEXT] [--show N]`: the formatter differential (see
 * differential.ts). Prints, per formatter, how many cases render the same in both engines, then up to N
 * differences per formatter that the Java engine's fixtures do not account for.
 */
import { parseArgs } from 'node:util';
import { describe, formatterGrid, runDifferential } from './differential.js';

const { values } = parseArgs({ options: { grep: { type: 'string' }, show: { type: 'string', default: '5' } } });
const grep = values.grep;
const grid = formatterGrid().filter((c) => grep === undefined || c.formatter.includes(grep) || c.template.includes(grep));
const report = runDifferential(grid);
const shown = new Map<string, number>();
for (const d of report.differences) {
  const n = shown.get(d.c.formatter) ?? 0;
  shown.set(d.c.formatter, n + 1);
  if (n < Number(values.show)) process.stdout.write(describe(d) + '\n');
}
for (const [name, [same, total]] of report.byFormatter) if (same < total) process.stdout.write(`${name}: ${same} of ${total} identical\n`);
const same = report.total - report.differences.length;
process.stdout.write(`${same} of ${report.total} identical (${((100 * same) / report.total).toFixed(2)}%)\n`);
