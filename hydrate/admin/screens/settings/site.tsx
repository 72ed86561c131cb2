/**
 * Site title and icon (/config/settings/site): the title in a form (PUT /api/owner/site-settings), the icon
 * uploaded at once from a file field (POST /api/owner/site-icon?fileName=…, the file as the body, as a product's
 * picture is; the server's upload messages shown as they come) or removed for the default mark.
 */
import { type ChangeEvent, type FormEvent } from 'react';
import { send, sendUpload, useFetch } from '../../fetch-helper.js';
import { ADMIN_MESSAGES } from '../../messages.js';
import { FetchStatus, Notice, SaveActions, Screen } from '../../screen.js';
import { useSettingsDraft } from '../../settings-draft.js';
import { siteRenamed } from '../../site-title.js';

interface SiteSettings {
  readonly siteTitle: string;
  readonly siteIcon: string | null;
}

const PATH = '/api/owner/site-settings';
const toDraft = (s: SiteSettings) => ({ siteTitle: s.siteTitle });

export function SiteSettingsScreen() {
  const fetched = useFetch<SiteSettings>(PATH);
  const { draft, setDraft, outcome, setOutcome, saving, save } = useSettingsDraft(fetched, toDraft);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft === undefined) return;
    if (draft.siteTitle.trim() === '') return setOutcome({ kind: 'error', text: ADMIN_MESSAGES.required('Site title') });
    void save(async () => {
      const result = await send<SiteSettings>('PUT', PATH, { siteTitle: draft.siteTitle.trim() });
      if (result.ok) siteRenamed(result.data.siteTitle);
      return result;
    });
  };

  const upload = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file === undefined) return;
    void save(() => sendUpload<SiteSettings>('/api/owner/site-icon', file), 'Icon saved.');
  };

  return (
    <Screen title="Site title and icon">
      <Notice outcome={outcome} />
      <FetchStatus fetched={fetched} />
      {draft === undefined || fetched.data === undefined ? null : (
        <>
          <form onSubmit={submit} noValidate>
            <label htmlFor="site-title">Site title</label>
            <input id="site-title" value={draft.siteTitle} maxLength={200} onChange={(e) => setDraft(() => ({ siteTitle: e.target.value }))} />
            <SaveActions saving={saving} />
          </form>
          <section aria-labelledby="icon-heading">
            <h2 id="icon-heading">Site icon</h2>
            {fetched.data.siteIcon === null ? (
              <p>The default icon is shown.</p>
            ) : (
              <img className="picture" src={`${fetched.data.siteIcon}?format=100w`} alt="The site icon" width={48} height={48} />
            )}
            <label htmlFor="site-icon-file">{fetched.data.siteIcon === null ? 'Add an icon' : 'Replace the icon'} (a square picture: JPEG, PNG, WebP, AVIF or GIF, at most 20 MB)</label>
            <input id="site-icon-file" type="file" accept="image/jpeg,image/png,image/webp,image/avif,image/gif" disabled={saving} onChange={upload} />
            {fetched.data.siteIcon === null ? null : (
              <div className="actions">
                <button type="button" className="quiet" disabled={saving} onClick={() => void save(() => send('DELETE', '/api/owner/site-icon'), 'Icon removed.')}>
                  Use the default icon
                </button>
              </div>
            )}
          </section>
        </>
      )}
    </Screen>
  );
}
