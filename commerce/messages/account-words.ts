/**
 * What the customer account pages' server says (issue 27), the English source of these `account.*` keys:
 * ours (the spec has no account wording), kept word for word as the accounts said them. The server's
 * messages (server/site-users/messages.ts) are made from these, and its pages say them in the page's language.
 */
export const ACCOUNT_WORDS = {
  'account.wrongCredentials': 'The e-mail address or password is incorrect.',
  'account.passwordTooShort': 'Your password must have at least {min} characters.',
  'account.passwordTooLong': 'Your password may have at most {max} characters.',
  'account.notVerified': 'Please confirm your e-mail address first: follow the link we sent you, or ask for a new one below.',
  'account.signInRequired': 'Please sign in to your account.',
  'account.notSignedIn': 'You are not signed in.',
  'account.restockUnknown': 'That back-in-stock signup is not yours or no longer exists.',
  'account.done.registered': 'Check your e-mail: if that address is new here, we sent it a link to confirm it and finish your account.',
  'account.done.verifySent': 'If that address has an account waiting for confirmation, we sent it a new link.',
  'account.done.verified': 'Your e-mail address is confirmed. You can sign in now.',
  'account.done.badLink': 'This link is not valid or has expired. Please ask for a new one.',
  'account.done.resetSent': 'If that address has an account, we sent it a link to choose a new password. The link works for one hour.',
  'account.done.passwordChanged': 'Your password is changed and every session of your account has ended. Sign in with the new one.',
  'account.done.signedOut': 'You are signed out.',
  'account.done.restockCancelled': 'The back-in-stock signup is cancelled.',
} as const;
