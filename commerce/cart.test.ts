import { describe, expect, it } from 'vitest';
import { ADD_TO_CART_MESSAGES, missingOptionsMessage, quantityFromJson, quantityFromText } from './add-to-cart.js';
import { cartTotals } from './cart.js';

describe('add-to-cart validation (spec 000 §5)', () => {
  it('names the unselected options', () => {
    expect(missingOptionsMessage(['Size'])).toBe('Please select the Size option.');
    expect(missingOptionsMessage(['Color', 'Size'])).toBe('Please select the Color and Size options.');
    expect(missingOptionsMessage(['Color', 'Size', 'Fit'])).toBe('Please select the Color, Size and Fit options.');
  });

  const NOT_NUMBER = { ok: false, message: 'Quantity must be a number.' };
  const NOT_WHOLE = { ok: false, message: 'Quantity must be a whole number' };
  const OUT_OF_RANGE = { ok: false, message: ADD_TO_CART_MESSAGES.quantityOutOfRange };

  it('takes a JSON quantity as a JSON integer from 1 to 9999 only', () => {
    expect(quantityFromJson(3)).toEqual({ ok: true, quantity: 3 });
    expect(quantityFromJson(9999)).toEqual({ ok: true, quantity: 9999 });
    for (const text of ['3', '0x10', '1e1', ' 3', '+2', '3.0', 'abc', '']) expect(quantityFromJson(text), text).toEqual(NOT_NUMBER);
    for (const other of [null, true, [3], { n: 3 }, Number.NaN, Number.POSITIVE_INFINITY]) expect(quantityFromJson(other)).toEqual(NOT_NUMBER);
    expect(quantityFromJson(3.5)).toEqual(NOT_WHOLE);
    expect(quantityFromJson(0)).toEqual(OUT_OF_RANGE);
    expect(quantityFromJson(-1)).toEqual(OUT_OF_RANGE);
    expect(quantityFromJson(10000)).toEqual(OUT_OF_RANGE);
  });

  it('takes a typed quantity as decimal digits only, as written', () => {
    expect(quantityFromText('3')).toEqual({ ok: true, quantity: 3 });
    expect(quantityFromText('0003')).toEqual({ ok: true, quantity: 3 });
    expect(quantityFromText('9999')).toEqual({ ok: true, quantity: 9999 });
    for (const text of ['0x10', '1e1', ' 3', '3 ', '+2', 'abc', '', '١٢', '3,0', 'Infinity']) expect(quantityFromText(text), text).toEqual(NOT_NUMBER);
    for (const text of ['3.0', '2.5', '.5', '3.']) expect(quantityFromText(text), text).toEqual(NOT_WHOLE);
    for (const text of ['0', '-1', '10000', '99999999999999999999']) expect(quantityFromText(text), text).toEqual(OUT_OF_RANGE);
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
