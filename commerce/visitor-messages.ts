/**
 * The store's own words for what a link may ask a page to say (issue 30): `/cart?message=…`, the checkout's
 * `?message=…` and a product page's `?restock=…&message=…` carry a message *code*, and the page shows this
 * table's wording for it. A code the table does not know (an old link with free text, a link someone wrote)
 * shows nothing, so no one can make the store say their words in its status and alert regions.
 *
 * One flat table of key → English, ICU-style (issue 27 turns it into catalogs): the spec's wording verbatim
 * where the spec has it (taken from the tables the rules already use), ours otherwise. The server keeps
 * producing the messages as text where it refuses something; `messageCode` finds the code of such a text for
 * the redirect, and a text that has none (a schema error, the named options of `missingOptionsMessage`) gets
 * the redirect's general code.
 */
import { ADD_TO_CART_MESSAGES } from './add-to-cart.js';
import { CHECKOUT_MESSAGES } from './checkout-form.js';
import { FORM_MESSAGES, RESTOCK_MESSAGES } from './form-validation.js';
import { SUBSCRIBE_MESSAGES } from './subscribe.js';

export const VISITOR_MESSAGES = {
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

export type VisitorMessageCode = keyof typeof VISITOR_MESSAGES;

const CODE_OF_TEXT = new Map<string, VisitorMessageCode>();
for (const [code, text] of Object.entries(VISITOR_MESSAGES) as [VisitorMessageCode, string][]) if (!CODE_OF_TEXT.has(text)) CODE_OF_TEXT.set(text, code);

/** Whether `code` is one of the table's keys. */
export const isVisitorMessageCode = (code: unknown): code is VisitorMessageCode => typeof code === 'string' && Object.hasOwn(VISITOR_MESSAGES, code);

/** The wording of a code from a link; undefined for anything the table does not know (shown as nothing). */
export const visitorMessage = (code: unknown): string | undefined => (isVisitorMessageCode(code) ? VISITOR_MESSAGES[code] : undefined);

/** The code of a message the server produced as text, or `fallback` when the table has no such text. */
export function messageCode(text: string, fallback: VisitorMessageCode): VisitorMessageCode {
  if (text.startsWith('Please select the ') && fallback.startsWith('cart.')) return 'cart.selectOptions';
  return CODE_OF_TEXT.get(text) ?? fallback;
}

/** The cart page's address saying `text` (a refusal the server produced): `/cart?message=<code>`. */
export const cartMessageUrl = (text: string): string => `/cart?message=${messageCode(text, 'cart.notUpdated')}`;

/**
 * What a product page says after a signup without JavaScript (`?restock=signed-up|error&message=<code>`): the
 * store's `successText` for `restock.signedUp`, the table's wording for an error's code; undefined (nothing
 * shown) for any other pair, free text included. The server renders it and the restock island reads the same.
 */
export function restockOutcomeWording(kind: string | null | undefined, code: string | null | undefined, successText: string): string | undefined {
  if (kind === 'signed-up') return code === 'restock.signedUp' ? successText : undefined;
  if (kind !== 'error' || code === 'restock.signedUp' || code?.startsWith('restock.') !== true) return undefined;
  return visitorMessage(code);
}
