/**
 * The English source of what a link may ask a page to say (commerce/visitor-messages.ts, issue 30): the
 * visitor part of the `en-US` catalog (./en-US.ts spreads it), apart so the islands that read the table load
 * only these few strings, not the whole catalog.
 */
import { ADD_TO_CART_MESSAGES } from '../add-to-cart.js';
import { CHECKOUT_MESSAGES } from '../checkout-form.js';
import { FORM_MESSAGES, RESTOCK_MESSAGES } from '../form-validation.js';
import { SUBSCRIBE_MESSAGES } from '../subscribe.js';

/** What a link may ask a page to say (`?message=<code>`, commerce/visitor-messages.ts), by code. */
export const VISITOR = {
  'cart.variantUnavailable': ADD_TO_CART_MESSAGES.variantUnavailable,
  'cart.notEnoughStock': ADD_TO_CART_MESSAGES.notEnoughStock,
  'cart.quantityNotNumber': ADD_TO_CART_MESSAGES.quantityNotNumber,
  'cart.quantityNotWhole': ADD_TO_CART_MESSAGES.quantityNotWhole,
  'cart.quantityOutOfRange': ADD_TO_CART_MESSAGES.quantityOutOfRange,
  'cart.giftCardDenomination': ADD_TO_CART_MESSAGES.giftCardDenomination,
  /** Ours: the no-JavaScript form's refusal names the options, which a code cannot carry. */
  'cart.selectOptions': 'Please select the options of the item.',
  'cart.answersInvalid': FORM_MESSAGES.summary,
  /** Ours. */
  'cart.purchased': 'This cart has already been purchased and can no longer be changed.',
  /** Ours. */
  'cart.entryNotFound': 'That cart entry does not exist.',
  /** Ours. */
  'cart.notAGiftCard': 'This product is not a gift card.',
  'cart.notSubscribable': SUBSCRIBE_MESSAGES.notSubscribable,
  'cart.subscriptionWrongType': SUBSCRIBE_MESSAGES.wrongType,
  /** Ours: anything else a cart form was refused for (a request no form of ours sends). */
  'cart.notUpdated': 'Your cart could not be updated. Please try again.',
  'checkout.emptyCart': CHECKOUT_MESSAGES.emptyCart,
  'checkout.purchased': CHECKOUT_MESSAGES.purchased,
  'checkout.invalidForm': CHECKOUT_MESSAGES.invalidForm,
  /** Spec 000 §9; the store's `restockSuccessText` replaces it where the page knows the store. */
  'restock.signedUp': 'Signed up!',
  'restock.emailBlank': RESTOCK_MESSAGES.blank,
  'restock.emailInvalid': RESTOCK_MESSAGES.invalid,
  'restock.captcha': FORM_MESSAGES.captcha,
  /** Ours. */
  'restock.notFound': 'That product or variant does not exist.',
  /** Ours. */
  'restock.inStock': 'This item is back in stock.',
  'restock.failed': FORM_MESSAGES.unknown,
} as const;

export type VisitorMessageCode = keyof typeof VISITOR;
/** The keys a link's `?message=` may name. */
export const VISITOR_MESSAGE_KEYS = Object.keys(VISITOR) as VisitorMessageCode[];
