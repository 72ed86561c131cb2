/**
 * What customer accounts say. The spec gives the e-mail rule's words (000 §5) and nothing else for accounts, so
 * the rest is ours, written once in the catalogs' English (commerce/messages/account-words.ts) and used from
 * here by the JSON API, the pages and the tests alike; the pages say it in their language (`localAccountText`).
 */
import { EMAIL_MAX_LENGTH, FORM_MESSAGES, isValidEmail } from '../../commerce/form-validation.js';
import { MIN_PASSWORD_LENGTH } from '../owner/site-owner.js';
import type { MessageKey } from '../../commerce/messages/en-US.js';
import { localRuleText } from '../../commerce/messages/rule-wording.js';
import { translator } from '../../commerce/messages/translate.js';
import { WRONG_CREDENTIALS } from '../routes/owner-session.js';

export { WRONG_CREDENTIALS };

const english = translator('en-US');

/** The longest password taken (scrypt hashes any length; this only bounds the work a request can ask for). */
export const MAX_PASSWORD_LENGTH = 1024;

/** Each message's catalog key and values. */
const ACCOUNT_KEYS = {
  passwordTooShort: ['account.passwordTooShort', { min: MIN_PASSWORD_LENGTH }],
  passwordTooLong: ['account.passwordTooLong', { max: MAX_PASSWORD_LENGTH }],
  notVerified: ['account.notVerified', {}],
  signInRequired: ['account.signInRequired', {}],
  notSignedIn: ['account.notSignedIn', {}],
  restockUnknown: ['account.restockUnknown', {}],
} as const satisfies Record<string, readonly [MessageKey, Readonly<Record<string, number>>]>;

export const ACCOUNT_MESSAGES = Object.fromEntries(Object.entries(ACCOUNT_KEYS).map(([name, [key, values]]) => [name, english(key, values)])) as Record<keyof typeof ACCOUNT_KEYS, string>;

/**
 * What a page says after a plain form post redirected to it (`?done=`): by code, never text from the address, so
 * a crafted link cannot put words on our pages.
 */
const DONE_KEYS = {
  registered: 'account.done.registered',
  'verify-sent': 'account.done.verifySent',
  verified: 'account.done.verified',
  'bad-link': 'account.done.badLink',
  'reset-sent': 'account.done.resetSent',
  'password-changed': 'account.done.passwordChanged',
  'signed-out': 'account.done.signedOut',
  'sign-in-required': 'account.signInRequired',
  'restock-cancelled': 'account.done.restockCancelled',
} as const satisfies Record<string, MessageKey>;

export type DoneCode = keyof typeof DONE_KEYS;
export const DONE_CODES = Object.keys(DONE_KEYS) as DoneCode[];
export const DONE_MESSAGES = Object.fromEntries(DONE_CODES.map((code) => [code, english(DONE_KEYS[code])])) as Record<DoneCode, string>;

/** Every account message's English → its key and values, for saying it in a page's language. */
const BY_TEXT = new Map<string, readonly [MessageKey, Readonly<Record<string, number>>]>([
  ...Object.values(ACCOUNT_KEYS).map(([key, values]) => [english(key, values), [key, values]] as const),
  ...DONE_CODES.map((code) => [DONE_MESSAGES[code], [DONE_KEYS[code], {}]] as const),
  [WRONG_CREDENTIALS, ['account.wrongCredentials', {}]],
]);

/** An account page's message (ours or a form rule's) in the page's language; any other text as it is. */
export function localAccountText(text: string, language: string): string {
  const found = BY_TEXT.get(text);
  return found === undefined ? localRuleText(text, language) : translator(language)(found[0], found[1]);
}

/** The e-mail field's message (spec 000 §5 "Email field"), or null when the address will do. */
export function emailError(email: string): string | null {
  if (email.trim() === '') return FORM_MESSAGES.required;
  const v = email.trim();
  return v.length <= EMAIL_MAX_LENGTH && isValidEmail(v) ? null : FORM_MESSAGES.invalidEmail;
}

/** The password field's message for a new password, or null. */
export function newPasswordError(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return ACCOUNT_MESSAGES.passwordTooShort;
  if (password.length > MAX_PASSWORD_LENGTH) return ACCOUNT_MESSAGES.passwordTooLong;
  return null;
}

/** E-mail addresses are kept trimmed and lower-cased: one person, one account. */
export const normalEmail = (email: string) => email.trim().toLowerCase();
