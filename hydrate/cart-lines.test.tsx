// @vitest-environment happy-dom
/**
 * The cart page's lines in a DOM (spec 000 §8 "Cart UI strings"): the server's markup hydrated without a
 * mismatch, then quantities changed and lines removed in place through the cart API, the shared store
 * following, and every failure in its alert: the quantity rule checked before any request, the server's
 * message, no answer at all, and an answer without a message. The steppers update their line by themselves
 * (debounced, said in the status region), a refused quantity puts the box back, and focus never drops to
 * the page's body.
 */
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { STEPPER_DEBOUNCE_MS } from '../commerce/cart-ui.js';
import { type CartEntry, getCartState, type ShoppingCart } from './cart-store.js';
import {
  advance,
  alertShown,
  closeAlert,
  fetchMock,
  flush,
  hydrateIsland,
  offline,
  pending,
  respond,
  sentRequest,
  typeInto,
  useIslandTestPage,
} from './dom-testing.js';
import mountCartLines from './islands/cart-lines.js';
import { CART_LINES_MESSAGES } from './components/cart-lines.js';
import { islandMessages } from '../commerce/messages/island-messages.js';

const SHIRT: CartEntry = {
  id: 'e1',
  itemId: 'field-shirt',
  title: 'Field Shirt',
  quantity: 1,
  purchasePriceCents: 8900,
  subTotal: 8900,
  chosenVariant: { sku: 'SHIRT-Olive-L', attributes: { Color: 'Olive', Size: 'L' } },
};
const MUG: CartEntry = { id: 'e 2', itemId: 'mug', title: 'Mug', quantity: 2, purchasePriceCents: 1500, subTotal: 3000 };

function cartOf(...entries: CartEntry[]): ShoppingCart {
  return {
    id: 'cart-1',
    entries,
    totalQuantity: entries.reduce((n, e) => n + e.quantity, 0),
    subtotalCents: entries.reduce((n, e) => n + e.subTotal, 0),
  };
}

useIslandTestPage({ cookies: { crumb: 'cookie-crumb' } });

const HEADER_COUNT = '<span class="sqs-cart-quantity">3</span>';
const hydrate = (cart: ShoppingCart = cartOf(SHIRT, MUG)) =>
  hydrateIsland('cart-lines', { cart, currency: 'USD', locale: 'en-US', crumb: 'server-crumb', messages: islandMessages('en-US', CART_LINES_MESSAGES) }, mountCartLines, { before: HEADER_COUNT });

const line = (el: HTMLElement, id: string) => el.querySelector<HTMLElement>(`li[data-entry-id="${id}"]`);
const lineText = (el: HTMLElement, id: string, part: string) => line(el, id)?.querySelector(`.cart-entry-${part}`)?.textContent;
const subtotal = (el: HTMLElement) => el.querySelector('.cart-subtotal-amount')?.textContent;

async function setQuantity(el: HTMLElement, id: string, text: string) {
  await typeInto(line(el, id)!.querySelector<HTMLInputElement>('input[name="quantity"]')!, text);
}
async function update(el: HTMLElement, id: string) {
  await act(async () => line(el, id)!.querySelector<HTMLButtonElement>('.cart-entry-update button[type="submit"]')!.click());
  await flush();
}
const box = (el: HTMLElement, id: string) => line(el, id)!.querySelector<HTMLInputElement>('input[name="quantity"]')!;
const status = (el: HTMLElement) => el.querySelector('[role="status"].cart-status')?.textContent;
const headerCount = () => document.querySelector('.sqs-cart-quantity')?.textContent;
async function step(el: HTMLElement, id: string, which: 'up' | 'down') {
  await act(async () => line(el, id)!.querySelector<HTMLButtonElement>(`.quantity-step--${which}`)!.click());
}
async function remove(el: HTMLElement, id: string) {
  await act(async () => line(el, id)!.querySelector<HTMLButtonElement>('.cart-entry-remove button[type="submit"]')!.click());
  await flush();
}

describe('cart lines', () => {
  it('renders the server’s cart and seeds the shared store with it', async () => {
    const el = await hydrate();
    expect(lineText(el, 'e1', 'title')).toBe('Field Shirt');
    expect(lineText(el, 'e1', 'variant')).toBe('Color: Olive · Size: L');
    expect(lineText(el, 'e1', 'price')).toBe('$89.00');
    expect(lineText(el, 'e 2', 'price')).toBe('$30.00');
    expect(subtotal(el)).toBe('$119.00');
    expect(getCartState()).toEqual({ initialised: true, cart: cartOf(SHIRT, MUG) });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('update: PUTs the number, shows the new line and cart subtotals, updates the store', async () => {
    const el = await hydrate();
    await setQuantity(el, 'e1', '3');
    const updated = cartOf({ ...SHIRT, quantity: 3, subTotal: 26700 }, MUG);
    const answer = pending(200, { shoppingCart: updated });
    await update(el, 'e1');
    // busy while the request runs; a second press sends nothing
    expect(line(el, 'e1')?.getAttribute('aria-busy')).toBe('true');
    await update(el, 'e1');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const r = sentRequest();
    expect(r.path).toBe('/api/commerce/shopping-cart/entries/e1');
    expect(r.method).toBe('PUT');
    expect(r.body).toEqual({ quantity: 3 });
    expect(r.headers['x-csrf-token']).toBe('cookie-crumb');
    await answer();
    expect(line(el, 'e1')?.hasAttribute('aria-busy')).toBe(false);
    expect(lineText(el, 'e1', 'price')).toBe('$267.00');
    expect(subtotal(el)).toBe('$297.00');
    expect(line(el, 'e1')!.querySelector<HTMLInputElement>('input[name="quantity"]')!.value).toBe('3');
    expect(getCartState().cart).toEqual(updated);
    expect(alertShown()).toBeNull();
  });

  it('remove: DELETEs the entry (its id escaped) and the line goes; the last one leaves `Your cart is empty.`', async () => {
    const el = await hydrate();
    expect(el.querySelector('.cart-empty')).toBeNull();
    respond(200, { shoppingCart: cartOf(SHIRT) });
    await remove(el, 'e 2');
    expect(sentRequest().path).toBe('/api/commerce/shopping-cart/entries/e%202');
    expect(sentRequest().method).toBe('DELETE');
    expect(sentRequest().body).toBeUndefined();
    expect(line(el, 'e 2')).toBeNull();
    expect(line(el, 'e1')).not.toBeNull();
    expect(subtotal(el)).toBe('$89.00');
    expect(getCartState().cart).toEqual(cartOf(SHIRT));

    respond(200, { shoppingCart: cartOf() });
    await remove(el, 'e1');
    expect(el.querySelectorAll('li.cart-entry')).toHaveLength(0);
    expect(el.querySelector('.cart-empty')?.textContent).toBe('Your cart is empty.');
    expect(el.querySelector('.cart-checkout')).toBeNull();
    expect(subtotal(el)).toBe('$0.00');
    expect(getCartState().cart?.totalQuantity).toBe(0);
  });

  it('remove ignores a quantity being edited, however invalid', async () => {
    const el = await hydrate();
    await setQuantity(el, 'e1', '0');
    respond(200, { shoppingCart: cartOf(MUG) });
    await remove(el, 'e1');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(line(el, 'e1')).toBeNull();
    expect(alertShown()).toBeNull();
  });

  it.each([
    ['0', 'Quantity must be between 1 and 9999.'],
    ['10000', 'Quantity must be between 1 and 9999.'],
    ['2.5', 'Quantity must be a whole number'],
    ['', 'Quantity must be a number.'],
  ])('an invalid quantity %j: `Unable to update quantity` with the quantity message, no request', async (text, message) => {
    const el = await hydrate();
    await setQuantity(el, 'e1', text);
    await update(el, 'e1');
    expect(alertShown()).toEqual({ title: 'Unable to update quantity', message });
    expect(fetchMock).not.toHaveBeenCalled();
    await closeAlert();
    expect(getCartState().cart).toEqual(cartOf(SHIRT, MUG));
  });

  it('server 409: `Unable to update quantity` with the server’s message; the line stays as it was', async () => {
    const el = await hydrate();
    await setQuantity(el, 'e1', '50');
    respond(409, { message: 'Sorry, we do not have enough of that item available.' });
    await update(el, 'e1');
    expect(alertShown()).toEqual({ title: 'Unable to update quantity', message: 'Sorry, we do not have enough of that item available.' });
    expect(lineText(el, 'e1', 'price')).toBe('$89.00');
    expect(subtotal(el)).toBe('$119.00');
    expect(getCartState().cart).toEqual(cartOf(SHIRT, MUG));
    expect(line(el, 'e1')?.hasAttribute('aria-busy')).toBe(false);
  });

  it('no answer: `Please check your internet connection.`', async () => {
    const el = await hydrate();
    await setQuantity(el, 'e1', '2');
    offline();
    await update(el, 'e1');
    expect(alertShown()).toEqual({ title: 'Unable to update quantity', message: 'Please check your internet connection.' });
  });

  it('remove failing: `Unable to remove item`, the line kept', async () => {
    const el = await hydrate();
    respond(404, { message: 'That item is no longer in your cart.' });
    await remove(el, 'e1');
    expect(alertShown()).toEqual({ title: 'Unable to remove item', message: 'That item is no longer in your cart.' });
    expect(line(el, 'e1')).not.toBeNull();
    await closeAlert();
    offline();
    await remove(el, 'e1');
    expect(alertShown()).toEqual({ title: 'Unable to remove item', message: 'Please check your internet connection.' });
  });

  it('an answer without a message: `Please try again.`', async () => {
    const el = await hydrate();
    respond(500, {});
    await remove(el, 'e1');
    expect(alertShown()).toEqual({ title: 'Unable to remove item', message: 'Please try again.' });
    await closeAlert();
    await setQuantity(el, 'e1', '2');
    fetchMock.mockImplementationOnce(async () => new Response('<html>Bad Gateway</html>', { status: 502 }));
    await update(el, 'e1');
    expect(alertShown()).toEqual({ title: 'Unable to update quantity', message: 'Please try again.' });
  });

  it('an empty cart from the server renders the empty message', async () => {
    const el = await hydrate(cartOf());
    expect(el.querySelector('.cart-empty')?.textContent).toBe('Your cart is empty.');
    expect(el.querySelector('.cart-checkout')).toBeNull();
  });
});

describe('the steppers update their line by themselves', () => {
  it('quick presses make one request once they pause; the line, subtotal, header count and status follow', async () => {
    const el = await hydrate();
    await step(el, 'e1', 'up');
    await advance(STEPPER_DEBOUNCE_MS - 100);
    await step(el, 'e1', 'up');
    expect(box(el, 'e1').value).toBe('3');
    await advance(STEPPER_DEBOUNCE_MS - 1);
    expect(fetchMock).not.toHaveBeenCalled();
    const updated = cartOf({ ...SHIRT, quantity: 3, subTotal: 26700 }, MUG);
    respond(200, { shoppingCart: updated });
    await advance(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(sentRequest().method).toBe('PUT');
    expect(sentRequest().body).toEqual({ quantity: 3 });
    expect(lineText(el, 'e1', 'price')).toBe('$267.00');
    expect(subtotal(el)).toBe('$297.00');
    expect(headerCount()).toBe('5');
    expect(status(el)).toBe('Quantity of Field Shirt: 3. Subtotal: $297.00.');
    expect(getCartState().cart).toEqual(updated);
  });

  it('a press back to the cart’s quantity sends nothing; − at 1 changes nothing', async () => {
    const el = await hydrate();
    await step(el, 'e1', 'up');
    await step(el, 'e1', 'down');
    await step(el, 'e1', 'down');
    expect(box(el, 'e1').value).toBe('1');
    await advance(STEPPER_DEBOUNCE_MS * 3);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a press while the line’s request runs goes once it has answered, and the box keeps the newer value', async () => {
    const el = await hydrate();
    await step(el, 'e1', 'up');
    const first = pending(200, { shoppingCart: cartOf({ ...SHIRT, quantity: 2, subTotal: 17800 }, MUG) });
    await advance(STEPPER_DEBOUNCE_MS);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await step(el, 'e1', 'up');
    await advance(STEPPER_DEBOUNCE_MS);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await first();
    expect(box(el, 'e1').value).toBe('3');
    respond(200, { shoppingCart: cartOf({ ...SHIRT, quantity: 3, subTotal: 26700 }, MUG) });
    await advance(STEPPER_DEBOUNCE_MS);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(sentRequest(1).body).toEqual({ quantity: 3 });
    expect(box(el, 'e1').value).toBe('3');
    expect(subtotal(el)).toBe('$297.00');
  });

  it('a refused step: the alert, and the box back at the cart’s quantity', async () => {
    const el = await hydrate();
    await step(el, 'e1', 'up');
    respond(409, { message: 'Sorry, we do not have enough of that item available.' });
    await advance(STEPPER_DEBOUNCE_MS);
    expect(alertShown()).toEqual({ title: 'Unable to update quantity', message: 'Sorry, we do not have enough of that item available.' });
    expect(box(el, 'e1').value).toBe('1');
    expect(lineText(el, 'e1', 'price')).toBe('$89.00');
  });
});

describe('a refused quantity goes back to the cart’s', () => {
  it('999 refused by the server: the box says 1 again, as the line does', async () => {
    const el = await hydrate();
    await setQuantity(el, 'e1', '999');
    respond(409, { message: 'Sorry, we do not have enough of that item available.' });
    await update(el, 'e1');
    expect(alertShown()?.message).toBe('Sorry, we do not have enough of that item available.');
    expect(box(el, 'e1').value).toBe('1');
  });

  it.each(['0', '', '2.5'])('%j refused before any request: the box back at the cart’s quantity', async (text) => {
    const el = await hydrate();
    await setQuantity(el, 'e 2', text);
    await update(el, 'e 2');
    expect(alertShown()?.title).toBe('Unable to update quantity');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(box(el, 'e 2').value).toBe('2');
  });
});

describe('focus stays on the page’s controls', () => {
  it('after Update it stays on the Update button, and on the box after Enter', async () => {
    const el = await hydrate();
    await setQuantity(el, 'e1', '2');
    const button = line(el, 'e1')!.querySelector<HTMLButtonElement>('.cart-entry-update-button')!;
    button.focus();
    respond(200, { shoppingCart: cartOf({ ...SHIRT, quantity: 2, subTotal: 17800 }, MUG) });
    await update(el, 'e1');
    expect(lineText(el, 'e1', 'price')).toBe('$178.00');
    expect(document.activeElement).toBe(button);
    expect(button.isConnected).toBe(true);

    await setQuantity(el, 'e1', '3');
    box(el, 'e1').focus();
    respond(200, { shoppingCart: cartOf({ ...SHIRT, quantity: 3, subTotal: 26700 }, MUG) });
    await act(async () => box(el, 'e1').form!.requestSubmit());
    await flush();
    expect(lineText(el, 'e1', 'price')).toBe('$267.00');
    expect(document.activeElement).toBe(box(el, 'e1'));
  });

  it('after a stepper press it stays on the stepper', async () => {
    const el = await hydrate();
    const up = line(el, 'e1')!.querySelector<HTMLButtonElement>('.quantity-step--up')!;
    up.focus();
    await step(el, 'e1', 'up');
    respond(200, { shoppingCart: cartOf({ ...SHIRT, quantity: 2, subTotal: 17800 }, MUG) });
    await advance(STEPPER_DEBOUNCE_MS);
    expect(lineText(el, 'e1', 'price')).toBe('$178.00');
    expect(document.activeElement).toBe(up);
  });

  it('after Remove it moves to the next line, else the one before, else the empty cart’s message; the status says so', async () => {
    const el = await hydrate(cartOf(SHIRT, MUG, { ...MUG, id: 'e3', title: 'Tote' }));
    respond(200, { shoppingCart: cartOf(SHIRT, { ...MUG, id: 'e3', title: 'Tote' }) });
    await remove(el, 'e 2');
    expect(document.activeElement).toBe(box(el, 'e3'));
    expect(status(el)).toBe('Mug removed. Subtotal: $119.00.');

    respond(200, { shoppingCart: cartOf(SHIRT) });
    await remove(el, 'e3');
    expect(document.activeElement).toBe(box(el, 'e1'));

    respond(200, { shoppingCart: cartOf() });
    await remove(el, 'e1');
    expect(document.activeElement).toBe(el.querySelector('.cart-empty'));
    expect(status(el)).toBe('Field Shirt removed. Your cart is empty.');
    expect(headerCount()).toBe('0');
  });

  it('after Remove the next line’s product link takes focus when it has one', async () => {
    const el = await hydrate(cartOf({ ...SHIRT, id: 'a' }, { ...MUG, productUrl: '/shop/p/mug' } as CartEntry));
    respond(200, { shoppingCart: cartOf({ ...MUG, productUrl: '/shop/p/mug' } as CartEntry) });
    await remove(el, 'a');
    expect(document.activeElement).toBe(line(el, 'e 2')!.querySelector('.cart-entry-title a'));
  });
});
