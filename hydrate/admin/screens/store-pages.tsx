/**
 * Store pages (/config/stores): the site's stores with their address and how many products each holds (GET
 * /api/owner/pages), each linking to its products, and a form that adds one by spec 001's store creation
 * sequence: the store (POST …/websites/{id}/products, whose URL id follows the spec's rule: from the title
 * or the URL id given, made unique with -1, -2…), its root category (POST …/categories), then a link in the main
 * menu (the navigation calls). The new store shows at once; the notice says where it lives.
 */
import { type FormEvent, useState } from 'react';
import { failureMessage, send, useFetch } from '../fetch-helper.js';
import { ADMIN_MESSAGES } from '../messages.js';
import { Link } from '../router.js';
import { FetchStatus, HeadRow, Notice, Screen, Scroll, useOutcome } from '../screen.js';
import { useUnsavedChanges } from '../unsaved.js';
import { PAGES_PATH, type SitePage, type SitePages } from './settings/site-pages.js';

interface CreatedStore {
  readonly id: string;
  readonly title: string;
  readonly urlId: string;
  readonly fullUrl: string;
}

interface Layout {
  readonly layout: readonly { readonly links: readonly unknown[] }[];
}

export function StorePages() {
  const pages = useFetch<SitePages>(PAGES_PATH);
  const [outcome, setOutcome] = useOutcome();
  const [title, setTitle] = useState('');
  const [urlId, setUrlId] = useState('');
  const [busy, setBusy] = useState(false);
  useUnsavedChanges(title.trim() !== '' || urlId.trim() !== '');
  const stores = (pages.data?.pages ?? []).filter((p) => p.isStore);

  const create = async (event: FormEvent) => {
    event.preventDefault();
    const data = pages.data;
    if (data === undefined) return;
    if (title.trim() === '') return setOutcome({ kind: 'error', text: ADMIN_MESSAGES.required('Title') });
    setBusy(true);
    setOutcome({ kind: 'ok', text: ADMIN_MESSAGES.saving });
    const base = `/api/content-service/product/1.1/websites/${encodeURIComponent(data.websiteId)}/products`;
    const created = await send<CreatedStore>('POST', base, { title: title.trim(), ...(urlId.trim() === '' ? {} : { urlId: urlId.trim() }) });
    if (!created.ok) {
      setBusy(false);
      return setOutcome({ kind: 'error', text: failureMessage(created) });
    }
    const store = created.data;
    // optimistic: the store is listed now; the refetch below brings the server's row
    const row: SitePage = { id: store.id, title: store.title, navigationTitle: null, urlId: store.urlId, url: store.fullUrl, type: 13, isStore: true, enabled: true, productCount: 0 };
    pages.replace({ ...data, pages: [...data.pages, row] });
    setTitle('');
    setUrlId('');
    const root = await send('POST', `${base}/${store.id}/categories`, { displayName: store.title, type: 'ROOT', pageRendering: 'LIST_VIEW', displayIndex: 1 });
    const layout = root.ok ? await send<Layout>('GET', '/api/commondata/GetSiteLayout') : root;
    const linked = layout.ok
      ? await send('POST', '/api/widget/UpdateNavigation', { navigation: { items: [...((layout.data as Layout).layout[0]?.links ?? []), { collectionId: store.id }] } })
      : layout;
    setBusy(false);
    pages.refetch();
    if (!linked.ok) return setOutcome({ kind: 'error', text: `The store ${store.title} is added at ${store.fullUrl}, but not to the menu: ${failureMessage(linked)}` });
    setOutcome({ kind: 'ok', text: `The store ${store.title} is added at ${store.fullUrl}, and to the menu.` });
  };

  return (
    <Screen title="Store pages">
      <Notice outcome={outcome} />
      <FetchStatus fetched={pages} />
      {pages.data === undefined ? null : (
        <>
          <Scroll label="Stores">
            <table>
              <caption>The site’s stores</caption>
              <HeadRow columns={['Store', 'Address', { num: 'Products' }]} />
              <tbody>
                {stores.map((s) => (
                  <tr key={s.id}>
                    <th scope="row">
                      <Link href={`/config/products?storeId=${encodeURIComponent(s.id)}`}>{s.title}</Link>
                    </th>
                    <td>
                      <a href={s.url}>{s.url}</a>
                    </td>
                    <td className="num">{s.productCount}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Scroll>
          <h2>Add a store page</h2>
          <form onSubmit={(e) => void create(e)} noValidate>
            <div className="row">
              <div>
                <label htmlFor="store-title">Title</label>
                <input id="store-title" value={title} maxLength={200} onChange={(e) => setTitle(e.target.value)} />
              </div>
              <div>
                <label htmlFor="store-url-id">URL id (optional: made from the title)</label>
                <input id="store-url-id" value={urlId} maxLength={200} onChange={(e) => setUrlId(e.target.value)} />
              </div>
              <button type="submit" disabled={busy}>
                Add the store
              </button>
            </div>
          </form>
        </>
      )}
    </Screen>
  );
}
