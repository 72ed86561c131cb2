import { describe, expect, it } from 'vitest';
import { FALLBACK_STORE_URL_ID, slugify, storeUrlId } from './store-url-id.js';

const taken = (...ids: string[]) => {
  const set = new Set(ids);
  return (id: string) => set.has(id);
};

describe('slugify', () => {
  it('keeps letters and digits, drops accents, joins the rest with single dashes', () => {
    expect(slugify('  Café & Crème — Spring 2025! ')).toBe('cafe-creme-spring-2025');
    expect(slugify('Ünïcödé')).toBe('unicode');
    expect(slugify('***')).toBe('');
  });

  it('caps the length without leaving a trailing dash', () => {
    const slug = slugify(`${'a'.repeat(59)} b`);
    expect(slug).toBe('a'.repeat(59));
    expect(slugify('x'.repeat(500))).toHaveLength(60);
  });
});

describe('storeUrlId (spec 001 §5)', () => {
  it('is the slug of the title when free', () => {
    expect(storeUrlId('Summer Goods', taken())).toBe('summer-goods');
  });

  it('uses the fallback store title for an empty slug or one shorter than 3 characters', () => {
    expect(FALLBACK_STORE_URL_ID).toBe('store');
    expect(storeUrlId('', taken())).toBe('store');
    expect(storeUrlId('!!', taken())).toBe('store');
    expect(storeUrlId('Ab', taken())).toBe('store');
    expect(storeUrlId('Abc', taken())).toBe('abc');
  });

  it('names a store item by the same rule with its own fallback', () => {
    expect(storeUrlId('Ö', taken(), 'product')).toBe('product');
    expect(storeUrlId('Zz', taken('product'), 'product')).toBe('product-1');
    expect(storeUrlId('Harbour Jacket', taken('harbour-jacket'), 'product')).toBe('harbour-jacket-1');
  });

  it('appends -1, -2, … until the id is free', () => {
    expect(storeUrlId('Shop', taken('shop'))).toBe('shop-1');
    expect(storeUrlId('Shop', taken('shop', 'shop-1'))).toBe('shop-2');
    expect(storeUrlId('x', taken('store', 'store-1', 'store-2'))).toBe('store-3');
    expect(storeUrlId('Shop', taken('shop-1'))).toBe('shop');
  });
});
