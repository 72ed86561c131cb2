import { describe, expect, it } from 'vitest';
import { compile, render } from '../../index.js';
import { slugify, smartypants, truncateAtWhitespace } from './text.js';

const html = (src: string, data: unknown = {}) => render(src, data).html;

describe('core formatters', () => {
  it('escape for text and attributes', () => {
    expect(html('{s|html}|{s|htmlattr}|{s|htmltag}', { s: `"<a & b>"` })).toBe('"&lt;a &amp; b&gt;"|&quot;&lt;a &amp; b&gt;&quot;|&quot;&lt;a &amp; b&gt;&quot;');
  });

  it('read missing input as the platform does instead of failing', () => {
    const r = render('{x|json}{x|raw}{x|round}{x|mod 3}{x|count}{x|truncate 5}{x|iter}{x|get a}{x|prop a}{x|lookup k}{x|key-by a}', {});
    expect(r.html).toBe('null000');
    expect(r.errors).toEqual([]);
  });

  it('report bad numeric arguments at compile time, with their position', () => {
    const { errors } = compile('ab\n{x|truncate many}{x|mod zero}');
    expect(errors.map((e) => [e.code, e.line, e.column, e.message])).toEqual([
      ['FORMATTER_ARGS', 2, 3, "truncate: 'many' is not a number"],
      ['FORMATTER_ARGS', 2, 20, "mod: 'zero' is not a number"],
    ]);
  });

  it('escape </ in json so it can sit in a script element', () => {
    expect(html('{x|json}', { x: { a: '</script>' } })).toBe('{"a":"<\\/script>"}');
  });

  it('give each apply call its own copy of the arguments', () => {
    const src = '{.macro m}{@args.k}{.eval @args.k = 1}{.end}{@|apply m k=v}{@|apply m k=v}';
    expect(html(src)).toBe('vv');
  });

  it('give iter the loop index as @index reads it: a private apply hides it', () => {
    const partials = { p: '{x|iter}' };
    expect(render('{.repeated section l}[{@|apply p}|{@|apply p private}]{.end}', { l: [5, 6] }, { partials }).html).toBe('[1|][2|]');
  });

  it('give @args for any text after the name: its key=value words, even none', () => {
    const src = '{.macro m}[{@args|json}]{.end}{@|apply m}{@|apply m }{@|apply m a b}{@|apply m =1 private}';
    expect(html(src)).toBe('[][{}][{}][{"":"1"}]');
  });

  it('turn text into slugs, smart quotes and truncated text', () => {
    expect(slugify("  Isn't -- it  Great? ")).toBe('-isnt----it-great-');
    expect(smartypants(`"It's" --'x'`)).toBe('\u201cIt\u2019s\u201d \u2014\u2018x\u2019');
    expect(truncateAtWhitespace('abcdef', 3, '...')).toBe('abc...');
    expect(truncateAtWhitespace('ab cd', 10, '...')).toBe('ab cd');
    expect(truncateAtWhitespace('\u{1F60D}a b', 1, '...')).toBe('...');
    expect(truncateAtWhitespace('ab\u00a0cd', 4, '!')).toBe('ab\u00a0!');
  });
});

describe('core predicates', () => {
  it('compare JSON values strictly by type', () => {
    expect(html('{.equal? a 3}y{.or}n{.end}{.equal? a "3"}y{.or}n{.end}{.equal? o p}y{.or}n{.end}', { a: 3, o: [1, { b: 2 }], p: [1, { b: 2 }] })).toBe('yny');
  });

  it('order by the left side: a number against a number, a string as text, missing as less', () => {
    expect(html('{.greaterThan? a "2"}y{.or}n{.end}{.lessThan? s "b"}y{.or}n{.end}{.lessThan? x 5}y{.or}n{.end}', { a: 3, s: 'a' })).toBe('yyy');
  });

  it('test even, odd and nth on integers only', () => {
    expect(html('{.repeated section xs}{.even?}e{.end}{.odd?}o{.end}{.nth? 3}t{.end},{.end}', { xs: [0, -3, 2.5, '4', 6] })).toBe('et,ot,,,et,');
  });

  it('see the background source of the node', () => {
    expect(html('{.section b}{.background-source-video?}v{.or}x{.end}{.end}', { b: { backgroundSource: 3 } })).toBe('v');
  });
});

describe('date: the Julian day range (spec 001 §8)', () => {
  it('formats dates from 4713 BC to 8652 AD and reports the rest', () => {
    expect(render('{t|date %Y}', { t: Date.UTC(8652, 5, 1) }).html).toBe('8652');
    const r = render('{t|date %Y}', { t: Date.UTC(8653, 5, 1) });
    expect(r.html).toBe('Invalid date.');
    expect(r.errors.map((e) => e.message)).toEqual(['date: Julian day out of supported range (4713 BC to 8652 AD).']);
  });
});

describe('as the platform reads their arguments (found by the grammar fuzz arm)', () => {
  it('lookup: a key that is not text, a number or a boolean reads as the empty path', () => {
    expect(html('{x|lookup t}', { t: null, '': 'z' })).toBe('z');
    expect(html('{x|lookup t}', { '': -23 })).toBe('-23');
    expect(html('{x|lookup t}', { t: [1], '': 'z' })).toBe('z');
    expect(html('{x|lookup t}', { t: false, false: 'z' })).toBe('z');
  });

  it('even? and odd? read their argument as a path, even when it looks like a number', () => {
    expect(html('{.even? 4}Y{.or}N{.end}', {})).toBe('N');
    expect(html('{.even? 4}Y{.or}N{.end}', { 4: 2 })).toBe('Y');
    expect(html('{.odd? 3}Y{.or}N{.end}', { 3: 5 })).toBe('Y');
    // nth? reads numbers as numbers.
    expect(html('{.nth? 4 2}Y{.or}N{.end}', {})).toBe('Y');
  });
});

describe('date: the time zone', () => {
  it('is New York without website.timeZone, and UTC when it is there but names no zone', () => {
    expect(html('{t|date %H %Z}', { t: 0 })).toBe('19 EST');
    for (const timeZone of ['', null, 5, 't']) expect(html('{t|date %H %Z}', { t: 0, website: { timeZone } })).toBe('00 UTC');
  });
});

describe('background-source-*? compare loosely, as the platform', () => {
  it('text and booleans that equal the code match; objects never do', () => {
    const t = '{.background-source-instagram?}I{.end}{.background-source-upload?}U{.end}';
    expect(['2', ' 2', true, [2], 'x'].map((backgroundSource) => html(t, { backgroundSource }))).toEqual(['I', 'I', 'U', '', '']);
  });
});

describe('a null element of a repeated section', () => {
  it('is null to its formatters (json prints null), prints nothing and is falsy', () => {
    expect(html('{.repeated section t}[{@}|{@|json}|{.section @}s{.or}o{.end}|{.if @}i{.or}n{.end}]{.end}', { t: [null] })).toBe('[|null|o|n]');
  });
});

describe('smartypants as the platform', () => {
  it('opens a single quote after a lowercase s too', () => {
    expect(smartypants(`Charles' book, it's, S'`)).toBe('Charles\u2018 book, it\u2019s, S\u2019');
  });
  it('opens a double quote after a slash and a single quote after a backslash', () => {
    expect(smartypants(`"a/"x and/or \\'b\\'`)).toBe('\u201ca/\u201cx and/or \\\u2018b\\\u2018');
  });
});

describe('truncate reads its limit as the platform', () => {
  it('the integer its text starts with; none that reads as a number leaves the value as it is', () => {
    expect(html('{s|truncate 2x}|{s|truncate 1.5}|{s|truncate x}|{o|truncate |raw}|{o|truncate|raw}', { s: 'abc def' })).toBe('ab...|a...|abc def|null|""');
  });
});

describe('a delimiter alone is one empty argument, as on the platform', () => {
  it('pluralize, prop and key-by', () => {
    expect(html('{n|pluralize }|{n|pluralize:}|{n|pluralize}', { n: 2 })).toBe('||s');
    expect(html('{x|prop }|{x|prop}', { x: { '': 5 } })).toBe('5|');
    // key-by without a path (or an empty one) is an empty map.
    expect(html('{x|key-by |json}|{x|key-by|json}', { x: [{ '': 1 }] })).toBe('{}|{}');
  });
});
