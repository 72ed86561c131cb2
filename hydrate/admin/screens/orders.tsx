/**
 * Orders: the shop's orders newest first (GET /api/merchant/orders), searched by number, e-mail, name, product
 * or SKU and filtered by status, 50 a page; each links to its detail. "Export as CSV" downloads the orders the
 * search and filter find (GET /api/merchant/orders.csv), an ordinary link so the browser saves the file.
 */
import { type FormEvent, useState } from 'react';
import { useFetch } from '../fetch-helper.js';
import { ADMIN_MESSAGES } from '../messages.js';
import { showMoney } from '../money.js';
import { Link, navigate } from '../router.js';
import { FetchStatus, HeadRow, Screen, Scroll } from '../screen.js';
import { type OrderPage, STATUS_WORDS } from './order-types.js';

export function OrderList({ query }: { query: URLSearchParams }) {
  const q = query.get('q') ?? '';
  const status = query.get('status') ?? 'all';
  const page = Number(query.get('page') ?? '1') || 1;
  const [text, setText] = useState(q);
  const filters = (next: { q?: string; status?: string; page?: number }) => {
    const params = new URLSearchParams();
    const nq = next.q ?? q;
    const ns = next.status ?? status;
    if (nq !== '') params.set('q', nq);
    if (ns !== 'all') params.set('status', ns);
    if ((next.page ?? 1) > 1) params.set('page', String(next.page));
    return params;
  };
  const list = useFetch<OrderPage>(`/api/merchant/orders?${filters({ page })}`);
  const exported = filters({});

  const search = (event: FormEvent) => {
    event.preventDefault();
    const params = filters({ q: text.trim() });
    navigate(`/config/orders${params.size === 0 ? '' : `?${params}`}`);
  };

  return (
    <Screen title="Orders">
      <form role="search" onSubmit={search} className="row">
        <div>
          <label htmlFor="order-search">Search by number, e-mail, name, product or SKU</label>
          <input id="order-search" type="search" value={text} onChange={(e) => setText(e.target.value)} />
        </div>
        <div>
          <label htmlFor="order-status">Status</label>
          <select id="order-status" value={status} onChange={(e) => navigate(`/config/orders?${filters({ status: e.target.value })}`)}>
            <option value="all">All orders</option>
            <option value="open">Not fulfilled</option>
            <option value="fulfilled">Fulfilled</option>
            <option value="cancelled">Cancelled</option>
          </select>
        </div>
        <button type="submit">Search</button>
      </form>
      <div className="actions">
        <a className="button quiet" href={`/api/merchant/orders.csv${exported.size === 0 ? '' : `?${exported}`}`} download>
          Export as CSV
        </a>
      </div>
      <FetchStatus fetched={list} />
      {list.data === undefined ? null : list.data.orders.length === 0 ? (
        <p>{ADMIN_MESSAGES.noResults}</p>
      ) : (
        <Scroll label="Orders">
          <table>
            <caption>
              {list.data.total} order{list.data.total === 1 ? '' : 's'}
            </caption>
            <HeadRow columns={['Order', 'Date', 'Customer', { num: 'Items' }, { num: 'Total' }, 'Status']} />
            <tbody>
              {list.data.orders.map((o) => (
                <tr key={o.id}>
                  <td>
                    <Link href={`/config/orders/${o.id}`}>#{o.orderNumber}</Link>
                  </td>
                  <td>{new Date(o.createdOn).toLocaleDateString()}</td>
                  <td>
                    {o.customerName}
                    <br />
                    <span className="status">{o.email}</span>
                  </td>
                  <td className="num">{o.itemCount}</td>
                  <td className="num">{showMoney(o.grandTotalCents, o.currency)}</td>
                  <td>{STATUS_WORDS[o.status]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Scroll>
      )}
      {list.data === undefined ? null : (
        <div className="actions">
          {page > 1 ? <Link href={`/config/orders?${filters({ page: page - 1 })}`}>Newer orders</Link> : null}
          {list.data.hasNextPage ? <Link href={`/config/orders?${filters({ page: page + 1 })}`}>Older orders</Link> : null}
        </div>
      )}
    </Screen>
  );
}
