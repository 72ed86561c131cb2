/**
 * Navigation (/config/settings/navigation): the main menu's links in their order (GET
 * /api/commondata/GetSiteLayout), each a page of the site or a link with its own label. Links move up and down
 * and are removed with buttons, pages and links are added below; Save replaces the menu (POST
 * /api/widget/UpdateNavigation) and the server's refusals (`{val} is not a valid page URL`…) show as they come.
 * A folder's own links travel with it unchanged.
 */
import { type FormEvent, useState } from 'react';
import { send, useFetch } from '../../fetch-helper.js';
import { ADMIN_MESSAGES } from '../../messages.js';
import { FetchStatus, HeadRow, MoveButtons, Notice, Screen, Scroll } from '../../screen.js';
import { useSettingsDraft } from '../../settings-draft.js';
import { PAGES_PATH, type SitePages } from './site-pages.js';
import { reordered } from '../drag-order.js';

interface NavigationItem {
  readonly collectionId?: string | null;
  readonly externalLink?: string | null;
  readonly memberAreaId?: string | null;
  readonly title?: string;
  readonly items?: readonly NavigationItem[];
}

interface Layout {
  readonly layout: readonly { readonly identifier: string; readonly links: readonly NavigationItem[] }[];
}

const toDraft = (data: Layout) => data.layout[0]?.links ?? [];

export function NavigationScreen() {
  const fetched = useFetch<Layout>('/api/commondata/GetSiteLayout');
  const pages = useFetch<SitePages>(PAGES_PATH);
  const { draft, setDraft, outcome, setOutcome, saving, save } = useSettingsDraft(fetched, toDraft);
  const [page, setPage] = useState('');
  const [link, setLink] = useState({ title: '', url: '' });

  const titleOf = (item: NavigationItem) => {
    if (typeof item.collectionId === 'string') {
      const found = pages.data?.pages.find((p) => p.id === item.collectionId);
      return found === undefined ? item.title || 'A page' : found.navigationTitle ?? found.title;
    }
    return item.title || item.externalLink || 'A member area';
  };
  const targetOf = (item: NavigationItem) =>
    typeof item.collectionId === 'string' ? (pages.data?.pages.find((p) => p.id === item.collectionId)?.url ?? '') : (item.externalLink ?? 'member area');
  const unlinked = (pages.data?.pages ?? []).filter((p) => p.enabled && !(draft ?? []).some((i) => i.collectionId === p.id));

  const addPage = () => {
    if (page === '') return;
    setDraft((d) => [...d, { collectionId: page }]);
    setPage('');
  };
  const addLink = (event: FormEvent) => {
    event.preventDefault();
    if (link.title.trim() === '') return setOutcome({ kind: 'error', text: ADMIN_MESSAGES.required('Label') });
    if (link.url.trim() === '') return setOutcome({ kind: 'error', text: ADMIN_MESSAGES.required('Address') });
    setDraft((d) => [...d, { externalLink: link.url.trim(), title: link.title.trim() }]);
    setLink({ title: '', url: '' });
    setOutcome({ kind: 'ok', text: 'Link added. Save to keep it.' });
  };

  return (
    <Screen title="Navigation">
      <p>The links of the site’s main menu, in their order.</p>
      <Notice outcome={outcome} />
      <FetchStatus fetched={fetched} />
      {draft === undefined ? null : (
        <>
          <Scroll label="Menu links">
            <table>
              <caption>Main menu</caption>
              <HeadRow columns={['Label', 'Goes to', 'Order']} />
              <tbody>
                {draft.map((item, i) => (
                  <tr key={`${i}-${item.collectionId ?? item.externalLink ?? ''}`}>
                    <th scope="row">
                      {titleOf(item)}
                      {item.items !== undefined && item.items.length > 0 ? ` (a folder of ${item.items.length})` : ''}
                    </th>
                    <td>{targetOf(item)}</td>
                    <td>
                      <div className="row">
                        <MoveButtons name={titleOf(item)} first={i === 0} last={i === draft.length - 1} onMove={(by) => setDraft((d) => reordered(d, i, i + by))} />
                        <button type="button" className="danger" aria-label={`Remove ${titleOf(item)}`} onClick={() => setDraft((d) => d.filter((_, j) => j !== i))}>
                          Remove
                        </button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Scroll>
          <div className="actions">
            <button type="button" disabled={saving} onClick={() => void save(() => send('POST', '/api/widget/UpdateNavigation', { navigation: { items: draft } }))}>
              Save the menu
            </button>
          </div>
          <h2>Add a page</h2>
          <div className="row">
            <div>
              <label htmlFor="nav-page">Page</label>
              <select id="nav-page" value={page} onChange={(e) => setPage(e.target.value)}>
                <option value="">Choose a page</option>
                {unlinked.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.navigationTitle ?? p.title}
                  </option>
                ))}
              </select>
            </div>
            <button type="button" className="quiet" disabled={page === ''} onClick={addPage}>
              Add the page
            </button>
          </div>
          <h2>Add a link</h2>
          <form className="row" onSubmit={addLink} noValidate>
            <div>
              <label htmlFor="nav-link-title">Label</label>
              <input id="nav-link-title" value={link.title} onChange={(e) => setLink({ ...link, title: e.target.value })} />
            </div>
            <div>
              <label htmlFor="nav-link-url">Address</label>
              <input id="nav-link-url" value={link.url} placeholder="/about or https://…" onChange={(e) => setLink({ ...link, url: e.target.value })} />
            </div>
            <button type="submit" className="quiet">
              Add the link
            </button>
          </form>
        </>
      )}
    </Screen>
  );
}
