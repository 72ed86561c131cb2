/**
 * Issue 14: every template finishes promptly within bounded memory, with a positioned error at the bound.
 * Cases that hung before run in a child process with a time limit, so a regression fails instead of hanging.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compile, ErrorCode, render } from './index.js';

const ENGINE = fileURLToPath(new URL('./index.ts', import.meta.url));

/** Run `body` (JS with `compile` and `render` in scope) in a child with a 10 s limit; returns what it printed as JSON. */
function inChild(body: string): unknown {
  const script = `import { compile, render } from ${JSON.stringify(ENGINE)};\nconst out = (() => { ${body} })();\nconsole.log(JSON.stringify(out));`;
  const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { timeout: 10_000, encoding: 'utf8' });
  if (r.error !== undefined || r.status !== 0) throw new Error(`child failed or timed out: ${r.error?.message ?? r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').at(-1)!);
}

describe('work budget (RenderOptions.maxSteps / maxOutput)', () => {
  it('stops fan-out recursion through macros, partials and .include', () => {
    const out = inChild(`
      const last = (r) => r.errors.filter((e) => e.code === 'RECURSION_DEPTH' || e.code === 'BUDGET_EXCEEDED').length > 0;
      const include = render('{.macro m}' + '{.include m}'.repeat(10) + '{.end}{.include m}', {});
      const partial = render('{@|apply p}', {}, { partials: { p: '{@|apply p}'.repeat(10) } });
      const macro = render('{.macro m}x{@|apply m}{@|apply m}{@|apply m}{@|apply m}{.end}{@|apply m}', {});
      return { include: include.errors.at(-1), partial: last(partial), macro: last(macro) };`) as Record<string, unknown>;
    // An .include refused at the depth limit counts for the rest of the render (as on the platform), so this
    // fan-out stays linear and ends at the depth limit.
    expect(out['include']).toMatchObject({ code: 'RECURSION_DEPTH', line: 1 });
    expect(out['partial']).toBe(true);
    expect(out['macro']).toBe(true);
  });

  it('stops at the section that ran out, with its position, and keeps what was rendered', () => {
    const r = render('ab\n{.repeated section l}{@}{.end}', { l: [1, 2, 3, 4, 5] }, { maxSteps: 3 });
    expect(r.html).toBe('ab\n12');
    expect(r.errors).toEqual([
      { severity: 'error', code: ErrorCode.BUDGET_EXCEEDED, message: 'Render stopped: it exceeded its budget of 3 instructions', line: expect.any(Number), column: expect.any(Number) },
    ]);
  });

  it('bounds output, partials included', () => {
    const r = render('{.repeated section l}{@|apply p}{.end}', { l: [1, 2, 3, 4] }, { maxOutput: 250, partials: { p: 'x'.repeat(100) } });
    expect(r.html.length).toBeLessThanOrEqual(300);
    expect(r.errors.at(-1)).toMatchObject({ code: ErrorCode.BUDGET_EXCEEDED, message: 'Render stopped: it exceeded its budget of 250 characters of output' });
  });

  it('reports the budget even past the error cap', () => {
    const r = render('{.repeated section l}{@|nope}{.end}', { l: Array.from({ length: 2000 }, (_, i) => i) }, { maxSteps: 1500 });
    expect(r.errors.at(-1)!.code).toBe(ErrorCode.BUDGET_EXCEEDED);
  });
});

describe('nesting', () => {
  it('refuses a template nested too deeply to compile instead of throwing', () => {
    const r = compile('{.section a}'.repeat(5000) + '{.end}'.repeat(5000));
    expect(r.errors).toEqual([
      { severity: 'error', code: ErrorCode.NESTED_TOO_DEEPLY, message: 'Template is nested too deeply to compile; nothing is rendered', line: 1, column: 1 },
    ]);
    expect(render(r.template, {}).html).toBe('');
  });

  it('still compiles and renders 3500 levels', () => {
    const r = compile('{.section a}'.repeat(3500) + 'x' + '{.end}'.repeat(3500));
    expect(r.errors).toEqual([]);
    let data: unknown = { b: 1 };
    for (let i = 0; i < 3500; i++) data = { a: data };
    expect(render(r.template, data).html).toBe('x');
  });
});

describe('size', () => {
  it('refuses a template over CompileOptions.maxTemplateLength with an error', () => {
    const r = compile('{a}'.repeat(3_400_000));
    expect(r.errors).toEqual([
      { severity: 'error', code: ErrorCode.TEMPLATE_TOO_LARGE, message: 'Template is too large (10200000 characters, the limit is 2000000); nothing is rendered', line: 1, column: 1 },
    ]);
    expect(compile('{a}{b}', { maxTemplateLength: 5 }).errors[0]!.code).toBe(ErrorCode.TEMPLATE_TOO_LARGE);
  });

  it('caps compile problems like render and suggests once per name', () => {
    const out = inChild(`
      const bogus = compile('{.bogus x}'.repeat(1_000_000), { maxTemplateLength: 1e8 }).errors;
      const unknown = compile('{a|zzq}'.repeat(1_000_000), { maxTemplateLength: 1e8 }).errors;
      return { bogus: bogus.length, unknown: unknown.length, last: unknown.at(-1).code };`);
    expect(out).toEqual({ bogus: 1001, unknown: 1001, last: 'TOO_MANY_ERRORS' });
  });
});

describe('memory', () => {
  it('a template at the size cap compiles and renders in little memory per instruction', () => {
    // 666,666 variable tags (the 2,000,000-character cap): about 810 MB at peak before tags shared their paths
    // and printers and kept exact arrays; measured at about 115 MB over the child's start.
    const out = inChild(`
      const start = process.resourceUsage().maxRSS;
      const c = compile('{a}'.repeat(666_666));
      const first = render(c.template, { a: 'x' });
      const second = render(c.template, { a: 'y' });
      return { errors: c.errors.length + first.errors.length, html: first.html.length + second.html.length,
        grewMB: (process.resourceUsage().maxRSS - start) / 1024 };`) as { errors: number; html: number; grewMB: number };
    expect(out.errors).toBe(0);
    expect(out.html).toBe(2 * 666_666);
    expect(out.grewMB).toBeLessThan(180);
  });
});

describe('errors that were silent', () => {
  it('reports json, json-pretty and raw of a cyclic value', () => {
    const a: Record<string, unknown> = {};
    a['a'] = a;
    const r = render('[{a|json}][{a|json-pretty}][{a|raw}]', { a });
    expect(r.html).toBe('[][][]');
    expect(r.errors.map((e) => [e.code, e.column, e.message.split(':')[0]])).toEqual([
      [ErrorCode.FORMATTER_FAILED, 4, "Formatter 'json' failed"],
      [ErrorCode.FORMATTER_FAILED, 14, "Formatter 'json-pretty' failed"],
      [ErrorCode.FORMATTER_FAILED, 31, "Formatter 'raw' failed"],
    ]);
  });
});
