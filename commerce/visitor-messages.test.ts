import { describe, expect, it } from 'vitest';
import { ADD_TO_CART_MESSAGES, missingOptionsMessage } from './add-to-cart.js';
import { cartMessageUrl, isVisitorMessageCode, messageCode, VISITOR_MESSAGES, visitorMessage } from './visitor-messages.js';

describe('visitor messages', () => {
  it('is a flat table of codes to English', () => {
    for (const [code, text] of Object.entries(VISITOR_MESSAGES)) {
      expect(code).toMatch(/^[a-z]+\.[A-Za-z]+$/);
      expect(typeof text).toBe('string');
    }
  });

  it('words a known code and nothing else (free text, unknown codes, inherited names)', () => {
    expect(visitorMessage('cart.notEnoughStock')).toBe(ADD_TO_CART_MESSAGES.notEnoughStock);
    for (const other of ['Call us now', 'cart.nope', 'toString', '__proto__', 'hasOwnProperty', '', undefined, null, 3]) {
      expect(isVisitorMessageCode(other)).toBe(false);
      expect(visitorMessage(other)).toBeUndefined();
    }
  });

  it("finds the code of the server's own texts, and the family's general code for any other", () => {
    expect(messageCode(ADD_TO_CART_MESSAGES.variantUnavailable, 'cart.notUpdated')).toBe('cart.variantUnavailable');
    expect(messageCode(missingOptionsMessage(['Size']), 'cart.notUpdated')).toBe('cart.selectOptions');
    expect(messageCode('itemId is required.', 'cart.notUpdated')).toBe('cart.notUpdated');
    expect(cartMessageUrl('<b>anything</b>')).toBe('/cart?message=cart.notUpdated');
  });
});
