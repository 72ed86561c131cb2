import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BENCH_DATA_ENV,
  SYNTHETIC_SHAPES,
  SYNTHETIC_SIZES,
  benchDataDir,
  generateTemplate,
  loadCases,
  loadWrightCase,
  matchesFilter,
  repoRoot,
  syntheticCases,
} from './cases.js';
import { BenchUsageError, parseBenchArgs } from './cli.js';
import { describeDiff, diffOutputs, loadOursAdapter, referenceAdapter } from './engines.js';
import { DEFAULT_TIME_MS, latencyStats, textTable } from './run.js';

describe('synthetic cases', () => {
  const cases = syntheticCases();

  it('has every shape at every size, with unique names', () => {
    expect(cases).toHaveLength(SYNTHETIC_SHAPES.length * SYNTHETIC_SIZES.length);
    expect(new Set(cases.map((c) => c.name)).size).toBe(cases.length);
    expect(cases.map((c) => c.name)).toContain('variables-32B');
    expect(cases.map((c) => c.name)).toContain('eval-128KiB');
  });

  it.each(SYNTHETIC_SHAPES.map((s) => [s.name, s] as const))('%s hits the target sizes', (_name, shape) => {
    for (const target of SYNTHETIC_SIZES) {
      const src = generateTemplate(shape, target);
      const bytes = Buffer.byteLength(src);
      const smallest = Math.min(...[...shape.snippets, shape.minimal ?? shape.snippets[0]!].map((s) => s.length));
      // within 5%, or a single (smallest) snippet when even that exceeds the target
      if (smallest <= target) expect(Math.abs(bytes - target)).toBeLessThanOrEqual(target * 0.05);
      else expect(bytes).toBe(smallest);
      // mostly made of snippets: padding is less than one snippet
      const longest = Math.max(...shape.snippets.map((s) => s.length));
      const firstSnippet = shape.snippets[0]!;
      if (target >= 1024) expect(src.split(firstSnippet).length - 1).toBeGreaterThanOrEqual(Math.floor((target - longest) / (longest * shape.snippets.length)));
    }
  });

  it('renders without errors on the reference engine, with non-empty output', () => {
    const ref = referenceAdapter();
    for (const c of cases) {
      const r = ref.check(c.source, c.data, ref.preparePartials(c.partials));
      expect(r.errors, c.name).toEqual([]);
      expect(r.html.length, c.name).toBeGreaterThan(0);
    }
  });

  it('exercises what each shape is about (checked on the reference output)', () => {
    const ref = referenceAdapter();
    const out = (name: string) => {
      const c = cases.find((x) => x.name === name)!;
      return ref.check(c.source, c.data, {}).html;
    };
    expect(out('variables-1KiB')).toContain('&lt;world &amp; co&gt;');
    expect(out('sections-1KiB')).toContain('yes');
    expect(out('sections-1KiB')).toContain('-');
    expect(out('repeated-1KiB')).toContain('item0,item1');
    expect(out('repeated-32B')).toContain('item0item1');
    expect(out('eval-1KiB')).toContain('7');
    expect(out('text-32B')).toBe('Lorem ipsum dolor sit amet, co.\n');
  });
});

describe('case selection and data location', () => {
  it('filters by substring, any of several', () => {
    expect(matchesFilter('eval-8KiB', [])).toBe(true);
    expect(matchesFilter('eval-8KiB', ['8KiB'])).toBe(true);
    expect(matchesFilter('eval-8KiB', ['wright', 'eval'])).toBe(true);
    expect(matchesFilter('eval-8KiB', ['wright'])).toBe(false);
  });

  it('resolves the bench data beside the repo, overridable by env', () => {
    expect(benchDataDir({})).toBe(resolve(repoRoot(), '../shared/bench-data'));
    expect(benchDataDir({ [BENCH_DATA_ENV]: '/some/where' })).toBe('/some/where');
    expect(existsSync(join(repoRoot(), 'package.json'))).toBe(true);
  });

  it('reports missing bench data as a warning, not a crash', () => {
    const { cases, warnings } = loadCases(['wright', 'text-32B'], '/nonexistent/bench-data');
    expect(cases.map((c) => c.name)).toEqual(['text-32B']);
    expect(warnings[0]).toMatch(/wright\.html/);
  });

  it.skipIf(!existsSync(join(benchDataDir(), 'wright.html')))('loads the wright page with its partials', () => {
    const c = loadWrightCase();
    expect(c.source.length).toBeGreaterThan(1000);
    expect(Object.keys(c.partials).length).toBeGreaterThan(0);
    const ref = referenceAdapter();
    const r = ref.check(c.source, c.data, ref.preparePartials(c.partials));
    expect(r.errors).toEqual([]);
    expect(r.html.length).toBeGreaterThan(10_000);
  });
});

describe('engine adapters', () => {
  it('loads our engine and renders through it, partials included', async () => {
    const ours = await loadOursAdapter();
    if (!ours.ok) throw new Error(`our engine did not load: ${ours.reason}`);
    const a = ours.adapter;
    expect(a.name).toBe('ours');
    const options = a.preparePartials({ p: '[{x}]' });
    expect(a.render(a.compile('{x}{@|apply p}'), { x: 'hi' }, options)).toBe('hi[hi]');
    expect(a.check('{x|nope}', {}, options).errors).toEqual([expect.stringContaining('UNKNOWN_FORMATTER')]);
  });
});

describe('output diff', () => {
  it('says identical or shows the first differing offset with context', () => {
    expect(describeDiff(diffOutputs('abc', 'abc'))).toBe('identical');
    const d = diffOutputs('x'.repeat(100) + 'A' + 'y'.repeat(100), 'x'.repeat(100) + 'B' + 'y'.repeat(100));
    expect(d).toMatchObject({ identical: false, offset: 100 });
    if (!d.identical) {
      expect(d.ours).toHaveLength(80);
      expect(d.ours).toContain('A');
      expect(d.reference).toContain('B');
    }
    expect(diffOutputs('abc', 'abcd')).toMatchObject({ identical: false, offset: 3 });
  });
});

describe('bench CLI arguments', () => {
  it('has defaults', () => {
    expect(parseBenchArgs([])).toEqual({ help: false, compare: false, time: DEFAULT_TIME_MS, filters: [], jsonOnly: false });
  });

  it('parses every option', () => {
    expect(
      parseBenchArgs(['--compare', '--time', '250', '--filter', 'wright', '--filter=eval', '--json-only', '--out', 'r.json']),
    ).toEqual({ help: false, compare: true, time: 250, filters: ['wright', 'eval'], jsonOnly: true, out: 'r.json' });
    expect(parseBenchArgs(['--time=12.5'])).toMatchObject({ time: 12.5 });
  });

  it('recognizes help', () => {
    expect(parseBenchArgs(['--help'])).toEqual({ help: true });
    expect(parseBenchArgs(['-h', '--compare'])).toEqual({ help: true });
  });

  it('rejects bad input', () => {
    for (const bad of [['--time', 'abc'], ['--time', '0'], ['--time', '-5'], ['--time'], ['--nope'], ['positional'], ['--out', '']]) {
      expect(() => parseBenchArgs(bad), bad.join(' ')).toThrow(BenchUsageError);
    }
  });
});

describe('text table', () => {
  it('aligns columns', () => {
    const lines = textTable(['a', 'n'], [['xyz', '1'], ['q', '100']], [false, true]);
    expect(lines).toEqual(['a      n', '---  ---', 'xyz    1', 'q    100']);
  });
});

describe('latency stats', () => {
  it('computes mean, p99 and ops/s', () => {
    const samples = Array.from({ length: 101 }, (_, i) => i / 10); // 0 .. 10 ms
    const s = latencyStats(samples);
    expect(s.meanMs).toBeCloseTo(5);
    expect(s.opsPerSec).toBeCloseTo(200);
    expect(s.p99Ms).toBeCloseTo(9.9);
    expect(s.samples).toBe(101);
    expect(latencyStats([])).toEqual({ opsPerSec: 0, meanMs: 0, p99Ms: 0, samples: 0 });
  });
});
