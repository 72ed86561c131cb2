/**
 * One order (GET /api/merchant/orders/{id}): its lines and totals, the customer and where it ships; marking it
 * fulfilled with a carrier and tracking number (the customer gets the shipping e-mail), cancelling it (its stock
 * goes back; asked first), and the merchant's notes. A note appears at once (optimistic) and goes away again,
 * with the server's sentence, if it could not be saved. Unsent fulfilment or note text warns before leaving.
 */
import { type FormEvent, useState } from 'react';
import { failureMessage, send, useFetch } from '../fetch-helper.js';
import { showMoney } from '../money.js';
import { Link } from '../router.js';
import { FetchStatus, HeadRow, Notice, Screen, Scroll, useOutcome } from '../screen.js';
import { useUnsavedChanges } from '../unsaved.js';
import { type OrderDetail as Order, STATUS_WORDS } from './order-types.js';

const when = (ms: number) => new Date(ms).toLocaleString();

export function OrderDetail({ id }: { id: string }) {
  const order = useFetch<Order>(`/api/merchant/orders/${encodeURIComponent(id)}`);
  const [carrier, setCarrier] = useState('');
  const [tracking, setTracking] = useState('');
  const [note, setNote] = useState('');
  const [outcome, setOutcome] = useOutcome();
  const [busy, setBusy] = useState(false);
  useUnsavedChanges(carrier !== '' || tracking !== '' || note.trim() !== '');

  if (order.data === undefined)
    return (
      <Screen title="Order">
        <FetchStatus fetched={order} />
      </Screen>
    );
  const o = order.data;
  const money = (cents: number) => showMoney(cents, o.currency);

  const act = async (path: string, body: unknown, done: string) => {
    setBusy(true);
    const result = await send<Order>('POST', `/api/merchant/orders/${o.id}/${path}`, body);
    setBusy(false);
    if (!result.ok) return setOutcome({ kind: 'error', text: failureMessage(result) }), false;
    order.replace(result.data);
    setOutcome({ kind: 'ok', text: done });
    return true;
  };

  const fulfil = async (event: FormEvent) => {
    event.preventDefault();
    const body = { ...(carrier.trim() === '' ? {} : { carrier: carrier.trim() }), ...(tracking.trim() === '' ? {} : { trackingNumber: tracking.trim() }) };
    if (await act('fulfil', body, `Order #${o.orderNumber} is fulfilled; the customer has been sent the shipping e-mail.`)) {
      setCarrier('');
      setTracking('');
    }
  };

  const cancel = async () => {
    if (!confirm(`Cancel order #${o.orderNumber}? Its items go back in stock.`)) return;
    await act('cancel', undefined, `Order #${o.orderNumber} is cancelled; its items are back in stock.`);
  };

  const addNote = async (event: FormEvent) => {
    event.preventDefault();
    const text = note.trim();
    if (text === '') return;
    // optimistic: the note shows now, and goes if the server refuses it
    const before = o;
    order.replace({ ...o, notes: [...o.notes, { id: 'pending', author: 'You', text, createdOn: Date.now() }] });
    setNote('');
    const result = await send<Order>('POST', `/api/merchant/orders/${o.id}/notes`, { text });
    if (!result.ok) {
      order.replace(before);
      setNote(text);
      return setOutcome({ kind: 'error', text: failureMessage(result) });
    }
    order.replace(result.data);
    setOutcome({ kind: 'ok', text: 'Note added.' });
  };

  const address = o.customer.shippingAddress;
  return (
    <Screen title={`Order #${o.orderNumber}`}>
      <p>
        <Link href="/config/orders">All orders</Link>
      </p>
      <Notice outcome={outcome} />
      <dl className="facts">
        <dt>Status</dt>
        <dd>
          {STATUS_WORDS[o.status]}
          {o.fulfilledOn !== null ? ` on ${when(o.fulfilledOn)}` : ''}
          {o.cancelledOn !== null ? ` on ${when(o.cancelledOn)}` : ''}
          {o.testMode ? ' (test order)' : ''}
        </dd>
        <dt>Placed</dt>
        <dd>{when(o.createdOn)}</dd>
        <dt>Customer</dt>
        <dd>
          {o.customer.name} ({o.email})
        </dd>
        {address === null ? null : (
          <>
            <dt>Ships to</dt>
            <dd>{[address.address1, address.address2, `${address.city}${address.region ? `, ${address.region}` : ''} ${address.postalCode}`, address.country].filter(Boolean).join(', ')}</dd>
          </>
        )}
        {o.trackingNumber === null ? null : (
          <>
            <dt>Tracking</dt>
            <dd>{[o.carrier, o.trackingNumber].filter(Boolean).join(' ')}</dd>
          </>
        )}
      </dl>
      <h2>Items</h2>
      <Scroll label="Items">
        <table>
          <caption className="visually-hidden">Items of order #{o.orderNumber}</caption>
          <HeadRow columns={['Item', 'SKU', { num: 'Quantity' }, { num: 'Price' }, { num: 'Total' }]} />
          <tbody>
            {o.lines.map((l, i) => (
              <tr key={i}>
                <td>
                  {l.productName}
                  {Object.keys(l.attributes).length === 0 ? null : (
                    <>
                      <br />
                      <span className="status">{Object.entries(l.attributes).map(([k, v]) => `${k}: ${v}`).join(' · ')}</span>
                    </>
                  )}
                </td>
                <td>{l.sku}</td>
                <td className="num">{l.quantity}</td>
                <td className="num">{money(l.unitPriceCents)}</td>
                <td className="num">{money(l.lineTotalCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Scroll>
      <dl className="facts">
        <dt>Subtotal</dt>
        <dd>{money(o.subtotalCents)}</dd>
        {o.discountCents > 0 ? (
          <>
            <dt>Discount</dt>
            <dd>−{money(o.discountCents)}</dd>
          </>
        ) : null}
        <dt>Shipping</dt>
        <dd>{money(o.shippingCents)}</dd>
        <dt>Tax</dt>
        <dd>{money(o.taxCents)}</dd>
        <dt>Total</dt>
        <dd>
          <strong>{money(o.grandTotalCents)}</strong>
        </dd>
      </dl>
      {o.status === 'open' ? (
        <>
          <h2>Fulfil</h2>
          <form onSubmit={fulfil}>
            <div className="row">
              <div>
                <label htmlFor="fulfil-carrier">Carrier (optional)</label>
                <input id="fulfil-carrier" value={carrier} onChange={(e) => setCarrier(e.target.value)} />
              </div>
              <div>
                <label htmlFor="fulfil-tracking">Tracking number (optional)</label>
                <input id="fulfil-tracking" value={tracking} onChange={(e) => setTracking(e.target.value)} />
              </div>
            </div>
            <div className="actions">
              <button type="submit" disabled={busy}>
                Mark fulfilled
              </button>
              <button type="button" className="danger" disabled={busy} onClick={() => void cancel()}>
                Cancel order
              </button>
            </div>
          </form>
        </>
      ) : null}
      <h2>Notes</h2>
      {o.notes.length === 0 ? (
        <p>No notes yet. Notes are for the shop only; the customer never sees them.</p>
      ) : (
        <ul>
          {o.notes.map((n) => (
            <li key={n.id}>
              <strong>{n.author}</strong>, {when(n.createdOn)}: {n.text}
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={addNote}>
        <label htmlFor="order-note">Add a note</label>
        <textarea id="order-note" value={note} maxLength={2000} onChange={(e) => setNote(e.target.value)} />
        <div className="actions">
          <button type="submit" className="quiet">
            Add note
          </button>
        </div>
      </form>
    </Screen>
  );
}
