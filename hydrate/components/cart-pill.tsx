/**
 * The floating cart pill (spec 000 §2, §4, §9): count and subtotal, a link to /cart, hidden while empty or
 * before its first sync, and a live region that says how many items the cart holds whenever that changes.
 */
import { useEffect, useRef, useState } from 'react';
import { pillCountText, pillSpokenLabel } from '../../commerce/cart-pill.js';
import { moneyText } from '../../commerce/money-text.js';
import { ensureCartLoaded, useCart } from '../cart-store.js';

export interface CartPillProps {
  readonly currency: string;
  readonly locale: string;
  /** In the browser: the page began without a cart, so the first count learnt is a change to say. */
  readonly announceFirstCount?: boolean;
}

export function CartPill({ currency, locale, announceFirstCount = false }: CartPillProps) {
  const { initialised, cart } = useCart();
  useEffect(() => {
    void ensureCartLoaded();
  }, []);
  const count = cart?.totalQuantity ?? 0;
  // the live region speaks when the count changes, not when the page first learns it
  const [spoken, setSpoken] = useState('');
  const synced = useRef<number | null>(announceFirstCount ? 0 : null);
  useEffect(() => {
    if (!initialised) return;
    if (synced.current !== null && synced.current !== count) setSpoken(pillSpokenLabel(count));
    synced.current = count;
  }, [initialised, count]);
  const empty = count === 0;
  const subtotal = moneyText(cart?.subtotalCents ?? 0, cart?.subtotalMoney?.currency ?? currency, locale);
  const classes = ['cart-pill', initialised ? 'cart-pill--initialised' : '', empty ? 'cart-pill--empty' : ''].filter(Boolean).join(' ');
  return (
    <div className="cart-pill-wrapper">
      {/* named by its text, the visible part first (WCAG 2.5.3 label in name): `3 $267.00, cart: 3 items in cart` */}
      <a className={classes} href="/cart" hidden={!initialised || empty}>
        <span className="cart-pill-count">{pillCountText(count)}</span> <span className="cart-pill-subtotal">{subtotal}</span>
        <span className="visually-hidden">{`, cart: ${pillSpokenLabel(count)}`}</span>
      </a>
      <span className="visually-hidden" aria-live="polite" role="status">
        {spoken}
      </span>
    </div>
  );
}
