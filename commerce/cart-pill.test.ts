import { describe, expect, it } from 'vitest';
import { pillCountText } from './cart-pill.js';
import { moneyText } from './money-text.js';
import { ADD_FAILURE_MESSAGES, addFailureMessage, addFailureTitle } from './add-to-cart.js';

describe('cart pill texts (spec 000 §9)', () => {
  it('prints the count, and 100+ above 100', () => {
    expect(pillCountText(0)).toBe('0');
    expect(pillCountText(100)).toBe('100');
    expect(pillCountText(101)).toBe('100+');
  });
});

describe('add-to-cart failures (spec 000 §8)', () => {
  it('titles by mode', () => {
    expect(addFailureTitle('cart')).toBe('Unable to Add Item');
    expect(addFailureTitle('subscription')).toBe('Unable to Add Item');
    expect(addFailureTitle('express')).toBe('Unable to Purchase Item');
    expect(addFailureTitle('gift-card')).toBe('Unable to purchase Gift Card');
  });
  it('crumb failures ask to reload, or to enable cookies', () => {
    expect(addFailureMessage({ status: 403, crumbFail: true, message: 'x' }, true)).toBe('Your session has expired. Please reload the page and try again.');
    expect(addFailureMessage({ status: 403, crumbFail: true }, false)).toBe('Please enable cookies in your browser, reload the page, and try again.');
  });
  it('429 asks to wait; others show the server message', () => {
    expect(addFailureMessage({ status: 429, message: 'Too many requests: try again in 3 s.' }, true)).toBe('Please try again in a few seconds.');
    expect(addFailureMessage({ status: 409, message: 'Sorry, we do not have enough of that item available.' }, true)).toBe('Sorry, we do not have enough of that item available.');
    expect(addFailureMessage({ status: 0 }, true)).toBe(ADD_FAILURE_MESSAGES.offline);
    expect(addFailureMessage({ status: 500 }, true)).toBe(ADD_FAILURE_MESSAGES.unknown);
  });
});

describe('moneyText', () => {
  it('formats cents in the locale with the currency digits', () => {
    expect(moneyText(8900, 'USD')).toBe('$89.00');
    expect(moneyText(123456, 'USD')).toBe('$1,234.56');
    expect(moneyText(1200, 'JPY')).toBe('¥1,200');
    expect(moneyText(250000, 'EUR', 'de-DE')).toBe('2.500,00\u00a0€');
  });
});
