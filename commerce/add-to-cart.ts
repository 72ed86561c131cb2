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

const inRange = (n: number): QuantityResult =>
  n < MIN_QUANTITY || n > MAX_QUANTITY ? { ok: false, message: ADD_TO_CART_MESSAGES.quantityOutOfRange } : { ok: true, quantity: n };

/**
 * A quantity sent as JSON (the cart API, subscriptions): a JSON integer from 1 to 9999, taken as written. A
 * string is not a number here, not even `"3"` (every client of ours sends a number); a fraction is not whole.
 */
export function quantityFromJson(raw: unknown): QuantityResult {
  if (typeof raw !== 'number' || !Number.isFinite(raw)) return { ok: false, message: ADD_TO_CART_MESSAGES.quantityNotNumber };
  if (!Number.isInteger(raw)) return { ok: false, message: ADD_TO_CART_MESSAGES.quantityNotWhole };
  return inRange(raw);
}

/** Decimal digits with a fraction (`3.0`, `2.5`, `.5`, `3.`): a number, but not a whole one. */
const DECIMAL_FRACTION = /^(?:[0-9]+\.[0-9]*|\.[0-9]+)$/;

/**
 * A quantity typed in a form (a plain post, the quantity box of an island): decimal digits only, as written, from
 * 1 to 9999. `2.5` and `3.0` are not whole; `-1` is out of range; anything else (`0x10`, `1e1`, ` 3`, `+2`,
 * empty) is not a number. Ours where the spec is silent: it names only the two messages.
 */
export function quantityFromText(text: string): QuantityResult {
  if (/^[0-9]+$/.test(text)) return inRange(Number(text));
  if (DECIMAL_FRACTION.test(text)) return { ok: false, message: ADD_TO_CART_MESSAGES.quantityNotWhole };
  if (/^-[0-9]+$/.test(text)) return { ok: false, message: ADD_TO_CART_MESSAGES.quantityOutOfRange };
  return { ok: false, message: ADD_TO_CART_MESSAGES.quantityNotNumber };
}

/** How the add button buys (spec 000 §4): into the cart, straight to checkout, a subscription or a gift card. */
export type AddMode = 'cart' | 'express' | 'subscription' | 'gift-card';

/** The alert titles of a failed add (spec 000 §8). */
export function addFailureTitle(mode: AddMode): string {
  if (mode === 'express') return 'Unable to Purchase Item';
  if (mode === 'gift-card') return 'Unable to purchase Gift Card';
  return 'Unable to Add Item';
}

export const ADD_FAILURE_MESSAGES = {
  sessionExpired: 'Your session has expired. Please reload the page and try again.',
  enableCookies: 'Please enable cookies in your browser, reload the page, and try again.',
  rateLimited: 'Please try again in a few seconds.',
  /** No answer at all (the network is down): the cart UI's wording (spec 000 §8). */
  offline: 'Please check your internet connection.',
  /** An answer without a message of its own. */
  unknown: 'Please try again.',
} as const;

/** What failed: the HTTP status (0 when no answer came), the server's message and its crumb-failure flag. */
export interface AddFailure {
  readonly status: number;
  readonly message?: string | undefined;
  readonly crumbFail?: boolean | undefined;
}

/**
 * The alert text of a failed add (spec 000 §8): a crumb failure asks to reload (or to enable cookies when the
 * browser refuses them), 429 asks to wait, anything else shows the server's message.
 */
export function addFailureMessage(failure: AddFailure, cookiesEnabled: boolean): string {
  if (failure.crumbFail === true) return cookiesEnabled ? ADD_FAILURE_MESSAGES.sessionExpired : ADD_FAILURE_MESSAGES.enableCookies;
  if (failure.status === 429) return ADD_FAILURE_MESSAGES.rateLimited;
  if (failure.status === 0) return ADD_FAILURE_MESSAGES.offline;
  return failure.message !== undefined && failure.message !== '' ? failure.message : ADD_FAILURE_MESSAGES.unknown;
}

/** The add button's timings (spec 000 §4, §9), in milliseconds. */
export const ADD_BUTTON_TIMING = {
  /** After success, `Added!` shows this long after the answer… */
  addedAfter: 1000,
  /** …and the button is idle again this long after that. */
  idleAfterAdded: 2000,
  /** After a failure the button is idle again after this. */
  idleAfterError: 1000,
} as const;

export const ADD_BUTTON_LABELS = { adding: 'Adding…', added: 'Added!' } as const;
