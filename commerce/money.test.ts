import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CURRENCIES, currencyDigits } from './currencies.js';
import { formatFixed, parseDecimal, rescale, ROUNDING_MODES, type RoundingMode } from './decimal.js';
import { moneyFromMinor, moneyOf } from './money.js';

describe('currencies (spec 001 §3, §9)', () => {
  it('has the 27 supported currencies, JPY with 0 minor digits and the rest with 2', () => {
    expect([...CURRENCIES.keys()].sort()).toEqual(
      'EUR USD AUD NOK CAD NZD DKK GBP HKD CHF MXN SGD SEK CZK ILS PHP RUB PLN THB MYR ARS BRL COP IDR INR JPY ZAR'.split(' ').sort(),
    );
    for (const c of CURRENCIES.values()) expect(c.digits, c.code).toBe(c.code === 'JPY' ? 0 : 2);
    expect(currencyDigits('JPY')).toBe(0);
  });
});

describe('decimals', () => {
  it('parses strings and numbers exactly', () => {
    expect(parseDecimal('12.50')).toEqual({ units: 1250n, scale: 2 });
    expect(parseDecimal('.5')).toEqual({ units: 5n, scale: 1 });
    expect(parseDecimal('-3')).toEqual({ units: -3n, scale: 0 });
    expect(parseDecimal('1e3')).toEqual({ units: 1000n, scale: 0 });
    expect(parseDecimal(0.1)).toEqual({ units: 1n, scale: 1 });
    for (const bad of ['', '.', 'A', '1.2.3', null, undefined, {}, NaN, Infinity]) expect(parseDecimal(bad)).toBeNull();
  });

  it('keeps 15 and more integer digits exact (no float on the way)', () => {
    const m = moneyOf({ value: '987654321098765.43', currency: 'USD' });
    expect(m?.minor).toBe(98765432109876543n);
    expect(formatFixed({ units: m!.minor, scale: 2 })).toBe('987,654,321,098,765.43');
  });

  it('rounds by every mode of the spec', () => {
    const round = (s: string, mode: RoundingMode) => formatFixed(rescale(parseDecimal(s)!, 0, mode));
    const table: Record<RoundingMode, string[]> = {
      //           2.5   -2.5  2.4   -2.6  3.5
      up: ['3', '-3', '3', '-3', '4'],
      down: ['2', '-2', '2', '-2', '3'],
      ceiling: ['3', '-2', '3', '-2', '4'],
      floor: ['2', '-3', '2', '-3', '3'],
      'half-up': ['3', '-3', '2', '-3', '4'],
      'half-down': ['2', '-2', '2', '-3', '3'],
      'half-even': ['2', '-2', '2', '-3', '4'],
    };
    expect(Object.keys(table).sort()).toEqual([...ROUNDING_MODES].sort());
    for (const [mode, expected] of Object.entries(table)) {
      expect(['2.5', '-2.5', '2.4', '-2.6', '3.5'].map((s) => round(s, mode as RoundingMode)), mode).toEqual(expected);
    }
  });

  it('formats any integer count of cents like plain decimal arithmetic would', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 17n), max: 10n ** 17n }), (cents) => {
        const text = formatFixed({ units: cents, scale: 2 }, { group: '', decimal: '.', minus: '-' });
        const back = parseDecimal(text)!;
        expect(rescale(back, 2).units).toBe(cents);
      }),
    );
  });
});

describe('money values', () => {
  it('reads value/currency and decimalValue/currencyCode, defaulting to USD', () => {
    expect(moneyOf({ value: '100' })).toEqual({ minor: 10000n, currency: 'USD' });
    expect(moneyOf({ decimalValue: 1234.56, currencyCode: 'JPY' })).toEqual({ minor: 1235n, currency: 'JPY' });
    expect(moneyOf({ currency: 'EUR' })).toBeNull();
    expect(moneyFromMinor(12345)).toEqual({ minor: 12345n, currency: 'USD' });
  });
});
