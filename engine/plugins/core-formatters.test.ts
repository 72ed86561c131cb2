/**
 * Unit tests of the core formatters (engine/plugins/core/formatters.ts) through a fake PluginContext.
 * Expected strings of the "fixture" cases are copied from the golden fixtures f-NAME-N.html.
 */
import { describe, expect, it } from 'vitest';
import { render } from '../index.js';
import { CORE_FORMATTERS } from './core/formatters.js';
import { fakeContext, runFormatter } from './testing.js';
import type { Formatter } from './types.js';

const BY_NAME = new Map(CORE_FORMATTERS.map((f) => [f.name, f]));

function fmt(name: string): Formatter<any> {
  const f = BY_NAME.get(name);
  if (f === undefined) throw new Error(`no formatter ${name}`);
  return f;
}

/** The formatter's value for `value` and `args`, with an optional context. */
const run = (name: string, value: unknown, args: string[] = [], ctx = fakeContext()) => runFormatter(fmt(name), value, args, ctx).value;

const NAMES = [
  'apply', 'count', 'cycle', 'date', 'encode-space', 'encode-uri', 'encode-uri-component', 'find-first', 'find-last', 'format', 'get', 'html',
  'htmlattr', 'htmltag', 'iter', 'json', 'json-pretty', 'key-by', 'line-breaks', 'lookup', 'mod', 'output', 'pluralize', 'prop',
  'raw', 'round', 'safe', 'slugify', 'smartypants', 'str', 'truncate', 'url-encode',
];

describe('the core formatter set', () => {
  it('has every core formatter, once', () => {
    expect(CORE_FORMATTERS.map((f) => f.name).sort()).toEqual([...NAMES].sort());
  });
});

// The reference package's three list and text formatters (issue 23); every output below is the reference's.
describe('find-first, find-last, line-breaks', () => {
  const html = (src: string, data: unknown) => render(src, data).html;

  it('find-first / find-last: the first (last) element, even null; nothing for an empty list or a value that is not one', () => {
    expect(html('{a|find-first}', { a: [0, false, '', 3] })).toBe('0');
    expect(html('{a|find-first}', { a: [null, 2] })).toBe('');
    expect(html('{a|find-last|json}', { a: [1, null] })).toBe('null');
    for (const a of [[], 'xy', { k: 1 }, undefined]) expect(html('{a|find-first|json}', { a })).toBe('');
  });

  it('with a dotted path: the first (last) element whose value there is true', () => {
    expect(html('{a|find-first b|json}', { a: [{ b: [] }, { b: {} }, { b: '0' }, { b: [1] }] })).toBe('{"b":"0"}');
    expect(html('{a|find-first b|json}', { a: [5, { b: 1 }] })).toBe('{"b":1}');
    expect(html('{a|find-first b|json}', { a: [{ b: 0 }] })).toBe('');
    expect(html('{a|find-last b|json}', { a: [{ b: 1, i: 1 }, { b: 1, i: 2 }, { b: 0, i: 3 }] })).toBe('{"b":1,"i":2}');
    expect(html('{.var @x a|find-first b.d}{@x.c}', { a: [{ b: { d: 0 }, c: 'z' }, { b: { d: 1 }, c: 'y' }] })).toBe('y');
  });

  it('line-breaks: each LF a <br/>; a number or true/false as text; anything else empty', () => {
    expect(html('{a|line-breaks}', { a: 'x\ny\r\nz' })).toBe('x<br/>y\r<br/>z');
    expect(html('{a|line-breaks}', { a: '<b>\n' })).toBe('<b><br/>');
    expect(html('{a|line-breaks}', { a: 5 })).toBe('5');
    expect(html('{a|line-breaks}', { a: true })).toBe('true');
    for (const a of [[1, 2], { x: 1 }]) expect(html('{a|line-breaks}', { a })).toBe('');
    expect(html('{a|line-breaks|json}', {})).toBe('""');
  });
});

describe('apply', () => {
  const templates = { foo: (node: unknown, args: Record<string, string> | null) => `[${JSON.stringify(node)}|${JSON.stringify(args)}]` };

  it('renders the named template with the value as its node', () => {
    const ctx = fakeContext({ templates });
    expect(run('apply', { a: 1 }, ['foo'], ctx)).toBe('[{"a":1}|null]');
    expect(ctx.applied).toEqual([{ name: 'foo', node: { a: 1 }, args: null, isPrivate: false }]);
  });

  it('passes k=v pairs as string arguments, the private flag, and ignores other words (f-macro-10)', () => {
    const ctx = fakeContext({ templates });
    run('apply', 'x', ['foo', 'foo=1', 'ignore', 'bar=2', 'private', 'ignoreme'], ctx);
    expect(ctx.applied[0]).toEqual({ name: 'foo', node: 'x', args: { foo: '1', bar: '2' }, isPrivate: true });
  });

  it('keeps everything after the first = in the value', () => {
    const ctx = fakeContext({ templates });
    run('apply', 'x', ['foo', 'k=a=b', 'e='], ctx);
    expect(ctx.applied[0]!.args).toEqual({ k: 'a=b', e: '' });
  });

  it('gives each call a fresh argument object', () => {
    const seen: unknown[] = [];
    const ctx = fakeContext({ templates: { m: (_n, args) => (seen.push(args), '') } });
    const f = fmt('apply');
    const { state } = f.prepare!(['m', 'k=v']);
    f.format(1, ['m', 'k=v'], ctx, state, null);
    (seen[0] as Record<string, string>).k = 'changed';
    f.format(2, ['m', 'k=v'], ctx, state, null);
    expect(seen[1]).toEqual({ k: 'v' });
  });

  it('reports a missing name at compile time and renders empty text, as the platform', () => {
    const r = runFormatter(fmt('apply'), 'x', []);
    expect(r.error).toMatch(/name/);
    expect(r.value).toBe('');
  });
});

describe('count', () => {
  it('counts array elements, object keys and string length; 0 otherwise (f-count-1)', () => {
    expect(run('count', [0, 1, 2, 3])).toBe(4);
    expect(run('count', { foo: 1, bar: 2, baz: 3 })).toBe(3);
    expect(run('count', 'hi')).toBe(2);
    expect(run('count', 123)).toBe(0);
  });

  it('is 0 for missing, null and booleans', () => {
    for (const v of [undefined, null, true, false]) expect(run('count', v)).toBe(0);
  });
});

describe('cycle', () => {
  it('picks argument (n-1) mod length (f-cycle-1)', () => {
    const args = ['foo', 'bar', 'baz', 'quux'];
    expect([2, 1, 3].map((n) => run('cycle', n, args))).toEqual(['bar', 'foo', 'baz']);
    expect([1, 2, 3].map((n) => run('cycle', n, ['A.', 'B.', 'C.', 'D.']))).toEqual(['A.', 'B.', 'C.']);
  });

  it('wraps around, also below 1', () => {
    expect(run('cycle', 5, ['a', 'b'])).toBe('a');
    expect(run('cycle', 0, ['a', 'b', 'c'])).toBe('c');
    expect(run('cycle', -1, ['a', 'b', 'c'])).toBe('b');
  });

  it('is missing without arguments or for a non-integer; reads other values as numbers (as the platform)', () => {
    expect(run('cycle', 1, [])).toBeUndefined();
    for (const v of ['x', 1.5, '1.5', NaN]) expect(run('cycle', v, ['a'])).toBeUndefined();
    // missing, null, objects and arrays are 0 (the last argument); a string is parsed from its start
    for (const v of [undefined, null, {}, [1]]) expect(run('cycle', v, ['a', 'b', 'c'])).toBe('c');
    expect(run('cycle', '2abc', ['a', 'b', 'c'])).toBe('b');
    expect(run('cycle', true, ['a', 'b', 'c'])).toBe('a');
  });
});

describe('date', () => {
  const tokyo = fakeContext({ timeZone: 'Asia/Tokyo' });
  const ny = fakeContext({ timeZone: 'America/New_York' });

  it('formats in the context time zone (f-date-1, f-date-2)', () => {
    expect(run('date', 1613597165345, ['%c'], tokyo)).toBe('Thu, Feb 18, 2021 6:26:05 AM JST');
    expect(run('date', 1613597165345, ['%c'], ny)).toBe('Wed, Feb 17, 2021 4:26:05 PM EST');
    expect(run('date', 1613557565000, ['%z %Z %N'], tokyo)).toBe('+09:00 JST 000000000');
  });

  it('joins its arguments with one space to form the format (f-date-3)', () => {
    expect(run('date', 1613597165345, ['%Y', '%%', '%d'], ny)).toBe('2021 % 17');
    expect(run('date', 1613597165345, ['%Y-%m-%d', '%H:%M:%S', '%Z'], ny)).toBe('2021-02-17 16:26:05 EST');
  });

  it('reads the value as a number as the platform does: missing, null, objects are the epoch; text that is not a number is skipped', () => {
    expect(run('date', '1613597165345', ['%F'], ny)).toBe('2021-02-17');
    expect(run('date', '1613597165345.9x', ['%F'], ny)).toBe('2021-02-17');
    for (const v of [undefined, null, {}, [], true]) expect(run('date', v, ['%F'], ny)).toBe('1969-12-31');
    for (const v of ['soon', '', NaN, Infinity]) expect(run('date', v, ['%F'], ny)).toBeUndefined();
  });

  it('falls back to UTC for an unknown zone, as the platform', () => {
    expect(run('date', 1613597165345, ['%Z'], fakeContext({ timeZone: 'Not/AZone' }))).toBe('UTC');
  });
});

describe('encoding', () => {
  it('encode-space turns each space into &nbsp; (f-encode-space-1)', () => {
    expect(run('encode-space', 'hello, this message contains spaces')).toBe('hello,&nbsp;this&nbsp;message&nbsp;contains&nbsp;spaces');
    expect(run('encode-space', 'a\t\nb')).toBe('a&nbsp;&nbsp;b');
  });

  it('encode-uri (f-encode-uri-1)', () => {
    expect(run('encode-uri', 'Coffee & Tea')).toBe('Coffee%20&%20Tea');
  });

  it('encode-uri-component (f-encode-uri-component-1)', () => {
    expect(run('encode-uri-component', 'Coffee & Tea')).toBe('Coffee%20%26%20Tea');
    expect(run('encode-uri-component', '\ucee4\ud53c\uc640\u0020\ucc28')).toBe('%EC%BB%A4%ED%94%BC%EC%99%80%20%EC%B0%A8');
  });

  it('url-encode is UTF-8 percent-encoding with %20 for space (f-url-encode-1)', () => {
    expect(run('url-encode', '\u201c\u{1F60D}\u201d')).toBe('%E2%80%9C%F0%9F%98%8D%E2%80%9D');
    expect(run('url-encode', '\u201ca b\u201d')).toBe('%E2%80%9Ca%20b%E2%80%9D');
  });

  it('encode the text of non-strings', () => {
    expect(run('encode-uri-component', 12)).toBe('12');
    expect(run('url-encode', undefined)).toBe('');
    expect(run('encode-uri', [1, 'a b'])).toBe('');
  });

  it('url-encode is escape() of the UTF-8 bytes', () => {
    expect(run('url-encode', "a b@*_+-./'()!~\u00e9")).toBe('a%20b@*_+-./%27%28%29%21%7E%C3%A9');
  });

  // A lone surrogate is valid JSON ("\ud800") but has no UTF-8 bytes: the tag prints nothing and says why, as
  // the platform does (found against the reference), and nothing throws out of format.
  for (const name of ['encode-uri', 'encode-uri-component', 'url-encode']) {
    it(`${name} prints nothing for a lone surrogate and reports it`, () => {
      const r = render(`[{v|${name}|json}]`, { v: 'a\ud800b' });
      expect(r.html).toBe('[]');
      expect(r.errors.map((e) => e.message)).toEqual([`${name}: lone surrogate U+D800 is not a scalar value`]);
      expect(() => run(name, '\udc00')).not.toThrow();
      expect(run(name, 'a\ud83d\ude00')).toBe('a%F0%9F%98%80');
    });
  }
});

describe('format', () => {
  it('replaces {N} with argument N resolved as a path (f-format-1)', () => {
    const ctx = fakeContext({ root: { message: '{0} and {1}', foo: 'A', bar: 'B' } });
    expect(run('format', '{0} and {1}', ['foo', 'bar'], ctx)).toBe('A and B');
  });

  it('replaces indexes beyond the arguments with nothing (f-format-2)', () => {
    const ctx = fakeContext({ root: { arg0: 'A', arg1: 'B', arg2: 'C', arg3: 'D', arg4: 'E' } });
    expect(run('format', '{1} and {5} optional {3}', ['arg0', 'arg1', 'arg2', 'arg3'], ctx)).toBe('B and  optional D');
  });

  it('prints missing paths as nothing; {} is {0}, other brace pairs are dropped, an unclosed brace ends the text (as the platform)', () => {
    expect(run('format', '<{0}|{x}|{}|{01}>', ['nope', 'y'], fakeContext({ root: { y: 1 } }))).toBe('<|||1>');
    expect(run('format', '<{}|{1}>', ['y', 'z'], fakeContext({ root: { y: 1 } }))).toBe('<1|>');
    expect(run('format', 'a{0}b{0', ['y'], fakeContext({ root: { y: 1 } }))).toBe('a1b');
    expect(run('format', undefined, ['a'])).toBe('');
  });
});

describe('get, prop, lookup, key-by', () => {
  const one = { two: { '123': { name: 'Bob' }, '456': { name: 'Fred' } } };

  it('get follows a path made of resolved arguments (f-get-1, f-get-3)', () => {
    expect(run('get', one.two, ['@.id'], fakeContext({ node: { id: '123' } }))).toEqual({ name: 'Bob' });
    expect(run('get', one.two, ['@.id'], fakeContext({ node: { id: 'abc' } }))).toBeUndefined();
  });

  it('get expands arguments that resolve to arrays (f-get-2)', () => {
    const root = { paths: { name: ['person', 'name'], age: ['person', 'age'] } };
    const people = { '123': { person: { name: 'Bob', age: 19 } } };
    const ctx = fakeContext({ root, node: '123' });
    expect(run('get', people, ['@', 'paths.name'], ctx)).toBe('Bob');
    expect(run('get', people, ['@', 'paths.age'], ctx)).toBe(19);
  });

  it('get with several arguments, none, missing ones and a null end (f-get-4, f-get-5, f-get-6)', () => {
    const ctx = fakeContext({ root: { id: '123', key: 'name' } });
    expect(run('get', { '123': { name: 'Bob' } }, ['id', 'key'], ctx)).toBe('Bob');
    expect(run('get', { '123': 'Bob' }, [], ctx)).toEqual({ '123': 'Bob' });
    expect(run('get', { '123': 'Bob' }, ['id'], ctx)).toBe('Bob');
    expect(run('get', { '123': 'Bob' }, ['missing', 'id'], ctx)).toBeUndefined();
    expect(run('get', { '123': null }, ['id'], ctx)).toBeNull();
    expect(run('get', { '123': null }, ['foo', 'bar', 'id'], ctx)).toBeUndefined();
    const refs = fakeContext({ vars: { ref: '456' } });
    expect(run('get', { '456': { name: 'Saxophone' } }, ['@ref', '@ref'], refs)).toBeUndefined();
  });

  it('get indexes arrays with numbers and does not reach inherited properties', () => {
    const ctx = fakeContext({ root: { i: 1, p: '__proto__', c: 'constructor' } });
    expect(run('get', ['a', 'b'], ['i'], ctx)).toBe('b');
    expect(run('get', {}, ['p'], ctx)).toBeUndefined();
    expect(run('get', {}, ['c'], ctx)).toBeUndefined();
    expect(run('get', 'str', ['i'], ctx)).toBeUndefined();
  });

  it('prop follows a static path, dotted or split (f-prop-1, f-prop-2)', () => {
    expect(run('prop', { bar: { quux: { baz: 'xyz' } } }, ['bar', 'quux', 'baz'])).toBe('xyz');
    expect(run('prop', { bar: { quux: { baz: 'xyz' } } }, ['bar.quux.baz'])).toBe('xyz');
    expect(run('prop', { foo: 1 }, ['x', 'y', 'z'])).toBeUndefined();
    expect(run('prop', { emails: { primary: 'bob@example.com' } }, ['emails'])).toEqual({ primary: 'bob@example.com' });
    expect(run('prop', null, ['a'])).toBeUndefined();
  });

  it('lookup resolves the key path, then looks that path up from the value outward (f-lookup-1)', () => {
    const html = (src: string) => render(src, { baz: 'bar', keys: { first: 'name', second: 'make' }, v: { bar: 123 }, make: 'root' }).html;
    expect(html('{v|lookup baz}')).toBe('123');
    const p = { name: 'Stratocaster', make: 'Fender' };
    const out = (src: string) => render(src, { p, keys: { first: 'name', second: 'make' }, o: { p: 'name' }, name: 'root' }).html;
    expect(out('{p|lookup keys.first}|{p|lookup keys.second}|{p|lookup nope}|{p|lookup}|{p|lookup keys}')).toBe('Stratocaster|Fender|||');
    // as on the platform, the path is looked up from the tag's variable outward, not inside the formatted value
    expect(out('{o|prop p|lookup o.p}')).toBe('root');
  });

  it('get indexes a list by numbers only and finds nothing for an empty list inside a key list (as the platform)', () => {
    const data = { b: ['x', 'y'], s0: '0', n1: 1, e: [], ee: [[]] };
    expect(render('[{b|get s0}][{b|get n1}][{b|get e}][{b|get ee}]', data).html).toBe('[][y][x,y][]');
  });

  it('key-by turns an array into an object keyed by a path (f-key-by-1)', () => {
    const people = [
      { name: 'Bob', emails: { primary: 'bob@example.com' } },
      { name: 'Joe', emails: { primary: 'joe@example.com' } },
    ];
    const byName = run('key-by', people, ['name']);
    expect(byName).toEqual({ Bob: people[0], Joe: people[1] });
    expect(run('prop', byName, ['Bob.emails.primary'])).toBe('bob@example.com');
    expect(run('key-by', [{ id: 1 }, { id: 'x' }, { nope: 1 }, null, 3], ['id'])).toEqual({ '1': { id: 1 }, x: { id: 'x' } });
    // not a list: an empty map, as on the platform
    expect(run('key-by', { a: 1 }, ['a'])).toEqual({});
    expect(run('key-by', undefined, [])).toEqual({});
  });
});

describe('escaping', () => {
  const s = '"< foo & bar >"';

  it('html escapes & < > (f-html-1)', () => {
    expect(run('html', s)).toBe('"&lt; foo &amp; bar &gt;"');
  });

  it('htmlattr and htmltag also escape " (f-htmlattr-1, f-htmltag-1)', () => {
    expect(run('htmlattr', s)).toBe('&quot;&lt; foo &amp; bar &gt;&quot;');
    expect(run('htmltag', s)).toBe('&quot;&lt; foo &amp; bar &gt;&quot;');
  });

  it('returns plain text as it is and prints non-strings first', () => {
    const plain = 'no specials here';
    expect(run('html', plain)).toBe(plain);
    expect(run('html', undefined)).toBe('');
    expect(run('htmlattr', 5)).toBe('5');
    // arrays and objects read as empty text, as on the platform (a plain `{a}` still prints an array)
    expect(run('html', ['<a>', 1])).toBe('');
    expect(run('htmlattr', { a: '<' })).toBe('');
    expect(run('html', "it's")).toBe("it's");
  });

  it('safe strips tags (f-safe-1)', () => {
    expect(run('safe', '<a href="/link">link</a>')).toBe('link');
    expect(run('safe', '<b>bold string</b>')).toBe('bold string');
    expect(run('safe', 'a < b')).toBe('a < b');
    // a falsy value passes through unchanged
    expect(run('safe', null)).toBe(null);
    expect(run('safe', 0)).toBe(0);
    expect(run('safe', ['<b>x</b>'])).toBe('');
  });
});

describe('iter', () => {
  it('is the 1-based index (f-iter-1)', () => {
    expect(run('iter', 'a', [], fakeContext({ index: 1 }))).toBe('1');
    expect(run('iter', 'c', [], fakeContext({ index: 3 }))).toBe('3');
  });

  it('is empty text outside a repeated section', () => {
    expect(run('iter', 'a', [], fakeContext())).toBe('');
  });
});

describe('json, json-pretty, raw', () => {
  it('json is compact and escapes </ (f-json-1..4)', () => {
    expect(run('json', "This is a <script>alert('test');</script>")).toBe(`"This is a <script>alert('test');<\\/script>"`);
    expect(run('json', "This is a <ScRIPt>alert('test');</scRIPt>")).toBe(`"This is a <ScRIPt>alert('test');<\\/scRIPt>"`);
    expect(run('json', 'The script will be ready soon.')).toBe('"The script will be ready soon."');
    expect(run('json', 'Execute the <script type="foo">here();</script >')).toBe('"Execute the <script type=\\"foo\\">here();<\\/script >"');
    expect(run('json', { a: [1, null, true] })).toBe('{"a":[1,null,true]}');
  });

  it('json-pretty indents with 2 spaces and escapes </ (f-json-pretty-1, f-json-pretty-2)', () => {
    expect(run('json-pretty', { title: "This is a <script>alert('test');</script>" })).toBe(
      `{\n  "title": "This is a <script>alert('test');<\\/script>"\n}`,
    );
    expect(run('json-pretty', { title: "This is a <ScRiPt>alert('test');</SCRIPT>" })).toBe(
      `{\n  "title": "This is a <ScRiPt>alert('test');<\\/SCRIPT>"\n}`,
    );
  });

  it('raw is JSON.stringify (f-raw-1)', () => {
    expect(run('raw', null)).toBe('null');
    expect(run('raw', false)).toBe('false');
    expect(run('raw', -15)).toBe('-15');
    expect(run('raw', 'Central Park')).toBe('"Central Park"');
    expect(run('raw', { color: 'red', price: '17.50' })).toBe('{"color":"red","price":"17.50"}');
    expect(run('raw', [1, 2, 'blue', 5])).toBe('[1,2,"blue",5]');
    expect(run('raw', '</b>')).toBe('"</b>"');
  });

  it('missing: json gives empty text, raw prints null; null is null', () => {
    for (const name of ['json', 'json-pretty', 'raw']) expect(run(name, null)).toBe('null');
    expect(run('json', undefined)).toBe('');
    expect(run('json-pretty', undefined)).toBe('');
    expect(run('raw', undefined)).toBe('null');
  });
});

describe('numbers', () => {
  it('mod defaults to 2 (f-mod-1)', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((n) => run('mod', n, ['3']))).toEqual([0, 1, 2, 0, 1, 2, 0, 1]);
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((n) => run('mod', n))).toEqual([0, 1, 0, 1, 0, 1, 0, 1]);
  });

  it('mod reports a non-numeric argument; its divisor is the integer its text starts with, none or 0 being 2', () => {
    const r = runFormatter(fmt('mod'), 5, ['zero']);
    expect(r.error).toBe("mod: 'zero' is not a number");
    expect(r.value).toBe(1);
    expect(run('mod', 5, ['0'])).toBe(1);
    expect(run('mod', 5, ['1.5'])).toBe(0);
    expect(run('mod', 5, ['3x'])).toBe(2);
    expect(run('mod', 5, ['0x3'])).toBe(1);
    expect(run('mod', 15, ['1e1'])).toBe(0);
    for (const v of [undefined, null, {}, false]) expect(run('mod', v, ['3'])).toBe(0);
    expect(run('mod', 'x', ['3'])).toBeNaN();
    expect(run('mod', '7', ['3'])).toBe(1);
    expect(run('mod', '7.5x', ['3'])).toBe(1.5);
  });

  it('round rounds half up (f-round-1)', () => {
    const input = [-1.9, -1.6, -1.5, -1.4, -1.1, 1.1, 1.4, 1.5, 1.6, 1.9];
    expect(input.map((n) => run('round', n))).toEqual([-2, -2, -1, -1, -1, 1, 1, 2, 2, 2]);
  });

  it('round reads a non-number as the platform does', () => {
    for (const v of [undefined, null, {}, []]) expect(run('round', v)).toBe(0);
    for (const v of ['x', '', NaN]) expect(run('round', v)).toBeNaN();
    expect(run('round', '2.5')).toBe(3);
    expect(run('round', '12abc')).toBe(12);
    expect(run('round', '1e3')).toBe(1);
    expect(run('round', true)).toBe(1);
  });
});

describe('output and pluralize', () => {
  it('output joins its arguments with a space (f-output-1)', () => {
    expect(run('output', {}, ['abc', 'def', 'ghi'])).toBe('abc def ghi');
    expect(run('output', 1, [])).toBe('');
  });

  it('pluralize with two arguments picks singular for 1 (f-pluralize-1)', () => {
    expect([0, 1, 2, 5].map((n) => run('pluralize', n, ['item', 'items']))).toEqual(['items', 'item', 'items', 'items']);
  });

  it('pluralize with no or one argument is a plural suffix (f-pluralize-1)', () => {
    expect([0, 1, 2, 5].map((n) => run('pluralize', n))).toEqual(['s', '', 's', 's']);
    expect([0, 1, 2, 5].map((n) => run('pluralize', n, ['es']))).toEqual(['es', '', 'es', 'es']);
  });

  it('pluralize treats non-numbers as plural', () => {
    expect(run('pluralize', undefined, ['a', 'b'])).toBe('b');
    expect(run('pluralize', '1', ['a', 'b'])).toBe('a');
  });
});

describe('text', () => {
  it('slugify (f-slugify-1)', () => {
    expect(run('slugify', 'International Moose Count Finally Underway')).toBe('international-moose-count-finally-underway');
    expect(run('slugify', 'Cold Wave Linked to Temperatures')).toBe('cold-wave-linked-to-temperatures');
    expect(run('slugify', "If Strike Isn't Settled Quickly, It May Last Awhile")).toBe('if-strike-isnt-settled-quickly-it-may-last-awhile');
    // as the platform: whitespace runs become one dash, dashes stay, the ends are not trimmed
    expect(run('slugify', '  a -- b  ')).toBe('-a----b-');
    expect(run('slugify', 'Caf\u00e9 7')).toBe('caf-7');
    expect(run('slugify', undefined)).toBe('');
  });

  it('smartypants (f-smartypants-1)', () => {
    expect(run('smartypants', `Yes, I've read both "Don Quixote" and "A Tale of Two Cities".`)).toBe(
      'Yes, I\u2019ve read both \u201cDon Quixote\u201d and \u201cA Tale of Two Cities\u201d.',
    );
    expect(run('smartypants', 'I spoke to Larry--the project lead--about the issue.')).toBe('I spoke to Larry\u2014the project lead\u2014about the issue.');
    expect(run('smartypants', `'single'`)).toBe('\u2018single\u2019');
    // the platform's quirks: `---` is an em dash and a hyphen, a single quote after a space closes, `{"` closes
    expect(run('smartypants', `a---b 'x' {"y"} ("z")`)).toBe('a\u2014-b \u2019x\u2019 {\u201dy\u201d} (\u201cz\u201d)');
    expect(run('smartypants', null)).toBe('');
  });

  it('str prints scalars and is empty for objects, arrays and null (f-str-1)', () => {
    expect(run('str', null)).toBe('');
    expect(run('str', false)).toBe('false');
    expect(run('str', -15)).toBe('-15');
    expect(run('str', 'Central Park')).toBe('Central Park');
    expect(run('str', { color: 'red' })).toBe('');
    expect(run('str', [1, 2, 'blue', 5])).toBe('');
    expect(run('str', undefined)).toBe('');
  });
});

describe('truncate', () => {
  const dickens =
    'It was the best of times, it was the worst of times, it was the age of wisdom, it was the age of foolishness, it was the epoch of belief, it was the epoch of incredulity, it was the season of Light';

  it('cuts at the last whitespace within the limit (f-truncate-1)', () => {
    expect(run('truncate', dickens, ['28'])).toBe('It was the best of times, ...');
    expect(run('truncate', dickens, ['55', '!!'])).toBe('It was the best of times, it was the worst of times, !!');
    expect(run('truncate', dickens, ['80', '\u2026\u2026'])).toBe('It was the best of times, it was the worst of times, it was the age of wisdom, \u2026\u2026');
    expect(run('truncate', dickens, ['110', '\u2026\u2026'])).toBe(
      'It was the best of times, it was the worst of times, it was the age of wisdom, it was the age of foolishness, \u2026\u2026',
    );
    expect(run('truncate', dickens, ['28', ' ! ! !'])).toBe('It was the best of times,  ! ! !');
  });

  it('defaults to 100 characters and "..."', () => {
    const out = run('truncate', dickens) as string;
    expect(out.endsWith('...')).toBe(true);
    expect(out.length).toBeLessThanOrEqual(103);
    expect(run('truncate', 'short', [])).toBe('short');
  });

  it('cuts inside a word with no whitespace, and prints non-strings', () => {
    expect(run('truncate', 'abcdef', ['3'])).toBe('abc...');
    expect(run('truncate', undefined, ['3'])).toBe('');
    expect(run('truncate', 12345, ['2', ''])).toBe('12');
  });

  it('reports a non-numeric length and uses the default', () => {
    const r = runFormatter(fmt('truncate'), 'abc', ['many']);
    expect(r.error).toBe("truncate: 'many' is not a number");
    expect(r.value).toBe('abc');
    // a limit of 0 or less leaves the value as it is (as on the platform)
    expect(run('truncate', 'abc def', ['-5'])).toBe('abc def');
    expect(run('truncate', undefined, ['0'])).toBeUndefined();
  });
});

describe('robustness', () => {
  const cyclic: Record<string, unknown> = {};
  cyclic.self = cyclic;
  const VALUES: unknown[] = [
    undefined, null, true, false, 0, -0, 1, -1, 1.5, NaN, Infinity, -Infinity, 1e300, 8.64e15 + 1, '', ' ', 'a b',
    '<a href="x">&</a>', '1', '\u{1F60D}', [], [null], [1, [2, { a: 3 }]], {}, { a: 1 }, Object.create(null),
    { __proto__: { inherited: 1 } }, () => 1, Symbol('s'),
  ];
  const ARGS: string[][] = [
    [], [''], ['x'], ['0'], ['-1'], ['1e999'], ['NaN'], ['a', 'b', 'c'], ['__proto__'], ['constructor'],
    ['m', 'private', 'k=v', '=x', 'k='], ['%Y %Z %q'], ['a.b', '@', ''], ['@index', '@nope'],
  ];
  const ctx = fakeContext({
    root: { a: { b: [1, 2] }, s: 'x', n: 3 },
    node: { k: 1 },
    index: 2,
    templates: { m: () => 'M' },
  });

  it('no formatter throws from prepare or format on odd values and arguments', () => {
    const thrown: string[] = [];
    for (const f of CORE_FORMATTERS) {
      for (const args of ARGS) {
        let state: unknown;
        try {
          state = f.prepare?.(args)?.state;
        } catch (e) {
          thrown.push(`${f.name} prepare ${JSON.stringify(args)}: ${String(e)}`);
          continue;
        }
        for (const v of VALUES) {
          try {
            f.format(v, args, ctx, state, null);
            f.format(v, args, ctx, state, [v, 1]);
          } catch (e) {
            thrown.push(`${f.name} ${JSON.stringify(args)} value #${VALUES.indexOf(v)}: ${String(e)}`);
          }
        }
      }
    }
    expect(thrown).toEqual([]);
  });

  // JSON data cannot hold cycles or BigInts, so these are only reachable from other plugins' values.
  it('json, json-pretty and raw throw on a cyclic value, for the formatter guard to report it (issue 14)', () => {
    for (const name of ['json', 'json-pretty', 'raw']) expect(() => run(name, cyclic)).toThrow(/circular/);
  });
});
