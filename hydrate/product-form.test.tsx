// @vitest-environment happy-dom
/**
 * The buy box island in a DOM: the server's markup hydrated as the browser does (no mismatch, no
 * console.error), then the price and sold-out rules, every client-side message in its alert without a
 * request, the add button's labels on fake timers, the server's failures in the spec's words, the requests
 * each mode sends and where it leaves for, and what a successful add tells the rest of the page.
 */
import { act } from 'react';
import { beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { getCartState, type ShoppingCart } from './cart-store.js';
import { PRICE_MESSAGES, type ProductFormProps } from './components/product-form.js';
import { islandMessages } from '../commerce/messages/island-messages.js';
import {
  advance,
  alertShown,
  closeAlert,
  fetchMock,
  hydrateIsland,
  offline,
  pending,
  respond,
  sentRequest,
  setCookie,
  typeInto,
  useIslandTestPage,
} from './dom-testing.js';
import mountProductForm from './islands/product-form.js';
import { productFormProps } from '../server/islands/props.js';
import { navigation } from './navigation.js';
import { subscribeChosenVariant, subscribeSelection } from './product-selection.js';

// ---- props --------------------------------------------------------------------------------------------

const LABELS = { add: 'Add To Cart', soldOut: 'sold out', sale: 'Sale', quantity: 'Quantity', adding: 'Adding…', added: 'Added!' } as const;

function variant(sku: string, attributes: Record<string, string>, priceCents: number, stock: number | null, sale?: number) {
  return { sku, attributes, priceCents, salePriceCents: sale ?? 0, onSale: sale !== undefined, stock, imageId: null };
}

/** Like the demo store's field shirt: Navy / M and Sand / L sold out, XL $5 more, Olive / M five left. */
function shirt(over: Partial<ProductFormProps> = {}): ProductFormProps {
  const colors = ['Navy', 'Olive', 'Sand'];
  const sizes = ['M', 'L', 'XL'];
  const variants = colors.flatMap((c) =>
    sizes.map((s) => {
      const stock = (c === 'Navy' && s === 'M') || (c === 'Sand' && s === 'L') ? 0 : c === 'Olive' && s === 'M' ? 5 : 20;
      return variant(`SHIRT-${c}-${s}`, { Color: c, Size: s }, s === 'XL' ? 9400 : 8900, stock);
    }),
  );
  return {
    itemId: 'field-shirt',
    productType: 1,
    currency: 'USD',
    locale: 'en-US',
    mode: 'cart',
    action: '/cart/add',
    crumb: 'server-crumb',
    labels: LABELS,
    showQuantity: true,
    options: [
      { name: 'Color', selectText: 'Select Color', values: colors },
      { name: 'Size', selectText: 'Select Size', values: sizes },
    ],
    variantOptionOrdering: ['Color', 'Size'],
    variants,
    scarcityText: null,
    messages: islandMessages('en-US', PRICE_MESSAGES),
    ...over,
  };
}

function giftCard(): ProductFormProps {
  return shirt({
    itemId: 'gift-card',
    productType: 4,
    mode: 'gift-card',
    action: '/cart/gift-card',
    showQuantity: false,
    options: [{ name: 'Value', selectText: 'Select Value', values: ['$25.00', '$50.00'] }],
    variantOptionOrdering: ['Value'],
    variants: [variant('GC-25', { Value: '$25.00' }, 2500, null), variant('GC-50', { Value: '$50.00' }, 5000, null)],
  });
}

function subscription(): ProductFormProps {
  return shirt({
    itemId: 'coffee-club',
    mode: 'subscription',
    action: '/cart/subscribe',
    labels: { ...LABELS, add: 'Subscribe' },
    options: [],
    variantOptionOrdering: [],
    variants: [variant('CLUB', {}, 2400, null)],
  });
}

/** One variant, no options, a quantity field. */
function single(): ProductFormProps {
  return shirt({ itemId: 'mug', options: [], variantOptionOrdering: [], variants: [variant('MUG-1', {}, 1500, 10)] });
}

function threeOptions(): ProductFormProps {
  return shirt({
    itemId: 'three',
    options: ['A', 'B', 'C'].map((name) => ({ name, selectText: `Select ${name}`, values: ['1', '2'] })),
    variantOptionOrdering: ['A', 'B', 'C'],
    variants: [variant('ABC', { A: '1', B: '1', C: '1' }, 1000, null)],
  });
}

const CART: ShoppingCart = {
  id: 'cart-1',
  entries: [{ id: 'e1', itemId: 'field-shirt', title: 'Field Shirt', quantity: 3, purchasePriceCents: 8900, subTotal: 26700 }],
  totalQuantity: 3,
  subtotalCents: 26700,
};

// ---- the page -----------------------------------------------------------------------------------------

useIslandTestPage();

let go: MockInstance<(url: string) => void>;
beforeEach(() => {
  go = vi.spyOn(navigation, 'go').mockImplementation(() => {});
});

/** The server's markup, hydrated by the island's own entry as the loader would. */
const hydrate = (props: ProductFormProps) => hydrateIsland('product-form', props, mountProductForm);

function select(el: HTMLElement, option: string): HTMLSelectElement {
  const s = el.querySelector<HTMLSelectElement>(`select[name="option:${option}"]`);
  if (s === null) throw new Error(`no select ${option}`);
  return s;
}

async function choose(el: HTMLElement, option: string, value: string) {
  await act(async () => {
    const s = select(el, option);
    s.value = value;
    s.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

async function typeQuantity(el: HTMLElement, text: string) {
  const input = el.querySelector<HTMLInputElement>('input[name="quantity"]');
  if (input === null) throw new Error('no quantity');
  await typeInto(input, text);
}

const button = (el: HTMLElement) => el.querySelector<HTMLButtonElement>('button.add-to-cart-button')!;
/** The one label visible on the button (the others are stacked, hidden, for its width). */
function label(el: HTMLElement): string {
  const shown = [...button(el).querySelectorAll<HTMLElement>('.add-to-cart-labels > span')].filter((s) => s.classList.contains('add-to-cart-label--current'));
  expect(shown).toHaveLength(1);
  expect(shown[0]?.getAttribute('aria-hidden')).toBeNull();
  return shown[0]?.textContent ?? '';
}
const price = (el: HTMLElement) => el.querySelector('.product-price')?.textContent;

/** Press the button and let the request (if any) answer. */
async function press(el: HTMLElement) {
  await act(async () => button(el).click());
  await advance(0);
}

// ---- price, options, sold out -------------------------------------------------------------------------

describe('price and options', () => {
  it('shows `from` the lowest price before choosing and the chosen variant’s price after', async () => {
    const el = await hydrate(shirt());
    expect(price(el)).toBe('from $89.00');
    await choose(el, 'Color', 'Navy');
    expect(price(el)).toBe('from $89.00');
    await choose(el, 'Size', 'XL');
    expect(price(el)).toBe('$94.00');
    await choose(el, 'Size', 'L');
    expect(price(el)).toBe('$89.00');
    expect(label(el)).toBe('Add To Cart');
  });

  it('one price without `from` when every variant costs the same', async () => {
    const el = await hydrate(single());
    expect(price(el)).toBe('$15.00');
  });

  it('a sale shows the sale price and the struck original', async () => {
    const props = shirt();
    const el = await hydrate({
      ...props,
      variants: props.variants.map((v) => (v.sku === 'SHIRT-Olive-L' ? { ...v, onSale: true, salePriceCents: 6900 } : v)),
    });
    expect(price(el)).toBe('from $69.00');
    expect(el.querySelector('.product-mark.sale')?.textContent).toBe('Sale');
    await choose(el, 'Color', 'Olive');
    await choose(el, 'Size', 'L');
    expect(el.querySelector('.product-price s.original-price')?.textContent).toBe('$89.00');
    expect(price(el)).toBe('Sale Price:$69.00 Original Price:$89.00');
    await choose(el, 'Size', 'XL');
    expect(price(el)).toBe('$94.00');
    expect(el.querySelector('.product-price s')).toBeNull();
    expect(el.querySelector('.product-mark.sale')).toBeNull();
  });

  it('labels the values sold out given the other chosen option, and keeps them choosable', async () => {
    const el = await hydrate(shirt());
    const sizeM = () => select(el, 'Size').querySelector<HTMLOptionElement>('option[value="M"]')!;
    const colorSand = () => select(el, 'Color').querySelector<HTMLOptionElement>('option[value="Sand"]')!;
    // nothing chosen: every value has a variant in stock
    expect(sizeM().textContent).toBe('M');
    await choose(el, 'Color', 'Navy');
    expect(sizeM().textContent).toBe('M (sold out)');
    expect(sizeM().disabled).toBe(false);
    expect(select(el, 'Size').querySelector<HTMLOptionElement>('option[value="L"]')!.textContent).toBe('L');
    await choose(el, 'Size', 'L');
    expect(colorSand().textContent).toBe('Sand (sold out)');
    expect(colorSand().disabled).toBe(false);
    expect(select(el, 'Color').querySelector<HTMLOptionElement>('option[value="Olive"]')!.textContent).toBe('Olive');
    await choose(el, 'Color', 'Olive');
    expect(sizeM().textContent).toBe('M');
    expect(el.querySelectorAll('option[disabled]')).toHaveLength(0);
  });

  it('tells the page which variant the options name (the restock block listens), null while they name none', async () => {
    const heard: (string | null)[] = [];
    const props = shirt();
    const el = await hydrate({ ...props, variants: props.variants.map((v) => ({ ...v, id: `id-${v.sku}` })) });
    const stop = subscribeChosenVariant('field-shirt', (id) => heard.push(id));
    await choose(el, 'Color', 'Navy');
    await choose(el, 'Size', 'M');
    await choose(el, 'Size', 'L');
    await choose(el, 'Size', '');
    stop();
    // heard at once (nothing chosen), then after each choice
    expect(heard).toEqual([null, null, 'id-SHIRT-Navy-M', 'id-SHIRT-Navy-L', null]);
  });

  it('starts from the state a plain post came back in: the sold-out variant chosen, its button sold out', async () => {
    const el = await hydrate(shirt({ initial: { chosen: { Color: 'Navy', Size: 'M' } } }));
    expect(select(el, 'Color').value).toBe('Navy');
    expect(select(el, 'Size').value).toBe('M');
    expect(label(el)).toBe('sold out');
    expect(button(el).getAttribute('aria-disabled')).toBe('true');
    expect(el.querySelector('.product-mark.sold-out')?.textContent).toBe('sold out');
  });

  it('a sold-out choice shows the sold-out mark and label, and adding it says there is not enough', async () => {
    const el = await hydrate(shirt());
    expect(el.querySelector('.product-mark.sold-out')).toBeNull();
    await choose(el, 'Size', 'M');
    await choose(el, 'Color', 'Navy');
    expect(el.querySelector('.product-mark.sold-out')?.textContent).toBe('sold out');
    expect(label(el)).toBe('sold out');
    expect(button(el).getAttribute('aria-disabled')).toBe('true');
    // the chosen sold-out value stays selectable (it is the current choice), marked
    expect(select(el, 'Color').querySelector<HTMLOptionElement>('option[value="Navy"]')!.disabled).toBe(false);
    expect(select(el, 'Color').querySelector<HTMLOptionElement>('option[value="Navy"]')!.textContent).toBe('Navy (sold out)');
    await press(el);
    expect(alertShown()).toEqual({ title: 'Unable to Add Item', message: 'Sorry, we do not have enough of that item available.' });
    expect(fetchMock).not.toHaveBeenCalled();
    await choose(el, 'Color', 'Olive');
    expect(el.querySelector('.product-mark.sold-out')).toBeNull();
  });
});

// ---- client-side messages -----------------------------------------------------------------------------

describe('client-side messages', () => {
  async function expectAlert(el: HTMLElement, title: string, message: string) {
    await press(el);
    expect(alertShown()).toEqual({ title, message });
    expect(fetchMock).not.toHaveBeenCalled();
    await closeAlert();
    await advance(1000);
    expect(label(el)).not.toMatch(/Adding|Added/);
  }

  it('names the missing options in the product’s order', async () => {
    const el = await hydrate(shirt());
    await expectAlert(el, 'Unable to Add Item', 'Please select the Color and Size options.');
    await choose(el, 'Color', 'Olive');
    await expectAlert(el, 'Unable to Add Item', 'Please select the Size option.');
    await choose(el, 'Color', '');
    await choose(el, 'Size', 'L');
    await expectAlert(el, 'Unable to Add Item', 'Please select the Color option.');
  });

  it('three options: `the A, B and C options`', async () => {
    const el = await hydrate(threeOptions());
    await expectAlert(el, 'Unable to Add Item', 'Please select the A, B and C options.');
    await choose(el, 'B', '1');
    await expectAlert(el, 'Unable to Add Item', 'Please select the A and C options.');
  });

  it('checks the quantity: a number, whole, and no more than the stock', async () => {
    const el = await hydrate(shirt());
    await choose(el, 'Color', 'Olive');
    await choose(el, 'Size', 'M');
    await typeQuantity(el, '');
    await expectAlert(el, 'Unable to Add Item', 'Quantity must be a number.');
    await typeQuantity(el, '2.5');
    await expectAlert(el, 'Unable to Add Item', 'Quantity must be a whole number');
    await typeQuantity(el, '6');
    await expectAlert(el, 'Unable to Add Item', 'Sorry, we do not have enough of that item available.');
    // exactly the stock goes to the server
    await typeQuantity(el, '5');
    respond(200, { shoppingCart: CART });
    await press(el);
    expect(alertShown()).toBeNull();
    expect(sentRequest().body).toMatchObject({ quantity: 5 });
  });

  it('a gift card without a value asks for a denomination, titled for gift cards', async () => {
    const el = await hydrate(giftCard());
    await expectAlert(el, 'Unable to purchase Gift Card', 'Select a denomination for the Gift Card');
  });

  it('express checkout titles its alerts `Unable to Purchase Item`', async () => {
    const el = await hydrate(shirt({ mode: 'express' }));
    await expectAlert(el, 'Unable to Purchase Item', 'Please select the Color and Size options.');
  });

  it('the alert is a modal dialog with its text in an alert region, and closes on OK', async () => {
    const el = await hydrate(shirt());
    button(el).focus();
    await press(el);
    const dialog = document.querySelector<HTMLDialogElement>('dialog.tessera-alert')!;
    expect(dialog.open).toBe(true);
    expect(dialog.getAttribute('aria-labelledby')).toBe(dialog.querySelector('h2')?.id);
    // the island's id prefix keeps ids unique on the page
    expect(dialog.querySelector('h2')?.id).toMatch(/product-form-field-shirt-/);
    expect(document.activeElement).toBe(dialog.querySelector('.tessera-alert-close'));
    await closeAlert();
    // (focus going back to the add button is left to the browser tests: happy-dom lets React's autoFocus
    // focus the OK button before the dialog opens, so the dialog records that button as the opener)
  });
});

// ---- the button ---------------------------------------------------------------------------------------

describe('the add button', () => {
  it('Adding… while the request runs and 1 s after, Added! for 2 s, then its label', async () => {
    const el = await hydrate(shirt());
    await choose(el, 'Color', 'Olive');
    await choose(el, 'Size', 'L');
    const answer = pending(200, { shoppingCart: CART });
    await act(async () => button(el).click());
    expect(label(el)).toBe('Adding…');
    expect(button(el).getAttribute('aria-disabled')).toBe('true');
    await advance(5000); // the request takes its time; the label waits for it
    expect(label(el)).toBe('Adding…');
    // a second press while adding sends nothing more
    await act(async () => button(el).click());
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await answer();
    expect(label(el)).toBe('Adding…');
    await advance(999);
    expect(label(el)).toBe('Adding…');
    await advance(1);
    expect(label(el)).toBe('Added!');
    expect(button(el).getAttribute('aria-disabled')).toBe('true');
    await advance(1999);
    expect(label(el)).toBe('Added!');
    await advance(1);
    expect(label(el)).toBe('Add To Cart');
    expect(button(el).getAttribute('aria-disabled')).toBeNull();
    expect(alertShown()).toBeNull();
  });

  it('in a German site: In den Warenkorb, Wird hinzugefügt… while adding, Hinzugefügt! after, from the props the server builds', async () => {
    const { labels, locale, messages } = productFormProps({ id: 'field-shirt', structuredContent: {} }, { website: { language: 'de-DE', baseCurrency: 'USD' } });
    expect(labels).toEqual({ add: 'In den Warenkorb', soldOut: 'ausverkauft', sale: 'Sale', quantity: 'Menge', adding: 'Wird hinzugefügt…', added: 'Hinzugefügt!', fewer: 'Eins weniger: Artikel', more: 'Eins mehr: Artikel', ok: 'OK', choose: 'Bitte wählen…' });
    const el = await hydrate(shirt({ labels, locale, messages }));
    expect(label(el)).toBe('In den Warenkorb');
    expect(el.querySelector('.product-price')?.textContent).toBe('ab 89,00\u00a0$');
    await choose(el, 'Color', 'Olive');
    await choose(el, 'Size', 'L');
    respond(200, { shoppingCart: CART });
    await press(el);
    expect(label(el)).toBe('Wird hinzugefügt…');
    await advance(1000);
    expect(label(el)).toBe('Hinzugefügt!');
    await advance(2000);
    expect(label(el)).toBe('In den Warenkorb');
  });

  it('in a German site the refusals are German: the options a choice lacks, the stock, the alert’s button', async () => {
    const { labels, locale, messages, refusals } = productFormProps({ id: 'field-shirt', structuredContent: {} }, { website: { language: 'de-DE', baseCurrency: 'USD' } });
    const el = await hydrate(shirt({ labels, locale, messages, ...(refusals ? { refusals } : {}) }));
    await press(el);
    expect(alertShown()).toEqual({ title: 'Artikel konnte nicht hinzugefügt werden', message: 'Bitte wähle Optionen für Color und Size aus.' });
    expect(document.querySelector('.tessera-alert-close')?.textContent).toBe('OK');
    expect(el.querySelector('button[aria-label="Eins mehr: Artikel"]')).not.toBeNull();
  });

  it('an English site’s props carry no refusal words: the rules’ own English is said', () => {
    expect(productFormProps({ id: 'field-shirt', structuredContent: {} }, { website: { language: 'en-US' } }).refusals).toEqual({ locale: 'en-US', text: {} });
  });

  it('a store’s own label wins over the catalog’s', () => {
    const root = { website: { language: 'de-DE' }, localizedStrings: { productAddToCartText: 'Kaufen' } };
    expect(productFormProps({ id: 'field-shirt', structuredContent: {} }, root).labels.add).toBe('Kaufen');
  });

  it('after an error the alert shows at once and the button is idle 1 s later', async () => {
    const el = await hydrate(shirt());
    await choose(el, 'Color', 'Olive');
    await choose(el, 'Size', 'L');
    respond(409, { message: 'Only 2 left.' });
    await press(el);
    expect(alertShown()).toEqual({ title: 'Unable to Add Item', message: 'Only 2 left.' });
    expect(label(el)).toBe('Adding…');
    await advance(999);
    expect(label(el)).toBe('Adding…');
    await advance(1);
    expect(label(el)).toBe('Add To Cart');
    expect(button(el).getAttribute('aria-disabled')).toBeNull();
    await advance(5000);
    expect(label(el)).toBe('Add To Cart');
  });
});

// ---- server failures ----------------------------------------------------------------------------------

describe('server failures', () => {
  async function failWith(setup: () => void, mode: ProductFormProps['mode'] = 'cart') {
    const el = await hydrate(shirt({ mode }));
    await choose(el, 'Color', 'Olive');
    await choose(el, 'Size', 'L');
    setup();
    await press(el);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(go).not.toHaveBeenCalled();
    expect(getCartState().cart).toBeNull();
    return alertShown();
  }

  it('crumb failure with the crumb cookie: the session expired', async () => {
    setCookie('crumb', 'abc');
    expect(await failWith(() => respond(403, { crumbFail: true }))).toEqual({
      title: 'Unable to Add Item',
      message: 'Your session has expired. Please reload the page and try again.',
    });
  });

  it('crumb failure without a crumb cookie: enable cookies', async () => {
    expect(await failWith(() => respond(403, { crumbFail: true }))).toEqual({
      title: 'Unable to Add Item',
      message: 'Please enable cookies in your browser, reload the page, and try again.',
    });
  });

  it('429: try again in a few seconds (whatever the body says)', async () => {
    expect((await failWith(() => respond(429, { message: 'Too Many Requests' })))?.message).toBe('Please try again in a few seconds.');
  });

  it('409 with a message: that message', async () => {
    expect((await failWith(() => respond(409, { message: 'Sorry, we do not have enough of that item available.' })))?.message).toBe(
      'Sorry, we do not have enough of that item available.',
    );
  });

  it('an error without a message, or not JSON: try again', async () => {
    expect((await failWith(() => respond(500, {})))?.message).toBe('Please try again.');
  });

  it('no answer at all: check the connection', async () => {
    expect(await failWith(offline)).toEqual({ title: 'Unable to Add Item', message: 'Please check your internet connection.' });
  });

  it('express checkout: the same messages titled `Unable to Purchase Item`', async () => {
    expect(await failWith(() => respond(409, { message: 'Out of stock.' }), 'express')).toEqual({ title: 'Unable to Purchase Item', message: 'Out of stock.' });
  });
});

// ---- requests and where they lead ---------------------------------------------------------------------

describe('requests', () => {
  it('cart: POSTs the entry with the crumb cookie as x-csrf-token, updates the store, stays on the page', async () => {
    setCookie('crumb', 'crumb-from-cookie');
    const el = await hydrate(shirt());
    await choose(el, 'Color', 'Olive');
    await choose(el, 'Size', 'XL');
    await typeQuantity(el, '3');
    respond(200, { shoppingCart: CART });
    await press(el);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const r = sentRequest();
    expect(r.path).toBe('/api/commerce/shopping-cart/entries');
    expect(r.method).toBe('POST');
    expect(r.headers['x-csrf-token']).toBe('crumb-from-cookie');
    expect(r.headers['content-type']).toBe('application/json');
    expect(r.body).toEqual({ itemId: 'field-shirt', sku: 'SHIRT-Olive-XL', quantity: 3, additionalFields: null });
    expect(getCartState()).toEqual({ initialised: true, cart: CART });
    expect(go).not.toHaveBeenCalled();
    expect(alertShown()).toBeNull();
  });

  it('no crumb cookie: no x-csrf-token header', async () => {
    const el = await hydrate(single());
    respond(200, { shoppingCart: CART });
    await press(el);
    expect(sentRequest().headers['x-csrf-token']).toBeUndefined();
  });

  it('a single-variant product with a quantity field adds that variant in that quantity', async () => {
    const el = await hydrate(single());
    expect(el.querySelectorAll('select')).toHaveLength(0);
    expect(el.querySelector<HTMLInputElement>('input[name="quantity"]')?.value).toBe('1');
    await typeQuantity(el, '2');
    respond(200, { shoppingCart: CART });
    await press(el);
    expect(sentRequest().body).toEqual({ itemId: 'mug', sku: 'MUG-1', quantity: 2, additionalFields: null });
  });

  it('without a quantity field one unit is added', async () => {
    const el = await hydrate({ ...single(), showQuantity: false });
    expect(el.querySelector('input[name="quantity"]')).toBeNull();
    respond(200, { shoppingCart: CART });
    await press(el);
    expect(sentRequest().body).toMatchObject({ quantity: 1 });
  });

  it('subscription: POSTs { itemId, sku, qty } and goes to checkout with the cart token', async () => {
    setCookie('crumb', 'k');
    const el = await hydrate(subscription());
    expect(label(el)).toBe('Subscribe');
    await typeQuantity(el, '2');
    respond(200, { cartToken: 'tok/1 2' });
    await press(el);
    const r = sentRequest();
    expect(r.path).toBe('/api/3/commerce/cart/subscription');
    expect(r.method).toBe('POST');
    expect(r.headers['x-csrf-token']).toBe('k');
    expect(r.body).toEqual({ itemId: 'coffee-club', sku: 'CLUB', qty: 2 });
    expect(go).toHaveBeenCalledExactlyOnceWith('/checkout?cartToken=tok%2F1%202');
    expect(getCartState().cart).toBeNull();
  });

  it('gift card: POSTs { itemId, sku } of the chosen value and goes to checkout with the cart token', async () => {
    const el = await hydrate(giftCard());
    await choose(el, 'Value', '$50.00');
    respond(200, { cartToken: 'gc-token' });
    await press(el);
    const r = sentRequest();
    expect(r.path).toBe('/api/3/commerce/cart/gift-card');
    expect(r.method).toBe('POST');
    expect(r.body).toEqual({ itemId: 'gift-card', sku: 'GC-50' });
    expect(go).toHaveBeenCalledExactlyOnceWith('/checkout?cartToken=gc-token');
  });

  it('gift card failure: titled for gift cards, no page change', async () => {
    const el = await hydrate(giftCard());
    await choose(el, 'Value', '$25.00');
    respond(409, { message: 'Gift cards are not available.' });
    await press(el);
    expect(alertShown()).toEqual({ title: 'Unable to purchase Gift Card', message: 'Gift cards are not available.' });
    expect(go).not.toHaveBeenCalled();
  });

  it('express: the cart API, then /checkout', async () => {
    const el = await hydrate(shirt({ mode: 'express' }));
    await choose(el, 'Color', 'Navy');
    await choose(el, 'Size', 'L');
    respond(200, { shoppingCart: CART });
    await press(el);
    expect(sentRequest().path).toBe('/api/commerce/shopping-cart/entries');
    expect(sentRequest().body).toEqual({ itemId: 'field-shirt', sku: 'SHIRT-Navy-L', quantity: 1, additionalFields: null });
    expect(getCartState().cart).toEqual(CART);
    expect(go).toHaveBeenCalledExactlyOnceWith('/checkout');
  });
});

// ---- what the rest of the page hears ------------------------------------------------------------------

describe('selection', () => {
  it('publishes the lowest candidate price, then the chosen variant’s (sale) price', async () => {
    const prices: number[] = [];
    const props = shirt({ itemId: 'published' });
    const el = await hydrate({
      ...props,
      variants: props.variants.map((v) => (v.sku === 'SHIRT-Olive-L' ? { ...v, onSale: true, salePriceCents: 6900 } : v)),
    });
    const stop = subscribeSelection('published', (p) => prices.push(p));
    expect(prices).toEqual([6900]);
    await choose(el, 'Size', 'XL');
    expect(prices.at(-1)).toBe(9400);
    await choose(el, 'Size', 'L');
    await choose(el, 'Color', 'Navy');
    expect(prices.at(-1)).toBe(8900);
    await choose(el, 'Color', 'Olive');
    expect(prices.at(-1)).toBe(6900);
    stop();
  });
});
