/**
 * The shared rules' English in the site's language, on the server (issue 27): the table pairing each rule
 * text a visitor may read with its catalog key; a rule text as the catalog of `locale` words it, any other
 * text as it is; the checkout's field errors, which name their field (`Email is required.`), said again from
 * their field and kind; and the messages an island's props carry to say the rules itself (./rule-text.ts),
 * only those the catalog words differently from the English source. The JSON APIs keep the spec's English.
 */
import { deepFreeze } from '../json.js';
import { CHECKOUT_FIELDS, CHECKOUT_MESSAGES, type CheckoutField, type FieldErrors } from '../checkout-form.js';
import { ADD_FAILURE_MESSAGES, ADD_TO_CART_MESSAGES, addFailureTitle } from '../add-to-cart.js';
import { ADDITIONAL_FIELDS_MESSAGES } from '../additional-fields.js';
import { CART_UI_MESSAGES } from '../cart-ui.js';
import { FORM_MESSAGES, RESTOCK_MESSAGES } from '../form-validation.js';
import { CATALOGS, catalogLocale } from './catalogs.js';
import { EN_US, type MessageKey } from './en-US.js';
import { compactMessage } from './island-messages.js';
import type { RuleMessages } from './rule-text.js';
import { SUBSCRIBE_MESSAGES } from '../subscribe.js';
import { translator } from './translate.js';

/** Each rule text's key, by the text (the islands' rules; a text shared by two rules has the later key). */
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

const CHECKOUT_TEXT: ReadonlyMap<string, MessageKey> = new Map<string, MessageKey>([
  [CHECKOUT_MESSAGES.invalidForm, 'checkout.invalidForm'],
  [CHECKOUT_MESSAGES.invalidEmail, 'form.invalidEmail'],
  [CHECKOUT_MESSAGES.emptyCart, 'checkout.emptyCart'],
  [CHECKOUT_MESSAGES.purchased, 'checkout.purchased'],
  [CHECKOUT_MESSAGES.invalidCountry, 'checkout.invalidCountry'],
  [CHECKOUT_MESSAGES.mixedCurrencies, 'checkout.mixedCurrencies'],
  [SUBSCRIBE_MESSAGES.notSubscribable, 'cart.notSubscribable'],
  [SUBSCRIBE_MESSAGES.wrongType, 'cart.subscriptionWrongType'],
]);

/** A rule's English text in the catalog `locale` reads; a text no rule has, as it is. */
export function localRuleText(text: string, locale: string): string {
  const key = RULE_TEXT.get(text) ?? CHECKOUT_TEXT.get(text);
  return key === undefined ? text : translator(locale)(key);
}

/** Each checkout field's name as its label on the page says it. */
const FIELD_LABEL: Readonly<Record<CheckoutField, MessageKey>> = {
  email: 'checkout.email',
  name: 'checkout.name',
  address1: 'checkout.address1',
  address2: 'checkout.address2',
  city: 'checkout.city',
  region: 'checkout.region',
  postalCode: 'checkout.postalCode',
  country: 'checkout.country',
};

/** The checkout's field errors (commerce/checkout-form.ts) in the catalog `locale` reads. */
export function localCheckoutErrors(errors: FieldErrors, locale: string): FieldErrors {
  const t = translator(locale);
  const out: FieldErrors = {};
  for (const [name, text] of Object.entries(errors) as [CheckoutField, string | undefined][]) {
    if (text === undefined) continue;
    const { label, max } = CHECKOUT_FIELDS[name];
    const field = t(FIELD_LABEL[name]);
    if (text === `${label} is required.`) out[name] = t('checkout.fieldRequired', { field });
    else if (text === `${label} must be at most ${max} characters.`) out[name] = t('checkout.fieldTooLong', { field, max });
    else if (text === `${label} contains characters that are not allowed.`) out[name] = t('checkout.fieldNotAllowed', { field });
    else out[name] = localRuleText(text, locale);
  }
  return out;
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

/** The refusals the cart page may show: the add's, a line's quantity and answers. */
export const CART_REFUSAL_KEYS = [...ADD_REFUSAL_KEYS, 'cartUi.updateQuantity', 'cartUi.updateForm', 'cartUi.openForm', 'cartUi.removeItem', 'cartUi.saving'] as const satisfies readonly MessageKey[];

/** Keys an island reads by name (the missing options are worded from the names); every other by its English. */
const BY_KEY: ReadonlySet<string> = new Set(['cart.missingOption', 'cart.missingOptions', 'cart.optionsSeparator']);

const kept = new Map<string, RuleMessages>();

/** The messages of `keys` an island's props carry in the catalog `locale` reads: those worded unlike the source. */
export function ruleMessages(locale: string, keys: readonly MessageKey[]): RuleMessages {
  const tag = catalogLocale(locale);
  const id = `${tag}\u0000${keys.join(',')}`;
  let messages = kept.get(id);
  if (messages === undefined) {
    const own = keys.filter((key) => CATALOGS[tag]![key] !== EN_US[key]);
    messages = { locale: tag, text: Object.fromEntries(own.map((key) => [BY_KEY.has(key) ? key : EN_US[key], compactMessage(tag, key)])) };
    // shared by every page in the language (hydrate/ssr.tsx keys island markup by its identity)
    deepFreeze(messages);
    kept.set(id, messages);
  }
  return messages;
}


