/**
 * The shared rules' English in the visitor's language (issue 27). The rules (add-to-cart, quantity, checkout,
 * forms, restock, the cart page's alerts) keep producing the spec's English, word for word, where the server
 * and the islands both call them; where a visitor is about to read one, it is said in the page's language by
 * its catalog key: this table pairs each rule text with its key. Browser-safe (it loads no catalog): an island
 * carries the few messages it may show in its props and reads them through `ruleText`; the server reads the
 * whole catalog (commerce/messages/rule-wording.ts, which adds the checkout's and subscriptions' texts: their
 * modules stay out of the islands' bundles, and the server says them in the site's language). A text the table does not know (the names of the options
 * a choice lacks, a merchant's words) is said as it is.
 */
import { ADD_FAILURE_MESSAGES, ADD_TO_CART_MESSAGES, addFailureTitle, missingOptionsMessage } from '../add-to-cart.js';
import { ADDITIONAL_FIELDS_MESSAGES } from '../additional-fields.js';
import { CART_UI_MESSAGES } from '../cart-ui.js';
import { FORM_MESSAGES, RESTOCK_MESSAGES } from '../form-validation.js';
import { type CompactMessage, formatCompact } from './compact.js';
import type { MessageKey } from './en-US.js';

/** Each rule text's key, by the text (the first key of a text shared by two rules). */
export const RULE_TEXT: ReadonlyMap<string, MessageKey> = new Map<string, MessageKey>([
  [ADD_TO_CART_MESSAGES.variantUnavailable, 'cart.variantUnavailable'],
  [ADD_TO_CART_MESSAGES.notEnoughStock, 'cart.notEnoughStock'],
  [ADD_TO_CART_MESSAGES.quantityNotNumber, 'cart.quantityNotNumber'],
  [ADD_TO_CART_MESSAGES.quantityNotWhole, 'cart.quantityNotWhole'],
  [ADD_TO_CART_MESSAGES.quantityOutOfRange, 'cart.quantityOutOfRange'],
  [ADD_TO_CART_MESSAGES.giftCardDenomination, 'cart.giftCardDenomination'],
  [ADD_FAILURE_MESSAGES.sessionExpired, 'addFailure.sessionExpired'],
  [ADD_FAILURE_MESSAGES.enableCookies, 'addFailure.enableCookies'],
  [ADD_FAILURE_MESSAGES.rateLimited, 'addFailure.rateLimited'],
  [ADD_FAILURE_MESSAGES.offline, 'addFailure.offline'],
  [ADD_FAILURE_MESSAGES.unknown, 'addFailure.unknown'],
  [CART_UI_MESSAGES.updateQuantity, 'cartUi.updateQuantity'],
  [CART_UI_MESSAGES.updateForm, 'cartUi.updateForm'],
  [CART_UI_MESSAGES.openForm, 'cartUi.openForm'],
  [CART_UI_MESSAGES.removeItem, 'cartUi.removeItem'],
  [ADDITIONAL_FIELDS_MESSAGES.saving, 'cartUi.saving'],
  [addFailureTitle('cart'), 'addFailure.titleCart'],
  [addFailureTitle('express'), 'addFailure.titleExpress'],
  [addFailureTitle('gift-card'), 'addFailure.titleGiftCard'],
  [FORM_MESSAGES.summary, 'cart.answersInvalid'],
  [FORM_MESSAGES.required, 'form.fieldRequired'],
  [FORM_MESSAGES.tooLong, 'form.tooLong'],
  [FORM_MESSAGES.invalidEmail, 'form.invalidEmail'],
  [FORM_MESSAGES.captcha, 'form.captcha'],
  [FORM_MESSAGES.scrollDown, 'form.scrollDown'],
  [FORM_MESSAGES.scrollUp, 'form.scrollUp'],
  [FORM_MESSAGES.noKey, 'form.noKey'],
  [FORM_MESSAGES.unparsable, 'form.unparsable'],
  [FORM_MESSAGES.processing, 'form.processing'],
  [FORM_MESSAGES.notConfigured, 'form.notConfigured'],
  [FORM_MESSAGES.unauthorized, 'form.unauthorized'],
  [FORM_MESSAGES.rateLimited, 'form.rateLimited'],
  [FORM_MESSAGES.sendFailed, 'form.sendFailed'],
  [FORM_MESSAGES.unknown, 'form.unknown'],
  [RESTOCK_MESSAGES.blank, 'restock.emailBlank'],
  [RESTOCK_MESSAGES.invalid, 'restock.emailInvalid'],
]);

/** The messages an island carries to say rule texts: the catalog's tag and the compact messages by key. */
export interface RuleMessages {
  readonly locale: string;
  readonly text: { readonly [key: string]: CompactMessage | undefined };
}

/** A rule's English text in the messages' language when they hold its key, else the text as it is. */
export function ruleText(text: string, messages: RuleMessages | undefined): string {
  const key = RULE_TEXT.get(text);
  const message = key === undefined ? undefined : messages?.text[key];
  return message === undefined ? text : formatCompact(message, messages!.locale);
}

/** The keys of the add-to-cart refusals, for the islands that add (their props carry these messages). */
export const ADD_REFUSAL_KEYS = [
  'addFailure.titleCart',
  'addFailure.titleExpress',
  'addFailure.titleGiftCard',
  'addFailure.sessionExpired',
  'addFailure.enableCookies',
  'addFailure.rateLimited',
  'addFailure.offline',
  'addFailure.unknown',
  'cart.variantUnavailable',
  'cart.notEnoughStock',
  'cart.quantityNotNumber',
  'cart.quantityNotWhole',
  'cart.quantityOutOfRange',
  'cart.giftCardDenomination',
  'cart.answersInvalid',
  'cart.missingOption',
  'cart.missingOptions',
  'cart.optionsSeparator',
] as const satisfies readonly MessageKey[];

/** 'Please select the Size option.' in the messages' language (spec 000 §5's English without them). */
export function missingOptionsText(missing: readonly string[], messages: RuleMessages | undefined): string {
  const one = messages?.text['cart.missingOption'];
  const many = messages?.text['cart.missingOptions'];
  if (one === undefined || many === undefined) return missingOptionsMessage(missing);
  const locale = messages!.locale;
  if (missing.length === 1) return formatCompact(one, locale, { option: missing[0]! });
  const separator = formatCompact(messages!.text['cart.optionsSeparator'] ?? ', ', locale);
  return formatCompact(many, locale, { options: missing.slice(0, -1).join(separator), last: missing[missing.length - 1]! });
}

/** A refused add's title and message in the messages' language. */
export function refusalText(refusal: { readonly title: string; readonly message: string; readonly missing?: readonly string[] }, messages: RuleMessages | undefined): { title: string; message: string } {
  const message = refusal.missing !== undefined ? missingOptionsText(refusal.missing, messages) : ruleText(refusal.message, messages);
  return { title: ruleText(refusal.title, messages), message };
}
