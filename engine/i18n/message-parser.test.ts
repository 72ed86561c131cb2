import { describe, expect, it } from 'vitest';
import { compileMessage, MESSAGE_CACHE_SIZE, messageCacheSize } from './message-format.js';
import { parseMessage } from './message-parser.js';

describe('message parser (not ICU: space-separated options, `;` joins argument names)', () => {
  it('parses plain and formatted arguments', () => {
    expect(parseMessage('a {0} {name} {0;1 datetime-interval yMMMd}').parts).toEqual([
      'a ',
      { kind: 'arg', names: ['0'], formatter: null, options: [] },
      ' ',
      { kind: 'arg', names: ['name'], formatter: null, options: [] },
      ' ',
      { kind: 'arg', names: ['0', '1'], formatter: 'datetime-interval', options: ['yMMMd'] },
    ]);
  });
  it('parses plural cases with or without a space before the brace, and nested arguments', () => {
    const m = parseMessage('{0 plural one {# item} other{{1} to bits: {1 unit in:bit}}}');
    expect(m.errors).toEqual([]);
    const p = m.parts[0];
    expect(p).toMatchObject({ kind: 'plural', name: '0', type: 'cardinal', offset: 0 });
    if (typeof p === 'object' && p.kind === 'plural') {
      expect(p.categories.get('one')).toEqual([{ kind: 'pound' }, ' item']);
      expect(p.categories.get('other')).toEqual([
        { kind: 'arg', names: ['1'], formatter: null, options: [] },
        ' to bits: ',
        { kind: 'arg', names: ['1'], formatter: 'unit', options: ['in:bit'] },
      ]);
    }
  });
  it('rejects plural keys other than zero, one, two, few, many, other and =N', () => {
    expect(parseMessage('{0 plural few{a} =3{b} some{c}}').errors).toEqual([
      "Invalid plural key 'some': expected zero, one, two, few, many, other or =N.",
    ]);
  });
  it('keeps an unterminated argument as text', () => {
    expect(parseMessage('a {0 plural one{x}').parts.join('')).toBe('a {0 plural one{x}');
  });
  it('caches at most 100 compiled messages', () => {
    expect(MESSAGE_CACHE_SIZE).toBe(100);
    for (let i = 0; i < 150; i++) compileMessage(`m${i} {0}`);
    expect(messageCacheSize()).toBe(100);
    expect(compileMessage('m149 {0}')).toBe(compileMessage('m149 {0}'));
  });
});
