/**
 * What customer accounts say. The spec gives the e-mail rule's words (000 §5) and nothing else for accounts, so
 * the rest is ours, written once here and used by the JSON API, the pages and the tests alike.
 */
import { EMAIL_MAX_LENGTH, FORM_MESSAGES, isValidEmail } from '../../commerce/form-validation.js';
import { MIN_PASSWORD_LENGTH } from '../owner/site-owner.js';

export { WRONG_CREDENTIALS } from '../routes/owner-session.js';

/** The longest password taken (scrypt hashes any length; this only bounds the work a request can ask for). */
export const MAX_PASSWORD_LENGTH = 1024;

export const ACCOUNT_MESSAGES = {
  passwordTooShort: `Your password must have at least ${MIN_PASSWORD_LENGTH} characters.`,
  passwordTooLong: `Your password may have at most ${MAX_PASSWORD_LENGTH} characters.`,
  notVerified: 'Please confirm your e-mail address first: follow the link we sent you, or ask for a new one below.',
  signInRequired: 'Please sign in to your account.',
  notSignedIn: 'You are not signed in.',
  restockUnknown: 'That back-in-stock signup is not yours or no longer exists.',
} as const;

/**
 * What a page says after a plain form post redirected to it (`?done=`): by code, never text from the address, so
 * a crafted link cannot put words on our pages.
 */
export const DONE_MESSAGES = {
  registered: 'Check your e-mail: if that address is new here, we sent it a link to confirm it and finish your account.',
  'verify-sent': 'If that address has an account waiting for confirmation, we sent it a new link.',
  verified: 'Your e-mail address is confirmed. You can sign in now.',
  'bad-link': 'This link is not valid or has expired. Please ask for a new one.',
  'reset-sent': 'If that address has an account, we sent it a link to choose a new password. The link works for one hour.',
  'password-changed': 'Your password is changed and every session of your account has ended. Sign in with the new one.',
  'signed-out': 'You are signed out.',
  'sign-in-required': 'Please sign in to your account.',
  'restock-cancelled': 'The back-in-stock signup is cancelled.',
} as const;

export type DoneCode = keyof typeof DONE_MESSAGES;
export const DONE_CODES = Object.keys(DONE_MESSAGES) as DoneCode[];

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
