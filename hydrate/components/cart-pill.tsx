/**
 * The floating cart pill (spec 000 §2, §4, §9): count and subtotal, a link to /cart, hidden while empty or
 * before its first sync, and a live region that says how many items the cart holds whenever that changes.
 */
import { useEffect, useRef, useState } from 'react';
import { PILL_COUNT_LIMIT, pillCountText } from '../../commerce/cart-pill.js';
import { formatCompact, type IslandMessages } from '../../commerce/messages/compact.js';
import { moneyText } from '../../commerce/money-text.js';
import { ensureCartLoaded, useCart } from '../cart-store.js';
import { sitePath } from '../site-path.js';

export interface CartPillProps {
  readonly currency: string;
  readonly locale: string;
  /** Its words in the site's language (commerce/messages/, `cartPill.*`), with the catalog's tag. */
  readonly messages: IslandMessages<'cartPill.items' | 'cartPill.linkName'>;
  /** In the browser: the page began without a cart, so the first count learnt is a change to say. */
  readonly announceFirstCount?: boolean;
}

/** What a screen reader hears: 'One item in cart', '{n} items in cart', 'More than 100 items in cart' (in English). */
export function pillSpokenLabel(messages: CartPillProps['messages'], count: number): string {
  const over = count > PILL_COUNT_LIMIT ? 'yes' : 'no';
  return formatCompact(messages.text['cartPill.items'], messages.locale, { over, limit: PILL_COUNT_LIMIT, count });
}

export function CartPill({ currency, locale, messages, announceFirstCount = false }: CartPillProps) {
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
    if (synced.current !== null && synced.current !== count) setSpoken(pillSpokenLabel(messages, count));
    synced.current = count;
  }, [initialised, count, messages]);
  const empty = count === 0;
  const subtotal = moneyText(cart?.subtotalCents ?? 0, cart?.subtotalMoney?.currency ?? currency, locale);
  const classes = ['cart-pill', initialised ? 'cart-pill--initialised' : '', empty ? 'cart-pill--empty' : ''].filter(Boolean).join(' ');
  return (
    <div className="cart-pill-wrapper">
      {/* named by its text, the visible part first (WCAG 2.5.3 label in name): `3 $267.00, cart: 3 items in cart` */}
      <a className={classes} href={sitePath('/cart')} hidden={!initialised || empty}>
        <span className="cart-pill-count">{pillCountText(count)}</span> <span className="cart-pill-subtotal">{subtotal}</span>
        <span className="visually-hidden">{formatCompact(messages.text['cartPill.linkName'], messages.locale, { items: pillSpokenLabel(messages, count) })}</span>
      </a>
      <span className="visually-hidden" aria-live="polite" role="status">
        {spoken}
      </span>
    </div>
  );
}
