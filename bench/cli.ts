/** `tessera bench …` / `npm run bench -- …`: argument parsing and entry point of the renderer benchmark. */
import { parseArgs } from 'node:util';
import { BENCH_DATA_ENV } from './cases.js';
import { type BenchOptions, DEFAULT_TIME_MS, runBenchmarks } from './run.js';

export const BENCH_USAGE = `Usage: tessera bench [--compare] [--time MS] [--filter TEXT]... [--json-only] [--out FILE]
       tessera bench http [--duration S] [--connections N] [--page PATH] [--out FILE]   (see bench http --help)
       tessera bench analytics [--hits N] [--days N] [--runs N] [--db FILE]   (see bench analytics --help)
       tessera bench db   (statements per page, query and transaction latency on SQLite and PostgreSQL)
       tessera bench nodes [--duration S]   (two nodes on one PostgreSQL behind haproxy: contention, req/s, kill -9)

Times compile, render (of a compiled template) and compile+render for the wright page, the shop page
(200 products through the commerce formatters) and for synthetic
templates (text, variables, sections, repeated, eval at 32B, 1KiB, 8KiB, 32KiB, 128KiB).

Options:
  --compare        also run every case through the reference engine (@squarespace/template-engine),
                   interleaved with ours, and print ours/reference ops/s ratios (> 1: ours is faster)
                   and whether the outputs are identical
  --time MS        time budget per task in milliseconds (default ${DEFAULT_TIME_MS})
  --filter TEXT    only cases whose name contains TEXT (repeatable; e.g. wright, eval, 8KiB)
  --json-only      print only the JSON report on stdout (progress still goes to stderr)
  --out FILE       write the JSON report to FILE instead of bench/results/<timestamp>.json
  -h, --help       show this help

Environment:
  ${BENCH_DATA_ENV}  folder with wright.html, wright.json, wright-partials.json
                      (default: ../shared/bench-data beside the repo)
`;

export class BenchUsageError extends Error {}

export type ParsedBenchArgs = { help: true } | ({ help: false } & BenchOptions);

/** Parses the arguments after `bench`; throws BenchUsageError on bad input. */
export function parseBenchArgs(argv: readonly string[]): ParsedBenchArgs {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      allowPositionals: false,
      strict: true,
      options: {
        compare: { type: 'boolean', default: false },
        time: { type: 'string' },
        filter: { type: 'string', multiple: true },
        'json-only': { type: 'boolean', default: false },
        out: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (e) {
    throw new BenchUsageError(e instanceof Error ? e.message : String(e));
  }
  if (values.help) return { help: true };
  let time = DEFAULT_TIME_MS;
  if (values.time !== undefined) {
    time = Number(values.time);
    if (!/^\s*\d+(\.\d+)?\s*$/.test(values.time) || !Number.isFinite(time) || time <= 0) {
      throw new BenchUsageError(`--time needs a positive number of milliseconds, got ${JSON.stringify(values.time)}`);
    }
  }
  const filters = (values.filter ?? []).filter((f) => f !== '');
  const opts: { help: false } & BenchOptions = {
    help: false,
    compare: values.compare === true,
    time,
    filters,
    jsonOnly: values['json-only'] === true,
  };
  if (values.out !== undefined) {
    if (values.out === '') throw new BenchUsageError('--out needs a file name');
    opts.out = values.out;
  }
  return opts;
}

/** Runs `tessera bench` with the arguments after `bench`; returns the exit code. */
export async function runBench(argv: string[]): Promise<number> {
  // The HTTP load benchmark is a subcommand with its own options; loaded only when asked for, as it brings
  // in the whole server and autocannon (a devDependency).
  if (argv[0] === 'http') return (await import('./http.js')).runHttpBench(argv.slice(1));
  // the analytics dashboard over a generated year (bench/analytics.ts)
  if (argv[0] === 'analytics') return (await import('./analytics.js')).runAnalyticsBench(argv.slice(1));
  // statements per page and query latency on SQLite and PostgreSQL (bench/db.ts)
  if (argv[0] === 'db') return (await import('./db.js')).runDbBench(argv.slice(1));
  if (argv[0] === 'nodes') return (await import('./nodes.js')).runNodesBench(argv.slice(1));
  let parsed: ParsedBenchArgs;
  try {
    parsed = parseBenchArgs(argv);
  } catch (e) {
    if (!(e instanceof BenchUsageError)) throw e;
    process.stderr.write(`tessera bench: ${e.message}\n\n${BENCH_USAGE}`);
    return 2;
  }
  if (parsed.help) {
    process.stdout.write(BENCH_USAGE);
    return 0;
  }
  const { help: _help, ...opts } = parsed;
  return runBenchmarks(opts);
}
