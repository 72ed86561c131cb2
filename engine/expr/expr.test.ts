import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  evaluateExpression,
  formatExprValue,
  parseExpression,
  type ExprLimits,
  type ExprResult,
  type ExprScope,
  type Expression,
} from './index.js';
import { tokenize } from './lexer.js';
import { stringToNumber } from './values.js';

function scopeOf(data: Record<string, unknown> = {}): ExprScope & { calls: string[][] } {
  const calls: string[][] = [];
  return {
    calls,
    resolve(path) {
      calls.push([...path]);
      let v: unknown = path[0] === '@' ? data : data[path[0]!];
      for (let i = 1; i < path.length && v !== undefined; i++) {
        v = typeof v === 'object' && v !== null ? (v as Record<string, unknown>)[path[i]!] : undefined;
      }
      return v;
    },
  };
}

function compile(src: string, limits?: ExprLimits): Expression {
  const p = parseExpression(src, limits);
  if (p.expression === null) throw new Error(`parse failed: ${p.error}`);
  expect(p.error).toBeNull();
  return p.expression;
}

function run(src: string, data: Record<string, unknown> = {}, limits?: ExprLimits): ExprResult {
  return evaluateExpression(compile(src), scopeOf(data), limits);
}

/** What the template would emit: the formatted value, '' when none, or `ERR: message`. */
function out(src: string, data: Record<string, unknown> = {}, limits?: ExprLimits): string {
  const r = run(src, data, limits);
  if (!r.ok) return `ERR: ${r.error}`;
  return r.hasValue ? formatExprValue(r.value) : '';
}

function value(src: string, data: Record<string, unknown> = {}): unknown {
  const r = run(src, data);
  if (!r.ok) throw new Error(r.error);
  expect(r.hasValue).toBe(true);
  return r.value;
}

const parseError = (src: string, limits?: ExprLimits): string | null => parseExpression(src, limits).error;

describe('parse errors', () => {
  it.each([
    ["'\\x4'", 'Invalid 2-char hex escape found'],
    ["'\\xg0'", 'Invalid 2-char hex escape found'],
    ["'\\u12'", 'Invalid unicode escape found'],
    ["'\\u12z4'", 'Invalid unicode escape found'],
    ["'\\U0001F60'", 'Invalid unicode escape found'],
    ['(1 + 2', 'Mismatched operator found: ('],
    ['max(1, 2', 'Mismatched operator found: ('],
    ['((1)', 'Mismatched operator found: ('],
    ['1 + 2)', 'Mismatched operator found: )'],
    [')', 'Mismatched operator found: )'],
    ['1e', 'Expected a digit after exponent in decimal number'],
    ['1e+', 'Expected a digit after exponent in decimal number'],
    ['2E-x', 'Expected a digit after exponent in decimal number'],
    ['1.2.3', 'Duplicate decimal point in number'],
    ['1..2', 'Duplicate decimal point in number'],
    ['1e5.2', 'Unexpected decimal point in exponent'],
    ['1.5e-3.', 'Unexpected decimal point in exponent'],
    ['0x', 'Expected digits after start of hex number'],
    ['0xg', 'Expected digits after start of hex number'],
    ["'a\nb'", 'Illegal bare line feed character in string literal'],
    ["'a\rb'", 'Illegal bare carriage return character in string literal'],
    ["'abc", 'Unterminated string'],
    ['"abc\'', 'Unterminated string'],
    ["'abc\\", 'Unterminated string'],
    ['.5', 'Unexpected character found: .'],
    ['1 # 2', 'Unexpected character found: #'],
    ['$', 'Unexpected character found: $'],
  ])('%j → %s', (src, error) => {
    expect(parseExpression(src)).toEqual({ expression: null, error });
  });

  it('deep nesting is refused, not a stack overflow', () => {
    expect(parseError('('.repeat(100_000) + '1' + ')'.repeat(100_000))).toBe('Expression is nested too deeply');
    expect(parseError('-'.repeat(100_000) + '1')).toBe('Expression is nested too deeply');
    expect(parseError('('.repeat(100) + '1' + ')'.repeat(100))).toBeNull();
  });

  it('keeps the source', () => {
    expect(compile('1 * (2 + 7 / 2)').source).toBe('1 * (2 + 7 / 2)');
  });
});

describe('literals', () => {
  it('numbers', () => {
    expect(value('0.1')).toBe(0.1);
    expect(value('1.')).toBe(1);
    expect(value('1.e2')).toBe(100);
    expect(value('12e-1')).toBe(1.2);
    expect(value('12E+1')).toBe(120);
    expect(value('0x07a')).toBe(122);
    expect(value('0XFF')).toBe(255);
    expect(out('0x111111111111111111111')).toBe('1.2895208742556044e+24');
    expect(out('1e20')).toBe('100000000000000000000');
    expect(out('1e21')).toBe('1e+21');
  });

  it('strings and escapes', () => {
    expect(value(`'it\\'s'`)).toBe("it's");
    expect(value(`"say \\"hi\\""`)).toBe('say "hi"');
    expect(value(`'a"b' + "a'b"`)).toBe(`a"ba'b`);
    expect(value(`'\\n\\t\\f\\r'`)).toBe('\n\t\f\r');
    expect(value(`'\\x41\\x7a'`)).toBe('Az');
    expect(value(`'\\u2018x\\u2019'`)).toBe('‘x’');
    expect(value(`'\\U0001F600'`)).toBe('😀');
    expect(value(`'\\q\\\\\\/'`)).toBe('q\\/');
    expect(value(`'\\😀'`)).toBe('😀');
    expect(value(`''`)).toBe('');
    expect(value(`'tab\there'`)).toBe('tab\there');
  });

  it('decoded control code points and code points beyond U+10FFFF become a space', () => {
    expect(value(`'a\\x00b\\x08c\\x09d\\x0ae\\x0df\\x0eg\\x1fh\\x20'`)).toBe('a b c\td\ne\rf g h ');
    expect(value(`'\\u0001'`)).toBe(' ');
    expect(value(`'\\U00110000'`)).toBe(' ');
    expect(value(`'\\U0010FFFF'`)).toBe('\u{10FFFF}');
    expect(value(`'a\u0001b'`)).toBe('a b');
  });

  it('constants', () => {
    expect(value('null')).toBeNull();
    expect(value('true')).toBe(true);
    expect(value('false')).toBe(false);
    expect(value('PI')).toBe(Math.PI);
    expect(value('E')).toBe(Math.E);
    expect(value('Infinity')).toBe(Infinity);
    expect(value('NaN')).toBeNaN();
    expect(out('-Infinity')).toBe('-Infinity');
    expect(out('null')).toBe('null');
  });
});

describe('variables', () => {
  const data = { a: { b: { c: 3 } }, items: [{ name: 'x' }], 'a-b': 7, a1: 1, b: 2 };

  it('resolve dotted paths through the scope', () => {
    const scope = scopeOf(data);
    const r = evaluateExpression(compile('a.b.c; items.0.name; @ 0; @index; $foo.$bar; @foo.bar; missing'), scope);
    expect(r.ok).toBe(true);
    expect(scope.calls).toEqual([['a', 'b', 'c'], ['items', '0', 'name'], ['@'], ['@index'], ['$foo', '$bar'], ['@foo', 'bar'], ['missing']]);
    expect(value('a.b.c * -2', data)).toBe(-6);
    expect(value('items.0.name', data)).toBe('x');
  });

  it('a dash inside a word is part of the name; spaces make it an operator', () => {
    expect(value('a-b', data)).toBe(7);
    expect(value('a1 - b', data)).toBe(-1);
    expect(value('a1 -b', data)).toBe(-1);
    expect(value('1-2')).toBe(-1);
    expect(value('b-1', {})).toBeUndefined();
  });

  it('a missing variable emits nothing, converts to 0 (and to "null" in text) and compares as null', () => {
    expect(out('missing')).toBe('');
    expect(value('missing + 1')).toBe(1);
    expect(value("'a' + missing")).toBe('anull');
    expect(value('missing == null')).toBe(true);
    expect(value('!missing')).toBe(true);
  });

  it('objects and arrays are values but not operands, nor what a statement may leave', () => {
    // A statement that leaves one fails the evaluation, as on the platform (the assignments are discarded).
    expect(out('a', data)).toBe('ERR: unexpected token on stack');
    expect(out('a; 1', data)).toBe('ERR: unexpected token on stack');
    expect(out('a 1', data)).toBe('1');
    expect(run('@v = a; 1', data)).toMatchObject({ ok: true, value: 1 });
    expect(out('a + 1', data)).toBe('ERR: Invalid arguments to operator +');
    expect(out('1 - items', data)).toBe('ERR: Invalid arguments to operator -');
    // A unary operator on one is no error: it gives a value that prints nothing and fails binary operators.
    expect(run('-a', data)).toMatchObject({ ok: true, hasValue: true });
    expect(out('!a', data)).toBe('{}');
    expect(out('!a, 1', data)).toBe('1');
    expect(out('!a + 1', data)).toBe('ERR: Invalid arguments to operator +');
    expect(out('max(!a, 3)', data)).toBe('3');
    // Inside a function's arguments it stays on the stack under the call's result, as on the platform.
    expect(out('1 - max(!a, 3)', data)).toBe('ERR: Invalid arguments to operator -');
    expect(out('max(3, !a)', data)).toBe('ERR: Error calling function max');
    expect(out('7 max(!a, 3)', data)).toBe('3');
    expect(out('1 - max(!a, 3) 4', data)).toBe('-1');
    expect(out('a == a', data)).toBe('ERR: Invalid arguments to operator ==');
    expect(out('a.b < 1', data)).toBe('ERR: Invalid arguments to operator <');
    expect(out('items && true', data)).toBe('ERR: Invalid arguments to operator &&');
    expect(out('abs(a)', data)).toBe('ERR: Error calling function abs');
  });
});

describe('operators', () => {
  it('precedence and associativity', () => {
    expect(value('1 + 2 * 3')).toBe(7);
    expect(value('(1 + 2) * 3')).toBe(9);
    expect(value('2 ** 3 ** 2')).toBe(512);
    expect(value('-2 ** 2')).toBe(4);
    expect(value('2 ** -1')).toBe(0.5);
    expect(value('10 - 4 - 3')).toBe(3);
    expect(value('64 / 4 / 2')).toBe(8);
    expect(value('1 << 2 + 1')).toBe(8);
    expect(value('1 + 1 < 3')).toBe(true);
    expect(value('1 < 2 == 2 > 1')).toBe(true);
    expect(value('6 & 3 == 3')).toBe(0); // 6 & (3 == 3) → 6 & true → 0
    expect(value('1 | 2 ^ 3 & 1')).toBe(3);
    expect(value('true || false && false')).toBe(true);
    expect(value('- - 3')).toBe(3);
    expect(value('!!0')).toBe(false);
    expect(value('~~5')).toBe(5);
    expect(value('-~1')).toBe(2);
  });

  it('arithmetic and conversions', () => {
    expect(value('5 + "1"')).toBe('51');
    expect(value('"1" - 1')).toBe(0);
    expect(value('"0x10" * 2')).toBe(32);
    expect(value('"" + 1')).toBe('1');
    expect(value('"" * 1')).toBe(0);
    expect(value('"abc" * 1')).toBeNaN();
    expect(value('true + true')).toBe(2);
    expect(value('null + 1')).toBe(1);
    expect(value("null + 'x'")).toBe('nullx');
    expect(value("true + 'x'")).toBe('truex');
    expect(value("1.5 + 'x'")).toBe('1.5x');
    expect(value('+"3"')).toBe(3);
    expect(value('7 % 3')).toBe(1);
    expect(value('1 / 0')).toBe(Infinity);
    expect(out('0 / 0')).toBe('NaN');
    expect(value('~"1"')).toBe(-2);
    expect(value('-8 >> 1')).toBe(-4);
    expect(value('0x111111111111111111111 & 1')).toBe(0);
  });

  it('comparisons and equality follow JavaScript on the raw values', () => {
    expect(value('"1" == 1')).toBe(true);
    expect(value('"1" === 1')).toBe(false);
    expect(value('null == false')).toBe(false);
    expect(value('null == null')).toBe(true);
    expect(value('"10" < "9"')).toBe(true);
    expect(value('10 < "9"')).toBe(false);
    expect(value('null < 1')).toBe(true);
    expect(value('"a" >= "a"')).toBe(true);
  });

  it('logical operators give booleans and evaluate both sides', () => {
    expect(value('1 && 2')).toBe(true);
    expect(value('0 || ""')).toBe(false);
    const r = run('false && (@x = 1); true || (@y = 2)');
    expect(r.ok && [...r.assignments]).toEqual([['@x', 1], ['@y', 2]]);
  });

  it('missing operands of a binary operator fail at evaluation; a unary operator without one does nothing', () => {
    expect(out('1 +')).toBe('ERR: Invalid arguments to operator +');
    expect(out('* 2')).toBe('ERR: Invalid arguments to operator *');
    // Postfix order is `1 2 * +`: `*` takes 1 and 2, then `+` is one short.
    expect(out('1 + * 2')).toBe('ERR: Invalid arguments to operator +');
    expect(out('-')).toBe('');
    expect(out('3; -')).toBe('');
    expect(out('2 (-)')).toBe('-2');
    expect(out('3 + -')).toBe('ERR: Invalid arguments to operator +');
    expect(out('() + 1')).toBe('ERR: Invalid arguments to operator +');
    expect(out('1 == ;')).toBe('ERR: Invalid arguments to operator ==');
  });
});

describe('sequences', () => {
  it('the last expression that leaves a value wins', () => {
    expect(out('1 2 3')).toBe('3');
    expect(out('3, 2, 1')).toBe('1');
    expect(out('1; 2;')).toBe('2');
    expect(out(';;1;;')).toBe('1');
    // As the platform's value stack: `1 + 2 3` is `1 (2 + 3)`, an operator takes the values nearest to it.
    expect(out('1 + 2 3')).toBe('5');
    expect(out('1 2 +')).toBe('3');
    expect(out('1 + 2 3 *')).toBe('7');
    expect(out('>0~1')).toBe('true');
    expect(out("''!1 g")).toBe('true');
    expect(out('5 (1, 2) +')).toBe('3');
    // `;` ends a statement: an empty one does not count, the last other one gives the value.
    expect(out('1; ()')).toBe('1');
    expect(out('1; nosuch')).toBe('');
    expect(out('1 2 3; 4 5 +; ')).toBe('9');
    expect(out('1 -2')).toBe('-1');
    expect(out('"a" "b"')).toBe('b');
    expect(out('(1, 2) + 1')).toBe('3');
    expect(out('(1 2) * 5')).toBe('10');
  });

  it('an empty expression leaves no value', () => {
    for (const src of ['', ' ', ';', ', ;', '()']) {
      const r = run(src);
      expect(r).toEqual({ ok: true, value: undefined, hasValue: false, assignments: new Map() });
    }
  });
});

describe('assignments', () => {
  it('are returned and leave no value', () => {
    const r = run('@x = 1 + 2');
    expect(r).toEqual({ ok: true, value: undefined, hasValue: false, assignments: new Map([['@x', 3]]) });
    expect(out('(@x = 1)')).toBe('');
  });

  it('are visible to later reads in the same evaluation, before the scope', () => {
    const scope = scopeOf({});
    const r = evaluateExpression(compile('@a = 3 * a.b.c; @a * 7'), {
      resolve: (p) => (p.join('.') === 'a.b.c' ? 2 : p[0] === '@a' ? 100 : scope.resolve(p)),
    });
    expect(r).toEqual({ ok: true, value: 42, hasValue: true, assignments: new Map([['@a', 6]]) });
    // Before the assignment, the scope answers.
    const r2 = evaluateExpression(compile('@a; @a = 1; @a'), { resolve: (p) => (p[0] === '@a' ? 100 : undefined) });
    expect(r2.ok && r2.value).toBe(1);
    const r3 = evaluateExpression(compile('@b = @a; @a = 1; @b'), { resolve: (p) => (p[0] === '@a' ? 100 : undefined) });
    expect(r3.ok && r3.value).toBe(100);
  });

  it('an assignment ends its statement, which leaves no value, wherever it stands', () => {
    expect(out('1; @a = 2')).toBe('');
    expect(out('@a = 1; 2')).toBe('2');
    expect(run('2 @v = 1')).toEqual({ ok: true, value: undefined, hasValue: false, assignments: new Map([['@v', 1]]) });
    expect(run('(@v = 1) + 5')).toEqual({ ok: true, value: undefined, hasValue: false, assignments: new Map([['@v', 1]]) });
    expect(run('max(@v = 1) 4')).toEqual({ ok: true, value: undefined, hasValue: false, assignments: new Map([['@v', 1]]) });
    // The statement ends at the first `=` applied: `@v 1 @w 2 = =` assigns @w only.
    expect(run('@v = 1 @w = 2')).toEqual({ ok: true, value: undefined, hasValue: false, assignments: new Map([['@w', 2]]) });
    // `=` takes the two values nearest to it: `1 @v 2 3 =` assigns nothing.
    expect(run('1 @v = 2 3')).toEqual({ ok: true, value: undefined, hasValue: false, assignments: new Map() });
    expect(run('(@v) = 1')).toEqual({ ok: true, value: undefined, hasValue: false, assignments: new Map([['@v', 1]]) });
  });

  it('are right-associative: the innermost is applied, and ends the statement', () => {
    const r = run('@a = @b = 2; (@c = 3) + 1');
    expect(r).toEqual({ ok: true, value: undefined, hasValue: false, assignments: new Map([['@b', 2], ['@c', 3]]) });
    expect(value('@a = 1 || 0; @a')).toBe(true);
  });

  it('can bind objects and read into them', () => {
    const r = run('@it = items.0; @it.name', { items: [{ name: 'x' }] });
    expect(r.ok && r.value).toBe('x');
    expect(run('@n = 5; @n.x').ok && run('@n = 5; @n.x')).toMatchObject({ value: undefined, hasValue: true });
  });

  it('only to a single-segment @name; to anything else, or short of a value, nothing happens', () => {
    for (const src of ['a = 1', '@a.b = 1', '@ = 1', '$a = 1', '1 = 1', '(@a) + 1 = 2', '= 1', '@a =']) {
      expect(run(src)).toEqual({ ok: true, value: undefined, hasValue: false, assignments: new Map() });
    }
  });

  it('are discarded when the evaluation fails', () => {
    const r = run('@a = 1; 2 +; @c = 3');
    expect(r).toEqual({ ok: false, error: 'Invalid arguments to operator +' });
    expect('assignments' in r).toBe(false);
  });

  it('do not leak between evaluations of the same expression', () => {
    const e = compile('@n = @n + 1; @n');
    const scope = { resolve: () => undefined };
    expect(evaluateExpression(e, scope)).toMatchObject({ value: 1 });
    expect(evaluateExpression(e, scope)).toMatchObject({ value: 1 });
  });

  it('the map returned when nothing was assigned cannot be written to', () => {
    const r = run('1');
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.assignments.size).toBe(0);
      expect(() => r.assignments.set('@x', 1)).toThrow();
    }
  });
});

describe('functions', () => {
  it('max, min, abs, num, str, bool', () => {
    expect(value('max(1, 5, 3)')).toBe(5);
    expect(value('min(4, "2", 3)')).toBe(2);
    expect(value('max(7)')).toBe(7);
    expect(value('max(1, NaN)')).toBeNaN();
    expect(value('max(NaN, 1)')).toBe(1);
    expect(value('max("x", 3)')).toBe(3);
    expect(out('max(a, 3)', { a: {} })).toBe('3');
    expect(out('min(missing, a, 2)', { a: [] })).toBe('0');
    expect(value('abs(-2.5)')).toBe(2.5);
    expect(value('abs("-0x10")')).toBe(16);
    expect(value('num("-6.5")')).toBe(-6.5);
    expect(value('num("")')).toBe(0);
    expect(value('num("x")')).toBeNaN();
    expect(value('num(true)')).toBe(1);
    expect(value('num(null)')).toBe(0);
    expect(value('str(1e21)')).toBe('1e+21');
    expect(value('str(null)')).toBe('null');
    expect(value('str(false) + 1')).toBe('false1');
    expect(value('bool("")')).toBe(false);
    expect(value('bool("0")')).toBe(true);
    expect(value('bool(0)')).toBe(false);
    expect(value('max(1 + 1, 2 * 3) - min(1, 2)')).toBe(5);
    // Every value left between the parentheses is an argument; the one-argument functions take the first that
    // is not an object or a list.
    expect(value('max(5 2, 3)')).toBe(5);
    expect(value('abs(1, 2)')).toBe(1);
    expect(out('abs(a, -5, 3)', { a: {} })).toBe('5');
    expect(out('str(b, 1)', { b: [1] })).toBe('1');
    expect(value('max(1, ())')).toBe(1);
    // A function's arguments are a stack of their own: an operator inside cannot reach the values before it.
    expect(out('1 max(2 +)')).toBe('ERR: Invalid arguments to operator +');
  });

  it('unknown names fail at parse time with "Invalid function NAME"; a constant before `(` stays a constant', () => {
    expect(parseError('foo(1)')).toBe('Invalid function foo');
    expect(parseError('@v = 1, foo(1)')).toBe('Invalid function foo');
    expect(out('PI()')).toBe(String(Math.PI));
    expect(out('null(1)')).toBe('1');
  });

  it('a name followed by spaces and `(` is a call too; a dotted path is not', () => {
    expect(out('max (1, 2)', { max: 9 })).toBe('2');
    expect(parseError('y (1)')).toBe('Invalid function y');
    expect(out('a.b (1)', { a: { b: 9 } })).toBe('1');
  });

  it('a local variable before `(` is a call too: an invalid function', () => {
    expect(parseError('@(1)')).toBe('Invalid function @');
    expect(parseError('7, @a (1)')).toBe('Invalid function @a');
    expect(out('@a.b(1)')).toBe('1');
  });

  it('failures inside report "Error calling function NAME"', () => {
    expect(out('max()')).toBe('ERR: Error calling function max');
    expect(out('min()')).toBe('ERR: Error calling function min');
    expect(out('abs()')).toBe('ERR: Error calling function abs');
    expect(out('num(a, b)', { a: {}, b: [] })).toBe('ERR: Error calling function num');
    expect(out('max(a, b)', { a: {}, b: [] })).toBe('ERR: Error calling function max');
    expect(out('str(a)', { a: [1] })).toBe('ERR: Error calling function str');
    expect(out('bool(a)', { a: {} })).toBe('ERR: Error calling function bool');
    // An operator failing in an argument reports itself.
    expect(out('abs(1 + a)', { a: {} })).toBe('ERR: Invalid arguments to operator +');
  });
});

describe('limits', () => {
  it('maximum tokens, at parse time', () => {
    expect(parseError('1 + 2', { maxTokens: 3 })).toBeNull();
    expect(parseError('1 + 2 + 3', { maxTokens: 3 })).toBe('Expression exceeds the maximum number of allowed tokens: 3');
    expect(parseError('max(1, 2)', { maxTokens: 5 })).toBe('Expression exceeds the maximum number of allowed tokens: 5');
  });

  it('maximum tokens, at evaluation time', () => {
    const e = compile('1 + 2 + 3');
    const scope = scopeOf();
    expect(evaluateExpression(e, scope, { maxTokens: 5 })).toMatchObject({ ok: true, value: 6 });
    expect(evaluateExpression(e, scope, { maxTokens: 4 })).toEqual({
      ok: false,
      error: 'Expression exceeds the maximum number of allowed tokens: 4',
    });
    expect(tokenize('max(1, 2); "a" @b.c').tokens).toHaveLength(9);
  });

  it('maximum string length', () => {
    expect(out("'ab' + 'cd'", {}, { maxStringLength: 4 })).toBe('abcd');
    expect(out("'ab' + 'cde'", {}, { maxStringLength: 4 })).toBe('ERR: Concatenation would exceed maximum string length 4');
    expect(out("@s = 'ab'; @s = @s + @s; @s = @s + @s", {}, { maxStringLength: 6 })).toBe(
      'ERR: Concatenation would exceed maximum string length 6',
    );
    expect(out("'abcdefgh'", {}, { maxStringLength: 4 })).toBe('abcdefgh');
    expect(out('1 + 2', {}, { maxStringLength: 0 })).toBe('3');
  });
});

describe('formatExprValue', () => {
  it('prints like JavaScript', () => {
    expect(formatExprValue(1.2895208742556044e24)).toBe('1.2895208742556044e+24');
    expect(formatExprValue(1e20)).toBe('100000000000000000000');
    expect(formatExprValue(2 ** 64)).toBe('18446744073709552000');
    expect(formatExprValue(-0)).toBe('0');
    expect(formatExprValue(NaN)).toBe('NaN');
    expect(formatExprValue(-Infinity)).toBe('-Infinity');
    expect(formatExprValue(0.1 + 0.2)).toBe('0.30000000000000004');
    expect(formatExprValue('x')).toBe('x');
    expect(formatExprValue(true)).toBe('true');
    expect(formatExprValue(null)).toBe('null');
    expect(formatExprValue(undefined)).toBe('');
    expect(formatExprValue([1, 'a'])).toBe('[1,"a"]');
  });
});

describe('string to number', () => {
  it.each([
    ['', 0],
    ['12', 12],
    ['-6.5', -6.5],
    ['+3', 3],
    ['1.', 1],
    ['1e3', 1000],
    ['0x1F', 31],
    ['-0x10', -16],
    [' 1', NaN],
    ['.5', NaN],
    ['abc', NaN],
    ['0x', NaN],
    ['Infinity', NaN],
  ])('%j → %d', (s, n) => {
    expect(stringToNumber(s)).toBe(n);
  });
});

describe('robustness', () => {
  it('never throws, whatever the source and the scope', () => {
    const alphabet = fc.constantFrom(...'0123456789.xXeE+-*/%!~=<>&|^()\'",;@$ abcPI\\\nmax(num(str('.split(''));
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 40 }).map((a) => a.join('')), fc.anything(), (src, data) => {
        const p = parseExpression(src, { maxTokens: 30 });
        expect((p.expression === null) !== (p.error === null)).toBe(true);
        if (p.expression !== null) {
          const r = evaluateExpression(p.expression, { resolve: () => data }, { maxStringLength: 100 });
          expect(typeof r.ok).toBe('boolean');
          if (r.ok) expect(typeof formatExprValue(r.value)).toBe('string');
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('a throwing scope is reported, not thrown', () => {
    const r = evaluateExpression(compile('a + 1'), {
      resolve: () => {
        throw new Error('boom');
      },
    });
    expect(r).toEqual({ ok: false, error: 'Error evaluating expression: boom' });
  });

  it('a very long operator chain is refused cleanly', () => {
    const chain = (n: number): string => Array.from({ length: n }, () => '1').join(' + ');
    expect(evaluateExpression(compile(chain(1000)), scopeOf())).toMatchObject({ ok: true, value: 1000 });
    expect(parseError(chain(50_000))).toBe('Expression is nested too deeply');
  });

  it('accepts a bare {source} by compiling it', () => {
    expect(evaluateExpression({ source: '1 + 1' }, scopeOf())).toMatchObject({ ok: true, value: 2 });
    expect(evaluateExpression({ source: '(' }, scopeOf())).toEqual({ ok: false, error: 'Mismatched operator found: (' });
  });
});
