import { describe, expect, it } from 'vitest';
import { parsePredicateArg } from './args.js';

describe('predicate arguments', () => {
  it('parses what looks like JSON as JSON', () => {
    expect(parsePredicateArg('"Federal Express"')).toEqual({ kind: 'literal', value: 'Federal Express', raw: '"Federal Express"' });
    expect(parsePredicateArg('"a\\"b"').kind === 'literal' && parsePredicateArg('"a\\"b"')).toMatchObject({ value: 'a"b' });
    expect(parsePredicateArg('3')).toMatchObject({ kind: 'literal', value: 3 });
    expect(parsePredicateArg('-2.5e1')).toMatchObject({ kind: 'literal', value: -25 });
    expect(parsePredicateArg('[1,"x"]')).toMatchObject({ kind: 'literal', value: [1, 'x'] });
    expect(parsePredicateArg('{"a":1}')).toMatchObject({ kind: 'literal', value: { a: 1 } });
    for (const [raw, value] of [['true', true], ['false', false], ['null', null]] as const)
      expect(parsePredicateArg(raw)).toMatchObject({ kind: 'literal', value });
  });

  it('resolves anything else as a path, including JSON look-alikes that do not parse', () => {
    expect(parsePredicateArg('a.b.0')).toEqual({ kind: 'path', path: ['a', 'b', '0'], raw: 'a.b.0' });
    expect(parsePredicateArg('@')).toEqual({ kind: 'path', path: ['@'], raw: '@' });
    expect(parsePredicateArg('1abc')).toMatchObject({ kind: 'path', path: ['1abc'] });
    expect(parsePredicateArg('"open')).toMatchObject({ kind: 'path' });
    expect(parsePredicateArg('trueish')).toMatchObject({ kind: 'path' });
    // a line break or other control character inside the quotes is no JSON (differential: `{.equal?::"⏎"}` holds)
    expect(parsePredicateArg('"\n"')).toMatchObject({ kind: 'path', path: ['"\n"'] });
    expect(parsePredicateArg('"a\tb"')).toMatchObject({ kind: 'path' });
  });
});
