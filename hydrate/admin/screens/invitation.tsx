/**
 * Accepting an invitation (/config/invitation?token=…, the invite e-mail's link), signed in or not: the page says
 * who invited whom to which site with which roles (GET /api/owner/invitations/{token}); the invitee chooses the
 * name shown to others and a password (at least 8 characters, typed twice), becomes a contributor (POST
 * …/accept) and is signed in with them, landing on the first screen their roles open. A link that no longer
 * works says why, in the server's words.
 */
import { type FormEvent, useState } from 'react';
import { failureMessage, send, useFetch } from '../fetch-helper.js';
import { ADMIN_MESSAGES } from '../messages.js';
import { navigate } from '../router.js';
import { FetchStatus, Notice, Screen, useOutcome } from '../screen.js';
import { signIn } from '../session.js';
import { useUnsavedChanges } from '../unsaved.js';

interface InvitationView {
  readonly email: string;
  readonly siteTitle: string;
  readonly roles: readonly { readonly name: string }[];
}

export function Invitation({ token }: { token: string }) {
  const path = `/api/owner/invitations/${encodeURIComponent(token)}`;
  const fetched = useFetch<InvitationView>(path);
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [outcome, setOutcome] = useOutcome();
  const [busy, setBusy] = useState(false);
  useUnsavedChanges(!busy && (name !== '' || password !== ''));

  const accept = async (event: FormEvent) => {
    event.preventDefault();
    const invited = fetched.data;
    if (invited === undefined) return;
    if (name.trim() === '') return setOutcome({ kind: 'error', text: ADMIN_MESSAGES.required('Your name') });
    if (password !== repeat) return setOutcome({ kind: 'error', text: 'The two passwords differ. Type the same one twice.' });
    setBusy(true);
    setOutcome({ kind: 'ok', text: ADMIN_MESSAGES.saving });
    const result = await send<{ email: string }>('POST', `${path}/accept`, { displayName: name.trim(), password });
    if (!result.ok) {
      setBusy(false);
      return setOutcome({ kind: 'error', text: failureMessage(result) });
    }
    const refusal = await signIn(result.data.email, password, false);
    setBusy(false);
    if (refusal !== null) return setOutcome({ kind: 'error', text: refusal });
    navigate('/config', { replace: true, saved: true });
  };

  return (
    <Screen title="Accept the invitation">
      <FetchStatus fetched={fetched} />
      {fetched.data === undefined ? null : (
        <>
          <p>
            You are invited to help run <strong>{fetched.data.siteTitle}</strong> as {fetched.data.roles.map((r) => r.name).join(', ')}, with the address{' '}
            <strong>{fetched.data.email}</strong>. Choose your name and a password to accept.
          </p>
          <Notice outcome={outcome} />
          <form onSubmit={(e) => void accept(e)} noValidate>
            <label htmlFor="invitation-name">Your name</label>
            <input id="invitation-name" autoComplete="name" value={name} maxLength={200} onChange={(e) => setName(e.target.value)} />
            <label htmlFor="invitation-password">Password (at least 8 characters)</label>
            <input id="invitation-password" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
            <label htmlFor="invitation-repeat">The password again</label>
            <input id="invitation-repeat" type="password" autoComplete="new-password" value={repeat} onChange={(e) => setRepeat(e.target.value)} />
            <div className="actions">
              <button type="submit" disabled={busy}>
                Accept and sign in
              </button>
            </div>
          </form>
        </>
      )}
    </Screen>
  );
}
