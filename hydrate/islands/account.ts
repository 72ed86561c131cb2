/**
 * The account island (no React): with JavaScript, the sign-in form (`data-account-form="sign-in"`) signs in
 * through the session API and goes to the account page, showing a refusal in place; the sign-out form
 * (`data-account-form="sign-out"`) signs out through it (retried once on crumbFail). Anything the API cannot settle
 * (an unconfirmed account, which needs the page's resend form; no network) falls back to the form's plain post.
 */
import { signIn, signOut } from '../site-user-session.js';
import { sitePath } from '../site-path.js';

const field = (form: HTMLFormElement, name: string) => form.elements.namedItem(name) as HTMLInputElement | null;

/** The form's error line, created above the form when the page has none. */
function showError(form: HTMLFormElement, message: string): void {
  let line = form.parentElement?.querySelector<HTMLElement>('.form-error') ?? null;
  if (line === null) {
    line = document.createElement('p');
    line.className = 'form-error';
    line.setAttribute('role', 'alert');
    form.before(line);
  }
  line.textContent = message;
}

function signInForm(form: HTMLFormElement): void {
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const email = field(form, 'email')?.value ?? '';
    const password = field(form, 'password')?.value ?? '';
    const rememberMe = field(form, 'rememberMe')?.checked === true;
    void signIn({ email, password, rememberMe }).then((result) => {
      if (result.ok) window.location.assign(sitePath('/account'));
      else if ((result.status === 401 || result.status === 429 || result.status === 400) && result.message !== undefined) showError(form, result.message);
      else form.submit();
    });
  });
}

function signOutForm(form: HTMLFormElement): void {
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void signOut(field(form, 'cloneCart')?.checked === true).then((result) => {
      if (result.ok) window.location.assign(sitePath('/account/login?done=signed-out'));
      else form.submit();
    });
  });
}

export default function mountAccount(element: HTMLElement): void {
  if (!(element instanceof HTMLFormElement)) return;
  const kind = element.dataset['accountForm'];
  if (kind === 'sign-in') signInForm(element);
  else if (kind === 'sign-out') signOutForm(element);
  else return;
  // from now on the form goes through the API (tests and styles can tell)
  element.dataset['ready'] = 'true';
}
