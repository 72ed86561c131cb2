/**
 * Generated code (the second tier) must render exactly what the closures render. Every conformance fixture
 * is rendered five times through the same cached template: the first renders use closures, the later ones
 * the generated function.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listFixtures, runFixture } from '../bin/conformance/run.js';
import { compile, render } from './index.js';

const fixtureDir = resolve(import.meta.dirname, '../../shared/conformance/template-engine');

describe.runIf(existsSync(fixtureDir))('generated code matches the closures on every fixture', () => {
  for (const fixture of listFixtures(fixtureDir)) {
    it(fixture.id, () => {
      const first = runFixture(fixture);
      for (let i = 0; i < 4; i++) expect(runFixture(fixture)).toEqual(first);
    });
  }
});

describe('generated code', () => {
  const renders = (source: string, data: unknown, times = 5) => {
    const { template } = compile(source);
    return Array.from({ length: times }, () => render(template, data));
  };

  it('keeps output, errors and frames of every block kind', () => {
    const source =
      '{.section a}{b}{.or}none{.end}|{.repeated section list}{@index}:{n|html}{.alternates with},{.or}empty{.end}|' +
      '{.if a && missing || b}yes{.or}no{.end}|{.equal? x 1}one{.or equal? x 2}two{.or}other{.end}|' +
      '{.notEqual? x list.0.n}ne{.or equal? a.b "B"}eq{.end}|{.repeated section list}{.equal? 2}two{.end}{.end}|{.var @v a.b}{@v}|{.eval 1 + 2}|{.section missing}{.or}{.section b}in{.end}{.end}|{nope|unknownFormatter}';
    for (const data of [{ a: { b: 'B' }, list: [{ n: '<1>' }, { n: 2 }], x: 2 }, { list: [], x: 7, b: 0 }, {}]) {
      const [first, ...rest] = renders(source, data);
      for (const r of rest) expect(r).toEqual(first);
    }
  });

  it('finds variables of a frame that holds many (kept by name past 16) as it finds a few', () => {
    // Set, overwritten, read in the frame, from a section inside it (walking out), as a section path, shadowed by
    // a loop element's own variable of the same name, and missing: closures first, generated code after.
    const names = Array.from({ length: 40 }, (_, i) => `@v${i}`);
    const sets = names.map((n, i) => `{.var ${n} list.${i % 2}}`).join('');
    const source =
      `${sets}{.var @v3 a}{.var @v39 missing}|{@v0.n}{@v1.n}{@v3}{@v38.n}[{@v39}]|` +
      `{.section a}{@v2.n}{.end}|{.section @v0}{n}{.end}|` +
      `{.repeated section list}{.var @v5 n}{@v5}{@v6.n}{.end}|{@v5.n}`;
    const data = { a: 'A', list: [{ n: 'zero' }, { n: 'one' }] };
    const [first, ...rest] = renders(source, data);
    expect(first!.html).toBe('|zerooneAzero[]|zero|zero|zerozeroonezero|one');
    for (const r of rest) expect(r).toEqual(first);
  });

  it('runs neither branch of a predicate that failed, keeping the text around it', () => {
    const source = 'x{.same-day?}A{.or}B{.end}y{.equal? 1 2}C{.or same-day?}D{.or}E{.end}z';
    for (const data of [{ startDate: 'no date' }, { startDate: 1, endDate: 2 }]) {
      const [first, ...rest] = renders(source, data);
      for (const r of rest) expect(r).toEqual(first);
    }
    expect(renders(source, { startDate: 'no date' })[4]!.html).toBe('xyz');
  });

  it('cuts long blocks into several functions without changing anything', () => {
    const line = (i: number) => `<p>{a.b}{.section list}{.repeated section @}{n}{.alternates with},{.end}{.end}{.if x}${i}{.or}-{.end}</p>\n`;
    const source = Array.from({ length: 70 }, (_, i) => line(i)).join('') + '{.section a}' + line(0).repeat(50) + '{.end}';
    const data = { a: { b: 'B' }, list: [{ n: 1 }, { n: '<2>' }], x: true };
    const [first, ...rest] = renders(source, data);
    expect(first!.html).toContain('<p>B1,<2>0</p>');
    for (const r of rest) expect(r).toEqual(first);
  });

  it('joins the text around block tags without changing the output of any path', () => {
    const source =
      '<ul>\n  {.section a}\n  {.var @x b}\n  {.if c}\n    <li>{@x}</li>\n  {.or}\n    <li>none</li>\n  {.end}\n  {.end}\n</ul>' +
      '{.if }never{.or}never{.end}|{.equal? b 1}one{.or equal? b 2}two{.end}|{.if c} c{.end}{.if d} d{.end}.';
    for (const data of [{ a: { b: 1, c: true } }, { a: { b: 2 }, c: 0, d: 'yes' }, { a: {} }, {}]) {
      const [first, ...rest] = renders(source, data);
      for (const r of rest) expect(r).toEqual(first);
    }
    expect(renders(source, { a: { b: 1, c: true } }, 1)[0]!.html).toBe('<ul>\n  \n  \n  \n    <li>1</li>\n  \n  \n</ul>||.');
  });

  it('tests truth and equality inline as isTruthy and jsonEqual do, for values of every type', () => {
    // The generated code decides booleans and missing values inline and calls out for the rest; each pair of
    // values is rendered by closures first and by generated code after, which must agree.
    const values: unknown[] = [true, false, null, 0, 1, -0, Number.NaN, '', '0', 'a', [], [0], {}, { k: null }, [1, '1'], { k: [1] }];
    const source =
      '{.section a}S{.or}s{.end}{.if a}I{.or}i{.end}{.if a || b}O{.end}{.if a && b}A{.end}' +
      '{.equal? a b}E{.or}e{.end}{.notEqual? a b}N{.end}{.equal? a missing}M{.end}{.equal? missing a}m{.end}' +
      '{.section o}{.equal? a}C{.end}{.end}{.equal? a "a"}L{.end}{.equal? a 1}1{.end}{.equal? a null}0{.end}';
    for (const a of [...values, undefined]) {
      for (const b of [...values, undefined]) {
        const [first, ...rest] = renders(source, { a, b, o: a });
        for (const r of rest) expect(r.html, JSON.stringify([a, b])).toBe(first!.html);
      }
    }
  });

  it('runs `{path|apply name}` inline as the formatter runs it: frames, @index, missing names, the budget', () => {
    // Macros and partials, applied inside a loop (the partial reads its node, the loop's index and an outer
    // name), a name that is neither, and an apply of a template that applies itself: closures first, then
    // generated code, which must agree on output, errors and where the render stopped.
    const partials = {
      p: compile('[{n}/{@index}/{outer}{.section n}<{@}>{.end}]').template,
      self: compile('{@|apply self}').template,
    };
    const source =
      '{.macro m}({n}){.end}{.repeated section list}{@|apply p}{@|apply m}{n|apply p}{.end}|{a|apply p}|{@|apply nope}|{a|apply self}';
    const data = { list: [{ n: 1 }, { n: 'two' }, {}], outer: 'O', a: { n: 'A' } };
    for (const options of [{ partials }, { partials, maxSteps: 12 }, { partials, maxOutput: 30 }]) {
      const { template } = compile(source);
      const [first, ...rest] = Array.from({ length: 5 }, () => render(template, data, options));
      for (const r of rest) expect(r).toEqual(first);
    }
    const { template } = compile(source);
    const html = Array.from({ length: 4 }, () => render(template, data, { partials }).html);
    // `{n|apply p}` runs p on the number: its `{n}` walks out to the element, as any lookup does.
    expect(html[3]).toBe('[1/1/O<1>](1)[1/1/O]' + '[two/2/O<two>](two)[two/2/O]' + '[/3/O]()[/3/O]|[A//O<A>]||');
  });

  it('reads through sections that build no frame as through those that do', () => {
    // Sections whose blocks hold only text, inline reads, sections, `.if` and equal? run without a frame
    // object: names are found in their nodes first (shadowing outer ones), then outward; `@` and a one-argument
    // equal? test their node; a falsy section's alternative still looks in it; the steps are counted; a
    // `{@index}`, a formatter or a `.var` inside makes the frame real again. Closures first, then generated code.
    const source =
      '{.section a}[{b}{c}{.section d}<{b}{c}{e}{@}>{.equal? "D"}=D{.or}!D{.end}{.end}{.section z}{.or}({b}){.end}]{.end}|' +
      '{.section a}{.section d}{.if e && b}ok{.or}no{.end}{.equal? e b}same{.end}{.end}{.end}|' +
      '{.repeated section list}{.section n}{@index}{@}{.end}{.section n}<{@}{b}>{.end}{.end}|' +
      '{.section a}{.var @x b}{.section d}{@x}{b|html}{.end}{.end}';
    const data = { a: { b: 'B', d: 'D', z: {} }, b: 'outer', c: 'C', e: 'E', list: [{ n: 1 }, { n: 0 }, { n: 'x' }] };
    for (const options of [{}, { maxSteps: 9 }, { maxSteps: 14 }, { maxOutput: 20 }]) {
      const { template } = compile(source);
      const [first, ...rest] = Array.from({ length: 5 }, () => render(template, data, options));
      for (const r of rest) expect(r).toEqual(first);
    }
    const { template } = compile(source);
    const html = Array.from({ length: 4 }, () => render(template, data).html);
    expect(html[3]).toBe('[BC<BCED>=D(B)]|ok|11<1outer>3x<xouter>|BB');
  });

  it('stops at a section over the budget with the text before it written, as closures do', () => {
    // The text before a section is written inside its branches by generated code; a render stopped where the
    // section is counted must still end with it, and that text counts against maxOutput there.
    const source = 'head {.section a}<{b}>{.or}none{.end} mid {.section c}[{.section d}{e}{.end}]{.end} tail';
    const data = { a: { b: 1 }, c: { d: { e: 'E' } } };
    for (const options of [{ maxSteps: 0 }, { maxSteps: 1 }, { maxSteps: 2 }, { maxOutput: 4 }, { maxOutput: 12 }, { maxOutput: 14 }]) {
      const { template } = compile(source);
      const results = Array.from({ length: 5 }, () => render(template, data, options));
      for (const r of results.slice(1)) expect(r, JSON.stringify(options)).toEqual(results[0]);
    }
    const { template } = compile(source);
    const html = Array.from({ length: 4 }, () => render(template, data, { maxSteps: 1 }).html);
    expect(html[3]).toBe('head <1> mid ');
  });

  it('cannot be made to run code through template text', () => {
    const source = '{.section a}`${globalThis.pwned = 1}`"\'\\u2028\u2028</script>{.end}';
    const [first, ...rest] = renders(source, { a: 1 });
    for (const r of rest) expect(r.html).toBe(first!.html);
    expect((globalThis as { pwned?: number }).pwned).toBeUndefined();
  });
});
