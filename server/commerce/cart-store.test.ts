/**
 * The cart store on both databases (describeStores): the same adds give the same answers on SQLite and
 * PostgreSQL, and adds racing on one cart never put more units in it than the stock.
 */
import { expect, it } from 'vitest';
import { ADD_TO_CART_MESSAGES } from '../../commerce/add-to-cart.js';
import { FORM_MESSAGES } from '../../commerce/form-validation.js';
import { CART_PURCHASED_MESSAGE, ENTRY_NOT_FOUND } from './cart-service.js';
import { describeStores } from '../db/describe-stores.js';

const units = (sql: (s: string, p?: unknown[]) => Promise<number>, cartId: string) => sql('SELECT coalesce(sum(quantity), 0) FROM cart_entries WHERE cart_id = ?', [cartId]);

describeStores('cart store', (current) => {
  it('adds a line, adds to it when the same variant and answers come again, and counts each add', async () => {
    const { stores, number, sql } = current();
    const cartId = await stores.cart.createCart();
    const first = await stores.cart.addEntry(cartId, { itemId: 'p02', variantId: 'p02-v2', quantity: 2 });
    expect(first).toMatchObject({ ok: true });
    const again = await stores.cart.addEntry(cartId, { itemId: 'p02', sku: 'SQP022', quantity: 1 });
    expect(again).toEqual(first);
    const other = await stores.cart.addEntry(cartId, { itemId: 'p01', quantity: 1 });
    expect(other.ok && other.entryId !== (first.ok && first.entryId)).toBe(true);
    expect(await sql('SELECT variant_id, quantity FROM cart_entries WHERE cart_id = ? ORDER BY variant_id', [cartId])).toEqual([
      { variant_id: 'p01-v1', quantity: 1 },
      { variant_id: 'p02-v2', quantity: 3 },
    ]);
    expect(await number("SELECT add_to_cart FROM analytics_daily WHERE website_id = 'demo'")).toBe(3);
    expect(await number("SELECT count(*) FROM analytics_events WHERE source = 'cart' AND name = 'AddToCart'")).toBe(3);
  });

  it('keeps a line per answers to the product form, and refuses answers the form does not take', async () => {
    const { stores, number } = current();
    const cartId = await stores.cart.createCart();
    const answers = (initials: string) => JSON.stringify({ 'field-1': initials });
    expect(await stores.cart.addEntry(cartId, { itemId: 'p07', quantity: 1, additionalFields: answers('AK') })).toMatchObject({ ok: true });
    expect(await stores.cart.addEntry(cartId, { itemId: 'p07', quantity: 1, additionalFields: answers('BL') })).toMatchObject({ ok: true });
    expect(await number('SELECT count(*) FROM cart_entries WHERE cart_id = ?', [cartId])).toBe(2);
    expect(await stores.cart.addEntry(cartId, { itemId: 'p07', quantity: 1, additionalFields: answers('') })).toEqual({ ok: false, status: 400, message: FORM_MESSAGES.summary });
  });

  it('refuses what it cannot add, with the spec’s messages, and writes nothing', async () => {
    const { stores, number } = current();
    const cartId = await stores.cart.createCart();
    expect(await stores.cart.addEntry(cartId, { itemId: 'nope', quantity: 1 })).toEqual({ ok: false, status: 404, message: ADD_TO_CART_MESSAGES.variantUnavailable });
    expect(await stores.cart.addEntry(cartId, { itemId: 'p02', quantity: 1 })).toEqual({ ok: false, status: 400, message: ADD_TO_CART_MESSAGES.variantUnavailable });
    expect(await stores.cart.addEntry(cartId, { itemId: 'p08', quantity: 1 })).toEqual({ ok: false, status: 400, message: ADD_TO_CART_MESSAGES.giftCardDenomination });
    expect((await stores.cart.addEntry(cartId, { itemId: 'p01', quantity: '2' })).ok).toBe(false);
    expect(await stores.cart.addEntry(cartId, { itemId: 'p04', quantity: 1 })).toEqual({ ok: false, status: 409, message: ADD_TO_CART_MESSAGES.notEnoughStock });
    expect(await stores.cart.addEntry(cartId, { itemId: 'p03', quantity: 2 })).toMatchObject({ ok: true });
    // the mug has 3: 2 in the cart and 2 more is one too many
    expect(await stores.cart.addEntry(cartId, { itemId: 'p03', quantity: 2 })).toEqual({ ok: false, status: 409, message: ADD_TO_CART_MESSAGES.notEnoughStock });
    expect(await units(number, cartId)).toBe(2);
    // an unlimited variant and a gift card take any number
    expect(await stores.cart.addEntry(cartId, { itemId: 'p06', quantity: 500 })).toMatchObject({ ok: true });
    expect(await stores.cart.addEntry(cartId, { itemId: 'p08', variantId: 'p08-v1', quantity: 50 })).toMatchObject({ ok: true });
  });

  it('refuses adding to a purchased cart', async () => {
    const { stores } = current();
    const cartId = await stores.cart.createCart();
    expect(await stores.cart.addEntry(cartId, { itemId: 'p01', quantity: 1 })).toMatchObject({ ok: true });
    expect(await stores.checkout.placeOrder(cartId, { email: 'ada@example.com', name: 'Ada', address1: '1 Road', city: 'London', postalCode: 'N1', country: 'GB' }, 'secret')).toMatchObject({ ok: true });
    expect(await stores.cart.addEntry(cartId, { itemId: 'p01', quantity: 1 })).toEqual({ ok: false, status: 409, message: CART_PURCHASED_MESSAGE });
  });

  it('changes a line’s quantity within the stock beside the cart’s other lines, its answers by the form, and removes it', async () => {
    const { stores, sql } = current();
    const cartId = await stores.cart.createCart();
    const answers = (initials: string) => JSON.stringify({ 'field-1': initials });
    await sql("UPDATE variants SET qty_in_stock = 5 WHERE id = 'p07-v1'");
    const a = await stores.cart.addEntry(cartId, { itemId: 'p07', quantity: 2, additionalFields: answers('AK') });
    const b = await stores.cart.addEntry(cartId, { itemId: 'p07', quantity: 2, additionalFields: answers('BL') });
    const [ida, idb] = [a.ok ? a.entryId : '', b.ok ? b.entryId : ''];
    expect(await stores.cart.setEntryQuantity(cartId, ida, 3)).toEqual({ ok: true });
    expect(await stores.cart.setEntryQuantity(cartId, ida, 4)).toEqual({ ok: false, status: 409, message: ADD_TO_CART_MESSAGES.notEnoughStock });
    expect(await stores.cart.setEntryQuantity(cartId, ida, 0)).toMatchObject({ ok: false, status: 400 });
    expect(await stores.cart.setEntryQuantity(cartId, 'nope', 1)).toEqual({ ok: false, status: 404, message: ENTRY_NOT_FOUND });
    expect(await stores.cart.setEntryFields(cartId, idb, answers('CM'))).toEqual({ ok: true });
    expect(await stores.cart.setEntryFields(cartId, idb, answers(''))).toEqual({ ok: false, status: 400, message: FORM_MESSAGES.summary });
    expect(await stores.cart.setEntryFields(cartId, 'nope', answers('CM'))).toEqual({ ok: false, status: 404, message: ENTRY_NOT_FOUND });
    expect(await sql('SELECT quantity, additional_fields FROM cart_entries WHERE cart_id = ? ORDER BY quantity', [cartId])).toEqual([
      { quantity: 2, additional_fields: answers('CM') },
      { quantity: 3, additional_fields: answers('AK') },
    ]);
    expect(await stores.cart.removeEntry(cartId, ida)).toEqual({ ok: true });
    expect(await stores.cart.removeEntry(cartId, ida)).toEqual({ ok: false, status: 404, message: ENTRY_NOT_FOUND });
    expect(await stores.checkout.placeOrder(cartId, { email: 'ada@example.com', name: 'Ada', address1: '1 Road', city: 'London', postalCode: 'N1', country: 'GB' }, 's')).toMatchObject({ ok: true });
    for (const change of [stores.cart.setEntryQuantity(cartId, idb, 1), stores.cart.removeEntry(cartId, idb), stores.cart.setEntryFields(cartId, idb, answers('DN'))]) {
      expect(await change).toEqual({ ok: false, status: 409, message: CART_PURCHASED_MESSAGE });
    }
  });

  it('two lines of one variant raised at once never hold more than its stock together', async () => {
    const { stores, sql, number } = current();
    const cartId = await stores.cart.createCart();
    const answers = (initials: string) => JSON.stringify({ 'field-1': initials });
    await sql("UPDATE variants SET qty_in_stock = 5 WHERE id = 'p07-v1'");
    const ids = await Promise.all(['AK', 'BL'].map(async (i) => {
      const r = await stores.cart.addEntry(cartId, { itemId: 'p07', quantity: 1, additionalFields: answers(i) });
      return r.ok ? r.entryId : '';
    }));
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => stores.cart.setEntryQuantity(cartId, ids[i % 2]!, 3 + (i % 2))));
    expect(results.some((r) => r.ok)).toBe(true);
    expect(await units(number, cartId)).toBeLessThanOrEqual(5);
  });

  it('answers the cart as JSON, the same on both databases', async () => {
    const { stores } = current();
    const cartId = await stores.cart.createCart(Date.UTC(2026, 10, 27));
    expect(await stores.cart.cartExists(cartId)).toBe(true);
    expect(await stores.cart.cartExists('nope')).toBe(false);
    expect(await stores.cart.cartJson(cartId)).toMatchObject({ id: cartId, websiteId: 'demo', created: Date.UTC(2026, 10, 27), isPurchased: false, entries: [], totalQuantity: 0 });
    await stores.cart.addEntry(cartId, { itemId: 'p02', variantId: 'p02-v2', quantity: 2 });
    await stores.cart.addEntry(cartId, { itemId: 'p03', quantity: 1 });
    const cart = await stores.cart.cartJson(cartId);
    expect(cart).toMatchObject({ totalQuantity: 3, subtotalCents: 2 * 8900 + 1800, subtotalMoney: { value: '196.00', currency: 'USD' } });
    expect((cart['entries'] as { productUrl: string; optionsText: string; purchasePriceCents: number }[]).map((e) => [e.productUrl, e.optionsText, e.purchasePriceCents])).toEqual([
      ['/shop/p/field-shirt', 'Color: Olive \u00b7 Size: M', 8900],
      ['/shop/p/enamel-mug', '', 1800],
    ]);
  });

  it('makes token carts (gift card, subscription) with the add’s rules, keeping nothing when refused', async () => {
    const { stores, number } = current();
    const made = await stores.cart.createTokenCart('gift-card', { itemId: 'p08', sku: 'SQP082' });
    expect(made).toMatchObject({ ok: true, cartToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    expect(await number("SELECT count(*) FROM carts WHERE kind = 'gift-card'")).toBe(1);
    expect(await number("SELECT quantity FROM cart_entries WHERE variant_id = 'p08-v2'")).toBe(1);
    expect(await stores.cart.createTokenCart('gift-card', { itemId: 'p01' })).toMatchObject({ ok: false, status: 400 });
    expect(await stores.cart.createTokenCart('gift-card', { itemId: 'p08' })).toEqual({ ok: false, status: 400, message: ADD_TO_CART_MESSAGES.giftCardDenomination });
    expect(await stores.cart.createTokenCart('subscription', { itemId: 'nope' })).toEqual({ ok: false, status: 404, message: ADD_TO_CART_MESSAGES.variantUnavailable });
    expect(await stores.cart.createTokenCart('subscription', { itemId: 'p06', quantity: 2 })).toMatchObject({ ok: true });
    expect(await number('SELECT count(*) FROM carts')).toBe(2);
  });

  it('200 concurrent adds to one cart on a stock of 3: exactly 3 units in the cart', async () => {
    const { stores, number, sql, dialect } = current();
    await sql("UPDATE variants SET qty_in_stock = 3 WHERE id = 'p01-v1'");
    const cartId = await stores.cart.createCart();
    const results = await Promise.all(Array.from({ length: 200 }, () => stores.cart.addEntry(cartId, { itemId: 'p01', quantity: 1 })));
    const ok = results.filter((r) => r.ok).length;
    const refused = results.filter((r) => !r.ok && r.status === 409 && r.message === ADD_TO_CART_MESSAGES.notEnoughStock).length;
    console.log(`[${dialect}] 200 concurrent adds on stock 3: ${ok} added, ${refused} refused (not enough stock)`);
    expect(ok).toBe(3);
    expect(refused).toBe(197);
    expect(await units(number, cartId)).toBe(3);
    expect(await number('SELECT count(*) FROM cart_entries WHERE cart_id = ?', [cartId])).toBe(1);
    expect(await number("SELECT add_to_cart FROM analytics_daily WHERE website_id = 'demo'")).toBe(3);
  });
});
