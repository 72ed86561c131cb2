/**
 * The shop's mail settings, on the E-mail screen (issue 26: "settings in the admin and by environment"): the SMTP
 * server e-mails leave through, the From address, the site's address for links in e-mails, and where form
 * notifications go (GET/PUT /api/email/settings). The password is never shown: the field is empty, and left
 * empty it keeps the saved one; "Forget the saved password" clears it. A field the environment fixes
 * (`TESSERA_SMTP_URL`, `TESSERA_MAIL_FROM`, `TESSERA_PUBLIC_URL`) is shown read-only with the reason, since a
 * value saved here would not be used.
 */
import { type FormEvent, useState } from 'react';
import { isValidEmail } from '../../../commerce/form-validation.js';
import { send, useFetch } from '../fetch-helper.js';
import { ADMIN_MESSAGES, EDITOR_MESSAGES } from '../messages.js';
import { FetchStatus, Notice } from '../screen.js';
import { useSettingsDraft } from '../settings-draft.js';

interface MailSettingsView {
  readonly smtp: { readonly host: string; readonly port: number; readonly secure: boolean; readonly user: string | null; readonly passwordSet: boolean } | null;
  readonly from: string | null;
  readonly siteUrl: string | null;
  readonly notificationAddress: string | null;
  readonly fixedByEnvironment: readonly string[];
  readonly sending: boolean;
}

/** The form's fields, as typed (text inputs hold strings). */
interface Draft {
  readonly host: string;
  readonly port: string;
  readonly secure: boolean;
  readonly user: string;
  readonly password: string;
  readonly forgetPassword: boolean;
  readonly from: string;
  readonly siteUrl: string;
  readonly notificationAddress: string;
}

function draftOf(view: MailSettingsView): Draft {
  return {
    host: view.smtp?.host ?? '',
    port: view.smtp === null ? '587' : String(view.smtp.port),
    secure: view.smtp?.secure ?? false,
    user: view.smtp?.user ?? '',
    password: '',
    forgetPassword: false,
    from: view.from ?? '',
    siteUrl: view.siteUrl ?? '',
    notificationAddress: view.notificationAddress ?? '',
  };
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** What the form says is wrong before it is sent, by field id (the server checks again and has the last word). */
function problemsOf(draft: Draft): Record<string, string> {
  const problems: Record<string, string> = {};
  const port = Number(draft.port);
  if (draft.host.trim() !== '' && (!/^\d+$/.test(draft.port.trim()) || port < 1 || port > 65535)) problems['mail-port'] = 'Enter a port from 1 to 65535.';
  if (draft.notificationAddress.trim() !== '' && !isValidEmail(draft.notificationAddress.trim())) problems['mail-notify'] = EDITOR_MESSAGES.invalidEmail;
  return problems;
}

export function MailSettings() {
  const settings = useFetch<MailSettingsView>('/api/email/settings');
  // the draft, the unsaved-changes warning and the save's outcome, as every settings form has them
  const { draft, setDraft, outcome, saving, save: write } = useSettingsDraft(settings, draftOf);
  const [problems, setProblems] = useState<Record<string, string>>({});

  if (draft === undefined || settings.data === undefined) return <FetchStatus fetched={settings} />;
  const view = settings.data;
  const fixed = (field: string) => view.fixedByEnvironment.includes(field);
  const edit = (change: Partial<Draft>) => setDraft((d) => ({ ...d, ...change }));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const found = problemsOf(draft);
    setProblems(found);
    const first = Object.keys(found)[0];
    if (first !== undefined) {
      document.getElementById(first)?.focus();
      return;
    }
    const host = draft.host.trim();
    const smtp =
      host === ''
        ? null
        : {
            host,
            port: Number(draft.port),
            secure: draft.secure,
            user: orNull(draft.user),
            // an empty field keeps the saved password (the API's rule: an omitted password is kept)
            ...(draft.forgetPassword ? { password: null } : draft.password === '' ? {} : { password: draft.password }),
          };
    const sent = fixed('smtp') ? (view.smtp === null ? null : { host: view.smtp.host, port: view.smtp.port, secure: view.smtp.secure, user: view.smtp.user }) : smtp;
    // the server sends while an SMTP server is set (its `sending`)
    await write(
      () => send<MailSettingsView>('PUT', '/api/email/settings', { smtp: sent, from: orNull(draft.from), siteUrl: orNull(draft.siteUrl), notificationAddress: orNull(draft.notificationAddress) }),
      sent !== null ? ADMIN_MESSAGES.saved : `${ADMIN_MESSAGES.saved} Nothing is sent until an SMTP server is set.`,
    );
  };

  const described = (id: string) => (problems[id] === undefined ? undefined : `${id}-error`);
  const problem = (id: string) =>
    problems[id] === undefined ? null : (
      <p className="message" id={`${id}-error`}>
        {problems[id]}
      </p>
    );
  const envNote = (field: string, variable: string) => (fixed(field) ? <p className="status">Set by {variable} on the server; change it there.</p> : null);

  return (
    <section aria-labelledby="mail-settings-heading">
      <h2 id="mail-settings-heading">Sending</h2>
      <p>{view.sending ? 'E-mails leave through the SMTP server below.' : 'No SMTP server is set: e-mails wait in the list above until one is.'}</p>
      <form onSubmit={(e) => void save(e)} noValidate>
        <fieldset disabled={fixed('smtp')}>
          <legend>SMTP server</legend>
          {envNote('smtp', 'TESSERA_SMTP_URL')}
          <div className="row">
            <div>
              <label htmlFor="mail-host">Host (empty: send nothing)</label>
              <input id="mail-host" value={draft.host} autoComplete="off" onChange={(e) => edit({ host: e.target.value })} />
            </div>
            <div>
              <label htmlFor="mail-port">Port</label>
              <input id="mail-port" inputMode="numeric" value={draft.port} aria-invalid={problems['mail-port'] !== undefined} aria-describedby={described('mail-port')} onChange={(e) => edit({ port: e.target.value })} />
              {problem('mail-port')}
            </div>
          </div>
          <p>
            <label>
              <input type="checkbox" checked={draft.secure} onChange={(e) => edit({ secure: e.target.checked })} /> TLS from the start (port 465; otherwise STARTTLS when offered)
            </label>
          </p>
          <div className="row">
            <div>
              <label htmlFor="mail-user">User name (optional)</label>
              <input id="mail-user" value={draft.user} autoComplete="off" onChange={(e) => edit({ user: e.target.value })} />
            </div>
            <div>
              <label htmlFor="mail-password">{view.smtp?.passwordSet === true ? 'New password (empty: keep the saved one)' : 'Password (optional)'}</label>
              <input id="mail-password" type="password" value={draft.password} autoComplete="new-password" disabled={draft.forgetPassword} onChange={(e) => edit({ password: e.target.value })} />
            </div>
          </div>
          {view.smtp?.passwordSet === true ? (
            <p>
              <label>
                <input type="checkbox" checked={draft.forgetPassword} onChange={(e) => edit({ forgetPassword: e.target.checked, password: '' })} /> Forget the saved password
              </label>
            </p>
          ) : null}
        </fieldset>
        <div className="row">
          <div>
            <label htmlFor="mail-from">From (optional, e.g. Shop &lt;shop@example.com&gt;)</label>
            <input id="mail-from" value={draft.from} disabled={fixed('from')} onChange={(e) => edit({ from: e.target.value })} />
            {envNote('from', 'TESSERA_MAIL_FROM')}
          </div>
          <div>
            <label htmlFor="mail-site-url">Site address for links (optional)</label>
            <input id="mail-site-url" type="url" value={draft.siteUrl} disabled={fixed('siteUrl')} onChange={(e) => edit({ siteUrl: e.target.value })} />
            {envNote('siteUrl', 'TESSERA_PUBLIC_URL')}
          </div>
        </div>
        <label htmlFor="mail-notify">Send form notifications to (optional)</label>
        <input id="mail-notify" type="email" value={draft.notificationAddress} aria-invalid={problems['mail-notify'] !== undefined} aria-describedby={described('mail-notify')} onChange={(e) => edit({ notificationAddress: e.target.value })} />
        {problem('mail-notify')}
        <Notice outcome={outcome} />
        <div className="actions">
          <button type="submit" disabled={saving}>
            Save the mail settings
          </button>
        </div>
      </form>
    </section>
  );
}
