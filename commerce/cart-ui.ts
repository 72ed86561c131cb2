/** The cart page's messages (spec 000 §8 "Cart UI strings"), verbatim. */
export const CART_UI_MESSAGES = {
  updateQuantity: 'Unable to update quantity',
  updateForm: 'Unable to update form',
  openForm: 'Unable to open form',
  removeItem: 'Unable to remove item',
  offline: 'Please check your internet connection.',
  tryAgain: 'Please try again.',
} as const;
