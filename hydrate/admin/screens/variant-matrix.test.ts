/** The product editor's variant matrix: combinations in the options' order, rows kept across changes, the editor's messages for repeats. */
import { describe, expect, it } from 'vitest';
import { type Draft, emptyDraft, matrixOf, optionProblem } from './variant-matrix.js';

const withOptions = (draft: Draft, ...options: [string, string][]): Draft => ({ ...draft, options: options.map(([name, values]) => ({ name, values })) });

describe('matrixOf', () => {
  it('makes every combination of two options; the one variant there becomes the first, the rest take its price and a SKU after its', () => {
    const draft = withOptions({ ...emptyDraft(), title: 'Harbour Jacket', rows: [{ key: 'v1', id: 'v1', attributes: {}, sku: 'HJ', price: '159.00', stock: '5', unlimited: false }] }, ['Size', 'S, M'], ['Colour', 'Navy,Olive']);
    const rows = matrixOf(draft);
    expect(rows.map((r) => [r.attributes, r.id, r.sku, r.price, r.stock])).toEqual([
      [{ Size: 'S', Colour: 'Navy' }, 'v1', 'HJ', '159.00', '5'],
      [{ Size: 'S', Colour: 'Olive' }, undefined, 'HJ-2', '159.00', '0'],
      [{ Size: 'M', Colour: 'Navy' }, undefined, 'HJ-3', '159.00', '0'],
      [{ Size: 'M', Colour: 'Olive' }, undefined, 'HJ-4', '159.00', '0'],
    ]);
  });

  it('keeps a variant whose combination is still there (case aside), drops the others, adds the new ones', () => {
    const base = withOptions({ ...emptyDraft(), title: 'Tee' }, ['Size', 'S, M']);
    const first = matrixOf({ ...base, rows: [{ key: 'a', id: 'a', attributes: { Size: 's' }, sku: 'T-1', price: '20.00', stock: '4', unlimited: false }, { key: 'b', id: 'b', attributes: { Size: 'M' }, sku: 'T-2', price: '20.00', stock: '1', unlimited: false }] });
    const changed = matrixOf({ ...withOptions(base, ['Size', 'S, L']), rows: first });
    expect(changed.map((r) => [r.id, r.attributes, r.sku, r.stock])).toEqual([
      ['a', { Size: 'S' }, 'T-1', '4'],
      [undefined, { Size: 'L' }, 'T-2', '0'],
    ]);
  });

  it('without options is one row, the product itself', () => {
    expect(matrixOf({ ...emptyDraft(), title: 'Mug', rows: [] }).map((r) => [r.attributes, r.sku])).toEqual([[{}, 'MUG']]);
  });
});

describe('optionProblem', () => {
  it("says what is missing or repeated, with the editor's own words for a repeat", () => {
    const problem = (...options: [string, string][]) => optionProblem(options.map(([name, values]) => ({ name, values })));
    expect(problem(['Size', 'S, M'], ['', ''])).toBeNull();
    expect(problem(['Size', 'S, s'])).toBe('This option value already exists');
    expect(problem(['Size', 'S'], ['size', 'M'])).toBe('This option already exists');
    expect(problem(['', 'S'])).toBe('Give the option a name, such as Size.');
    expect(problem(['Size', ' , '])).toBe('Give Size at least one value.');
  });
});
