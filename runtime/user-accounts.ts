/**
 * `window.UserAccountApi`, which `@squarespace/core` ≥ 1.1's `UserAccounts` forwards to (platform notes
 * runtime.md §7). Tessera has no site-user (customer) accounts yet, so a visitor is never signed in:
 * `isUserAuthenticated()` is false, and `openAccountScreen()` has no screen to open (it says so once on the
 * console, as information). Defined rather than left out, so a theme that asks gets an answer instead of
 * core's "API missing" warning.
 */

let told = false;

export const UserAccountApi = {
  isUserAuthenticated(): boolean {
    return false;
  },
  openAccountScreen(): void {
    if (told) return;
    told = true;
    console.info('Tessera has no customer accounts: there is no account screen to open.');
  },
};
