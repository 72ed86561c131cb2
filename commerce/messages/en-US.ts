/**
 * The `en-US` message catalog (issue 27): every key the storefront translates, as ICU MessageFormat, and the
 * source of the other catalogs (commerce/messages/catalogs.ts holds them all; a test checks each against this
 * one). Plurals and selects live here, never in code.
 *
 * One place for each string: where the spec's English already has a home that the islands' bundles or the
 * rules import (the add-to-cart, checkout, form and subscription messages, the platform's default labels), the
 * catalog takes it from there; the strings that lived only in components live here now. A key's English is
 * the spec's wording verbatim where the spec has one (the comment says "ours" otherwise).
 */
import { ADD_BUTTON_LABELS, ADD_FAILURE_MESSAGES } from '../add-to-cart.js';
import { ADDITIONAL_FIELDS_MESSAGES } from '../additional-fields.js';
import { CART_UI_MESSAGES } from '../cart-ui.js';
import { CHECKOUT_MESSAGES } from '../checkout-form.js';
import { INSTALLMENT_TEXTS } from '../installments.js';
import { FORM_MESSAGES, LIKERT_SCALE, PARTS } from '../form-validation.js';
import { DEFAULT_LABELS } from '../../engine/plugins/commerce/strings.js';
import { ACCOUNT_WORDS } from './account-words.js';
import { EMAIL_WORDS } from './email-words.js';
import { THEME_WORDS } from './theme-words.js';
import { VISITOR } from './visitor-en.js';

/**
 * The buy box's words (spec 000 §4, §9; the labels are spec 001 §9's defaults, which a store's own override).
 * The add button's states stay in commerce/add-to-cart.ts too, for the platform markup's buttons, which read
 * no catalog yet (platform themes' localized strings are the next step of issue 27).
 */
const PRODUCT = {
  'product.addToCart': DEFAULT_LABELS.productAddToCartText,
  'product.subscribe': DEFAULT_LABELS.productSubscribeText,
  'product.soldOut': DEFAULT_LABELS.productSoldOutText,
  'product.sale': DEFAULT_LABELS.productSaleText,
  'product.quantity': DEFAULT_LABELS.productQuantityInputLabel,
  'product.quickView': DEFAULT_LABELS.productQuickViewText,
  /** `{variantName}` and `{0}`: the platform's own placeholders, kept so the page context's strings read as its. */
  'product.variantSelect': DEFAULT_LABELS.productVariantSelectText,
  'product.giftCardSelect': DEFAULT_LABELS.giftCardVariantSelectText,
  /** The gift card's value, where the platform shows it (ours: the spec names the string, not its words). */
  'product.giftCardValue': 'Value',
  'product.priceUnavailable': DEFAULT_LABELS.productPriceUnavailable,
  'product.priceStartingFrom': DEFAULT_LABELS.productPriceStartingFromText,
  'product.noAnswer': DEFAULT_LABELS.productSummaryFormNoAnswerText,
  /** The buy box's price while the choice leaves several prices (ours; the platform's label is `from {0}`). */
  'product.priceFrom': 'from {price}',
  /** Said before a sale's two prices (screen readers only). */
  'product.salePrice': 'Sale Price:',
  'product.originalPrice': 'Original Price:',
  'addButton.adding': ADD_BUTTON_LABELS.adding,
  'addButton.added': ADD_BUTTON_LABELS.added,
} as const;


/**
 * The rules' other texts a visitor reads (commerce/messages/rule-text.ts pairs each English text with its key),
 * and the islands' own words: spec 000 §5 and §8 verbatim, ours where the comment says so.
 */
const RULES = {
  'addFailure.titleCart': 'Unable to Add Item',
  'addFailure.titleExpress': 'Unable to Purchase Item',
  'addFailure.titleGiftCard': 'Unable to purchase Gift Card',
  'addFailure.sessionExpired': ADD_FAILURE_MESSAGES.sessionExpired,
  'addFailure.enableCookies': ADD_FAILURE_MESSAGES.enableCookies,
  'addFailure.rateLimited': ADD_FAILURE_MESSAGES.rateLimited,
  'addFailure.offline': ADD_FAILURE_MESSAGES.offline,
  'addFailure.unknown': ADD_FAILURE_MESSAGES.unknown,
  /** Spec 000 §5: the one option a choice lacks… */
  'cart.missingOption': 'Please select the {option} option.',
  /** …or several: `{options}` is all but the last, joined by `cart.optionsSeparator`. */
  'cart.missingOptions': 'Please select the {options} and {last} options.',
  'cart.optionsSeparator': ', ',
  'cartUi.updateQuantity': CART_UI_MESSAGES.updateQuantity,
  'cartUi.updateForm': CART_UI_MESSAGES.updateForm,
  'cartUi.openForm': CART_UI_MESSAGES.openForm,
  'cartUi.removeItem': CART_UI_MESSAGES.removeItem,
  'cartUi.saving': ADDITIONAL_FIELDS_MESSAGES.saving,
  /** The cart page's words (ours). */
  'cartLines.empty': 'Your cart is empty.',
  'cartLines.subtotal': 'Subtotal:',
  'cartLines.shippingNote': 'Shipping is calculated at checkout.',
  'cartLines.update': 'Update',
  'cartLines.remove': 'Remove',
  'cartLines.removeNamed': 'Remove {title}',
  'cartLines.quantityOf': 'Quantity of {title}',
  'cartLines.edit': 'Edit {name}',
  'cartLines.editDetails': 'Edit details',
  'cartLines.save': 'Save',
  'cartLines.saidQuantity': 'Quantity of {title}: {quantity}. Subtotal: {subtotal}.',
  'cartLines.saidRemoved': '{title} removed. Subtotal: {subtotal}.',
  'cartLines.saidEmptied': '{title} removed. Your cart is empty.',
  /** The quantity steppers' names (ours): `subject` is the product's title, or `quantity.item`. */
  'quantity.fewer': 'One fewer {subject}',
  'quantity.more': 'One more {subject}',
  'quantity.item': 'item',
  'alert.ok': 'OK',
  /** The instalment pill (commerce/installments.ts): the spec's sentences, and ours around them. */
  'installment.pill': INSTALLMENT_TEXTS.pill,
  'installment.payments': INSTALLMENT_TEXTS.payments,
  'installment.upTo': INSTALLMENT_TEXTS.upTo,
  'installment.over': INSTALLMENT_TEXTS.over,
  'installment.howItWorks': 'How it works',
  'installment.payIn': 'Pay in {payments} with {provider}.',
  'installment.availability': '{provider} is {text}.',
  'installment.information': '{provider} information',
  /** A dialog's close button (the instalment pill's, the cart's lightbox). */
  'dialog.close': 'Close',
  'checkout.invalidCountry': CHECKOUT_MESSAGES.invalidCountry,
  /** The checkout's field errors (commerce/checkout-form.ts); `field` is the field's label. */
  'checkout.fieldRequired': '{field} is required.',
  'checkout.fieldTooLong': '{field} must be at most {max} characters.',
  'checkout.fieldNotAllowed': '{field} contains characters that are not allowed.',
  'checkout.mixedCurrencies': CHECKOUT_MESSAGES.mixedCurrencies,
  'form.fieldRequired': FORM_MESSAGES.required,
  'form.tooLong': FORM_MESSAGES.tooLong,
  'form.invalidEmail': FORM_MESSAGES.invalidEmail,
  'form.captcha': FORM_MESSAGES.captcha,
  'form.scrollDown': FORM_MESSAGES.scrollDown,
  'form.scrollUp': FORM_MESSAGES.scrollUp,
  'form.noKey': FORM_MESSAGES.noKey,
  'form.unparsable': FORM_MESSAGES.unparsable,
  'form.processing': FORM_MESSAGES.processing,
  'form.notConfigured': FORM_MESSAGES.notConfigured,
  'form.unauthorized': FORM_MESSAGES.unauthorized,
  'form.rateLimited': FORM_MESSAGES.rateLimited,
  'form.sendFailed': FORM_MESSAGES.sendFailed,
  'form.unknown': FORM_MESSAGES.unknown,
  /** The form island's button while it sends (ours). */
  'form.submitting': 'Submitting…',
  'form.part.fname': PARTS.name[0].label,
  'form.part.lname': PARTS.name[1].label,
  'form.part.address1': PARTS.address[0].label,
  'form.part.address2': PARTS.address[1].label,
  'form.part.city': PARTS.address[2].label,
  'form.part.state': PARTS.address[3].label,
  'form.part.zip': PARTS.address[4].label,
  'form.part.country': PARTS.address[5].label,
  'form.part.phoneCountry': PARTS.phone[0].label,
  'form.part.areacode': PARTS.phone[1].label,
  'form.part.prefix': PARTS.phone[2].label,
  'form.part.line': PARTS.phone[3].label,
  'form.part.month': PARTS.date[0].label,
  'form.part.day': PARTS.date[1].label,
  'form.part.year': PARTS.date[2].label,
  'form.part.hour': PARTS.time[0].label,
  'form.part.minute': PARTS.time[1].label,
  'form.part.second': PARTS.time[2].label,
  'form.part.ampm': PARTS.time[3].label,
  'likert.-2': LIKERT_SCALE[0].label,
  'likert.-1': LIKERT_SCALE[1].label,
  'likert.0': LIKERT_SCALE[2].label,
  'likert.1': LIKERT_SCALE[3].label,
  'likert.2': LIKERT_SCALE[4].label,
  /** The back-in-stock block's defaults where the product sets none (ours). */
  'restock.cta': 'Get notified by email when this product is back in stock',
  'restock.emailLabel': 'Email address',
  'restock.variant': 'Variant',
  'restock.signUp': 'Sign up',
} as const;

/** The floating cart pill (spec 000 §9): what a screen reader hears, after the visible count and subtotal. */
const CART_PILL = {
  /** `over` is `yes` above the pill's count limit (`limit`, 100), when the pill shows `100+`. */
  'cartPill.items': '{over, select, yes {More than {limit} items in cart} other {{count, plural, =1 {One item in cart} other {# items in cart}}}}',
  /** The link's name after its visible text (WCAG 2.5.3): `3 $267.00, cart: 3 items in cart`. Ours. */
  'cartPill.linkName': ', cart: {items}',
} as const;

export const EN_US = { ...VISITOR, ...PRODUCT, ...RULES, ...CART_PILL, ...THEME_WORDS, ...EMAIL_WORDS, ...ACCOUNT_WORDS } as const;

/** Every key a catalog must have. */
export type MessageKey = keyof typeof EN_US;
/** A catalog: one ICU message per key. */
export type Catalog = { readonly [K in MessageKey]: string };
