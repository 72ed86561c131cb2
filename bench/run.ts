/**
 * The benchmark runner: per case, times compile, render (of a compiled template) and compile+render with
 * tinybench, for our engine and (with `--compare`) the reference engine, interleaved in one process.
 *
 * How it measures:
 * - each task's time budget is split into ROUNDS (8) rounds run in mirrored order (ours, ref, ref, ours…), and
 *   the samples of its rounds are merged, so neither engine always gets the warmer or the fresher heap;
 * - ops/s is 1000 / mean latency (GC pauses included), p99 is over every sample;
 * - partials are compiled once per case, outside the timings, for both engines (the reference would
 *   otherwise reparse every partial on every execution, while ours caches them);
 * - render includes reading a character of the output, which flattens a rope-built string as writing
 *   it out would; a server then also encodes the page as UTF-8 for the socket (Fastify measures its byte
 *   length, Node encodes it into a buffer). That costs the same for both engines, whose pages are the same
 *   string, so it is timed apart (`writeMs`) and shown beside the render ratio instead of inside it;
 * - peak RSS is process-wide (maxRSS so far), so it only grows across tasks.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { Bench } from 'tinybench';
import { type BenchCase, loadCases, repoRoot } from './cases.js';
import {
  type EngineAdapter,
  type OutputDiff,
  describeDiff,
  diffOutputs,
  loadOursAdapter,
  referenceAdapter,
} from './engines.js';

export interface BenchOptions {
  compare: boolean;
  /** Time budget per task, in ms. */
  time: number;
  /** Substrings selecting cases (any matches); empty means all. */
  filters: string[];
  jsonOnly: boolean;
  /** Where to write the JSON report (a file); default bench/results/<timestamp>.json. */
  out?: string;
}

export const DEFAULT_TIME_MS = 500;

export type Phase = 'compile' | 'render' | 'compile+render';
export const PHASES: readonly Phase[] = ['compile', 'render', 'compile+render'];

export interface TaskRecord {
  case: string;
  phase: Phase;
  engine: string;
  /** 'ok' or the error that stopped the task. */
  status: 'ok' | 'error';
  error?: string;
  opsPerSec: number;
  meanMs: number;
  p99Ms: number;
  samples: number;
  /** Template source size in bytes. */
  templateBytes: number;
  /** Output HTML size in bytes (UTF-8). */
  outputBytes: number;
  /** Problems reported by a checked compile+render of the case. */
  renderErrors: number;
  /** Peak resident set size of the process so far, in MiB (after this task). */
  peakRssMiB: number;
}

export interface Comparison {
  case: string;
  phase: Phase;
  oursOpsPerSec: number;
  referenceOpsPerSec: number;
  /** ours / reference ops/s: above 1 means we are faster. */
  ratio: number;
}

export interface BenchReport {
  timestamp: string;
  node: string;
  platform: string;
  cpu: string;
  options: { compare: boolean; timeMs: number; filters: string[] };
  warnings: string[];
  tasks: TaskRecord[];
  comparisons: Comparison[];
  /** Per case (with --compare): whether our output equals the reference's. */
  outputs: Record<string, OutputDiff>;
  /** Per case: mean time (ms) to write our output as a server does, UTF-8 byte length plus encoding. */
  writeMs: Record<string, number>;
  peakRssMiB: number;
}

/** Keeps results alive so the optimizer cannot drop the work being timed. */
let sink = 0;
/** The sink's value (exported so the writes are observable). */
export function benchSink(): number {
  return sink;
}

function peakRssMiB(): number {
  // maxRSS is in kilobytes
  return Math.round((process.resourceUsage().maxRSS / 1024) * 10) / 10;
}

interface PreparedEngine {
  adapter: EngineAdapter;
  partials: unknown;
  compiled: unknown;
  html: string;
  errors: string[];
}

function prepare(adapter: EngineAdapter, c: BenchCase): PreparedEngine {
  const partials = adapter.preparePartials(c.partials);
  const checked = adapter.check(c.source, c.data, partials);
  return { adapter, partials, compiled: adapter.compile(c.source), html: checked.html, errors: checked.errors };
}

/**
 * Uses the output the way writing it out would: reading a character flattens a string built by `+=`
 * (V8 keeps those as ropes), so an engine cannot look fast by leaving the flattening to its caller.
 */
function consume(html: string): number {
  return html.length === 0 ? 0 : html.charCodeAt(html.length >> 1);
}

/**
 * Mean time (ms) of what a server does with a flat page after rendering it: its UTF-8 byte length, then the
 * bytes encoded into the socket's buffer (one buffer reused here: allocating one per write would load the GC
 * with external memory and slow every task timed after this one).
 */
function writeTime(page: string, timeMs = 100): number {
  sink ^= consume(page); // flat, as after a timed render
  const encoder = new TextEncoder();
  const buffer = new Uint8Array(page.length * 3);
  let n = 0;
  const started = performance.now();
  let now = started;
  do {
    for (let i = 0; i < 20; i++) sink ^= Buffer.byteLength(page) ^ encoder.encodeInto(page, buffer).written;
    n += 20;
    now = performance.now();
  } while (now - started < timeMs);
  return (now - started) / n;
}

function taskFn(p: PreparedEngine, c: BenchCase, phase: Phase): () => void {
  const { adapter, partials, compiled } = p;
  switch (phase) {
    case 'compile':
      return () => {
        sink ^= adapter.compile(c.source) === null ? 1 : 0;
      };
    case 'render':
      return () => {
        sink ^= consume(adapter.render(compiled, c.data, partials));
      };
    case 'compile+render':
      return () => {
        sink ^= consume(adapter.render(adapter.compile(c.source), c.data, partials));
      };
  }
}

/**
 * Timing rounds per task; with several engines they run in mirrored order (ours, ref, ref, ours, …). Short,
 * many rounds: this VM's speed drifts by 2x over seconds (caches, heap layout, neighbours), and finer
 * interleaving lets both engines sample the same conditions, which steadies the ratio.
 */
export const ROUNDS = 8;

type RoundResult = { ok: true; samples: number[] } | { ok: false; error: string };

/**
 * One tinybench run of `fn` for `timeMs`, returning its latency samples (ms). The first round of a task
 * (`warmup`) starts from a collected heap (with node --expose-gc), later rounds do not: a forced full collection
 * lets V8 drop the hidden classes of objects no longer alive and, with them, the optimised code built for them,
 * so a collection before every round timed mostly the recovery from it (the reference rendered the bench page 5x
 * slower after one, and so did ours until its per-call objects kept their classes, see engine/keep-shape.ts).
 */
async function sampleRound(fn: () => void, timeMs: number, warmup: boolean): Promise<RoundResult> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (warmup && typeof gc === 'function') gc();
  const bench = new Bench({
    time: timeMs,
    iterations: 4,
    retainSamples: true,
    warmup,
    warmupTime: Math.min(250, Math.max(20, timeMs / 2)),
    warmupIterations: 8,
  });
  bench.add('task', fn);
  await bench.run();
  const r = bench.tasks[0]!.result;
  if (r.state === 'completed' || r.state === 'aborted-with-statistics') return { ok: true, samples: Array.from(r.latency.samples ?? []) };
  if (r.state === 'errored') return { ok: false, error: r.error.message };
  return { ok: false, error: `task ${r.state}` };
}

export interface LatencyStats {
  opsPerSec: number;
  meanMs: number;
  p99Ms: number;
  samples: number;
}

/** Mean, p99 (linear interpolation) and ops/s (1000 / mean) of latency samples in ms. */
export function latencyStats(samples: readonly number[]): LatencyStats {
  if (samples.length === 0) return { opsPerSec: 0, meanMs: 0, p99Ms: 0, samples: 0 };
  const sorted = Float64Array.from(samples).sort();
  let sum = 0;
  for (const x of sorted) sum += x;
  const mean = sum / sorted.length;
  const pos = (sorted.length - 1) * 0.99;
  const lo = Math.floor(pos);
  const hi = Math.min(lo + 1, sorted.length - 1);
  const p99 = sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
  return { opsPerSec: mean > 0 ? 1000 / mean : 0, meanMs: mean, p99Ms: p99, samples: sorted.length };
}

export interface RunIO {
  out: (line: string) => void;
  err: (line: string) => void;
}

const defaultIO: RunIO = {
  out: (line) => process.stdout.write(line + '\n'),
  err: (line) => process.stderr.write(line + '\n'),
};

function timestampName(d: Date): string {
  return d.toISOString().replace(/:/g, '-').replace(/\.\d+Z$/, 'Z');
}

/** Runs the benchmark; returns an exit code (0 ok, 1 if nothing could run or a task failed). */
export async function runBenchmarks(opts: BenchOptions, io: RunIO = defaultIO): Promise<number> {
  const started = new Date();
  const warnings: string[] = [];
  const warn = (msg: string) => {
    warnings.push(msg);
    io.err(`warning: ${msg}`);
  };

  const engines: EngineAdapter[] = [];
  const ours = await loadOursAdapter();
  if (ours.ok) engines.push(ours.adapter as EngineAdapter);
  else warn(`${ours.reason}; skipping "ours"`);
  if (opts.compare) engines.push(referenceAdapter() as EngineAdapter);
  if (engines.length === 0) {
    io.err('nothing to benchmark: our engine is not available (run with --compare to time the reference alone)');
    return 1;
  }

  const { cases, warnings: caseWarnings } = loadCases(opts.filters);
  for (const w of caseWarnings) warn(w);
  if (cases.length === 0) {
    io.err(`no case matches ${opts.filters.map((f) => JSON.stringify(f)).join(', ')}`);
    return 1;
  }

  const tasks: TaskRecord[] = [];
  const outputs: Record<string, OutputDiff> = {};
  const writeMs: Record<string, number> = {};
  const total = cases.length * PHASES.length * engines.length;
  let n = 0;
  let failed = false;

  for (const c of cases) {
    const prepared: PreparedEngine[] = [];
    for (const adapter of engines) {
      try {
        const p = prepare(adapter, c);
        if (p.errors.length > 0) {
          warn(`${c.name} (${adapter.name}): ${p.errors.length} problem(s), first: ${p.errors[0]}`);
        }
        prepared.push(p);
      } catch (e) {
        failed = true;
        n += PHASES.length;
        warn(`${c.name} (${adapter.name}) threw while preparing: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    const mine = prepared.find((p) => p.adapter.name === 'ours');
    const ref = prepared.find((p) => p.adapter.name === 'reference');
    if (mine !== undefined && ref !== undefined) outputs[c.name] = diffOutputs(mine.html, ref.html);
    if (mine !== undefined && c.kind === 'page') writeMs[c.name] = writeTime(mine.html);

    for (const phase of PHASES) {
      // Rounds in mirrored order (A B, B A, ...) so neither engine always runs first (JIT, GC and heap
      // state otherwise favour one side); the samples of a task's rounds are merged.
      const samples = prepared.map((): number[] => []);
      const errors: (string | undefined)[] = prepared.map(() => undefined);
      const fns = prepared.map((p) => taskFn(p, c, phase));
      for (let round = 0; round < ROUNDS; round++) {
        const order = prepared.map((_, i) => i);
        if (round % 2 === 1) order.reverse();
        for (const i of order) {
          const p = prepared[i]!;
          if (round === 0) {
            n++;
            io.err(`[${n}/${total}] ${c.name} ${phase} (${p.adapter.name})`);
          }
          if (errors[i] !== undefined) continue;
          const r = await sampleRound(fns[i]!, opts.time / ROUNDS, round === 0);
          if (r.ok) samples[i] = samples[i]!.concat(r.samples);
          else {
            errors[i] = r.error;
            io.err(`  ${c.name} ${phase} (${p.adapter.name}) failed: ${r.error}`);
          }
        }
      }
      prepared.forEach((p, i) => {
        const base = {
          case: c.name,
          phase,
          engine: p.adapter.name,
          templateBytes: Buffer.byteLength(c.source),
          outputBytes: Buffer.byteLength(p.html),
          renderErrors: p.errors.length,
        };
        const error = errors[i];
        if (error === undefined) {
          tasks.push({ ...base, status: 'ok', ...latencyStats(samples[i]!), peakRssMiB: peakRssMiB() });
        } else {
          failed = true;
          tasks.push({ ...base, status: 'error', error, opsPerSec: 0, meanMs: 0, p99Ms: 0, samples: 0, peakRssMiB: peakRssMiB() });
        }
      });
    }
  }

  const comparisons: Comparison[] = [];
  if (opts.compare) {
    for (const t of tasks) {
      if (t.engine !== 'ours' || t.status !== 'ok') continue;
      const r = tasks.find((x) => x.engine === 'reference' && x.case === t.case && x.phase === t.phase && x.status === 'ok');
      if (r === undefined) continue;
      comparisons.push({
        case: t.case,
        phase: t.phase,
        oursOpsPerSec: t.opsPerSec,
        referenceOpsPerSec: r.opsPerSec,
        ratio: r.opsPerSec > 0 ? t.opsPerSec / r.opsPerSec : 0,
      });
    }
  }

  const report: BenchReport = {
    timestamp: started.toISOString(),
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    cpu: `${cpus()[0]?.model ?? 'unknown'} x${cpus().length}`,
    options: { compare: opts.compare, timeMs: opts.time, filters: opts.filters },
    warnings,
    tasks,
    comparisons,
    outputs,
    writeMs,
    peakRssMiB: peakRssMiB(),
  };

  const json = JSON.stringify(report, null, 2);
  const file = opts.out ?? join(repoRoot(), 'bench', 'results', `${timestampName(started)}.json`);
  try {
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, json + '\n');
  } catch (e) {
    warn(`could not write ${file}: ${e instanceof Error ? e.message : String(e)}`);
  }

  if (opts.jsonOnly) {
    io.out(json);
  } else {
    for (const line of formatReport(report, opts.compare && ours.ok)) io.out(line);
    io.out('');
    io.out(`results: ${file}`);
  }
  return failed ? 1 : 0;
}

/* ---------------------------------------------------------------- formatting */

function fmtNum(x: number, digits: number): string {
  return x.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

function fmtOps(x: number): string {
  return x >= 100 ? fmtNum(x, 0) : fmtNum(x, 1);
}

function fmtMs(x: number): string {
  return x >= 100 ? fmtNum(x, 1) : x >= 1 ? fmtNum(x, 3) : fmtNum(x, 4);
}

/** Lays out rows as an aligned text table (numbers right-aligned). */
export function textTable(header: string[], rows: string[][], rightAlign: boolean[]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (rightAlign[i] ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)];
}

export function formatReport(report: BenchReport, compared: boolean): string[] {
  const out: string[] = [];
  out.push(`tessera bench  ${report.timestamp}  node ${report.node}  ${report.cpu}  ${report.options.timeMs} ms/task`);
  out.push('');
  const rows = report.tasks.map((t) => [
    t.case,
    t.phase,
    t.engine,
    t.status === 'ok' ? fmtOps(t.opsPerSec) : 'ERROR',
    t.status === 'ok' ? fmtMs(t.meanMs) : '-',
    t.status === 'ok' ? fmtMs(t.p99Ms) : '-',
    String(t.templateBytes),
    String(t.outputBytes),
    t.renderErrors > 0 ? String(t.renderErrors) : '',
    fmtNum(t.peakRssMiB, 1),
  ]);
  out.push(
    ...textTable(
      ['case', 'task', 'engine', 'ops/s', 'mean ms', 'p99 ms', 'tmpl B', 'out B', 'errs', 'peak RSS MiB'],
      rows,
      [false, false, false, true, true, true, true, true, true, true],
    ),
  );
  if (compared) {
    out.push('');
    out.push('ours / reference (ops/s; > 1 means ours is faster)');
    const crow = report.comparisons.map((c) => {
      const diff = report.outputs[c.case];
      const same = diff === undefined ? '' : diff.identical ? 'identical' : `differ@${diff.offset}`;
      return [c.case, c.phase, fmtOps(c.oursOpsPerSec), fmtOps(c.referenceOpsPerSec), `${fmtNum(c.ratio, 2)}x`, same];
    });
    out.push(...textTable(['case', 'task', 'ours ops/s', 'ref ops/s', 'ratio', 'output'], crow, [false, false, true, true, true, false]));
    const ratios = report.comparisons.filter((c) => c.ratio > 0).map((c) => c.ratio);
    if (ratios.length > 0) {
      const geo = Math.exp(ratios.reduce((s, r) => s + Math.log(r), 0) / ratios.length);
      out.push(`geometric mean ratio: ${fmtNum(geo, 2)}x over ${ratios.length} tasks`);
    }
    const wright = report.outputs['wright'];
    if (wright !== undefined) {
      out.push('');
      out.push(`wright output vs reference: ${describeDiff(wright)}`);
    }
    for (const c of report.comparisons) {
      const write = report.writeMs[c.case];
      if (c.phase !== 'render' || write === undefined || c.oursOpsPerSec === 0 || c.referenceOpsPerSec === 0) continue;
      const withWrite = (1000 / c.referenceOpsPerSec + write) / (1000 / c.oursOpsPerSec + write);
      out.push(
        `${c.case}: a server then writes the page (UTF-8 length and bytes, ${fmtMs(write * 1000)} µs, the same for both ` +
          `engines); render + write: ${fmtNum(withWrite, 2)}x`,
      );
    }
  }
  out.push('');
  out.push(`peak RSS: ${fmtNum(report.peakRssMiB, 1)} MiB`);
  if (report.warnings.length > 0) out.push(`${report.warnings.length} warning(s), see above and in the JSON report`);
  return out;
}
