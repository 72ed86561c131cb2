/**
 * Header and footer (/config/settings/header-footer): the site's header and footer settings (GET and PUT
 * /api/site-header-footer). Their inner shape is the editor's (spec 001 gives none), so each is edited as a
 * JSON object; text that is not one is refused before anything is sent.
 */
import { type FormEvent } from 'react';
import { send, useFetch } from '../../fetch-helper.js';
import { FetchStatus, Notice, SaveActions, Screen } from '../../screen.js';
import { useSettingsDraft } from '../../settings-draft.js';
import { jsonText, objectOf } from './json-text.js';

interface HeaderFooter {
  readonly header: Record<string, unknown>;
  readonly footer: Record<string, unknown>;
}

const PATH = '/api/site-header-footer';
const toDraft = (data: HeaderFooter) => ({ header: jsonText(data.header), footer: jsonText(data.footer) });

export function HeaderFooterScreen() {
  const fetched = useFetch<HeaderFooter>(PATH);
  const { draft, setDraft, outcome, setOutcome, saving, save } = useSettingsDraft(fetched, toDraft);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft === undefined) return;
    const header = objectOf(draft.header, 'Header');
    if (!header.ok) return setOutcome({ kind: 'error', text: header.message });
    const footer = objectOf(draft.footer, 'Footer');
    if (!footer.ok) return setOutcome({ kind: 'error', text: footer.message });
    void save(() => send('PUT', PATH, { header: header.value, footer: footer.value }));
  };

  return (
    <Screen title="Header and footer">
      <p>Each is a JSON object of settings, such as {'{"announcement": "Free shipping over $50"}'}.</p>
      <Notice outcome={outcome} />
      <FetchStatus fetched={fetched} />
      {draft === undefined ? null : (
        <form onSubmit={submit} noValidate>
          <label htmlFor="site-header">Header</label>
          <textarea id="site-header" spellCheck={false} rows={8} value={draft.header} onChange={(e) => setDraft((d) => ({ ...d, header: e.target.value }))} />
          <label htmlFor="site-footer">Footer</label>
          <textarea id="site-footer" spellCheck={false} rows={8} value={draft.footer} onChange={(e) => setDraft((d) => ({ ...d, footer: e.target.value }))} />
          <SaveActions saving={saving} />
        </form>
      )}
    </Screen>
  );
}
