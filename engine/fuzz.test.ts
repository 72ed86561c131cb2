/**
 * Fuzzing compile and render: random token soups and mutated real templates must never make either call
 * throw, must produce well-formed problems, and must finish (a case running away would hit the guard). Each
 * run prints its distribution (cases that print nothing, that hold an error, tags per case), as the
 * differential arms do (issue 29): here errors are the point (a soup is mostly malformed), so it is shown, not
 * held to a floor.
 */
import fc from 'fast-check';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseSections } from '../bin/conformance/fixture.js';
import { compile, render, type TemplateError } from './index.js';

const FRAGMENTS = [
  '{', '}', '{{', '}}', 'text', ' ', '\n', '{a}', '{a.b.0}', '{@}', '{@index}', '{@index0}', '{@x}', '{$foo}',
  '{.if }', '{.if @x}', '{.section a}', '{.section items}', '{.repeated section items}', '{.alternates with}', '{.or}', '{.end}',
  '{.if a && b || c}', '{.if equal? a 1}', '{.equal? a "x"}', '{.or equal? @ 2}', '{.even?}', '{.nope?}',
  '{a|html}', '{a|truncate 5}', '{a|json|html}', '{a|nosuch}', '{a, b|format x}', '{@|apply m}', '{@|apply p private}',
  '{.var @x a|html}', '{.ctx @c k=a.b}', '{.macro m}', '{.include m}', '{.include m output}', '{.inject @i x.json}',
  '{.eval 1 + 2 * a}', '{.eval @v = "s" + 1}', '{.eval (}', '{.eval "\\u12}', '{.eval max(1,2)}', '{# c}', '{## c ##}', '{##',
  '{.meta-left}', '{.meta-right}', '{.space}', '{.tab}', '{.newline}', '|', '.', '@', '?', '"', "'", '\\',
];

const DATA = {
  a: 'A<b>',
  b: 0,
  c: [1, 2],
  items: [{ a: 1, b: 'x' }, null, { items: [] }, 'str', 3.5],
  nested: { a: { b: [{ c: true }] } },
  '@weird': 1,
  json: JSON.parse('{"__proto__": {"x": 1}, "constructor": 2}') as unknown,
};

const PARTIALS = { p: '{a}{@|apply p}', broken: '{.section a}', m: '{.repeated section items}{@}{.end}' };

function checkErrors(errors: TemplateError[]) {
  for (const e of errors) {
    expect(['error', 'warning']).toContain(e.severity);
    expect(typeof e.code).toBe('string');
    expect(e.message.length).toBeGreaterThan(0);
    expect(e.line).toBeGreaterThanOrEqual(1);
    expect(e.column).toBeGreaterThanOrEqual(1);
  }
}

/** A guard against runaway cases, far above what any case needs: not a speed goal. */
const GUARD_MS = 5000;

/** What a run met: cases, those that printed nothing, those with an error, tags per case. */
interface Seen {
  cases: number;
  empty: number;
  errors: number;
  tags: number[];
}
const newSeen = (): Seen => ({ cases: 0, empty: 0, errors: 0, tags: [] });
function distribution(name: string, s: Seen): string {
  const tags = [...s.tags].sort((a, b) => a - b);
  const pct = (n: number) => `${((100 * n) / Math.max(1, s.cases)).toFixed(1)}%`;
  return `${name}: ${s.cases} cases; ${s.empty} print nothing (${pct(s.empty)}); ${s.errors} hold an error (${pct(s.errors)}); tags per case median ${tags[tags.length >> 1] ?? 0}, max ${tags[tags.length - 1] ?? 0}`;
}

function exercise(source: string, seen?: Seen) {
  const started = performance.now();
  const c = compile(source, { filename: 'fuzz.html' });
  checkErrors(c.errors);
  const options = { partials: PARTIALS, injects: { 'x.json': { y: 1 } }, now: 0 };
  const r = render(c.template, DATA, options);
  expect(typeof r.html).toBe('string');
  checkErrors(r.errors);
  // The third render runs generated code (the second tier): it must agree with the closures.
  render(c.template, DATA, options);
  expect(render(c.template, DATA, options)).toEqual(r);
  if (seen !== undefined) {
    seen.cases++;
    if (r.html.trim() === '') seen.empty++;
    if ([...c.errors, ...r.errors].some((e) => e.severity === 'error')) seen.errors++;
    seen.tags.push(source.match(/\{[^{}]*\}/g)?.length ?? 0);
  }
  const r2 = render(source, [1, 'two', null], { locale: null, maxExpressionTokens: 5, maxExpressionStringLength: 3 });
  expect(typeof r2.html).toBe('string');
  expect(performance.now() - started).toBeLessThan(GUARD_MS);
}

describe('fuzz', () => {
  it('survives random fragment soups', () => {
    const seen = newSeen();
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...FRAGMENTS), { maxLength: 60 }), (parts) => exercise(parts.join(''), seen)),
      { numRuns: 1500 },
    );
    console.log(distribution('fragment soups', seen));
  });

  it('survives arbitrary strings', () => {
    const seen = newSeen();
    fc.assert(fc.property(fc.string({ maxLength: 200, unit: 'binary' }), (s) => exercise(s, seen)), { numRuns: 1000 });
    console.log(distribution('arbitrary strings', seen));
  });

  const fixtureDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../shared/conformance/template-engine/resources');
  it.runIf(existsSync(fixtureDir))('survives mutated real templates', () => {
    const seen = newSeen();
    const templates = readdirSync(fixtureDir)
      .map((f) => parseSections(readFileSync(resolve(fixtureDir, f), 'utf8'))['TEMPLATE'])
      .filter((t): t is string => t !== undefined);
    fc.assert(
      fc.property(
        fc.constantFrom(...templates),
        fc.array(fc.tuple(fc.nat(), fc.nat({ max: 8 }), fc.constantFrom('', '{', '}', '.', '|', '{.end}', '{.or}', ' ', '@')), {
          maxLength: 6,
        }),
        (template, edits) => {
          let s = template;
          for (const [at, len, insert] of edits) {
            const i = at % (s.length + 1);
            s = s.slice(0, i) + insert + s.slice(i + len);
          }
          exercise(s, seen);
        },
      ),
      { numRuns: 1500 },
    );
    console.log(distribution('mutated real templates', seen));
  });
});
