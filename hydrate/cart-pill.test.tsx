// @vitest-environment happy-dom
/**
 * The cart pill island in a DOM (spec 000 §4 "Cart loading", "Cart pill", §9): the server's markup is hidden
 * and uninitialised; hydrated, it loads the cart only when the cart cookie says there is one (a timestamped
 * GET), shows count, subtotal and the spoken count, follows every later change of the shared store, and
 * keeps the page's `.sqs-cart-quantity` counts with it.
 */
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CART_FILLED_EVENT } from './cart-event.js';
import { getCartState, HAS_CART_COOKIE, setCart, type ShoppingCart } from './cart-store.js';
import { expectNoConsoleError, fetchMock, flush, pending, respond, serverMarkup, setCookie, useIslandTestPage } from './dom-testing.js';
import mountCartPill from './islands/cart-pill.js';
import { islandMarkup } from './ssr.js';
import { cartPillProps } from '../server/islands/props.js';

useIslandTestPage();

function cart(totalQuantity: number, subtotalCents: number): ShoppingCart {
  return {
    entries: totalQuantity === 0 ? [] : [{ id: 'e1', itemId: 'i1', title: 'Field Shirt', quantity: totalQuantity, purchasePriceCents: 8900, subTotal: subtotalCents }],
    totalQuantity,
    subtotalCents,
  };
}

const PAGE_COUNTS = '<header><a href="/cart">Cart (<span class="sqs-cart-quantity">0</span>)</a></header><footer><span class="sqs-cart-quantity">0</span></footer>';

const PROPS = cartPillProps({ website: { language: 'en-US', baseCurrency: 'USD' } });

const serverPage = (props = PROPS) => serverMarkup('cart-pill', props, PAGE_COUNTS);

async function hydrate(props = PROPS): Promise<HTMLElement> {
  const element = serverPage(props);
  await act(async () => mountCartPill(element));
  // the first client render is the server's (the store's server snapshot): no mismatch
  expectNoConsoleError();
  return element;
}

const link = (el: HTMLElement) => el.querySelector<HTMLAnchorElement>('a.cart-pill')!;
const pill = (el: HTMLElement) => ({
  hidden: link(el).hidden,
  initialised: link(el).classList.contains('cart-pill--initialised'),
  empty: link(el).classList.contains('cart-pill--empty'),
  count: el.querySelector('.cart-pill-count')?.textContent,
  subtotal: el.querySelector('.cart-pill-subtotal')?.textContent,
  spoken: el.querySelector('[role="status"][aria-live="polite"]')?.textContent,
  label: link(el).textContent,
});
const pageCounts = () => [...document.querySelectorAll('.sqs-cart-quantity')].filter((e) => !e.closest('[data-island]')).map((e) => e.textContent);

describe('cart pill', () => {
  it('the server markup is hidden and uninitialised, with an empty live region', () => {
    const el = serverPage();
    expect(link(el).hasAttribute('hidden')).toBe(true);
    expect(link(el).getAttribute('href')).toBe('/cart');
    expect(link(el).classList.contains('cart-pill--initialised')).toBe(false);
    expect(el.querySelector('[role="status"]')?.textContent).toBe('');
  });

  it('no cart cookie: no request; initialised, empty and still hidden', async () => {
    const el = await hydrate();
    await flush();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(pill(el)).toMatchObject({ hidden: true, initialised: true, empty: true, count: '0' });
    expect(getCartState()).toEqual({ initialised: true, cart: { entries: [], totalQuantity: 0, subtotalCents: 0 } });
  });

  it('with the cart cookie: one timestamped GET, then count, subtotal and the spoken count', async () => {
    setCookie(HAS_CART_COOKIE, '1');
    vi.setSystemTime(new Date('2026-03-01T12:00:00Z'));
    const answer = pending(200, cart(3, 26700));
    const el = await hydrate();
    await flush();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // before the answer the pill is as the server rendered it
    expect(pill(el)).toMatchObject({ hidden: true, initialised: false, spoken: '' });
    await answer();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(init?.method).toBe('GET');
    const parsed = new URL(String(url), 'http://localhost');
    expect(parsed.pathname).toBe('/api/commerce/shopping-cart');
    expect(parsed.searchParams.get('timecode')).toBe(String(Date.parse('2026-03-01T12:00:00Z')));
    expect(pill(el)).toEqual({
      hidden: false,
      initialised: true,
      empty: false,
      count: '3',
      subtotal: '$267.00',
      // learning the count on load is not news: the live region speaks when it changes
      spoken: '',
      label: '3 $267.00, cart: 3 items in cart',
    });
    expect(pageCounts()).toEqual(['3', '3']);
    await act(async () => setCart(cart(4, 35600)));
    expect(pill(el)).toMatchObject({ count: '4', spoken: '4 items in cart' });
  });

  it('keeps the server markup while the GET is unanswered, and when it fails', async () => {
    setCookie(HAS_CART_COOKIE, '1');
    respond(503, { message: 'down' });
    const el = await hydrate();
    await flush();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(pill(el)).toMatchObject({ hidden: true, initialised: false, spoken: '' });
    // the next change elsewhere brings it up to date
    await act(async () => setCart(cart(1, 8900)));
    expect(pill(el)).toMatchObject({ hidden: false, initialised: true, count: '1', spoken: '' });
    await act(async () => setCart(cart(2, 17800)));
    expect(pill(el)).toMatchObject({ count: '2', spoken: '2 items in cart' });
  });

  it('one item, many, and more than 100 (counted `100+`)', async () => {
    const el = await hydrate();
    await flush();
    await act(async () => setCart(cart(1, 8900)));
    expect(pill(el)).toMatchObject({ hidden: false, empty: false, count: '1', subtotal: '$89.00', spoken: 'One item in cart' });
    await act(async () => setCart(cart(100, 890000)));
    expect(pill(el)).toMatchObject({ count: '100', subtotal: '$8,900.00', spoken: '100 items in cart' });
    await act(async () => setCart(cart(101, 898900)));
    expect(pill(el)).toMatchObject({ count: '100+', subtotal: '$8,989.00', spoken: 'More than 100 items in cart', label: '100+ $8,989.00, cart: More than 100 items in cart' });
    // the page's own counts print the number itself
    expect(pageCounts()).toEqual(['101', '101']);
  });

  it('in a German site: the catalog’s words and the locale’s money, for one item, many and more than 100', async () => {
    const el = await hydrate(cartPillProps({ website: { language: 'de-DE', baseCurrency: 'USD' } }));
    await flush();
    await act(async () => setCart(cart(1, 4800)));
    expect(pill(el)).toMatchObject({ count: '1', subtotal: '48,00\u00a0$', spoken: '1 Artikel im Warenkorb', label: '1 48,00\u00a0$, Warenkorb: 1 Artikel im Warenkorb' });
    await act(async () => setCart(cart(3, 14400)));
    expect(pill(el)).toMatchObject({ spoken: '3 Artikel im Warenkorb' });
    await act(async () => setCart(cart(101, 484800)));
    expect(pill(el)).toMatchObject({ count: '100+', subtotal: '4.848,00\u00a0$', spoken: 'Mehr als 100 Artikel im Warenkorb' });
  });

  it('follows setCart from elsewhere back to empty, and the page counts with it', async () => {
    const el = await hydrate();
    await flush();
    expect(pageCounts()).toEqual(['0', '0']);
    await act(async () => setCart(cart(2, 17800)));
    expect(pill(el)).toMatchObject({ hidden: false, count: '2', spoken: '2 items in cart' });
    expect(pageCounts()).toEqual(['2', '2']);
    await act(async () => setCart(cart(0, 0)));
    expect(pill(el)).toMatchObject({ hidden: true, initialised: true, empty: true, count: '0' });
    expect(pageCounts()).toEqual(['0', '0']);
  });

  it('loads the cart once however many times the pill is mounted', async () => {
    setCookie(HAS_CART_COOKIE, '1');
    fetchMock.mockImplementation(async () => new Response(JSON.stringify(cart(1, 8900)), { status: 200 }));
    document.body.innerHTML =
      islandMarkup('cart-pill', PROPS) + islandMarkup('cart-pill', PROPS);
    const [a, b] = [...document.querySelectorAll<HTMLElement>('[data-island="cart-pill"]')];
    await act(async () => {
      mountCartPill(a!);
      mountCartPill(b!);
    });
    await flush();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(pill(a!).count).toBe('1');
    expect(pill(b!).count).toBe('1');
  });

  it('the store tells the page when the cart comes to hold something (the loader then loads a pill that waited)', async () => {
    const heard: number[] = [];
    const listener = () => heard.push(getCartState().cart?.totalQuantity ?? -1);
    window.addEventListener(CART_FILLED_EVENT, listener);
    try {
      setCart(cart(0, 0));
      expect(heard).toEqual([]);
      setCart(cart(2, 17800));
      expect(heard).toEqual([2]);
    } finally {
      window.removeEventListener(CART_FILLED_EVENT, listener);
    }
  });

  it('loaded because the cart filled on this page (data-waited="cart"), it says the count it first learns', async () => {
    setCart(cart(3, 26700));
    const element = serverPage();
    element.dataset['waited'] = 'cart';
    await act(async () => mountCartPill(element));
    await flush();
    expect(pill(element)).toMatchObject({ hidden: false, count: '3', spoken: '3 items in cart' });
  });
});
