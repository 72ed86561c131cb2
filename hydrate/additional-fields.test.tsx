// @vitest-environment happy-dom
/**
 * A product's additional-fields form in a DOM, on fake timers (spec 000 §2, §4, §8, §9): the buy box keeps the
 * form's fields inline once the island runs (nothing moves), refuses an empty answer in place (the field's
 * message, the summary naming it, focused) and sends the answers with the entry; the cart edits them in the
 * lightbox, which follows the APG pattern (focus in, Tab wraps, Escape closes, focus back, the page behind
 * inert), is placed 50 px from the top when taller than the window and re-placed 100 ms after the last
 * resize (`Saving…`, and `Unable to update form` when the save fails).
 */
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { ADDITIONAL_FIELDS_MESSAGES, LIGHTBOX_RESIZE_DEBOUNCE_MS, LIGHTBOX_TOP_MARGIN_PX } from '../commerce/additional-fields.js';
import type { ShoppingCart } from './cart-store.js';
import { CART_LINES_MESSAGES, type CartLinesProps } from './components/cart-lines.js';
import { lightboxTop } from './components/lightbox.js';
import { PRICE_MESSAGES, type ProductFormProps } from './components/product-form.js';
import { islandMessages } from '../commerce/messages/island-messages.js';
import { advance, alertShown, flush, hydrateIsland, pending, respond, sentRequest, serverMarkup, typeInto, useIslandTestPage } from './dom-testing.js';
import mountCartLines from './islands/cart-lines.js';
import mountProductForm from './islands/product-form.js';

useIslandTestPage({ cookies: { crumb: 'abc' } });

const FORM = { name: 'Monogram', fields: [{ id: 'field-1', kind: 'text' as const, title: 'Initials', required: true }] };

function napkins(): ProductFormProps {
  return {
    itemId: 'p-napkins',
    productType: 1,
    currency: 'USD',
    locale: 'en-US',
    mode: 'cart',
    action: '/cart/add',
    crumb: 'abc',
    labels: { add: 'Personalise', soldOut: 'sold out', sale: 'Sale', quantity: 'Quantity', adding: 'Adding…', added: 'Added!' },
    showQuantity: false,
    options: [],
    variantOptionOrdering: [],
    variants: [{ sku: 'NAP-1', attributes: {}, priceCents: 3600, salePriceCents: 0, onSale: false, stock: null, imageId: null }],
    scarcityText: null,
    messages: islandMessages('en-US', PRICE_MESSAGES),
    additionalForm: FORM,
  };
}

const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
const key = (target: Element, k: string, shiftKey = false) => act(async () => void target.dispatchEvent(new KeyboardEvent('keydown', { key: k, shiftKey, bubbles: true })));

/** The buy box as the server renders it (the fields inline, named for a plain post), hydrated as the loader does. */
async function buyBox(): Promise<HTMLElement> {
  const el = await hydrateIsland('product-form', napkins(), mountProductForm);
  expect(el.querySelector('.additional-fields-inline input')?.getAttribute('name')).toBe('answer:field-1');
  await flush();
  return el;
}

describe('the buy box', () => {
  it('keeps the fields inline once the island runs: the markup is the server’s, nothing moves', async () => {
    const el = serverMarkup('product-form', napkins());
    const before = el.innerHTML;
    await act(async () => mountProductForm(el));
    await advance(1000);
    expect(el.innerHTML).toBe(before);
    expect(el.querySelector('.additional-fields-inline legend')?.textContent).toBe('Monogram');
  });

  it('refuses an empty answer in place (the field’s message, the summary naming it, focused), then adds with the answers', async () => {
    const el = await buyBox();
    const add = el.querySelector<HTMLButtonElement>('.add-to-cart-button')!;
    await act(async () => add.click());
    await flush();
    expect(sentRequest(0).path).toBeUndefined();
    expect(dialog()).toBeNull();
    const input = el.querySelector<HTMLInputElement>('.additional-fields-inline input')!;
    expect(el.querySelector('.additional-fields-inline .form-field-error')?.textContent).toBe('Required');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const summary = el.querySelector<HTMLElement>('.additional-fields-inline .error-summary')!;
    expect(summary.getAttribute('role')).toBe('alert');
    expect(summary.querySelector('h2')?.textContent).toBe('One or more fields is invalid, please check your entries.');
    const link = summary.querySelector('a')!;
    expect(link.textContent).toBe('Initials: Required');
    expect(link.getAttribute('href')).toBe(`#${input.id}`);
    expect(document.activeElement).toBe(summary);

    // refused again: the summary is shown afresh and takes focus again
    add.focus();
    await act(async () => add.click());
    await flush();
    expect(document.activeElement).toBe(el.querySelector('.additional-fields-inline .error-summary'));

    await typeInto(input, ' AK ');
    respond(200, { shoppingCart: { entries: [], totalQuantity: 1, subtotalCents: 3600 }, newlyAdded: {} });
    await act(async () => add.click());
    await flush();
    expect(el.querySelector('.additional-fields-inline .error-summary')).toBeNull();
    expect(el.querySelector('.additional-fields-inline .form-field-error')).toBeNull();
    const sent = sentRequest(0);
    expect(sent.path).toBe('/api/commerce/shopping-cart/entries');
    expect(sent.body).toEqual({ itemId: 'p-napkins', sku: 'NAP-1', quantity: 1, additionalFields: JSON.stringify({ 'field-1': 'AK' }) });
  });

  it('a page a refused plain post came back to: the answers typed, the errors shown, the summary to focus', async () => {
    const el = await hydrateIsland('product-form', { ...napkins(), initial: { answers: { 'field-1': '' }, errors: { 'field-1': 'Required' } } }, mountProductForm);
    expect(el.querySelector('.additional-fields-inline .form-field-error')?.textContent).toBe('Required');
    const summary = el.querySelector<HTMLElement>('.error-summary')!;
    expect(summary.hasAttribute('autofocus')).toBe(true);
    expect(summary.querySelector('a')?.textContent).toBe('Initials: Required');
  });
});

describe('editing from the cart', () => {
  const cart = (answers: string): ShoppingCart =>
    ({
      entries: [{ id: 'e1', itemId: 'p-napkins', title: 'Monogrammed Napkins', quantity: 1, purchasePriceCents: 3600, subTotal: 3600, chosenVariant: { sku: 'NAP-1', attributes: {} }, additionalFields: answers, additionalFieldsForm: FORM }],
      totalQuantity: 1,
      subtotalCents: 3600,
    }) as unknown as ShoppingCart;
  const props = (): CartLinesProps => ({ cart: cart(JSON.stringify({ 'field-1': 'AK' })), currency: 'USD', locale: 'en-US', crumb: 'abc', messages: islandMessages('en-US', CART_LINES_MESSAGES) });
  /** Hydrated as the loader does; the Edit button appears only then (it needs JavaScript), so the markup changes. */
  async function cartPage(p: CartLinesProps): Promise<HTMLElement> {
    const el = serverMarkup('cart-lines', p);
    expect(el.querySelector('.cart-entry-edit')).toBeNull();
    await act(async () => mountCartLines(el));
    return el;
  }
  /** The cart page (after `before`) with the line's Edit button focused and pressed: the lightbox open. */
  async function openFromCart(): Promise<HTMLButtonElement> {
    const el = serverMarkup('cart-lines', props(), '<header id="top">Shop</header>');
    await act(async () => mountCartLines(el));
    await flush();
    const edit = el.querySelector<HTMLButtonElement>('.cart-entry-edit')!;
    edit.focus();
    await act(async () => edit.click());
    await flush();
    return edit;
  }

  it('the lightbox is placed 50 px from the top when taller than the window, else centred', () => {
    expect(LIGHTBOX_TOP_MARGIN_PX).toBe(50);
    expect(lightboxTop(900, 800)).toBe(50);
    expect(lightboxTop(750, 800)).toBe(50);
    expect(lightboxTop(400, 800)).toBe(200);
  });

  it('the lightbox opens with focus on the first field, the page behind inert; Tab wraps; Escape closes with focus back', async () => {
    const edit = await openFromCart();
    const box = dialog()!;
    expect(box.getAttribute('aria-modal')).toBe('true');
    expect(document.getElementById(box.getAttribute('aria-labelledby')!)?.textContent).toBe('Monogram');
    const input = box.querySelector('input')!;
    expect(document.activeElement).toBe(input);
    expect(document.getElementById('top')!.inert).toBe(true);

    const focusable = [...box.querySelectorAll<HTMLElement>('button, input')];
    const last = focusable[focusable.length - 1]!;
    last.focus();
    await key(last, 'Tab');
    expect(document.activeElement).toBe(focusable[0]);
    await key(focusable[0]!, 'Tab', true);
    expect(document.activeElement).toBe(last);

    await key(last, 'Escape');
    expect(dialog()).toBeNull();
    expect(document.activeElement).toBe(edit);
    expect(document.getElementById('top')!.inert).toBe(false);
  });

  it('the lightbox re-places itself once, 100 ms after the last resize', async () => {
    await openFromCart();
    const box = dialog()!;
    const before = box.style.marginTop;
    Object.defineProperty(window, 'innerHeight', { value: 2000, configurable: true });
    window.dispatchEvent(new Event('resize'));
    await advance(LIGHTBOX_RESIZE_DEBOUNCE_MS - 1);
    window.dispatchEvent(new Event('resize'));
    await advance(LIGHTBOX_RESIZE_DEBOUNCE_MS - 1);
    expect(box.style.marginTop).toBe(before);
    await advance(1);
    expect(box.style.marginTop).toBe(`${lightboxTop(box.offsetHeight, 2000)}px`);
    expect(box.style.marginTop).not.toBe(before);
  });

  it('the lightbox refuses an empty answer in place', async () => {
    await openFromCart();
    await typeInto(dialog()!.querySelector('input')!, '');
    await act(async () => dialog()!.querySelector('form')!.requestSubmit());
    expect(dialog()!.querySelector('.form-field-error')?.textContent).toBe('Required');
    expect(sentRequest(0).path).toBeUndefined();
  });

  it('shows the answers, saves new ones (Saving… meanwhile) and shows them', async () => {
    const el = await cartPage(props());
    await flush();
    expect(el.querySelector('.cart-entry-answer')?.textContent).toBe('Initials: AK');
    await act(async () => el.querySelector<HTMLButtonElement>('.cart-entry-edit')!.click());
    const input = dialog()!.querySelector('input')!;
    expect(input.value).toBe('AK');
    await typeInto(input, 'BK');
    const release = pending(200, { shoppingCart: cart(JSON.stringify({ 'field-1': 'BK' })), updatedEntry: {} });
    await act(async () => dialog()!.querySelector('form')!.requestSubmit());
    expect(dialog()!.querySelector('button[type=submit]')?.textContent).toBe(ADDITIONAL_FIELDS_MESSAGES.saving);
    expect(sentRequest(0)).toMatchObject({ path: '/api/commerce/shopping-cart/entries/e1/additionalFields', method: 'PUT', body: { itemId: 'p-napkins', sku: 'NAP-1', additionalFields: '{"field-1":"BK"}' } });
    await release();
    expect(dialog()).toBeNull();
    expect(el.querySelector('.cart-entry-answer')?.textContent).toBe('Initials: BK');
  });

  it('a failed save says Unable to update form', async () => {
    const el = await cartPage(props());
    await flush();
    await act(async () => el.querySelector<HTMLButtonElement>('.cart-entry-edit')!.click());
    respond(400, { message: 'One or more fields is invalid, please check your entries.' });
    await act(async () => dialog()!.querySelector('form')!.requestSubmit());
    await flush();
    expect(alertShown()).toEqual({ title: ADDITIONAL_FIELDS_MESSAGES.updateFailed, message: 'One or more fields is invalid, please check your entries.' });
  });

  it('a line whose form cannot be read says Unable to open form', async () => {
    const broken = { ...props(), cart: { ...cart('{"Initials":"AK"}'), entries: [{ ...cart('{"Initials":"AK"}').entries[0], additionalFieldsForm: 'not a form' }] } as unknown as ShoppingCart };
    const el = await cartPage(broken);
    await flush();
    expect(el.querySelector('.cart-entry-answer')?.textContent).toBe('Initials: AK');
    await act(async () => el.querySelector<HTMLButtonElement>('.cart-entry-edit')!.click());
    expect(alertShown()?.title).toBe(ADDITIONAL_FIELDS_MESSAGES.openFailed);
  });
});
