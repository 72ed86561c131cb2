/**
 * Hostile templates (issue 14): random deep, wide, recursive and huge templates must finish within their
 * budget, never throw, and report a positioned error when a bound is hit.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compile, ErrorCode, render } from './index.js';

/** The longest a repeated piece grows (characters). */
const MAX_PIECE = 200_000;

/** A piece of template: plain, nested, repeated, recursive (macro/partial/include) or simply large. */
const piece: fc.Arbitrary<string> = fc.letrec<{ t: string }>((tie) => ({
  t: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom('x', '{a}', '{@}', '{a|json}', '{a|apply p}', '{.include m}', '{@|apply m}', '{.eval 1+1}', '{.bogus}', '{.end}', '{.or}'),
    fc.tuple(fc.constantFrom('{.section a}', '{.repeated section l}', '{.if a}', '{.equal? a 1}'), tie('t')).map(([o, b]) => `${o}${b}{.end}`),
    // Repeated up to a bounded size: nested repeats reached V8's string length limit in ~0.4% of seeds.
    fc.tuple(tie('t'), fc.integer({ min: 1, max: 40 })).map(([b, n]) => b.repeat(Math.max(1, Math.min(n, Math.floor(MAX_PIECE / Math.max(1, b.length)))))),
    fc.tuple(fc.integer({ min: 1, max: 3000 })).map(([n]) => '{.section a}'.repeat(n) + '{.end}'.repeat(n)),
    fc.tuple(fc.integer({ min: 1, max: 1500 })).map(([n]) => '{.equal? b 1}' + '{.or equal? b 2}x'.repeat(n) + '{.end}'),
    fc.tuple(fc.integer({ min: 1, max: 999 })).map(([n]) => '{.section a}'.repeat(n) + '{@|apply p}{@|apply m}' + '{.end}'.repeat(n)),
  ),
})).t;

const template = fc.tuple(piece, piece).map(([m, body]) => `{.macro m}${m}{.end}${body}`);

/** Data that loops back on itself: `a` and every list element lead to the same object again. */
function data(): unknown {
  const d: Record<string, unknown> = { b: 1 };
  d['a'] = d;
  d['l'] = [d, d, d];
  return d;
}

describe('hostile templates', () => {
  it('finish within the budget, never throw, and position the error that stopped them', () => {
    fc.assert(
      fc.property(template, fc.constantFrom('{@|apply p}{@|apply p}', '{.include m}x'), (source, partial) => {
        const compiled = compile(source);
        const r = render(compiled.template, data(), { maxSteps: 20_000, maxOutput: 200_000, partials: { p: partial } });
        expect(r.html.length).toBeLessThanOrEqual(200_000 + source.length * 50);
        for (const e of [...compiled.errors, ...r.errors]) {
          expect(e.line).toBeGreaterThanOrEqual(1);
          expect(e.column).toBeGreaterThanOrEqual(1);
          expect(e.message).not.toMatch(/Internal error|Maximum call stack/);
        }
        expect(r.errors.filter((e) => e.code === ErrorCode.BUDGET_EXCEEDED).length).toBeLessThanOrEqual(1);
      }),
      { numRuns: 150 },
    );
  });

  it('a template that fans out is stopped by the budget', () => {
    // Macros that each apply the one below ten times (recursion itself stays linear at the depth limit).
    let src = '{.macro m0}x{.end}';
    for (let i = 1; i <= 5; i++) src += `{.macro m${i}}${`{@|apply m${i - 1}}`.repeat(10)}{.end}`;
    const r = render(src + '{@|apply m5}', {}, { maxSteps: 1000 });
    expect(r.errors.at(-1)).toMatchObject({ code: ErrorCode.BUDGET_EXCEEDED, line: 1 });
  });

  it('a frame of 100,000 distinct variables is set and read in linear work', () => {
    // Walking a frame's variables at every set and read made this quadratic: 60,000 names took 19 s to render
    // (2026-11-27); its cells are now kept by name. Rendered by closures and by generated code.
    const n = 100_000;
    let src = '';
    for (let i = 0; i < n; i++) src += `{.var @v${i} a}`;
    for (let i = 0; i < n; i += 9_999) src += `{@v${i}}`;
    const { template, errors } = compile(src);
    expect(errors).toEqual([]);
    for (let r = 0; r < 4; r++) expect(render(template, { a: 1 }).html).toBe('1'.repeat(11));
  });
});
