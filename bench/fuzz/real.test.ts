/**
 * The real-templates arm (real.ts): the themes' and the fixtures' templates over real page contexts and mutated
 * copies, rendered by ours and by the reference (`@squarespace/template-engine`, public API). Holds the bars
 * measured on the branch (raise them as differences are fixed), a floor on meaningful cases, and a pinned case
 * of each difference we chose that the arm meets. Seed and count: REAL_FUZZ_SEED, REAL_FUZZ_RUNS
 * (`npm run fuzz -- --generator real --n 20000 --seed S --show K` for long runs, with the differences listed).
 */
import { describe, expect, it } from 'vitest';
import { expectBars, expectDeliberate, type PinnedDeliberate } from './arm-checks.js';
import { mutate, realFuzzCase, realPool } from './real.js';

const RUNS = Number(process.env['REAL_FUZZ_RUNS'] ?? 1000);
const SEED = Number(process.env['REAL_FUZZ_SEED'] ?? 2311);

/** The differences we chose that the arm meets, each with the count of a long run (seed 1, 20,000 cases). */
const PINNED: PinnedDeliberate[] = [
  { c: { template: '{@|i18n-money-format}', data: [{}], locale: 'en-US' }, reason: 'only stubs this formatter', seen: '77 (with moneyFormat 1)' },
  { c: { template: '{n|unit}', data: { n: '9' }, locale: null }, reason: 'only stubs this formatter', seen: '28' },
  { c: { template: '{@|cart-subtotal}', data: {}, locale: null }, reason: 'f-cart-subtotal-1', seen: '28' },
  { c: { template: '{@|timesince}', data: {}, locale: null }, reason: 'timesince without locale data', seen: 'none at seed 1; 1 in 3,000 at seed 3' },
  {
    c: { template: '{.repeated section dates}{start,end|relative-time}', data: { dates: [{ start: 1509647217000, end: 1510641417000 }] }, locale: 'en-US' },
    reason: 'weeks count',
    seen: '4',
  },
  { c: { template: '{@|product-price}', data: { structuredContent: { productType: 1, variants: [{}] } }, locale: 'en-US' }, reason: 'PRICE_MISSING', seen: '19' },
  {
    c: { template: '{msg|message d}', data: { msg: '{0 unit in:byte compact:bytes}', d: -1 }, locale: 'en-US' },
    reason: 'only stubs unit',
    seen: 'none at seed 1; 1 in 3,000 at seed 3 (13 in the edits arm)',
  },
];

describe('real arm: real templates over real page contexts against the reference engine', () => {
  it('reads every theme template, the fixtures and the page contexts of every kind', () => {
    const { templates, contexts } = realPool();
    const themes = new Set(templates.filter((t) => t.kind !== 'any').map((t) => t.origin.split('/')[0]));
    expect([...themes]).toEqual(expect.arrayContaining(['default', 'adagio', 'baldface', 'boxen', 'deemjournal', 'hnp', 'labspace', 'langate', 'bench-data']));
    for (const ext of ['.region', '.list', '.item', '.page', '.block', ' layout']) expect(templates.some((t) => t.origin.endsWith(ext)), ext).toBe(true);
    expect(templates.filter((t) => t.kind === 'any').length).toBeGreaterThan(500);
    for (const kind of ['list', 'item', 'page'] as const) expect(contexts.filter((c) => c.kind === kind && c.theme !== null).length, kind).toBeGreaterThan(10);
  });

  it('mutates the fields a template names: removed, swapped, emptied, odd text and numbers', () => {
    const names = new Set(['title']);
    const data = { item: { title: 'Apron', price: 12 }, items: [1, 2] };
    expect(mutate(data, { at: 0, named: true, to: 'remove', pick: 0 }, names).data).toEqual({ item: { price: 12 }, items: [1, 2] });
    expect(mutate(data, { at: 0, named: true, to: 'swap', pick: 1 }, names).data).toEqual({ item: { title: ['Apron'], price: 12 }, items: [1, 2] });
    expect(mutate(data, { at: 0, named: true, to: 'text', pick: 4 }, names).data).toEqual({ item: { title: '\ud83d', price: 12 }, items: [1, 2] });
    expect(mutate(data, { at: 3, named: false, to: 'empty', pick: 0 }, names).data).toEqual({ item: { title: 'Apron', price: 12 }, items: [] });
    expect(mutate(data, { at: 4, named: false, to: 'number', pick: 2 }, names).data).toEqual({ item: { title: 'Apron', price: 12 }, items: [1e21, 2] });
    expect(data.item.title).toBe('Apron');
  });

  it('meets each difference we chose as its own cause (pinned)', () => expectDeliberate(PINNED));

  it(`renders ${RUNS} real cases (seed ${SEED}) at the bars measured on the branch`, () => {
    // measured 2026-11-27 after the fixes of issue 23: 994 of 1000 identical (99.40%), errors agree in all,
    // 20.6% print nothing in both, median 6 tags; the 6 differences are cart-subtotal and unit (chosen)
    expectBars(realFuzzCase, RUNS, SEED, 'real', { runs: 1000, seed: 2311, identical: 994, errorsAgree: 1000, emptyInBoth: 25, medianTags: 5 });
  });
});
