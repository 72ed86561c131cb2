/**
 * The product display rules against the reference's helper-data fixtures (`plugins/resources/*.json`: inputs
 * and expected results) and the rules of spec 001 §4–5.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ANY_HEADER, parseSections } from '../bin/conformance/fixture.js';
import {
  hasVariants,
  hasVariedPrices,
  isOnSale,
  isSoldOut,
  isSubscriptionAvailable,
  multipleQuantityAllowedForServices,
  showsQuantityInput,
  totalStock,
  UNLIMITED_STOCK,
  variantOptions,
} from './products.js';

const DIR = resolve(import.meta.dirname, '../../shared/conformance/template-engine/plugins/resources');

function cases(file: string): [string, unknown][] {
  return Object.entries(parseSections(readFileSync(resolve(DIR, file), 'utf8'), ANY_HEADER)).map(([k, v]) => [k, JSON.parse(v)]);
}

/** Names end in -true or -false: the expected answer. */
function expectedFromName(name: string): boolean {
  return name.endsWith('-true');
}

describe('reference helper data', () => {
  it('variant options: each ordered option with its distinct values, none for a single variant', () => {
    const all = new Map(cases('get-item-variant-options.json'));
    const inputs = [...all.keys()].filter((k) => !k.endsWith('-expected'));
    expect(inputs.length).toBe(6);
    for (const k of inputs) expect(variantOptions(all.get(k)), k).toEqual(all.get(`${k}-expected`));
  });

  it('has variants', () => {
    for (const [name, item] of cases('has-variants.json')) expect(hasVariants(item), name).toBe(expectedFromName(name));
  });

  it('varied prices', () => {
    const all = cases('has-varied-prices.json');
    expect(all.length).toBe(7);
    for (const [name, item] of all) expect(hasVariedPrices(item), name).toBe(expectedFromName(name));
  });

  it('multiple quantity for services defaults to allowed', () => {
    for (const [name, settings] of cases('is-multi-quantity-allowed-for-services.json')) {
      expect(multipleQuantityAllowedForServices(settings), name).toBe(expectedFromName(name));
    }
  });

  it('total stock: unlimited is the max safe integer; digital products count as unlimited', () => {
    const expected: Record<string, number> = {
      'getTotalStock-unlimited-physical': UNLIMITED_STOCK,
      'getTotalStock-digital': UNLIMITED_STOCK,
      'getTotalStock-six-service': 6,
      'getTotalStock-0-physical': 0,
      'getTotalStock-0-physical-2': 0,
      'getTotalStock-unknown': 0,
    };
    const all = cases('get-total-stock-remaining.json');
    expect(all.map(([n]) => n).sort()).toEqual(Object.keys(expected).sort());
    for (const [name, item] of all) expect(totalStock(item), name).toBe(expected[name]);
    expect(UNLIMITED_STOCK).toBe(Number.MAX_SAFE_INTEGER);
  });
});

const product = (structuredContent: Record<string, unknown>) => ({ structuredContent });

describe('display status (spec 001 §4)', () => {
  it('physical and service products sell out when no variant is unlimited or in stock', () => {
    expect(isSoldOut(product({ productType: 1, variants: [{ qtyInStock: 0 }] }))).toBe(true);
    expect(isSoldOut(product({ productType: 3, variants: [{ qtyInStock: 0 }, { unlimited: true }] }))).toBe(false);
    expect(isSoldOut(product({ productType: 1, variants: [{ qtyInStock: 2 }] }))).toBe(false);
  });

  it('digital products and gift cards never sell out', () => {
    expect(isSoldOut(product({ productType: 2 }))).toBe(false);
    expect(isSoldOut(product({ productType: 4, variants: [{ qtyInStock: 0 }] }))).toBe(false);
  });

  it('on sale when any variant is; a digital product uses its own flag', () => {
    expect(isOnSale(product({ productType: 1, variants: [{}, { onSale: true }] }))).toBe(true);
    expect(isOnSale(product({ productType: 2, onSale: true, variants: [] }))).toBe(true);
    expect(isOnSale(product({ productType: 2, variants: [{ onSale: true }] }))).toBe(false);
  });

  it('subscriptions are available for physical and service products only', () => {
    expect([1, 2, 3, 4].map((productType) => isSubscriptionAvailable(product({ productType })))).toEqual([true, false, true, false]);
  });
});

describe('quantity input (spec 001 §5)', () => {
  const settings = (allowed?: boolean) => ({ storeSettings: allowed === undefined ? {} : { multipleQuantityAllowedForServices: allowed } });
  it('shows for physical products with more than one left, not for subscribable ones', () => {
    expect(showsQuantityInput(product({ productType: 1, variants: [{ qtyInStock: 2 }] }), {})).toBe(true);
    expect(showsQuantityInput(product({ productType: 1, variants: [{ qtyInStock: 1 }] }), {})).toBe(false);
    expect(showsQuantityInput(product({ productType: 1, isSubscribable: true, variants: [{ unlimited: true }] }), {})).toBe(false);
    expect(showsQuantityInput(product({ productType: 2 }), {})).toBe(false);
  });
  it('shows for services unless the store forbids several', () => {
    const service = product({ productType: 3, variants: [{ qtyInStock: 5 }] });
    expect(showsQuantityInput(service, settings())).toBe(true);
    expect(showsQuantityInput(service, settings(true))).toBe(true);
    expect(showsQuantityInput(service, settings(false))).toBe(false);
  });
});
