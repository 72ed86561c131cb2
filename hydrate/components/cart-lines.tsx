/**
 * The cart page's lines (spec 000 §8 cart UI): change a quantity or remove a line in place. Each line is a
 * pair of real forms (update, remove) that post without JavaScript; with it, the same buttons call the cart
 * API and every island on the page sees the new cart. The − / + steppers update their line by themselves once
 * the presses pause; a refused quantity puts the box back to what the cart holds; a status region says what
 * changed; focus stays on the control pressed, or moves to the next line when its own is removed.
 */
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { CART_UI_MESSAGES, STEPPER_DEBOUNCE_MS } from '../../commerce/cart-ui.js';
import { type CompactValues, formatCompact, type IslandMessages } from '../../commerce/messages/compact.js';
import { ruleText, type RuleMessages } from '../../commerce/messages/rule-text.js';
import { quantityFromText } from '../../commerce/add-to-cart.js';
import { moneyText } from '../../commerce/money-text.js';
import { api, type ApiResult } from '../api.js';
import { type CartEntry, setCart, type ShoppingCart, useCart } from '../cart-store.js';
import { ADDITIONAL_FIELDS_MESSAGES, additionalForm, answerLines, parseAnswers } from '../../commerce/additional-fields.js';
import { AdditionalFieldsForm } from './additional-fields-form.js';
import { type AlertMessage, AlertDialog } from './alert-dialog.js';
import { Lightbox } from './lightbox.js';
import { useScripted } from '../use-scripted.js';
import { QuantityInput } from './quantity-input.js';
import { sitePath } from '../site-path.js';

export interface CartLinesProps {
  /** The cart as the server rendered it: the island's state until the first change. */
  readonly cart: ShoppingCart;
  readonly currency: string;
  readonly locale: string;
  readonly crumb: string;
  /** The page's words in the site's language (commerce/messages/). */
  readonly messages: IslandMessages<CartLinesMessage>;
  /** The refusals' words where the site's language words them differently from the spec's English. */
  readonly refusals?: RuleMessages;
}

/** The catalog's messages the cart page says. */
export const CART_LINES_MESSAGES = [
  'cartLines.empty',
  'cartLines.subtotal',
  'cartLines.shippingNote',
  'cartLines.update',
  'cartLines.remove',
  'cartLines.removeNamed',
  'cartLines.quantityOf',
  'cartLines.edit',
  'cartLines.editDetails',
  'cartLines.save',
  'cartLines.saidQuantity',
  'cartLines.saidRemoved',
  'cartLines.saidEmptied',
  'quantity.fewer',
  'quantity.more',
  'alert.ok',
  'dialog.close',
  'form.choose',
  'theme.continueShopping',
  'theme.checkout',
] as const;
type CartLinesMessage = (typeof CART_LINES_MESSAGES)[number];

type Say = (key: CartLinesMessage, values?: CompactValues) => string;

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
function Answers({ entry, onFailure, say, saving }: { entry: ShownEntry; onFailure: (a: AlertMessage) => void; say: Say; saving: string }) {
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
          {form?.name !== undefined ? say('cartLines.edit', { name: form.name }) : say('cartLines.editDetails')}
        </button>
      ) : null}
      {editing && form !== null ? (
        <Lightbox title={form.name} onClose={() => setEditing(false)} closeLabel={say('dialog.close')}>
          <AdditionalFieldsForm form={form} initial={parseAnswers(entry.additionalFields)} submitLabel={say('cartLines.save')} busyLabel={saving} onSubmit={save} chooseLabel={say('form.choose')} />
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

interface LineProps {
  readonly entry: ShownEntry;
  readonly first: boolean;
  readonly crumb: string;
  readonly money: (c: number) => string;
  readonly onFailure: (a: AlertMessage) => void;
  /** The cart after this line changed it, and how: every island takes it, the page says it and places focus. */
  readonly onChanged: (cart: ShoppingCart, change: LineChange) => void;
  readonly say: Say;
  readonly saving: string;
}

/** What a line did: a new quantity (by the steppers, Update or Enter) or its removal. */
export type LineChange = { readonly kind: 'quantity'; readonly entry: CartEntry } | { readonly kind: 'removed'; readonly entry: CartEntry };

function Line({ entry, first, crumb, money, onFailure, onChanged, say, saving }: LineProps) {
  const [quantity, setQuantity] = useState(String(entry.quantity));
  const [busy, setBusy] = useState(false);
  // read by requests and timers that outlive the render they started in
  const running = useRef(false);
  const latest = useRef(entry);
  latest.current = entry;
  const stepTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (stepTimer.current !== null) clearTimeout(stepTimer.current);
    },
    [],
  );
  const path = `/api/commerce/shopping-cart/entries/${encodeURIComponent(entry.id)}`;

  /** The box shows the cart's quantity again, unless the shopper stepped on meanwhile (a step is pending). */
  const showCartQuantity = (q: number) => {
    if (stepTimer.current === null) setQuantity(String(q));
  };

  async function send(remove: boolean, text: string): Promise<void> {
    // the quantity rule is checked here as the server checks it, so a typo costs no round trip
    const q = quantityFromText(text);
    if (!remove && !q.ok) {
      showCartQuantity(latest.current.quantity);
      onFailure({ title: CART_UI_MESSAGES.updateQuantity, message: q.message });
      return;
    }
    running.current = true;
    setBusy(true);
    const r = remove ? await api<{ shoppingCart: ShoppingCart }>('DELETE', path) : await api<{ shoppingCart: ShoppingCart }>('PUT', path, { quantity: q.ok ? q.quantity : text });
    running.current = false;
    setBusy(false);
    if (r.ok) {
      const cart = r.data.shoppingCart;
      const now = cart.entries.find((e) => e.id === entry.id);
      if (!remove && now !== undefined) showCartQuantity(now.quantity);
      onChanged(cart, remove || now === undefined ? { kind: 'removed', entry: latest.current } : { kind: 'quantity', entry: now });
      return;
    }
    // refused (not enough stock, a line gone): the box goes back to what the cart holds
    if (!remove) showCartQuantity(latest.current.quantity);
    onFailure({ title: remove ? CART_UI_MESSAGES.removeItem : CART_UI_MESSAGES.updateQuantity, message: failureText(r) });
  }

  function submit(event: FormEvent, remove: boolean) {
    event.preventDefault();
    if (running.current) return;
    if (stepTimer.current !== null) {
      clearTimeout(stepTimer.current);
      stepTimer.current = null;
    }
    void send(remove, quantity);
  }

  /** A − / + press: the line follows by itself once the presses pause (one request for quick presses). */
  function stepped(value: string) {
    if (stepTimer.current !== null) clearTimeout(stepTimer.current);
    stepTimer.current = setTimeout(function fire() {
      // a request still running: this one goes once it has answered
      if (running.current) {
        stepTimer.current = setTimeout(fire, STEPPER_DEBOUNCE_MS);
        return;
      }
      stepTimer.current = null;
      if (value !== String(latest.current.quantity)) void send(false, value);
    }, STEPPER_DEBOUNCE_MS);
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
        <span className="cart-entry-title">{url ? <a href={sitePath(url)}>{entry.title}</a> : entry.title}</span>
        {variant !== '' ? <span className="cart-entry-variant">{variant}</span> : null}
        <Answers entry={entry} onFailure={onFailure} say={say} saving={saving} />
        <span className="cart-entry-unit">{money(entry.purchasePriceCents)}</span>
      </span>
      <span className="cart-entry-actions">
        <form className="cart-entry-update" method="post" action={sitePath('/cart/update')} noValidate onSubmit={(e) => submit(e, false)}>
          <input type="hidden" name="crumb" value={crumb} />
          <input type="hidden" name="entryId" value={entry.id} />
          <QuantityInput
            label={say('cartLines.quantityOf', { title: entry.title })}
            names={{ fewer: say('quantity.fewer', { subject: entry.title }), more: say('quantity.more', { subject: entry.title }) }}
            value={quantity}
            onChange={setQuantity}
            onStep={stepped}
          />
          <button type="submit" className="button button--secondary cart-entry-update-button">
            {say('cartLines.update')}
          </button>
        </form>
        <form className="cart-entry-remove" method="post" action={sitePath('/cart/remove')} onSubmit={(e) => submit(e, true)}>
          <input type="hidden" name="crumb" value={crumb} />
          <input type="hidden" name="entryId" value={entry.id} />
          <button type="submit" className="cart-entry-remove-button" aria-label={say('cartLines.removeNamed', { title: entry.title })}>
            {say('cartLines.remove')}
          </button>
        </form>
      </span>
      <span className="cart-entry-price">{money(entry.subTotal)}</span>
    </li>
  );
}

/**
 * Where focus goes once a line is removed (its controls are gone with it): the next line's product link,
 * else the line before's, else the empty cart's message.
 */
function focusAfterRemoval(list: HTMLElement, index: number): void {
  const lines = list.querySelectorAll<HTMLElement>('li.cart-entry');
  const line = lines[Math.min(index, lines.length - 1)];
  const target = line?.querySelector<HTMLElement>('.cart-entry-title a, input[name="quantity"]') ?? list.querySelector<HTMLElement>('.cart-empty');
  target?.focus();
}

export function CartLines(props: CartLinesProps) {
  const state = useCart();
  // the server rendered this page from the cart: the other islands (the pill) start from it too
  useEffect(() => setCart(props.cart), [props.cart]);
  // the server's cart until any island changes it
  const cart = state.initialised && state.cart !== null ? state.cart : props.cart;
  const [alert, showAlert] = useState<AlertMessage | null>(null);
  const setAlert = (a: AlertMessage | null) => showAlert(a === null ? null : { title: ruleText(a.title, props.refusals), message: ruleText(a.message, props.refusals) });
  const [said, setSaid] = useState('');
  const say: Say = (key, values) => formatCompact(props.messages.text[key], props.messages.locale, values);
  const saving = ruleText(ADDITIONAL_FIELDS_MESSAGES.saving, props.refusals);
  const root = useRef<HTMLDivElement>(null);
  const removedAt = useRef<number | null>(null);
  const money = (cents: number) => moneyText(cents, cart.subtotalMoney?.currency ?? props.currency, props.locale);

  function changed(next: ShoppingCart, change: LineChange) {
    const subtotal = moneyText(next.subtotalCents, next.subtotalMoney?.currency ?? props.currency, props.locale);
    if (change.kind === 'removed') {
      removedAt.current = cart.entries.findIndex((e) => e.id === change.entry.id);
      setSaid(next.entries.length === 0 ? say('cartLines.saidEmptied', { title: change.entry.title }) : say('cartLines.saidRemoved', { title: change.entry.title, subtotal }));
    } else {
      setSaid(say('cartLines.saidQuantity', { title: change.entry.title, quantity: change.entry.quantity, subtotal }));
    }
    setCart(next);
  }

  // after a removal the new lines are on the page: focus goes to the next one
  useEffect(() => {
    if (removedAt.current === null || root.current === null) return;
    focusAfterRemoval(root.current, removedAt.current);
    removedAt.current = null;
  }, [cart]);

  return (
    <div className="cart-lines" ref={root}>
      {cart.entries.length === 0 ? (
        <div className="cart-empty-state">
          <p className="cart-empty" tabIndex={-1}>
            {say('cartLines.empty')}
          </p>
          <p>
            <a className="button" href={sitePath('/shop')}>
              {say('theme.continueShopping')}
            </a>
          </p>
        </div>
      ) : (
        <ul className="cart-entries">
          {cart.entries.map((entry, i) => (
            <Line key={entry.id} entry={entry} first={i === 0} crumb={props.crumb} money={money} onFailure={setAlert} onChanged={changed} say={say} saving={saving} />
          ))}
        </ul>
      )}
      <div className="cart-footer">
        <p className="cart-subtotal">
          {say('cartLines.subtotal')} <span className="cart-subtotal-amount">{money(cart.subtotalCents)}</span>
        </p>
        {cart.entries.length > 0 ? (
          <>
            <p className="cart-note">{say('cartLines.shippingNote')}</p>
            <p className="cart-checkout">
              <a className="button" href={sitePath('/checkout')}>
                {say('theme.checkout')}
              </a>
            </p>
          </>
        ) : null}
      </div>
      <p className="visually-hidden cart-status" role="status">
        {said}
      </p>
      <AlertDialog alert={alert} onClose={() => setAlert(null)} closeLabel={say('alert.ok')} />
    </div>
  );
}
