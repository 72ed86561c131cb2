/**
 * The cart page's lines (spec 000 §8 cart UI): change a quantity or remove a line in place. Each line is a
 * pair of real forms (update, remove) that post without JavaScript; with it, the same buttons call the cart
 * API and every island on the page sees the new cart.
 */
import { type FormEvent, useEffect, useState } from 'react';
import { CART_UI_MESSAGES } from '../../commerce/cart-ui.js';
import { parseQuantity } from '../../commerce/add-to-cart.js';
import { moneyText } from '../../commerce/money-text.js';
import { api, type ApiResult } from '../api.js';
import { type CartEntry, setCart, type ShoppingCart, useCart } from '../cart-store.js';
import { ADDITIONAL_FIELDS_MESSAGES, additionalForm, answerLines, parseAnswers } from '../../commerce/additional-fields.js';
import { AdditionalFieldsForm } from './additional-fields-form.js';
import { type AlertMessage, AlertDialog } from './alert-dialog.js';
import { Lightbox } from './lightbox.js';
import { useScripted } from '../use-scripted.js';
import { QuantityInput } from './quantity-input.js';

export interface CartLinesProps {
  /** The cart as the server rendered it: the island's state until the first change. */
  readonly cart: ShoppingCart;
  readonly currency: string;
  readonly locale: string;
  readonly crumb: string;
}

/** Why a cart change failed, in the spec's words: no answer at all means the connection. */
function failureText(r: Extract<ApiResult<unknown>, { ok: false }>): string {
  if (r.status === 0) return CART_UI_MESSAGES.offline;
  return r.message ?? CART_UI_MESSAGES.tryAgain;
}

/** What the server adds to a cart line for showing it: the product page and its picture. */
type ShownEntry = CartEntry & {
  readonly productUrl?: string;
  readonly imageUrl?: string | null;
  readonly additionalFields?: string | null;
  readonly additionalFieldsForm?: unknown;
};

/** A line's answers to its product's form, and (with JavaScript) their editing in the lightbox. */
function Answers({ entry, onFailure }: { entry: ShownEntry; onFailure: (a: AlertMessage) => void }) {
  const form = additionalForm(entry.additionalFieldsForm);
  const [editing, setEditing] = useState(false);
  const scripted = useScripted();
  const lines = answerLines(form, entry.additionalFields);
  if (form === null && lines.length === 0) return null;

  async function save(answers: string): Promise<boolean> {
    const r = await api<{ shoppingCart: ShoppingCart }>('PUT', `/api/commerce/shopping-cart/entries/${encodeURIComponent(entry.id)}/additionalFields`, {
      itemId: entry.itemId,
      ...(entry.chosenVariant?.sku ? { sku: entry.chosenVariant.sku } : {}),
      additionalFields: answers,
    });
    setEditing(false);
    if (r.ok) setCart(r.data.shoppingCart);
    else onFailure({ title: ADDITIONAL_FIELDS_MESSAGES.updateFailed, message: failureText(r) });
    return true;
  }

  return (
    <span className="cart-entry-answers">
      {lines.map((line) => (
        <span className="cart-entry-answer" key={line.label}>
          {`${line.label}: ${line.value}`}
        </span>
      ))}
      {scripted ? (
        <button
          type="button"
          className="cart-entry-edit"
          onClick={() => (form === null ? onFailure({ title: ADDITIONAL_FIELDS_MESSAGES.openFailed, message: CART_UI_MESSAGES.tryAgain }) : setEditing(true))}
        >
          {`Edit ${form?.name ?? 'details'}`}
        </button>
      ) : null}
      {editing && form !== null ? (
        <Lightbox title={form.name} onClose={() => setEditing(false)}>
          <AdditionalFieldsForm form={form} initial={parseAnswers(entry.additionalFields)} submitLabel="Save" busyLabel={ADDITIONAL_FIELDS_MESSAGES.saving} onSubmit={save} />
        </Lightbox>
      ) : null}
    </span>
  );
}

function variantText(entry: CartEntry): string {
  const attributes = entry.chosenVariant?.attributes ?? {};
  return Object.entries(attributes)
    .map(([name, value]) => `${name}: ${value}`)
    .join(' · ');
}

function Line({ entry, first, crumb, money, onFailure }: { entry: ShownEntry; first: boolean; crumb: string; money: (c: number) => string; onFailure: (a: AlertMessage) => void }) {
  const [quantity, setQuantity] = useState(String(entry.quantity));
  const [busy, setBusy] = useState(false);
  const path = `/api/commerce/shopping-cart/entries/${encodeURIComponent(entry.id)}`;

  async function change(event: FormEvent, remove: boolean) {
    event.preventDefault();
    if (busy) return;
    // the quantity rule is checked here as the server checks it, so a typo costs no round trip
    const q = parseQuantity(quantity);
    if (!remove && !q.ok) {
      onFailure({ title: CART_UI_MESSAGES.updateQuantity, message: q.message });
      return;
    }
    setBusy(true);
    const r = remove ? await api<{ shoppingCart: ShoppingCart }>('DELETE', path) : await api<{ shoppingCart: ShoppingCart }>('PUT', path, { quantity: q.ok ? q.quantity : quantity });
    setBusy(false);
    if (r.ok) {
      setCart(r.data.shoppingCart);
      return;
    }
    onFailure({ title: remove ? CART_UI_MESSAGES.removeItem : CART_UI_MESSAGES.updateQuantity, message: failureText(r) });
  }

  const variant = variantText(entry);
  const url = entry.productUrl;
  return (
    <li className="cart-entry" data-entry-id={entry.id} aria-busy={busy || undefined}>
      <span className="cart-entry-media">
        {entry.imageUrl ? (
          // the first line's picture may be the page's largest: eager and first in line; the others lazy
          <img className="cart-entry-image" src={`${entry.imageUrl}?format=300w`} width={300} height={375} alt="" loading={first ? 'eager' : 'lazy'} fetchPriority={first ? 'high' : undefined} decoding="async" />
        ) : null}
      </span>
      <span className="cart-entry-details">
        <span className="cart-entry-title">{url ? <a href={url}>{entry.title}</a> : entry.title}</span>
        {variant !== '' ? <span className="cart-entry-variant">{variant}</span> : null}
        <Answers entry={entry} onFailure={onFailure} />
        <span className="cart-entry-unit">{money(entry.purchasePriceCents)}</span>
      </span>
      <span className="cart-entry-actions">
        <form className="cart-entry-update" method="post" action="/cart/update" noValidate onSubmit={(e) => change(e, false)}>
          <input type="hidden" name="crumb" value={crumb} />
          <input type="hidden" name="entryId" value={entry.id} />
          <QuantityInput label={`Quantity of ${entry.title}`} subject={entry.title} value={quantity} onChange={setQuantity} />
          <button type="submit" className="button button--secondary cart-entry-update-button">
            Update
          </button>
        </form>
        <form className="cart-entry-remove" method="post" action="/cart/remove" onSubmit={(e) => change(e, true)}>
          <input type="hidden" name="crumb" value={crumb} />
          <input type="hidden" name="entryId" value={entry.id} />
          <button type="submit" className="cart-entry-remove-button" aria-label={`Remove ${entry.title}`}>
            Remove
          </button>
        </form>
      </span>
      <span className="cart-entry-price">{money(entry.subTotal)}</span>
    </li>
  );
}

export function CartLines(props: CartLinesProps) {
  const state = useCart();
  // the server rendered this page from the cart: the other islands (the pill) start from it too
  useEffect(() => setCart(props.cart), [props.cart]);
  // the server's cart until any island changes it
  const cart = state.initialised && state.cart !== null ? state.cart : props.cart;
  const [alert, setAlert] = useState<AlertMessage | null>(null);
  const money = (cents: number) => moneyText(cents, cart.subtotalMoney?.currency ?? props.currency, props.locale);
  return (
    <div className="cart-lines">
      {cart.entries.length === 0 ? (
        <div className="cart-empty-state">
          <p className="cart-empty">Your cart is empty.</p>
          <p>
            <a className="button" href="/shop">
              Continue shopping
            </a>
          </p>
        </div>
      ) : (
        <ul className="cart-entries">
          {cart.entries.map((entry, i) => (
            <Line key={`${entry.id}:${entry.quantity}`} entry={entry} first={i === 0} crumb={props.crumb} money={money} onFailure={setAlert} />
          ))}
        </ul>
      )}
      <div className="cart-footer">
        <p className="cart-subtotal">
          Subtotal: <span className="cart-subtotal-amount">{money(cart.subtotalCents)}</span>
        </p>
        {cart.entries.length > 0 ? (
          <>
            <p className="cart-note">Shipping is calculated at checkout.</p>
            <p className="cart-checkout">
              <a className="button" href="/checkout">
                Checkout
              </a>
            </p>
          </>
        ) : null}
      </div>
      <AlertDialog alert={alert} onClose={() => setAlert(null)} />
    </div>
  );
}
