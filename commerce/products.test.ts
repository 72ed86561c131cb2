/**
 * The product display rules of spec 001 §4–5. (The reference's helper-data fixtures for these functions,
 * `plugins/resources/*.json`, run with the conformance suite: see bin/conformance/helper-data.ts.)
 */
import { describe, expect, it } from 'vitest';
import { hasVariants, hasVariedPrices, isSoldOut, isSubscriptionAvailable, showsQuantityInput, totalStock, UNLIMITED_STOCK } from './products.js';

const product = (structuredContent: Record<string, unknown>) => ({ structuredContent });

describe('display status (spec 001 §4)', () => {
  it('has variants only with more than one variant and not digital; varied prices by onSale, price, sale price', () => {
    expect(hasVariants(product({ productType: 1, variants: [{}, {}] }))).toBe(true);
    expect(hasVariants(product({ productType: 2, variants: [{}, {}] }))).toBe(false);
    expect(hasVariedPrices(product({ productType: 1, variants: [{ price: 100 }, { price: 100, onSale: true, salePrice: 50 }] }))).toBe(true);
    expect(hasVariedPrices(product({ productType: 1, variants: [{ onSale: true, salePrice: 1 }, { onSale: true, salePrice: 2 }] }))).toBe(true);
    expect(hasVariedPrices(product({ productType: 1, variants: [{ price: 100, salePrice: 1 }, { price: 100, salePrice: 2 }] }))).toBe(false);
  });

  it('counts unlimited stock as the max safe integer', () => {
    expect(totalStock(product({ productType: 1, variants: [{ qtyInStock: 2 }, { unlimited: true }] }))).toBe(UNLIMITED_STOCK);
    expect(UNLIMITED_STOCK).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('sold out: a physical product or service with no variant unlimited or in stock; digital products and gift cards never', () => {
    expect(isSoldOut(product({ productType: 1, variants: [{ qtyInStock: 0 }, { qtyInStock: -2 }] }))).toBe(true);
    expect(isSoldOut(product({ productType: 3, variants: [{ qtyInStock: 0 }] }))).toBe(true);
    expect(isSoldOut(product({ productType: 1, variants: [] }))).toBe(true);
    expect(isSoldOut(product({ productType: 1, variants: [{ qtyInStock: 0 }, { qtyInStock: 1 }] }))).toBe(false);
    expect(isSoldOut(product({ productType: 1, variants: [{ qtyInStock: 0 }, { unlimited: true }] }))).toBe(false);
    for (const productType of [2, 4, 5]) expect(isSoldOut(product({ productType, variants: [{ qtyInStock: 0 }] })), String(productType)).toBe(false);
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
