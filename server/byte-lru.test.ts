import { describe, expect, it } from 'vitest';
import { ByteLru } from './byte-lru.js';

describe('ByteLru', () => {
  it('evicts the least recently used entries to stay within its byte budget', () => {
    const cache = new ByteLru(10);
    cache.set('a', Buffer.alloc(4));
    cache.set('b', Buffer.alloc(4));
    expect(cache.get('a')).toBeDefined(); // a is now the most recent
    cache.set('c', Buffer.alloc(4));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
    expect(cache.bytes).toBe(8);
  });

  it('replaces an entry in place and never keeps a value larger than the budget', () => {
    const cache = new ByteLru(10);
    cache.set('a', Buffer.alloc(4));
    cache.set('a', Buffer.alloc(6));
    expect(cache.bytes).toBe(6);
    cache.set('huge', Buffer.alloc(11));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.size).toBe(1);
  });
});
