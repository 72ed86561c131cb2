import { describe, expect, it } from 'vitest';
import { render } from '../engine/index.js';
import { loadCases } from './cases.js';
import { SHOP_PRODUCTS, shopCase } from './shop-page.js';

describe('the shop bench page', () => {
  const page = shopCase();
  const { html, errors } = render(page.source, page.data, { locale: 'en' });

  it('is part of the default cases and selectable by name', () => {
    expect(loadCases(['shop']).cases.map((c) => c.name)).toEqual(['shop-200']);
  });

  it('renders 200 products through the commerce formatters without problems', () => {
    expect(errors).toEqual([]);
    expect(html.match(/<article /g)).toHaveLength(SHOP_PRODUCTS);
    expect(html.match(/<div class="product-price">/g)).toHaveLength(SHOP_PRODUCTS);
    expect(html.match(/sqs-add-to-cart-button-wrapper/g)).toHaveLength(SHOP_PRODUCTS);
    for (const block of ['product-mark sale', 'product-mark sold-out', 'product-variants', 'product-quantity-input', 'price-range', 'from <span']) {
      expect(html, block).toContain(block);
    }
  });

  it('is the same page every time', () => {
    expect(render(shopCase().source, shopCase().data, { locale: 'en' }).html).toBe(html);
  });
});
