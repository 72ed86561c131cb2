/**
 * Products: the store's products (GET /api/merchant/products), searched by name or SKU, archived ones on
 * demand; each links to its editor. "Up" and "Down" move a product within its store's order with the keyboard
 * (POST /api/merchant/products/order with the two products that swap places; shown when the list is that
 * order: no search, products on sale); with a mouse, a row dragged onto another takes its place (drag-order.ts).
 * Moves, archive and restore are optimistic: the row changes at once and
 * goes back, with the server's sentence, when the call fails.
 */
import { type DragEvent, type FormEvent, useState } from 'react';
import { send, failureMessage, useFetch } from '../fetch-helper.js';
import { ADMIN_MESSAGES } from '../messages.js';
import { showMoney } from '../money.js';
import { Link, navigate } from '../router.js';
import { FetchStatus, HeadRow, MoveButtons, Notice, Screen, Scroll, useOutcome } from '../screen.js';
import { draggedOrder } from './drag-order.js';
import type { Product, ProductPage } from './product-types.js';

function priceOf(p: Product): string {
  if (p.price !== null) return showMoney(p.price.priceCents, p.currency);
  const prices = p.variants.map((v) => v.priceCents);
  if (prices.length === 0) return '';
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  return low === high ? showMoney(low, p.currency) : `${showMoney(low, p.currency)} – ${showMoney(high, p.currency)}`;
}

function stockOf(p: Product): string {
  if (p.variants.length === 0) return '—';
  if (p.variants.some((v) => v.unlimited)) return 'Unlimited';
  const total = p.variants.reduce((n, v) => n + v.qtyInStock, 0);
  return total === 0 ? 'Sold out' : String(total);
}

export function ProductList({ query }: { query: URLSearchParams }) {
  const q = query.get('q') ?? '';
  const archived = query.get('archived') ?? 'false';
  // one store's products (the Store pages screen links here)
  const storeId = query.get('storeId');
  const inStore: Record<string, string> = storeId === null ? {} : { storeId };
  const [text, setText] = useState(q);
  const [outcome, setOutcome] = useOutcome();
  const params = new URLSearchParams({ ...(q === '' ? {} : { q }), archived, ...inStore });
  const list = useFetch<ProductPage>(`/api/merchant/products?${params}`);

  const search = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams({ ...(text.trim() === '' ? {} : { q: text.trim() }), ...(archived === 'false' ? {} : { archived }), ...inStore });
    navigate(`/config/products${next.size === 0 ? '' : `?${next}`}`);
  };

  const setArchived = async (product: Product, archive: boolean) => {
    const before = list.data;
    if (before === undefined) return;
    // optimistic: the row shows its new state now; the answer confirms it or puts it back
    list.replace({ ...before, products: before.products.map((p) => (p.id === product.id ? { ...p, archived: archive } : p)) });
    const result = await send<Product>('POST', `/api/merchant/products/${product.id}/${archive ? 'archive' : 'unarchive'}`);
    if (!result.ok) {
      list.replace(before);
      setOutcome({ kind: 'error', text: failureMessage(result) });
      return;
    }
    setOutcome({ kind: 'ok', text: `${product.title} ${archive ? 'archived' : 'restored'}.` });
  };

  // the store's order can be changed where the list is that order: no search, the products on sale
  const ordering = q === '' && archived === 'false';
  const move = async (index: number, by: -1 | 1) => {
    const before = list.data;
    const other = before?.products[index + by];
    const product = before?.products[index];
    if (before === undefined || other === undefined || product === undefined) return;
    if (product.storeId !== other.storeId) return setOutcome({ kind: 'error', text: `${product.title} is first or last in its store.` });
    const products = [...before.products];
    products[index] = other;
    products[index + by] = product;
    // optimistic: the row moves now (its buttons keep the focus), and back if the server refuses
    list.replace({ ...before, products });
    const result = await send<{ ids: string[] }>('POST', '/api/merchant/products/order', { ids: by === -1 ? [product.id, other.id] : [other.id, product.id] });
    if (!result.ok) {
      list.replace(before);
      return setOutcome({ kind: 'error', text: failureMessage(result) });
    }
    setOutcome({ kind: 'ok', text: `${product.title} moved ${by === -1 ? 'up' : 'down'}, now ${index + by + 1} of ${products.length}.` });
  };

  // dragging a row onto another (the mouse's way; Up and Down are the keyboard's)
  const [dragged, setDragged] = useState<number | null>(null);
  const drop = async (to: number) => {
    const before = list.data;
    const from = dragged;
    setDragged(null);
    if (before === undefined || from === null) return;
    const result = draggedOrder(before.products, from, to);
    if (result === null) return;
    if (!result.ok) return setOutcome({ kind: 'error', text: result.message });
    const product = before.products[from]!;
    list.replace({ ...before, products: result.list });
    const saved = await send<{ ids: string[] }>('POST', '/api/merchant/products/order', { ids: result.ids });
    if (!saved.ok) {
      list.replace(before);
      return setOutcome({ kind: 'error', text: failureMessage(saved) });
    }
    setOutcome({ kind: 'ok', text: `${product.title} moved, now ${to + 1} of ${result.list.length}.` });
  };
  const dragProps = (i: number) =>
    ordering
      ? {
          draggable: true,
          className: dragged === i ? 'dragged' : undefined,
          onDragStart: (event: DragEvent) => {
            event.dataTransfer.effectAllowed = 'move';
            event.dataTransfer.setData('text/plain', String(i));
            setDragged(i);
          },
          onDragOver: (event: DragEvent) => event.preventDefault(),
          onDrop: (event: DragEvent) => {
            event.preventDefault();
            void drop(i);
          },
          onDragEnd: () => setDragged(null),
        }
      : {};

  return (
    <Screen title="Products">
      <div className="actions">
        <Link className="button" href="/config/products/new">
          Add a product
        </Link>
      </div>
      <form role="search" onSubmit={search} className="row">
        <div>
          <label htmlFor="product-search">Search by name or SKU</label>
          <input id="product-search" type="search" value={text} onChange={(e) => setText(e.target.value)} />
        </div>
        <div>
          <label htmlFor="product-archived">Show</label>
          <select
            id="product-archived"
            value={archived}
            onChange={(e) => navigate(`/config/products?${new URLSearchParams({ ...(q === '' ? {} : { q }), archived: e.target.value })}`)}
          >
            <option value="false">Products on sale</option>
            <option value="true">Archived products</option>
            <option value="all">All products</option>
          </select>
        </div>
        <button type="submit">Search</button>
      </form>
      <Notice outcome={outcome} />
      <FetchStatus fetched={list} />
      {list.data === undefined ? null : list.data.products.length === 0 ? (
        <p>{ADMIN_MESSAGES.noResults}</p>
      ) : (
        <Scroll label="Products">
          <table>
            <caption>
              {list.data.total} product{list.data.total === 1 ? '' : 's'}
            </caption>
            <HeadRow columns={['Name', 'Type', { num: 'Price' }, { num: 'Stock' }, 'Action']} />
            <tbody>
              {list.data.products.map((p, i, all) => (
                <tr key={p.id} {...dragProps(i)}>
                  <td>
                    <Link href={`/config/products/${p.id}`}>{p.title}</Link>
                    {p.archived ? ' (archived)' : ''}
                  </td>
                  <td>{p.type.replace('-', ' ')}</td>
                  <td className="num">{priceOf(p)}</td>
                  <td className="num">{stockOf(p)}</td>
                  <td>
                    <div className="row">
                      {ordering ? (
                        <MoveButtons name={p.title} first={i === 0} last={i === all.length - 1} onMove={(by) => void move(i, by)} />
                      ) : null}
                      <button type="button" className="quiet" onClick={() => void setArchived(p, !p.archived)} aria-label={`${p.archived ? 'Restore' : 'Archive'} ${p.title}`}>
                        {p.archived ? 'Restore' : 'Archive'}
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Scroll>
      )}
    </Screen>
  );
}
