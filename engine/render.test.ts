import { describe, expect, it } from 'vitest';
import { compile, ErrorCode, render } from './index.js';

const html = (src: string, data: unknown = {}, options = {}) => render(src, data, options).html;

describe('render', () => {
  it('resolves variables by walking the frames, and @ only in the current node', () => {
    const data = { a: 'outer', s: { b: 'inner' } };
    expect(html('{.section s}{b}/{a}/{@.a}{.end}', data)).toBe('inner/outer/');
  });

  it('looks up the first segment of a section path in the current node only', () => {
    expect(html('{.section s}{.section a}yes{.or}no{.end}{.end}', { a: 1, s: { x: 1 } })).toBe('no');
  });

  it('emits values by type and escapes nothing by itself', () => {
    expect(html('{s}|{n}|{t}|{f}|{z}|{o}|{a}|{m}', { s: '<b>', n: 1.5, t: true, f: false, z: null, o: { k: 1 }, a: [1, null, 'x', [2, 3], { k: 1 }] })).toBe(
      '<b>|1.5|true|false|||1,null,x,2,3,[object Object]|',
    );
  });

  it('repeats with alternates, index and an alternative for empty lists', () => {
    const src = '{.repeated section xs}{@index0}:{@index}:{@}{.alternates with},{.or}none{.end}';
    expect(html(src, { xs: ['a', 'b'] })).toBe('0:1:a,1:2:b');
    expect(html(src, { xs: [] })).toBe('none');
    expect(html(src, { xs: { 0: 'a' } })).toBe('none');
  });

  it('treats null list elements as missing', () => {
    expect(html('{.repeated section xs}[{@}{v}]{.end}', { v: 'up', xs: [null, { v: 1 }] })).toBe('[up][1]');
  });

  it('tests the variables of .if joined by its first operator, up to where it changes, as the platform does', () => {
    const src = '{.if a || b && c || d}Y{.or}N{.end}'; // a || b
    expect(html(src, { a: 0, b: 1 })).toBe('Y');
    expect(html(src, { c: 1, d: 1 })).toBe('N');
    expect(html('{.if a && b || c}Y{.or}N{.end}', { a: 1, b: 1 })).toBe('Y'); // a && b
    expect(html('{.if a && b && c}Y{.or}N{.end}', { a: 1, b: 1 })).toBe('N');
  });

  it('reports unknown formatters with a suggestion and emits the tag as text', () => {
    const { template, errors } = compile('x\n  {a|htm}', { filename: 't.html' });
    expect(errors).toEqual([
      { severity: 'error', code: 'UNKNOWN_FORMATTER', message: "Formatter 'htm' is unknown. Did you mean 'html'?", line: 2, column: 5, filename: 't.html' },
    ]);
    expect(render(template, { a: 1 }).html).toBe('x\n  {a|htm}');
  });

  it('reports unknown predicates and takes the alternative', () => {
    const { template, errors } = compile('{.evn?}a{.or}b{.end}');
    expect(errors[0]).toMatchObject({ code: 'UNKNOWN_PREDICATE', message: "Predicate 'evn?' is unknown. Did you mean 'even?'?", line: 1, column: 1 });
    expect(render(template, {}).html).toBe('b');
  });

  it('applies macros and partials, with @args, private frames and a recursion limit', () => {
    const partials = { p: '[{x}|{y}|{@args.k}]', loop: '{@|apply loop}' };
    expect(html('{.macro m}<{@}>{.end}{v|apply m}{s|apply p k=1}', { v: 'V', x: 'X', s: { y: 'Y' } }, { partials })).toBe('<V>[X|Y|1]');
    expect(html('{s|apply p private}', { x: 'X', s: { y: 'Y' } }, { partials })).toBe('[|Y|]');
    const r = render('{@|apply loop}', {}, { partials });
    expect(r.errors).toEqual([
      expect.objectContaining({ code: 'RECURSION_DEPTH', message: "Attempt to apply partial 'loop' exceeded maximum recursion depth of 16", line: 1, column: 3, filename: 'loop' }),
    ]);
    expect(render('{@|apply nope}', {}).errors[0]).toMatchObject({
      code: 'PARTIAL_NOT_FOUND',
      message: "Attempt to apply partial 'nope' which could not be found.",
    });
    expect(render('{@|apply bad}', {}, { partials: { bad: 'x\n{.section a}' } }).errors[0]).toMatchObject({
      code: 'PARTIAL_PARSE_FAILED',
      message: 'Parse of partial "bad" failed: Reached EOF in the middle of a {.section} block: it is never closed with {.end} at line 2, column 1',
    });
  });

  it('binds variables with .var, .ctx, .inject and .include', () => {
    expect(html('{.var @x a|html}{@x}', { a: '<' })).toBe('&lt;');
    expect(html('{.ctx @c k=a.b}{@c.k}', { a: { b: 2 } })).toBe('2');
    expect(html('{.inject @i f.json}{@i.n}', {}, { injects: { 'f.json': { n: 3 } } })).toBe('3');
    // Nothing to inject: a warning at the tag, and the variable stays missing.
    const missing = render('x\n {.inject @i g.json}[{@i}]', {}, { injects: { 'f.json': 1 } });
    expect(missing.html).toBe('x\n []');
    expect(missing.errors).toEqual([
      { severity: 'warning', code: ErrorCode.INJECT_NOT_FOUND, message: "Nothing to inject at 'g.json'", line: 2, column: 2 },
    ]);
    expect(html('{.macro m}{.var @v a}out{.end}{.include m}[{@v}]{.include m output}', { a: 1 })).toBe('[1]out');
  });

  it('.var gives the markup formatters the value as their frame, as a variable tag does, but not AbsUrl', () => {
    const data = { v: { id: 'in', publicCommentCount: 2 }, id: 'out', fullUrl: '/p', n: 'outer' };
    for (const f of ['comment-link', 'add-to-cart-btn']) {
      expect(html(`{.var @x v|${f}}{@x}`, data)).toBe(html(`{v|${f}}`, data));
      expect(html(`{.var @x v|${f}}{@x}`, data)).toContain('"in"');
    }
    expect(html('{.var @x v|AbsUrl}{@x}|{v|AbsUrl}', { v: { 'base-url': 'in' }, 'base-url': 'out' })).toBe('out/|in/');
  });

  it('honours enableInclude and enableExpressions', () => {
    const r = render('{.macro m}x{.end}{.include m}{.eval 1+1}', {}, { enableInclude: false, enableExpressions: false });
    expect(r.html).toBe('');
    expect(r.errors.map((e) => e.code)).toEqual(['INCLUDE_DISABLED', 'EXPRESSIONS_DISABLED']);
  });

  it('reports a multi-line comment never closed, where it opens, and ignores the rest', () => {
    const { template, errors } = compile('a\n  b{## open {c}\n');
    expect(errors).toEqual([
      {
        severity: expect.any(String),
        code: ErrorCode.UNTERMINATED_COMMENT,
        message: 'Multi-line comment {## is never closed with ##}: the rest of the template is ignored',
        line: 2,
        column: 4,
      },
    ]);
    expect(render(template, { c: 1 }).html).toBe('a\n  b');
  });

  it('emits the meta keywords', () => {
    expect(html('{.meta-left}{.meta-right}{.space}{.tab}{.newline}')).toBe('{} \t\n');
  });

  it('never throws on bad data', () => {
    for (const data of [undefined, null, 42, 'str', [1, 2], { a: () => 1 }]) {
      expect(() => render('{a}{.section a}{b}{.end}{.repeated section a}{@}{.end}{a|json}', data)).not.toThrow();
    }
  });
});

describe('.eval assignments', () => {
  it('assign a missing value as null and leave the variable as it was for an object or a list, as the reference does', () => {
    const source = '{.eval @w = nosuch}{@w|json}|{.eval @o = o}{@o|json},{@o|raw}|{.eval @n = 2}{.eval @n = l}{@n|json}|{.var @v o}{.eval @v = o}{@v|json}';
    expect(render(source, { o: { a: 1 }, l: [1] }).html).toBe('null|,null|2|{"a":1}');
  });
});

describe('frames, as the reference keeps them', () => {
  it('pushes a section value even when it takes the alternative', () => {
    expect(html('{.section s}x{.or}[{@}|{.section a}A{.or}noA{.end}]{.end}', { s: 0, a: 1 })).toBe('[0|noA]');
  });

  it('does not push a repeated section value when it takes the alternative', () => {
    expect(html('{.repeated section xs}x{.or}[{b}]{.end}', { xs: { b: 2 }, b: 1 })).toBe('[1]');
  });

  it('runs the separator in the frame of the element before it', () => {
    expect(html('{.repeated section xs}[{@}]{.alternates with}({@}|{@index}){.end}', { xs: [1, 2, 3] })).toBe('[1](1|1)[2](2|2)[3]');
  });
});

describe('lookup of inherited names', () => {
  it('finds only own data, whatever the key', () => {
    const data = { a: [1, 2], s: 'abc', n: 5, o: JSON.parse('{"__proto__": {"x": 1}, "constructor": "C", "length": 3}') };
    expect(html('{a.length}|{s.length}|{s.0}|{n.toFixed}|{constructor}|{a.map}|{o.constructor}|{o.length}', data)).toBe(
      '||||||C|3',
    );
    expect(html('{.section a}{length}{toString}|{0}{.end}', data)).toBe('|1');
  });
});

describe('problems inside partials', () => {
  it('are reported once per render, with the partial as filename', () => {
    const r = render('{@|apply p}{@|apply p}', { a: 1 }, { partials: { p: 'x\n {a|truncate many}' } });
    expect(r.html).toBe('x\n 1x\n 1');
    expect(r.errors).toEqual([
      { severity: 'error', code: 'FORMATTER_ARGS', message: "truncate: 'many' is not a number", line: 2, column: 4, filename: 'p' },
    ]);
  });

  it('an unknown formatter or predicate fails the partial, as on the platform (in the page it stays text)', () => {
    for (const p of ['x {a|nope}', 'x {.nope?}y{.end}']) {
      const r = render('{@|apply p}|{.include p output}', { a: 1 }, { partials: { p } });
      expect(r.html).toBe('|');
      expect(r.errors.map((e) => e.code)).toEqual(['PARTIAL_PARSE_FAILED', 'PARTIAL_PARSE_FAILED']);
    }
    expect(render('x {a|nope}', { a: 1 }).html).toBe('x {a|nope}');
  });
});

describe('an or after a plain or', () => {
  it('is reported and dropped; what follows it goes on in the plain branch, as on the platform', () => {
    const { template, errors } = compile('{.section a}A{.or}B{.or}{x|nope}{.eval (}{.end}');
    expect(errors.map((e) => e.code)).toEqual(['DEAD_CODE', 'UNKNOWN_FORMATTER', 'EXPRESSION_PARSE']);
    expect(render(template, {}).html).toBe('B{x|nope}');
  });
});

describe('an .include refused at the depth limit, and a name not found', () => {
  it('the refused include counts for later ones like an apply; a name not found never counts', () => {
    const partials = { p1: '{.include p1}{.include p1 output}p' };
    expect(render('{a|apply p1}', {}, { partials }).html).toBe('p');
    expect(render('{.macro m}{@|apply nope}{.include nope}{@|apply m|AbsUrl}{.end}{y|apply m}{g|apply m}', {}).html).toBe('/'.repeat(31));
  });
});

describe('an apply refused at the depth limit', () => {
  it('still counts for later applies, as on the platform (so doubled recursion stays linear)', () => {
    const { html } = render('{.macro m}x{@|apply m}{@|apply m}{.end}{a|apply m}|{a|apply m}', { a: 1 });
    expect(html).toBe('x'.repeat(16) + '|');
  });
});

describe('preprocessor tags outside preprocessor mode', () => {
  it('{^…} prints nothing, as the platform tokenizer drops it (Java suite, preprocessor-4)', () => {
    expect(render('a{^foo}b{^.section x}c{^.end}|{# {^comment} #}|{{^x}}', { x: 1 }).html).toBe('abc|{#  #}|{}');
  });
});
