/**
 * How the parser reads the words of an instruction, as the platform does (each case checked against the
 * reference engine by the grammar fuzz arm): which whitespace separates them, and what `.ctx`, `.include` and
 * `.inject` accept.
 */
import { describe, expect, it } from 'vitest';
import { render } from './index.js';

const html = (template: string, data: unknown = {}, injects?: Record<string, unknown>) => render(template, data, { injects }).html;

describe('whitespace between the words of an instruction', () => {
  it('any run of space, tab, line feed, vertical tab, form feed or carriage return before a section path or an .if condition', () => {
    for (const w of [' ', '  ', '\t', '\n', '\r', '\f', '\v', ' \t']) {
      expect(html(`{.section${w}a}x{.end}`, { a: 1 })).toBe('x');
      expect(html(`{.repeated section${w}a}x{.end}`, { a: [1] })).toBe('x');
      expect(html(`{.if${w}a${w}&&${w}b${w}}x{.end}`, { a: 1, b: 1 })).toBe('x');
      expect(html(`{.eval${w}1}`)).toBe('1');
    }
  });

  it('an .if with no condition opens a block that renders neither branch', () => {
    expect(html('a{.if }b{.or}c{.end}d')).toBe('ad');
    expect(html('{.repeated section l}{.if\t}b{.end}{@}{.end}', { l: [1, 2] })).toBe('12');
  });

  it('but not U+00A0, not between `repeated` and `section`, and not after a section path', () => {
    expect(html('{.section\u00a0a}x{.end}', { a: 1 })).toBe('{.section\u00a0a}x');
    expect(html('{.repeated\tsection a}x{.end}', { a: [1] })).toBe('{.repeated\tsection a}x');
    expect(html('{.section a }x{.end}', { a: 1 })).toBe('{.section a }x');
    expect(html('{.eval}')).toBe('{.eval}');
  });
});

describe('.ctx', () => {
  it('takes one space after .ctx and after the name, then word=path bindings separated by whitespace', () => {
    expect(html('{.ctx @v k=a\tj=a  m=a }{@v|json}', { a: 1 })).toBe('{"k":1,"j":1,"m":1}');
    expect(html('{.ctx @v k-1=a}{@v|json}', { a: 1 })).toBe('{"k-1":1}');
    // A lone word at the very end is ignored.
    expect(html('{.ctx @v k=a j}{@v|json}', { a: 1 })).toBe('{"k":1}');
  });

  it('binds a missing path as null: the key is there, so the object is truthy', () => {
    expect(html('{.ctx @v x=nosuch}{@v|json}{@v|count}{.if @v}Y{.or}N{.end}[{@v.x}]')).toBe('{"x":null}1Y[]');
  });

  it('is text without a binding, with a key that is not a word, or with anything else after a binding', () => {
    for (const t of ['{.ctx @v}', '{.ctx @v }', '{.ctx  @v k=a}', '{.ctx @v  k=a}', '{.ctx @v 1=a}', '{.ctx @v $k=a}', '{.ctx @v k.x=a}', '{.ctx @v j k=a}', '{.ctx @v k=a j }', '{.ctx @v k=a,b}']) {
      expect(html(t, { a: 1 })).toBe(t);
    }
  });
});

describe('.include and .inject', () => {
  it('.include splits its words at single spaces: an empty name is simply not found', () => {
    expect(html('{.macro m}x{.end}{.include m  output}')).toBe('x');
    expect(html('{.macro m}x{.end}{.include  m output}')).toBe('');
    expect(html('{.macro m}x{.end}{.include m\toutput}')).toBe('');
    expect(html('{.include }')).toBe('{.include }');
  });

  it('.inject binds nothing for a false value (0, false, empty text)', () => {
    for (const v of [0, false, '']) expect(html('{.inject @x inj}{@x|json}', {}, { inj: v })).toBe('');
    expect(html('{.inject @x inj}{@x|json}', {}, { inj: [] })).toBe('[]');
  });

  it('.inject reads its path up to the next whitespace', () => {
    expect(html('{.inject @v inj\tx}{@v}', {}, { inj: 5 })).toBe('5');
    expect(html('{.inject @v \tinj}{@v}', {}, { inj: 5 })).toBe('{.inject @v \tinj}');
  });
});

describe('.macro', () => {
  it('is named with letters, digits, `_`, `-`, `.` and `/` only; any other name leaves the tag as text', () => {
    for (const name of ['a-b', '1', 'a.b', 'a/b.html', '_a', '-a']) expect(html(`{.macro ${name}}x{.end}{@|apply ${name}}`)).toBe('x');
    for (const name of ['#', '@x', 'a:b', 'a$b', 'é', 'a?', 'a,b']) expect(html(`{.macro ${name}}x{.end}`)).toBe(`{.macro ${name}}x`);
  });
});

describe('a lone delimiter', () => {
  it('is one empty argument for a formatter, none for a predicate', () => {
    expect(html('{n|pluralize }', { n: 2 })).toBe('');
    expect(html('{.section n}{.even? }E{.end}{.even??}F{.end}{.even?  }G{.end}{.end}', { n: 4 })).toBe('EF');
  });
});

describe('.inject', () => {
  it('takes a path starting with a letter, digit, `_`, `.`, `/` or `-`', () => {
    expect(html('{.inject @s a:b}[{@s}]', {}, { 'a:b': 1 })).toBe('[1]');
    for (const p of ['@', ':a', '$a', '#a', '"a']) expect(html(`{.inject @s ${p}}`)).toBe(`{.inject @s ${p}}`);
  });
});
