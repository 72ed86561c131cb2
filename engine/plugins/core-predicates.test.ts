/**
 * Unit tests of the core and platform predicates (engine/plugins/core/predicates.ts) through a fake
 * PluginContext. Expected results of the "fixture" cases are copied from the golden fixtures p-NAME-N.html.
 */
import { describe, expect, it } from 'vitest';
import { CORE_PREDICATES, PLATFORM_PREDICATES } from './core/predicates.js';
import { DEFAULT_PLUGINS } from './registry.js';
import { fakeContext, runPredicate } from './testing.js';
import type { Predicate } from './types.js';

const BY_NAME = new Map([...CORE_PREDICATES, ...PLATFORM_PREDICATES].map((p) => [p.name, p]));

function pred(name: string): Predicate<any> {
  const p = BY_NAME.get(name);
  if (p === undefined) throw new Error(`no predicate ${name}`);
  return p;
}

/** Test `name` with raw arguments against a root and current node. */
const test = (name: string, raw: string[], node?: unknown, root: unknown = {}, index = -1) =>
  runPredicate(pred(name), raw, fakeContext({ root, node, index }));

/** The predicate's result for each node of `nodes`. */
const each = (name: string, raw: string[], nodes: unknown[], root: unknown = {}) => nodes.map((n) => test(name, raw, n, root));

describe('the core predicate sets', () => {
  it('have every core and platform predicate, and the default table holds them', () => {
    expect(CORE_PREDICATES.map((p) => p.name).sort()).toEqual(
      ['debug?', 'equal?', 'even?', 'greaterThan?', 'greaterThanOrEqual?', 'lessThan?', 'lessThanOrEqual?', 'notEqual?', 'nth?', 'odd?', 'plural?', 'singular?'].sort(),
    );
    expect(PLATFORM_PREDICATES.map((p) => p.name).sort()).toEqual(
      ['background-source-instagram?', 'background-source-none?', 'background-source-undefined?', 'background-source-upload?', 'background-source-video?'],
    );
    for (const p of [...CORE_PREDICATES, ...PLATFORM_PREDICATES]) expect(DEFAULT_PLUGINS.predicates.get(p.name)).toBe(p);
  });
});

describe('background-source-undefined? (found against the reference)', () => {
  it('is a backgroundSource of -1, compared loosely as the other sources', () => {
    expect(each('background-source-undefined?', [], [{ backgroundSource: -1 }, { backgroundSource: '-1' }, { backgroundSource: 0 }, {}, { backgroundSource: [-1] }, -1])).toEqual([
      true, true, false, false, false, false,
    ]);
  });
});

describe('debug?', () => {
  it('is the truthiness of debug (p-debug-1, p-debug-2)', () => {
    expect(test('debug?', [], {}, {})).toBe(false);
    expect(test('debug?', [], {}, { debug: 1 })).toBe(true);
    expect(test('debug?', [], {}, { debug: 0 })).toBe(false);
    expect(test('debug?', [], {}, { debug: 'yes' })).toBe(true);
  });
});

describe('equal? and notEqual? (p-comparisons-1)', () => {
  const root = { a: 3, b: 4, c: 3, name: 'Federal Express' };

  it('compare two arguments to each other', () => {
    expect(test('equal?', ['a', 'b'], root, root)).toBe(false);
    expect(test('equal?', ['a', 'c'], root, root)).toBe(true);
    expect(test('equal?', ['b', '4'], root, root)).toBe(true);
    expect(test('equal?', ['a', '4'], root, root)).toBe(false);
    expect(test('equal?', ['a', '"3"'], root, root)).toBe(false);
    expect(test('equal?', ['a', '"Federal Express"'], root, root)).toBe(false);
    expect(test('equal?', ['name', '"Federal Express"'], root, root)).toBe(true);
  });

  it('notEqual? is the negation', () => {
    const cases: [string[], boolean][] = [
      [['a', 'b'], true], [['a', 'c'], false], [['b', '4'], false], [['a', '4'], true], [['a', '"3"'], true],
      [['a', '"Federal Express"'], true], [['name', '"Federal Express"'], false],
    ];
    for (const [args, want] of cases) expect(test('notEqual?', args, root, root)).toBe(want);
  });

  it('with one argument compare the current node', () => {
    expect(test('equal?', ['3'], 3)).toBe(true);
    expect(test('equal?', ['"3"'], 3)).toBe(false);
    expect(test('notEqual?', ['3'], 4)).toBe(true);
  });

  it('compare objects and arrays by value, and never equate different types', () => {
    const r = { o: [1, { b: 2 }], p: [1, { b: 2 }], q: [1, { b: 3 }] };
    expect(test('equal?', ['o', 'p'], r, r)).toBe(true);
    expect(test('equal?', ['o', 'q'], r, r)).toBe(false);
    expect(test('equal?', ['{"x":[1]}'], { x: [1] })).toBe(true);
    expect(test('equal?', ['null'], null)).toBe(true);
    expect(test('equal?', ['0'], false)).toBe(false);
    expect(test('equal?', ['""'], 0)).toBe(false);
  });

  it('treat two missing paths as equal and missing as equal to null (as the platform)', () => {
    expect(test('equal?', ['nope', 'gone'], {})).toBe(true);
    expect(test('equal?', ['nope', 'null'], {})).toBe(true);
    expect(test('equal?', ['nope', '0'], {})).toBe(false);
    expect(test('equal?', ['"2"'], 2)).toBe(false);
  });
});

describe('ordering (p-comparisons-1)', () => {
  const numbers = [-2, 0, 1, 3, 5, 6, 8];
  const strings = ['abc', 'ABC', 'def', 'DEF', 'ghi', 'GHI'];

  it('greaterThan?', () => {
    expect(each('greaterThan?', ['@', '3'], numbers)).toEqual([false, false, false, false, true, true, true]);
    expect(each('greaterThan?', ['@', '"bcd"'], strings)).toEqual([false, false, true, false, true, false]);
  });

  it('greaterThanOrEqual?', () => {
    expect(each('greaterThanOrEqual?', ['@', '3'], numbers)).toEqual([false, false, false, true, true, true, true]);
    expect(each('greaterThanOrEqual?', ['@', '"def"'], strings)).toEqual([false, false, true, false, true, false]);
  });

  it('lessThan?', () => {
    expect(each('lessThan?', ['@', '3'], numbers)).toEqual([true, true, true, false, false, false, false]);
    expect(each('lessThan?', ['@', '"bcd"'], strings)).toEqual([true, true, false, true, false, true]);
  });

  it('lessThanOrEqual?', () => {
    expect(each('lessThanOrEqual?', ['@', '3'], numbers)).toEqual([true, true, true, true, false, false, false]);
    expect(each('lessThanOrEqual?', ['@', '"def"'], strings)).toEqual([true, true, true, true, false, true]);
  });

  it('with one argument compare the current node', () => {
    expect(test('greaterThan?', ['3'], 5)).toBe(true);
    expect(test('lessThan?', ['3'], 5)).toBe(false);
  });

  // The platform's ordering is driven by the left side's type (see compareValues in values.ts).
  const orders = (args: string[], node: unknown) =>
    ['greaterThan?', 'greaterThanOrEqual?', 'lessThan?', 'lessThanOrEqual?'].filter((name) => test(name, args, node)).join(' ');

  it('read the right side as a number when the left is a number', () => {
    expect(orders(['"2"'], 3)).toBe('greaterThan? greaterThanOrEqual?');
    expect(orders(['"10"'], 2)).toBe('lessThan? lessThanOrEqual?');
    expect(orders(['true'], 1)).toBe('greaterThanOrEqual? lessThanOrEqual?');
    expect(orders(['nope'], 0)).toBe('greaterThanOrEqual? lessThanOrEqual?');
    // NaN on either side orders after
    expect(orders(['"x"'], -3)).toBe('greaterThan? greaterThanOrEqual?');
  });

  it('compare as text when the left is a string, by code units', () => {
    expect(orders(['2'], '10')).toBe('lessThan? lessThanOrEqual?');
    expect(orders(['"B"'], 'a')).toBe('greaterThan? greaterThanOrEqual?');
    expect(orders(['true'], 'true')).toBe('greaterThanOrEqual? lessThanOrEqual?');
    expect(orders(['null'], '')).toBe('greaterThanOrEqual? lessThanOrEqual?');
  });

  it('compare booleans as booleans', () => {
    expect(orders(['false'], true)).toBe('greaterThan? greaterThanOrEqual?');
    expect(orders(['"true"'], true)).toBe('greaterThanOrEqual? lessThanOrEqual?');
    expect(orders(['2'], true)).toBe('greaterThanOrEqual? lessThanOrEqual?');
    expect(orders(['0.5'], true)).toBe('greaterThan? greaterThanOrEqual?');
  });

  it('are all false without arguments (notEqual? too), as on the platform', () => {
    for (const name of ['equal?', 'notEqual?', 'greaterThan?', 'greaterThanOrEqual?', 'lessThan?', 'lessThanOrEqual?'])
      expect(test(name, [], undefined)).toBe(false);
  });

  it('order missing, null, objects and arrays as equal or less', () => {
    expect(orders(['nope', '1'], {})).toBe('lessThan? lessThanOrEqual?');
    expect(orders(['nope', 'null'], {})).toBe('greaterThanOrEqual? lessThanOrEqual?');
    expect(orders(['[1]'], [1])).toBe('greaterThanOrEqual? lessThanOrEqual?');
    expect(orders(['[1]'], [2])).toBe('lessThan? lessThanOrEqual?');
  });
});

describe('even? and odd? (p-even-odd-1)', () => {
  const items = [-5, -4, -3, -2, -1, 0, 1, 2, 3, 4, 5, 1.2, -3.3];

  it('hold for integers only', () => {
    expect(each('even?', [], items)).toEqual([false, true, false, true, false, true, false, true, false, true, false, false, false]);
    expect(each('odd?', [], items)).toEqual([true, false, true, false, true, false, true, false, true, false, true, false, false]);
  });

  it('test a path argument instead of the node', () => {
    expect(test('even?', ['n'], 1, { n: 4 })).toBe(true);
    expect(test('odd?', ['n'], 2, { n: 7 })).toBe(true);
  });

  it('are false for strings, missing and other types', () => {
    for (const v of ['4', '3', undefined, null, true, [2], {}, NaN, Infinity]) {
      expect(test('even?', [], v)).toBe(false);
      expect(test('odd?', [], v)).toBe(false);
    }
  });
});

describe('nth? (p-nth-1)', () => {
  it('tests the node for a multiple of its argument', () => {
    const numbers = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 1.5, 3.5, -1, -2, -3, -4, -5, -6, -7, -8, -9, -10, -11, -12];
    const yes = new Set([0, 4, 8, 12, -4, -8, -12]);
    expect(each('nth?', ['4'], numbers)).toEqual(numbers.map((n) => yes.has(n)));
  });

  it('tests a path when given two arguments', () => {
    const letters = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'];
    const got = letters.map((l, i) => runPredicate(pred('nth?'), ['@index0', '3'], fakeContext({ node: l, index: i + 1 })));
    expect(got).toEqual([true, false, false, true, false, false, true, false]);
  });

  it('with three or more arguments (an empty one from a doubled or trailing space too) tests the node by the first', () => {
    expect([0, 1, 2, 3, 4, 6, '4'].map((n) => test('nth?', ['2', '1', '0'], n))).toEqual([true, false, true, false, true, true, false]);
    expect([3, 4, 8].map((n) => test('nth?', ['4', '', '4'], n))).toEqual([false, true, true]);
  });

  it('is false without a divisor, with zero or a non-integer', () => {
    expect(test('nth?', [], 4)).toBe(false);
    expect(test('nth?', ['0'], 4)).toBe(false);
    expect(test('nth?', ['1.5'], 3)).toBe(false);
    expect(test('nth?', ['"2"'], 4)).toBe(false);
    expect(test('nth?', ['2'], '4')).toBe(false);
  });
});

describe('plural? and singular?', () => {
  it('plural? is a number above 1 (p-plural-1)', () => {
    expect(each('plural?', [], [0, 1, 2, 3])).toEqual([false, false, true, true]);
  });

  it('singular? is exactly 1 (p-singular-1)', () => {
    expect(each('singular?', [], [0, 1, 2, 3])).toEqual([false, true, false, false]);
  });

  it('read the node as a number, as the platform does', () => {
    for (const v of ['x', undefined, null, [1, 2], {}, false]) {
      expect(test('plural?', [], v)).toBe(false);
      expect(test('singular?', [], v)).toBe(false);
    }
    expect(test('plural?', [], '2')).toBe(true);
    expect(test('singular?', [], '1.0')).toBe(true);
    expect(test('singular?', [], true)).toBe(true);
  });
});

describe('background-source predicates (p-background-source-1)', () => {
  const kinds = ['upload', 'instagram', 'video', 'none'];

  it('match upload 1, instagram 2, video 3, none 4', () => {
    for (let code = 1; code <= 4; code++) {
      const got = kinds.map((k) => test(`background-source-${k}?`, [], { backgroundSource: code }));
      expect(got).toEqual(kinds.map((_, i) => i + 1 === code));
    }
  });

  it('are false for other codes, objects and nodes without the field; text of the code matches, as the platform', () => {
    expect(test('background-source-video?', [], { backgroundSource: '3' })).toBe(true);
    for (const node of [{ backgroundSource: 0 }, { backgroundSource: 'x' }, { backgroundSource: [3] }, { backgroundSource: 5 }, {}, null, undefined, 3, [3]]) {
      for (const k of kinds) expect(test(`background-source-${k}?`, [], node)).toBe(false);
    }
  });
});

describe('robustness', () => {
  it('no predicate throws on odd nodes and arguments', () => {
    const nodes: unknown[] = [undefined, null, true, 0, -0, 1.5, NaN, '', 'x', [], [1], {}, { a: 1 }, Object.create(null), () => 1, Symbol('s'), 10n];
    const raws: string[][] = [[], ['a'], ['1', '2'], ['"x"', 'a.b'], ['{"a":1}', '{"a":1}'], ['0'], ['@', '@index'], ['[1', '1abc'], ['a', 'b', 'c']];
    const thrown: string[] = [];
    for (const p of [...CORE_PREDICATES, ...PLATFORM_PREDICATES]) {
      for (const raw of raws) {
        for (let i = 0; i < nodes.length; i++) {
          try {
            runPredicate(p, raw, fakeContext({ root: { a: { b: 1 }, debug: nodes[i] }, node: nodes[i], index: 2 }));
          } catch (e) {
            thrown.push(`${p.name} ${JSON.stringify(raw)} node #${i}: ${String(e)}`);
          }
        }
      }
    }
    expect(thrown).toEqual([]);
  });
});
