import { describe, expect, it } from 'vitest';
import { assemble } from './assembler.js';
import { compile, createPluginTable, DEFAULT_PLUGINS, render } from './index.js';
import { CORE_PLUGINS } from './plugins/registry.js';
import { astOf } from './ast.js';
import { ErrorCode } from './errors.js';
import { LineMap, TokenKind, tokenize } from './lexer.js';

describe('lexer', () => {
  it('moves the tag start to a later brace', () => {
    const t = tokenize('{{foo}');
    expect(t.map((x) => [x.kind, x.text])).toEqual([
      [TokenKind.Text, '{'],
      [TokenKind.Tag, 'foo'],
    ]);
  });

  it('keeps text without a closing brace', () => {
    expect(tokenize('a { b').map((x) => x.text)).toEqual(['a { b']);
  });

  it('reads multi-line comments with braces inside, and flags an unterminated one', () => {
    const t = tokenize('a{## {.x} } ##}b{##c');
    expect(t.map((x) => [x.kind, x.text])).toEqual([
      [TokenKind.Text, 'a'],
      [TokenKind.MultiComment, ' {.x} } '],
      [TokenKind.Text, 'b'],
      [TokenKind.MultiComment, 'c'],
    ]);
    expect(t[3]!.unterminated).toBe(true);
  });

  it('maps offsets to 1-based lines and columns', () => {
    const m = new LineMap('ab\ncd\n\nef');
    expect(m.position(0)).toEqual({ line: 1, column: 1 });
    expect(m.position(4)).toEqual({ line: 2, column: 2 });
    expect(m.position(7)).toEqual({ line: 4, column: 1 });
  });
});

describe('assembler', () => {
  const problems = (src: string) => assemble(src).problems.map((p) => [p.code, p.offset, p.severity]);

  it('treats CSS, JavaScript and odd braces as text', () => {
    const src = 'a { color: red } {} { foo} {-1} {a||b} function(){return 1}';
    const { root, problems } = assemble(src);
    expect(root.block).toEqual([{ type: 'text', text: src }]);
    expect(problems).toEqual([]);
  });

  it('warns about a dot tag that does not parse and keeps it as text', () => {
    const { root, problems } = assemble('x{.sektion a}y');
    expect(root.block).toEqual([{ type: 'text', text: 'x{.sektion a}y' }]);
    expect(problems).toEqual([expect.objectContaining({ code: ErrorCode.NOT_AN_INSTRUCTION, offset: 1, severity: 'warning' })]);
  });

  it('reports an unclosed block at its opening tag', () => {
    expect(problems('ab\n  {.section a}{.repeated section b}x')).toEqual([
      [ErrorCode.EOF_IN_BLOCK, 17, 'error'],
      [ErrorCode.EOF_IN_BLOCK, 5, 'error'],
    ]);
    expect(assemble('{.if a}').problems[0]!.message).toBe(
      'Reached EOF in the middle of an {.if} block: it is never closed with {.end}',
    );
  });

  it('reports instructions out of place', () => {
    expect(problems('{.end}{.or}{.alternates with}')).toEqual([
      [ErrorCode.NOT_ALLOWED_AT_ROOT, 0, 'error'],
      [ErrorCode.NOT_ALLOWED_AT_ROOT, 6, 'error'],
      [ErrorCode.NOT_ALLOWED_AT_ROOT, 11, 'error'],
    ]);
    expect(problems('{.section a}{.alternates with}{.end}')).toEqual([[ErrorCode.NOT_ALLOWED_IN_BLOCK, 12, 'error']]);
    expect(problems('{.macro m}{.or}{.end}')).toEqual([[ErrorCode.NOT_ALLOWED_IN_BLOCK, 10, 'error']]);
  });

  it('reports an or after a plain or as dead code and drops it, its content going on in the plain branch (as the platform)', () => {
    const { root, problems } = assemble('{.section a}A{.or}B{.or}C{.end}');
    expect(problems.map((p) => [p.code, p.offset])).toEqual([[ErrorCode.DEAD_CODE, 19]]);
    expect(astOf(root)).toEqual([17, 1, [[2, ['a'], [[0, 'A']], [7, 0, 0, [[0, 'BC']], 3]]], 18]);
  });

  it('builds an or-predicate chain', () => {
    const { root } = assemble('{.equal? a 1}1{.or equal? a 2}2{.or}3{.end}');
    expect(astOf(root)).toEqual([
      17, 1,
      [[5, 'equal?', [['a', '1'], ' '], [[0, '1']], [7, 'equal?', [['a', '2'], ' '], [[0, '2']], [7, 0, 0, [[0, '3']], 3]]]],
      18,
    ]);
  });
});

describe('a block opening inside {.alternates with} (as the platform assembles it)', () => {
  const html = (src: string, data: unknown) => render(src, data).html;

  it('goes to the end of the loop body with what follows; the separator is the text before it', () => {
    expect(html('{.repeated section b}A{@}{.alternates with}S{@}{.if x}I{.end}T{@}{.end}', { b: [1, 2], x: 1 })).toBe('A1IT1S1A2IT2');
  });

  it('lets a later {.alternates with} add to the separator', () => {
    const src = '{.repeated section b}A{.alternates with}S{.if x}I{.end}T{.alternates with}Q{.if x}J{.end}R{.end}';
    expect(html(src, { b: [1, 2], x: 1 })).toBe('AITJRSQAITJR');
  });
});

describe('platform reading of corner cases (checked against the reference engine)', () => {
  const html = (src: string, data: unknown) => render(src, data).html;

  it('starts a multi-line comment only where a tag could start', () => {
    expect(html('x{{## c\n{a} ##}|{## c\n{a} ##}', { a: 1 })).toBe('x{{## c\n1 ##}|');
  });

  it('finds nothing for {.section @index}', () => {
    expect(html('{.repeated section n}{.section @index}s{.or}n{.end}{.end}', { n: [5, 6] })).toBe('nn');
  });

  it('keeps the list as a frame under its elements', () => {
    expect(html('{.repeated section a}[{1}]{.end}', { a: ['x', 'y'] })).toBe('[y][y]');
  });
});

describe('an unknown formatter in .var', () => {
  it('leaves the tag as text, as in a variable tag', () => {
    expect(render('{.var @v a|nosuch}|{a|nosuch}', {}).html).toBe('{.var @v a|nosuch}|{a|nosuch}');
  });
});

describe('a section of @name', () => {
  it('reads a variable of the current frame only, as the platform does', () => {
    const src = '{.var @v a}{.section b}[{@v}][{.section @v}x{.or}y{.end}]{.end}[{.section @v}x{.or}y{.end}]';
    expect(render(src, { a: 1, b: { c: 1 } }).html).toBe('[1][y][x]');
  });
});

describe('checks made as instructions are assembled (names resolved, arguments prepared)', () => {
  const where = (src: string, plugins = DEFAULT_PLUGINS) =>
    compile(src, {}, plugins).errors.map((e) => [e.code, e.line, e.column]);

  it('reports a problem at every tag making the same predicate call, shared or not', () => {
    const src = '{.nosuch? a "b"}x{.end}\n{.nosuch? a "b"}y{.or nosuch? a "b"}z{.end}';
    const expected = [
      [ErrorCode.UNKNOWN_PREDICATE, 1, 1],
      [ErrorCode.UNKNOWN_PREDICATE, 2, 1],
      [ErrorCode.UNKNOWN_PREDICATE, 2, 18],
    ];
    expect(where(src)).toEqual(expected);
    // Compiled again: the calls already resolved are still reported.
    expect(where(src)).toEqual(expected);
  });

  it('resolves the same call text in the plugin table of each compile', () => {
    const custom = createPluginTable({ predicates: [{ name: 'nosuch?', test: () => true }] });
    const src = '{.nosuch? 1}yes{.or}no{.end}';
    expect(render(src, {}).html).toBe('no');
    expect(where(src, custom)).toEqual([]);
    expect(render(src, {}, {}, custom).html).toBe('yes');
    expect(where(src)).toEqual([[ErrorCode.UNKNOWN_PREDICATE, 1, 1]]);
  });

  it('puts the problems of structure first at the same position, as a check after assembly did', () => {
    expect(compile('{.nosuch?}').template.errors.map((e) => e.code)).toEqual([ErrorCode.EOF_IN_BLOCK, ErrorCode.UNKNOWN_PREDICATE]);
  });

  it('checks no call that the tree drops (a dead or misplaced branch)', () => {
    expect(where('{.if a}A{.or}B{.or nosuch?}C{.end}{.or nosuch?}')).toEqual([
      [ErrorCode.DEAD_CODE, 1, 15],
      [ErrorCode.NOT_ALLOWED_AT_ROOT, 1, 35],
    ]);
  });

  it('keeps a lone delimiter no argument of a predicate, and one empty argument of a formatter, in a huge template too', () => {
    const pad = ' '.repeat(100_000);
    const record = createPluginTable(CORE_PLUGINS, { predicates: [{ name: 'args?', test: (_ctx, args) => args.length === 0 }] });
    for (const p of ['', pad]) {
      expect(render(`${p}{.args? }none{.or}some{.end}`, {}, {}, record).html.trim()).toBe('none');
      expect(render(`${p}{n|pluralize }|{m|pluralize }`, { n: 1, m: 2 }).html.trim()).toBe('|');
    }
  });
});

describe('tags seen before (kept by their text, see parser.ts shareTags)', () => {
  it('gives each tag its own node and block, in one template and across templates', () => {
    const data = { a: { b: 1 }, l: [1, 2], x: 0 };
    const one = '{.section a}A{.if x}I{.or}O{.end}{.end}|{.section a}B{.end}|{.repeated section l}{@}{.end}';
    const two = '{.section a}C{.if x}J{.or}P{.end}{.end}|{.repeated section l}[{@}]{.alternates with},{.end}';
    for (let i = 0; i < 2; i++) {
      expect(render(one, data).html).toBe('AO|B|12');
      expect(render(two, data).html).toBe('CP|[1],[2]');
    }
    expect(astOf(compile(one).template.root)).toEqual(astOf(assemble(one).root));
  });

  it('keeps a tag seen as text text, and a variable with formatters its own calls', () => {
    const src = '{a.b}{a.b|json}{a.b}{a..b}{a..b}';
    expect(render(src, { a: { b: 'x' } }).html).toBe('x"x"x{a..b}{a..b}');
    expect(compile('{a|json}{a|nosuch}{a|nosuch}').errors.map((e) => e.column)).toEqual([11, 21]);
  });
});
