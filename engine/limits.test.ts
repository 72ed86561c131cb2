/**
 * Issue 14: every template finishes promptly within bounded memory, with a positioned error at the bound.
 * Cases that hung before run in a child process with a time limit, so a regression fails instead of hanging.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compile, ErrorCode, render } from './index.js';
import type { RenderOptions, RenderResult, TemplateError } from './types.js';

const ENGINE = fileURLToPath(new URL('./index.ts', import.meta.url));

/** Run `body` (JS with `compile` and `render` in scope) in a child; returns what it printed as JSON. Its 50 s limit only guards against a hang on a busy machine, never measures speed. */
function inChild(body: string): unknown {
  const script = `import { compile, render } from ${JSON.stringify(ENGINE)};\nconst out = (() => { ${body} })();\nconsole.log(JSON.stringify(out));`;
  const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { timeout: 50_000, encoding: 'utf8' });
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
    const t = compile('ab\n{.repeated section l}{@}{.end}{@|apply p}').template;
    // closures on the first renders, generated code from the third: the same page and error
    for (let i = 0; i < 4; i++) {
      const r = render(t, { l: [1, 2, 3, 4, 5] }, { maxSteps: 3 });
      expect(r.html).toBe('ab\n12');
      expect(r.errors).toEqual([
        { severity: 'error', code: ErrorCode.BUDGET_EXCEEDED, message: 'Render stopped: it exceeded its budget of 3 instructions', line: 2, column: 1 },
      ]);
      expect(render(t, { l: [1] }, { maxSteps: 3, partials: { p: '{@|apply p}' } }).html).toBe('ab\n1');
    }
  });

  it('bounds output, partials included', () => {
    const r = render('{.repeated section l}{@|apply p}{.end}', { l: [1, 2, 3, 4] }, { maxOutput: 250, partials: { p: 'x'.repeat(100) } });
    expect(r.html.length).toBeLessThanOrEqual(300);
    expect(r.errors.at(-1)).toMatchObject({ code: ErrorCode.BUDGET_EXCEEDED, message: 'Render stopped: it exceeded its budget of 250 characters of output' });
  });

  const OUTPUT = (limit: number) => `Render stopped: it exceeded its budget of ${limit} characters of output`;
  /** Renders `source` five times (closures, then generated code), each giving `expected`. */
  function everyTier(source: string, data: unknown, options: RenderOptions, expected: RenderResult): void {
    const t = compile(source).template;
    for (let i = 0; i < 5; i++) expect(render(t, data, options)).toEqual(expected);
  }
  const at = (limit: number, line: number, column: number): TemplateError[] => [
    { severity: 'error', code: ErrorCode.BUDGET_EXCEEDED, message: OUTPUT(limit), line, column },
  ];

  it('stops before one value that would take the page past maxOutput, with nothing of it written', () => {
    // Issue 23: a string doubled 22 times in .eval and printed once made a 268 MB page (13x the default cap).
    const doubled = 'x{.eval @s = "' + 'a'.repeat(64) + '"; ' + '@s = @s + @s; '.repeat(22) + '@s}y';
    const out = inChild(`
      const r = render(${JSON.stringify(doubled)}, {}, { maxExpressionStringLength: 1e9 });
      return { length: r.html.length, errors: r.errors };`);
    expect(out).toEqual({ length: 1, errors: at(20_000_000, 1, 2) });
    // A value from the data, with and without formatters; a partial's page counts too.
    const data = { big: 'b'.repeat(300), list: Array.from({ length: 40 }, (_, i) => `item ${i}`) };
    everyTier('ab\n  {big}', data, { maxOutput: 250 }, { html: 'ab\n  ', errors: at(250, 2, 3) });
    everyTier('ab\n {big|html}', data, { maxOutput: 250 }, { html: 'ab\n ', errors: at(250, 2, 2) });
    everyTier('[{list|json-pretty}]', data, { maxOutput: 250 }, { html: '[', errors: at(250, 1, 2) });
    everyTier('{.section list}{@|apply p}{.end}', data, { maxOutput: 250, partials: { p: '{.repeated section @}{@}{.end}' } }, {
      html: '',
      errors: [{ ...at(250, 1, 22)[0]!, filename: 'p' }], // at the partial's {@}
    });
    // an .eval's printed value
    everyTier('ab{.eval "c" + big}', data, { maxOutput: 250 }, { html: 'ab', errors: at(250, 1, 3) });
  });

  it('stops a .var whose formatters grow its value past maxOutput, though nothing is printed', () => {
    // json doubles each backslash: fed its own result, the value doubles at every .var.
    const source = '{.var @s big}' + '{.var @s @s|json}'.repeat(40) + 'never';
    everyTier(source, { big: '\\'.repeat(10) }, {}, { html: '', errors: at(20_000_000, 1, 14 + 17 * 20) }); // the 21st
  });

  it('checks constant text at the end of the render too', () => {
    everyTier('x'.repeat(300), {}, { maxOutput: 250 }, { html: 'x'.repeat(300), errors: at(250, 1, 1) });
  });

  it('reports the budget even past the error cap', () => {
    const r = render('{.repeated section l}{@|nope}{.end}', { l: Array.from({ length: 2000 }, (_, i) => i) }, { maxSteps: 1500 });
    expect(r.errors.at(-1)!.code).toBe(ErrorCode.BUDGET_EXCEEDED);
  });
});

describe('nesting (MAX_NESTING = 1000 levels)', () => {
  const deep = (n: number, inner = 'x') => '{.section a}'.repeat(n) + inner + '{.end}'.repeat(n);
  const loop: Record<string, unknown> = { b: 1 };
  loop['a'] = loop;

  it('refuses the template at the tag that opens one block too many, instead of throwing', () => {
    const r = compile(deep(5000));
    expect(r.errors).toEqual([
      { severity: 'error', code: ErrorCode.NESTED_TOO_DEEPLY, message: 'Blocks are nested more than 1000 deep; nothing is rendered', line: 1, column: 1000 * 12 + 1 },
    ]);
    expect(render(r.template, loop).html).toBe('');
    // an else-if is one level deeper: a chain of `.or` branches counts too
    const chain = compile('{.equal? b 0}a' + '\n{.or equal? b 1}b'.repeat(1000) + '{.end}');
    expect(chain.errors.map((e) => [e.code, e.line])).toEqual([[ErrorCode.NESTED_TOO_DEEPLY, 1001]]); // the 1000th .or
  });

  it('compiles and renders 1000 levels of every block kind, in closures and in generated code', () => {
    const kinds = ['{.section a}', '{.if a}', '{.equal? b 1}', '{.repeated section l}'];
    let source = '';
    for (let i = 0; i < 1000; i++) source += kinds[i % kinds.length];
    source += 'x{@index}' + '{.end}'.repeat(1000);
    const data: Record<string, unknown> = { b: 1 };
    data['a'] = data;
    data['l'] = [data];
    const c = compile(source);
    expect(c.errors).toEqual([]);
    for (let i = 0; i < 4; i++) expect(render(c.template, data)).toEqual({ html: 'x1', errors: [] });
  });

  it('bounds nesting across the partials and macros a render applies, with the error at the apply', () => {
    const partials = { p: deep(600, 'p') };
    expect(render(deep(300, '{@|apply p}') + '{@|apply p}', loop, { partials })).toEqual({ html: 'pp', errors: [] });
    const r = render('\n' + deep(500, '{@|apply p}') + '{.macro m}' + deep(600, 'm') + '{.end}{.section a}' + deep(500, '{.include m output}') + '{.end}', loop, { partials });
    expect(r.html).toBe('\n');
    expect(r.errors).toEqual([
      { severity: 'error', code: ErrorCode.NESTED_TOO_DEEPLY, message: "Attempt to apply 'p' would nest blocks more than 1000 deep", line: 2, column: 500 * 12 + 3 }, // its |apply
      { severity: 'error', code: ErrorCode.NESTED_TOO_DEEPLY, message: "Attempt to apply 'm' would nest blocks more than 1000 deep", line: 2, column: expect.any(Number) },
    ]);
  });

  it('never lets a RangeError out, nor reports one as an internal error', () => {
    const out = inChild(`
      const results = [
        compile('{.section a}'.repeat(100_000) + '{.end}'.repeat(100_000)),
        compile('{.if a}'.repeat(100_000)),
        compile('{.eval ' + '('.repeat(100_000) + '1' + ')'.repeat(100_000) + '}'),
        compile('{.section a}{.or equal? b 1}'.repeat(2) + '{.or equal? b 2}'.repeat(100_000)),
      ].map((c) => c.errors.map((e) => e.code + ': ' + e.message));
      const rendered = render('{.macro m}' + '{.section a}'.repeat(900) + '{@|apply m}' + '{.end}'.repeat(900) + '{.end}{@|apply m}', (() => { const d = {}; d.a = d; return d; })());
      return { results, rendered: rendered.errors.map((e) => e.code) };`) as { results: string[][]; rendered: string[] };
    expect(out.results.map((problems) => problems[0]!.split(':')[0])).toEqual([
      ErrorCode.NESTED_TOO_DEEPLY,
      ErrorCode.NESTED_TOO_DEEPLY,
      ErrorCode.EXPRESSION_PARSE, // "Expression is nested too deeply" (expressions nest 256 levels)
      ErrorCode.NESTED_TOO_DEEPLY,
    ]);
    expect(out.results.flat().join('\n')).not.toMatch(/Maximum call stack|Internal error/);
    // the macro applies itself inside 900 levels: its second apply would reach 1800
    expect(out.rendered).toEqual([ErrorCode.NESTED_TOO_DEEPLY]);
  });
});

describe('budget position', () => {
  it('BUDGET_EXCEEDED points at the instruction that ran out, not at the last tag that recorded a position', () => {
    const r = render('{a|html}\n  {.repeated section l}{@}{.end}', { a: 1, l: [1, 2, 3] }, { maxSteps: 2 });
    expect(r.errors.map((e) => [e.code, e.line, e.column])).toEqual([[ErrorCode.BUDGET_EXCEEDED, 2, 3]]);
    const t = compile('{a|html}\n  {.repeated section l}{@}{.end}').template;
    for (let i = 0; i < 3; i++) render(t, { a: 1, l: [1] }); // generated code from here on
    expect(render(t, { a: 1, l: [1, 2, 3] }, { maxSteps: 2 }).errors.map((e) => [e.code, e.line, e.column])).toEqual([[ErrorCode.BUDGET_EXCEEDED, 2, 3]]);
    const applied = render('{a|html}\n{.section a}{@|apply p}{.end}', { a: 1 }, { maxOutput: 5, partials: { p: 'x'.repeat(10) } });
    expect(applied.errors.map((e) => [e.code, e.line, e.column])).toEqual([[ErrorCode.BUDGET_EXCEEDED, 2, 15]]); // at its |apply
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

  it.each([
    // Before issue 23: 280-350 MB (several variables, their lists and the formatter's arrays per tag).
    ['{a,b|html}', 0],
    ['{a|html|html}', 0],
    ['{.equal? a b}{.end}', 0],
    // one problem per tag, each with its message, before the first thousand were kept (230 MB)
    ['{a|zz}', 1001],
    // adjacent keywords joined one by one, each join flattened: quadratic (minutes)
    ['{.space}', 0],
  ])('a template of %s up to the size cap peaks under 200 MB', (tag, errors) => {
    const out = inChild(`
      const start = process.resourceUsage().maxRSS;
      const c = compile(${JSON.stringify(tag)}.repeat(Math.floor(2_000_000 / ${tag.length})));
      const data = { a: 'x', b: 'y' };
      const first = render(c.template, data);
      const second = render(c.template, data);
      return { errors: c.errors.length + first.errors.length + second.errors.length,
        grewMB: (process.resourceUsage().maxRSS - start) / 1024 };`) as { errors: number; grewMB: number };
    expect(out.errors).toBe(errors);
    expect(out.grewMB).toBeLessThan(200);
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

  it('stops a string growing in .eval at the default maximum string length, with the spec message', () => {
    const doubling = 'x{.eval @s = "' + 'a'.repeat(64) + '"; ' + '@s = @s + @s; '.repeat(30) + '@s}y';
    const r = render(doubling, {});
    expect(r.html).toBe('xy');
    expect(r.errors.map((e) => [e.code, e.column, e.message])).toEqual([
      [ErrorCode.EXPRESSION_EVAL, 2, 'Concatenation would exceed maximum string length 1000000'],
    ]);
    expect(render(doubling, {}, { maxExpressionStringLength: 100 }).errors[0]!.message).toBe('Concatenation would exceed maximum string length 100');
    // 64 characters doubled 30 times without a limit: past the longest string V8 builds (ropes keep it cheap to
    // try), told as such, not as an expression nested too deeply
    const unlimited = render(doubling, {}, { maxExpressionStringLength: Number.MAX_SAFE_INTEGER });
    expect(unlimited.errors.map((e) => [e.code, e.column, e.message])).toEqual([
      [ErrorCode.EXPRESSION_EVAL, 2, 'Expression result is too long: a string grew past the largest the runtime can build'],
    ]);
  });
});
