/**
 * The admin's sign-in screen, over the owner login API (POST /api/owner/session). The e-mail is checked before
 * sending with the editor's own message (spec 001 §5 'Please enter a valid email'); a refusal shows the server's
 * sentence (wrong e-mail or password, too many attempts).
 */
import { type FormEvent, useState } from 'react';
import { EDITOR_MESSAGES, ADMIN_MESSAGES } from '../messages.js';
import { Screen } from '../screen.js';
import { signIn } from '../session.js';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function SignIn({ ended }: { ended: boolean }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [emailError, setEmailError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(ended ? ADMIN_MESSAGES.signedOut : null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!EMAIL.test(email.trim())) {
      setEmailError(EDITOR_MESSAGES.invalidEmail);
      document.getElementById('sign-in-email')?.focus();
      return;
    }
    setEmailError(null);
    setPending(true);
    const refusal = await signIn(email.trim(), password, rememberMe);
    setPending(false);
    setMessage(refusal);
  };

  return (
    <Screen title="Sign in">
      <p>Sign in as the site owner or a contributor to manage products, orders and e-mail.</p>
      <div role="alert">{message === null ? null : <p className="message">{message}</p>}</div>
      <form onSubmit={submit} noValidate>
        <label htmlFor="sign-in-email">E-mail address</label>
        <input
          id="sign-in-email"
          type="email"
          autoComplete="username"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={emailError !== null}
          aria-describedby={emailError === null ? undefined : 'sign-in-email-error'}
        />
        {emailError === null ? null : (
          <p id="sign-in-email-error" className="field-error">
            {emailError}
          </p>
        )}
        <label htmlFor="sign-in-password">Password</label>
        <input id="sign-in-password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        <p>
          <label className="inline">
            <input type="checkbox" checked={rememberMe} onChange={(e) => setRememberMe(e.target.checked)} /> Keep me signed in for 30 days
          </label>
        </p>
        <button type="submit" disabled={pending}>
          {pending ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </Screen>
  );
}
