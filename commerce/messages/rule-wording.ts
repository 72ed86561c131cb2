/**
 * The shared rules' English in the site's language, on the server (issue 27): a rule text of the table
 * (./rule-text.ts) or of the checkout's rules as the catalog of `locale` words it, any other text as it is;
 * and the checkout's field errors, which name their field (`Email is required.`), said again from their
 * field and kind. The JSON APIs keep the spec's English; the pages a visitor reads say these.
 */
import { CHECKOUT_FIELDS, CHECKOUT_MESSAGES, type CheckoutField, type FieldErrors } from '../checkout-form.js';
import type { MessageKey } from './en-US.js';
import { SUBSCRIBE_MESSAGES } from '../subscribe.js';
import { RULE_TEXT } from './rule-text.js';
import { translator } from './translate.js';

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
