/**
 * The cart page's messages (spec 000 §8 "Cart UI strings"), verbatim. What its live region says is the
 * catalogs' (`cartLines.said*`, commerce/messages/).
 */
export const CART_UI_MESSAGES = {
  updateQuantity: 'Unable to update quantity',
  updateForm: 'Unable to update form',
  openForm: 'Unable to open form',
  removeItem: 'Unable to remove item',
  offline: 'Please check your internet connection.',
  tryAgain: 'Please try again.',
} as const;

/**
 * How long the cart page waits after a − / + press for the next one before it updates the line (ours; the spec
 * is silent): quick presses make one request, and the line follows within half a second of the last.
 */
export const STEPPER_DEBOUNCE_MS = 500;
