/**
 * Commerce preferences (/config/settings/commerce): the store's preference documents, one per namespace (GET and
 * PUT /api/v1/commerce-preferences/{namespace}, spec 001). The merchant names the namespace (`checkout` to
 * start with), reads it, and edits it as a JSON object; a namespace never saved reads as `{}`.
 */
import { type FormEvent, useState } from 'react';
import { send, useFetch } from '../../fetch-helper.js';
import { FetchStatus, Notice, SaveActions, Screen } from '../../screen.js';
import { useSettingsDraft } from '../../settings-draft.js';
import { mayLeave } from '../../unsaved.js';
import { jsonText, objectOf } from './json-text.js';

const NAMESPACE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const pathOf = (namespace: string) => `/api/v1/commerce-preferences/${encodeURIComponent(namespace)}`;
const toDraft = (data: Record<string, unknown>) => jsonText(data);

export function CommercePreferencesScreen() {
  const [namespace, setNamespace] = useState('checkout');
  const [asked, setAsked] = useState('checkout');
  const [problem, setProblem] = useState<string | null>(null);
  const fetched = useFetch<Record<string, unknown>>(pathOf(namespace));
  const { draft, setDraft, outcome, setOutcome, saving, save } = useSettingsDraft(fetched, toDraft);

  const open = (event: FormEvent) => {
    event.preventDefault();
    if (!NAMESPACE.test(asked)) return setProblem('A namespace is a letter or digit followed by up to 63 letters, digits, dots, dashes or underscores.');
    setProblem(null);
    // another namespace drops this one's edits: asked first, as leaving the screen would
    if (asked !== namespace && !mayLeave()) return;
    setNamespace(asked);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft === undefined) return;
    const value = objectOf(draft, 'The preferences');
    if (!value.ok) return setOutcome({ kind: 'error', text: value.message });
    void save(() => send('PUT', pathOf(namespace), value.value));
  };

  return (
    <Screen title="Commerce preferences">
      <form className="row" onSubmit={open} noValidate>
        <div>
          <label htmlFor="preferences-namespace">Namespace</label>
          <input
            id="preferences-namespace"
            value={asked}
            aria-invalid={problem !== null}
            aria-describedby={problem === null ? undefined : 'preferences-namespace-error'}
            onChange={(e) => setAsked(e.target.value)}
          />
        </div>
        <button type="submit" className="quiet">
          Open
        </button>
      </form>
      {problem === null ? null : (
        <p id="preferences-namespace-error" className="field-error">
          {problem}
        </p>
      )}
      <Notice outcome={outcome} />
      <FetchStatus fetched={fetched} />
      {draft === undefined ? null : (
        <form onSubmit={submit} noValidate>
          <label htmlFor="preferences-json">Preferences of {namespace} (a JSON object)</label>
          <textarea id="preferences-json" spellCheck={false} rows={10} value={draft} onChange={(e) => setDraft(() => e.target.value)} />
          <SaveActions saving={saving} />
        </form>
      )}
    </Screen>
  );
}
