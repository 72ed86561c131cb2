/** The admin's price fields: typed text to exact cents and back, per the currency's digits. */
import { describe, expect, it } from 'vitest';
import { centsOf, priceText, showMoney } from './money.js';

describe('admin money', () => {
  it('reads a typed price as exact cents', () => {
    expect(centsOf('12.50', 'USD')).toBe(1250);
    expect(centsOf('12.5', 'USD')).toBe(1250);
    expect(centsOf(' 12 ', 'USD')).toBe(1200);
    expect(centsOf('1,250.00', 'USD')).toBe(125000);
    expect(centsOf('0.29', 'USD')).toBe(29);
    expect(centsOf('1000', 'JPY')).toBe(1000);
  });

  it('refuses what is no price', () => {
    for (const text of ['', '-1', '12.505', '1e3', 'abc', '12,5', '.5']) expect(centsOf(text, 'USD'), text).toBeNull();
    expect(centsOf('10.5', 'JPY')).toBeNull();
  });

  it('shows cents for editing and as money', () => {
    expect(priceText(1250, 'USD')).toBe('12.50');
    expect(priceText(5, 'USD')).toBe('0.05');
    expect(priceText(1000, 'JPY')).toBe('1000');
    expect(showMoney(1250, 'USD')).toBe('$12.50');
  });
});
