/**
 * Contributors (/config/settings/contributors, administrators only): who helps run the site with which role,
 * the invitations still waiting, and a form that invites an address with a role (the invite e-mail goes through
 * the outbox; the E-mail screen shows it). A contributor's role is chosen in a list and changed with its Change
 * button (the table shows it at once and goes back if the server refuses); removing asks first. The server keeps one administrator
 * whatever is asked, and says so in words.
 */
import { type FormEvent, useState } from 'react';
import { isValidEmail } from '../../../../commerce/form-validation.js';
import { failureMessage, send, useFetch } from '../../fetch-helper.js';
import { EDITOR_MESSAGES } from '../../messages.js';
import { FetchStatus, HeadRow, Notice, Screen, Scroll, useOutcome } from '../../screen.js';
import { useSession } from '../../session.js';
import { useUnsavedChanges } from '../../unsaved.js';

interface Role {
  readonly name: string;
  readonly code: number;
}

interface Contributor {
  readonly id: string;
  readonly email: string;
  readonly displayName: string;
  readonly roles: readonly Role[];
}

interface Invitation {
  readonly id: string;
  readonly email: string;
  readonly roles: readonly Role[];
  readonly expiresAt: number;
}

interface Contributors {
  readonly contributors: readonly Contributor[];
  readonly invitations: readonly Invitation[];
}

/** The roles an invitation offers, in the spec's order (server/owner/roles.ts), the useful ones first. */
const ROLES = ['admin', 'website manager', 'store manager', 'editor', 'billing', 'reporting', 'moderator', 'commenter', 'viewer'] as const;
const PATH = '/api/owner/contributors';
const rolesText = (roles: readonly Role[]) => roles.map((r) => r.name).join(', ') || 'none';
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function ContributorsScreen() {
  const fetched = useFetch<Contributors>(PATH);
  const session = useSession();
  const me = session.kind === 'signed-in' ? session.contributor.email : '';
  const [outcome, setOutcome] = useOutcome();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<string>('editor');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // a role chosen in a row's list, not yet changed (arrowing through the list must not change it at each step)
  const [chosen, setChosen] = useState<Readonly<Record<string, string>>>({});
  useUnsavedChanges(email.trim() !== '' || Object.keys(chosen).length > 0);

  const write = async (method: 'PUT' | 'DELETE' | 'POST', path: string, body: unknown, done: string, optimistic?: Contributors) => {
    const before = fetched.data;
    if (optimistic !== undefined) fetched.replace(optimistic);
    setBusy(true);
    const result = await send(method, path, body);
    setBusy(false);
    if (!result.ok) {
      if (before !== undefined) fetched.replace(before);
      setOutcome({ kind: 'error', text: failureMessage(result) });
      return false;
    }
    setOutcome({ kind: 'ok', text: done });
    fetched.refetch();
    return true;
  };

  const choose = (c: Contributor, name: string) =>
    setChosen(({ [c.id]: _was, ...rest }) => (name === (c.roles[0]?.name ?? 'none') && c.roles.length === 1 ? rest : { ...rest, [c.id]: name }));
  const changeRole = (c: Contributor, name: string) => {
    const data = fetched.data;
    if (data === undefined) return;
    setChosen(({ [c.id]: _done, ...rest }) => rest);
    const roles = [{ name, code: 0 }];
    void write('PUT', `${PATH}/${c.id}`, { roles: [name] }, `${c.displayName || c.email} is now ${name}.`, {
      ...data,
      contributors: data.contributors.map((x) => (x.id === c.id ? { ...x, roles } : x)),
    });
  };
  const remove = (c: Contributor) => {
    const data = fetched.data;
    if (data === undefined || !confirm(`Remove ${c.displayName || c.email}? They will no longer be able to sign in.`)) return;
    void write('DELETE', `${PATH}/${c.id}`, undefined, `${c.displayName || c.email} was removed.`, { ...data, contributors: data.contributors.filter((x) => x.id !== c.id) });
  };
  const revoke = (i: Invitation) => {
    const data = fetched.data;
    if (data === undefined) return;
    void write('DELETE', `${PATH}/invitations/${i.id}`, undefined, `The invitation to ${i.email} was withdrawn.`, { ...data, invitations: data.invitations.filter((x) => x.id !== i.id) });
  };
  const invite = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!isValidEmail(address)) {
      setEmailError(EDITOR_MESSAGES.invalidEmail);
      document.getElementById('invite-email')?.focus();
      return;
    }
    setEmailError(null);
    if (await write('POST', `${PATH}/invitations`, { email: address, roles: [role] }, `Invitation sent to ${address}. The E-mail screen shows how it goes.`)) setEmail('');
  };

  return (
    <Screen title="Contributors">
      <Notice outcome={outcome} />
      <FetchStatus fetched={fetched} />
      {fetched.data === undefined ? null : (
        <>
          <Scroll label="Contributors">
            <table>
              <caption>Who helps run the site</caption>
              <HeadRow columns={['Name', 'E-mail', 'Role', 'Action']} />
              <tbody>
                {fetched.data.contributors.map((c) => {
                  const name = c.displayName || c.email;
                  const current = c.roles[0]?.name ?? 'none';
                  return (
                    <tr key={c.id}>
                      <th scope="row">
                        {name}
                        {c.email === me ? ' (you)' : ''}
                      </th>
                      <td>{c.email}</td>
                      <td>
                        <div className="row">
                          <select aria-label={`Role of ${name}`} value={chosen[c.id] ?? current} disabled={busy} onChange={(e) => choose(c, e.target.value)}>
                            {(ROLES as readonly string[]).includes(current) && c.roles.length === 1 ? null : <option value={current}>{rolesText(c.roles)}</option>}
                            {ROLES.map((r) => (
                              <option key={r} value={r}>
                                {r}
                              </option>
                            ))}
                          </select>
                          {chosen[c.id] === undefined ? null : (
                            <button type="button" disabled={busy} aria-label={`Change the role of ${name}`} onClick={() => changeRole(c, chosen[c.id]!)}>
                              Change
                            </button>
                          )}
                        </div>
                      </td>
                      <td>
                        <button type="button" className="danger" disabled={busy} aria-label={`Remove ${name}`} onClick={() => remove(c)}>
                          Remove
                        </button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </Scroll>
          <h2>Invitations waiting</h2>
          {fetched.data.invitations.length === 0 ? (
            <p>None.</p>
          ) : (
            <Scroll label="Invitations waiting">
              <table>
                <caption>Sent, not yet accepted</caption>
                <HeadRow columns={['E-mail', 'Role', 'Link works until', 'Action']} />
                <tbody>
                  {fetched.data.invitations.map((i) => (
                    <tr key={i.id}>
                      <th scope="row">{i.email}</th>
                      <td>{rolesText(i.roles)}</td>
                      <td>{dayOf(i.expiresAt)}</td>
                      <td>
                        <button type="button" className="quiet" disabled={busy} aria-label={`Withdraw the invitation to ${i.email}`} onClick={() => revoke(i)}>
                          Withdraw
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </Scroll>
          )}
          <h2>Invite someone</h2>
          <form onSubmit={(e) => void invite(e)} noValidate>
            <div className="row">
              <div>
                <label htmlFor="invite-email">E-mail</label>
                <input
                  id="invite-email"
                  type="email"
                  autoComplete="off"
                  value={email}
                  aria-invalid={emailError !== null}
                  aria-describedby={emailError === null ? undefined : 'invite-email-error'}
                  onChange={(e) => setEmail(e.target.value)}
                />
              </div>
              <div>
                <label htmlFor="invite-role">Role</label>
                <select id="invite-role" value={role} onChange={(e) => setRole(e.target.value)}>
                  {ROLES.map((r) => (
                    <option key={r} value={r}>
                      {r}
                    </option>
                  ))}
                </select>
              </div>
              <button type="submit" disabled={busy}>
                Send the invitation
              </button>
            </div>
            {emailError === null ? null : (
              <p id="invite-email-error" className="field-error">
                {emailError}
              </p>
            )}
          </form>
        </>
      )}
    </Screen>
  );
}
