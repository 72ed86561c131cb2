/**
 * Languages (/config/settings/languages): the site's own language and the languages it is translated into (GET
 * /api/multilingual/settings). Languages are added by their tag (`fr-FR`) and removed with a button; Save sends
 * the list (PUT /api/multilingual/languages, which answers it canonical and without repeats, or refuses an
 * unknown tag in words); "Turn off translations" clears it (DELETE /api/multilingual/connection).
 */
import { type FormEvent, useState } from 'react';
import type { ApiResult } from '../../../api.js';
import { send, useFetch } from '../../fetch-helper.js';
import { ADMIN_MESSAGES } from '../../messages.js';
import { FetchStatus, Notice, Screen } from '../../screen.js';
import { useSettingsDraft } from '../../settings-draft.js';

interface Multilingual {
  readonly websiteLanguage: string;
  readonly languages: readonly string[];
  readonly connected: boolean;
}

const toDraft = (data: Multilingual) => [...data.languages];

export function LanguagesScreen() {
  const fetched = useFetch<Multilingual>('/api/multilingual/settings');
  const { draft, setDraft, outcome, setOutcome, saving, save } = useSettingsDraft(fetched, toDraft);
  const [tag, setTag] = useState('');

  const stored = (languages: readonly string[]): Multilingual => ({ websiteLanguage: fetched.data?.websiteLanguage ?? '', languages, connected: languages.length > 0 });
  const write = async (languages: readonly string[]): Promise<ApiResult<Multilingual>> => {
    const result = languages.length === 0 ? await send<null>('DELETE', '/api/multilingual/connection') : await send<{ languages: string[] }>('PUT', '/api/multilingual/languages', { languages });
    return result.ok ? { ok: true, status: result.status, data: stored(result.data?.languages ?? []) } : result;
  };
  const add = (event: FormEvent) => {
    event.preventDefault();
    const next = tag.trim();
    if (next === '') return setOutcome({ kind: 'error', text: ADMIN_MESSAGES.required('Language') });
    setDraft((d) => (d.includes(next) ? d : [...d, next]));
    setTag('');
  };

  return (
    <Screen title="Languages">
      <Notice outcome={outcome} />
      <FetchStatus fetched={fetched} />
      {draft === undefined || fetched.data === undefined ? null : (
        <>
          <p>
            The site is written in <strong>{fetched.data.websiteLanguage}</strong>.{' '}
            {draft.length === 0 ? 'It is not translated into other languages.' : 'It is translated into:'}
          </p>
          {draft.length === 0 ? null : (
            <ul className="links">
              {draft.map((language) => (
                <li key={language}>
                  <div className="row">
                    <span lang={language}>{language}</span>
                    <button type="button" className="danger" aria-label={`Remove ${language}`} onClick={() => setDraft((d) => d.filter((l) => l !== language))}>
                      Remove
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          )}
          <form className="row" onSubmit={add} noValidate>
            <div>
              <label htmlFor="language-tag">Language tag, such as fr-FR</label>
              <input id="language-tag" value={tag} maxLength={35} onChange={(e) => setTag(e.target.value)} />
            </div>
            <button type="submit" className="quiet">
              Add the language
            </button>
          </form>
          <div className="actions">
            <button type="button" disabled={saving} onClick={() => void save(() => write(draft))}>
              Save the languages
            </button>
            {fetched.data.languages.length === 0 ? null : (
              <button type="button" className="danger" disabled={saving} onClick={() => void save(() => write([]), 'Translations turned off.')}>
                Turn off translations
              </button>
            )}
          </div>
        </>
      )}
    </Screen>
  );
}
