/** Add-to-cart validation with the exact messages of spec 000 §5, shared by the server and the islands. */

export const ADD_TO_CART_MESSAGES = {
  variantUnavailable: 'Sorry, that item variant is unavailable. Please select another variant.',
  notEnoughStock: 'Sorry, we do not have enough of that item available.',
  quantityNotNumber: 'Quantity must be a number.',
  quantityNotWhole: 'Quantity must be a whole number',
  giftCardDenomination: 'Select a denomination for the Gift Card',
  /** The spec gives the range (1 to 9999) but not the words; ours. */
  quantityOutOfRange: 'Quantity must be between 1 and 9999.',
} as const;

export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 9999;

/** 'Please select the Size option.', '…the Color and Size options.', '…the Color, Size and Fit options.' */
export function missingOptionsMessage(options: readonly string[]): string {
  if (options.length === 1) return `Please select the ${options[0]} option.`;
  const last = options[options.length - 1];
  return `Please select the ${options.slice(0, -1).join(', ')} and ${last} options.`;
}

export type QuantityResult = { ok: true; quantity: number } | { ok: false; message: string };

/** A quantity from a form field or JSON: a whole number from 1 to 9999. */
export function parseQuantity(raw: unknown): QuantityResult {
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  const n = text === '' ? NaN : Number(text);
  if (!Number.isFinite(n)) return { ok: false, message: ADD_TO_CART_MESSAGES.quantityNotNumber };
  if (!Number.isInteger(n)) return { ok: false, message: ADD_TO_CART_MESSAGES.quantityNotWhole };
  if (n < MIN_QUANTITY || n > MAX_QUANTITY) return { ok: false, message: ADD_TO_CART_MESSAGES.quantityOutOfRange };
  return { ok: true, quantity: n };
}
