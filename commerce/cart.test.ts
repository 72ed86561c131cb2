import { describe, expect, it } from 'vitest';
import { ADD_TO_CART_MESSAGES, missingOptionsMessage, parseQuantity } from './add-to-cart.js';
import { cartTotals } from './cart.js';

describe('add-to-cart validation (spec 000 §5)', () => {
  it('names the unselected options', () => {
    expect(missingOptionsMessage(['Size'])).toBe('Please select the Size option.');
    expect(missingOptionsMessage(['Color', 'Size'])).toBe('Please select the Color and Size options.');
    expect(missingOptionsMessage(['Color', 'Size', 'Fit'])).toBe('Please select the Color, Size and Fit options.');
  });

  it('accepts whole quantities from 1 to 9999 only', () => {
    expect(parseQuantity('3')).toEqual({ ok: true, quantity: 3 });
    expect(parseQuantity(9999)).toEqual({ ok: true, quantity: 9999 });
    expect(parseQuantity('abc')).toEqual({ ok: false, message: 'Quantity must be a number.' });
    expect(parseQuantity('')).toEqual({ ok: false, message: 'Quantity must be a number.' });
    expect(parseQuantity('1.5')).toEqual({ ok: false, message: 'Quantity must be a whole number' });
    expect(parseQuantity(0)).toEqual({ ok: false, message: ADD_TO_CART_MESSAGES.quantityOutOfRange });
    expect(parseQuantity(10000)).toEqual({ ok: false, message: ADD_TO_CART_MESSAGES.quantityOutOfRange });
  });

  it('keeps the spec wording', () => {
    expect(ADD_TO_CART_MESSAGES.variantUnavailable).toBe('Sorry, that item variant is unavailable. Please select another variant.');
    expect(ADD_TO_CART_MESSAGES.notEnoughStock).toBe('Sorry, we do not have enough of that item available.');
    expect(ADD_TO_CART_MESSAGES.giftCardDenomination).toBe('Select a denomination for the Gift Card');
  });
});

describe('cart totals', () => {
  it('adds cents exactly and classifies the cart', () => {
    const t = cartTotals([
      { quantity: 3, unitPriceCents: 1999, productType: 1 },
      { quantity: 1, unitPriceCents: 900, productType: 2 },
    ]);
    expect(t).toMatchObject({ subtotalCents: 6897, grandTotalCents: 6897, totalQuantity: 4, hasDigital: true, purelyDigital: false, requiresShipping: true });
    expect(cartTotals([{ quantity: 2, unitPriceCents: 2500, productType: 4 }])).toMatchObject({ purelyDigital: true, requiresShipping: false });
    expect(cartTotals([])).toMatchObject({ subtotalCents: 0, totalQuantity: 0, purelyDigital: false });
  });
});
