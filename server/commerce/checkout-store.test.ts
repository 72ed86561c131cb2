/**
 * The checkout store on both databases (describeStores): the same orders, numbers, stock and e-mails on SQLite and
 * PostgreSQL, refusals that write nothing, and checkouts racing for the last units selling exactly the stock.
 */
import { expect, it } from 'vitest';
import { CHECKOUT_MESSAGES } from '../../commerce/checkout-form.js';
import { ADD_TO_CART_MESSAGES } from '../../commerce/add-to-cart.js';
import { describeStores, type StoresUnderTest } from '../db/describe-stores.js';

const SHIPPED = { email: 'ada@example.com', name: 'Ada Lovelace', address1: '12 St James Sq', city: 'London', postalCode: 'SW1Y 4JH', country: 'GB' };
const NOW = Date.UTC(2026, 10, 27, 12, 0, 0);

/** A new cart holding `lines`. */
async function cartWith({ stores }: StoresUnderTest, ...lines: { itemId: string; variantId?: string; quantity: number }[]): Promise<string> {
  const cartId = await stores.cart.createCart();
  for (const line of lines) expect(await stores.cart.addEntry(cartId, line)).toMatchObject({ ok: true });
  return cartId;
}

describeStores('checkout store', (current) => {
  it('places an order: amounts, lines, number, stock taken, cart purchased, e-mail queued', async () => {
    const t = current();
    const cartId = await cartWith(t, { itemId: 'p03', quantity: 2 }, { itemId: 'p09', quantity: 1 }, { itemId: 'p14', quantity: 1 });
    const placed = await t.stores.checkout.placeOrder(cartId, SHIPPED, 'secret', NOW, null);
    expect(placed).toMatchObject({ ok: true, kind: 'standard' });
    const orderId = placed.ok ? placed.orderId : '';
    const price14 = await t.number("SELECT price_cents FROM products WHERE id = 'p14'");
    const [order] = await t.sql('SELECT order_number, purchased_cart_id, email, subtotal_cents, shipping_cents, grand_total_cents, items FROM orders WHERE id = ?', [orderId]);
    const cents = (column: string) => Number(order![column]);
    expect([cents('order_number'), order!['purchased_cart_id'], order!['email']]).toEqual([1, cartId, 'ada@example.com']);
    expect([cents('subtotal_cents'), cents('shipping_cents'), cents('grand_total_cents')]).toEqual([2 * 1800 + 900 + price14, 500, 2 * 1800 + 900 + price14 + 500]);
    const items = JSON.parse(String(order!['items'])) as { itemId: string; quantity: number; download?: unknown; memberAccess?: unknown[] }[];
    expect(items.map((l) => [l.itemId, l.quantity])).toEqual([['p03', 2], ['p09', 1], ['p14', 1]]);
    expect(items[1]!.download).toMatchObject({ count: 0 });
    expect(items[2]!.memberAccess).toHaveLength(1);
    expect(await t.number("SELECT qty_in_stock FROM variants WHERE id = 'p03-v1'")).toBe(1);
    expect(await t.sql('SELECT order_id FROM carts WHERE id = ?', [cartId])).toEqual([{ order_id: orderId }]);
    const [email] = await t.sql("SELECT to_address, subject, related FROM outbox_emails WHERE kind = 'order-confirmation'");
    expect(email).toMatchObject({ to_address: 'ada@example.com', related: JSON.stringify({ orderId, orderNumber: 1 }) });
    expect(String(email!['subject'])).toContain('1');

    const next = await t.stores.checkout.placeOrder(await cartWith(t, { itemId: 'p01', quantity: 1 }), SHIPPED, 'secret', NOW, null);
    expect(next.ok).toBe(true);
    expect(await t.number('SELECT max(order_number) FROM orders')).toBe(2);
    // the order as the routes read it back
    expect(await t.stores.checkout.order(orderId)).toMatchObject({ id: orderId, orderNumber: 1, purchasedCartId: cartId, email: 'ada@example.com', createdAt: NOW });
    expect(await t.stores.checkout.order('no-such-order')).toBeNull();
  });

  it('finds the token cart a token names, and nothing for a malformed, unknown or ordinary cart', async () => {
    const { cart, checkout } = current().stores;
    const made = await cart.createTokenCart('gift-card', { itemId: 'p08', sku: 'SQP082' });
    if (!made.ok) throw new Error(made.message);
    const found = await checkout.tokenCart(made.cartToken);
    expect(found).toMatch(/^[0-9a-f]{64}$/);
    expect(await cart.cartExists(found!)).toBe(true);
    expect(await checkout.tokenCart('x'.repeat(43))).toBeNull();
    expect(await checkout.tokenCart('not a token')).toBeNull();
  });

  it('refuses a missing, empty, purchased or short cart and bad details, writing nothing', async () => {
    const t = current();
    const { checkout } = t.stores;
    expect(await checkout.placeOrder('nope', SHIPPED, 's')).toMatchObject({ ok: false, status: 404, reason: 'missing', message: CHECKOUT_MESSAGES.emptyCart });
    expect(await checkout.placeOrder(await t.stores.cart.createCart(), SHIPPED, 's')).toMatchObject({ ok: false, status: 409, reason: 'empty' });
    const cartId = await cartWith(t, { itemId: 'p03', quantity: 3 });
    const invalid = await checkout.placeOrder(cartId, { email: 'not an address', name: '' }, 's');
    expect(invalid).toMatchObject({ ok: false, status: 400, reason: 'invalid', message: CHECKOUT_MESSAGES.invalidForm });
    expect(Object.keys((invalid as { errors: object }).errors).sort()).toEqual(['address1', 'city', 'country', 'email', 'name', 'postalCode']);
    await t.sql("UPDATE variants SET qty_in_stock = 2 WHERE id = 'p03-v1'");
    expect(await checkout.placeOrder(cartId, SHIPPED, 's')).toEqual({ ok: false, status: 409, reason: 'stock', message: `Enamel Mug: ${ADD_TO_CART_MESSAGES.notEnoughStock}` });
    expect(await t.number('SELECT count(*) FROM orders')).toBe(0);
    expect(await t.number("SELECT qty_in_stock FROM variants WHERE id = 'p03-v1'")).toBe(2);
    const bought = await cartWith(t, { itemId: 'p01', quantity: 1 });
    expect((await checkout.placeOrder(bought, SHIPPED, 's')).ok).toBe(true);
    expect(await checkout.placeOrder(bought, SHIPPED, 's')).toMatchObject({ ok: false, status: 409, reason: 'purchased', message: CHECKOUT_MESSAGES.purchased });
    expect(await t.number('SELECT count(*) FROM orders')).toBe(1);
    expect(await t.number('SELECT count(*) FROM outbox_emails')).toBe(1);
  });

  it('100 concurrent checkouts of carts holding the last 3 units: exactly 3 orders, numbered 1–3, stock 0', async () => {
    const t = current();
    await t.sql("UPDATE variants SET qty_in_stock = 3 WHERE id = 'p01-v1'");
    const carts = await Promise.all(Array.from({ length: 100 }, () => cartWith(t, { itemId: 'p01', quantity: 1 })));
    const results = await Promise.all(carts.map((cartId, i) => t.stores.checkout.placeOrder(cartId, { ...SHIPPED, email: `buyer${i}@example.com` }, 's')));
    const placed = results.filter((r) => r.ok).length;
    const short = results.filter((r) => !r.ok && r.reason === 'stock' && r.status === 409).length;
    console.log(`[${t.dialect}] 100 concurrent checkouts on stock 3: ${placed} orders, ${short} refused (stock)`);
    expect(placed).toBe(3);
    expect(short).toBe(97);
    expect((await t.sql('SELECT order_number FROM orders ORDER BY order_number')).map((r) => Number(r['order_number']))).toEqual([1, 2, 3]);
    expect(await t.number("SELECT qty_in_stock FROM variants WHERE id = 'p01-v1'")).toBe(0);
    expect(await t.number('SELECT count(*) FROM carts WHERE order_id IS NOT NULL')).toBe(3);
    expect(await t.number("SELECT count(*) FROM outbox_emails WHERE kind = 'order-confirmation'")).toBe(3);
  });

  it('30 concurrent checkouts that share no stock get the numbers 1–30, each once', async () => {
    const t = current();
    const carts = await Promise.all(Array.from({ length: 30 }, () => cartWith(t, { itemId: 'p06', quantity: 1 })));
    const results = await Promise.all(carts.map((cartId) => t.stores.checkout.placeOrder(cartId, SHIPPED, 's')));
    expect(results.filter((r) => r.ok)).toHaveLength(30);
    expect((await t.sql('SELECT order_number FROM orders ORDER BY order_number')).map((r) => Number(r['order_number']))).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
  });

  it('the same cart checked out 20 times at once is bought once', async () => {
    const t = current();
    const cartId = await cartWith(t, { itemId: 'p06', quantity: 2 });
    const results = await Promise.all(Array.from({ length: 20 }, () => t.stores.checkout.placeOrder(cartId, SHIPPED, 's')));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.reason === 'purchased')).toHaveLength(19);
    expect(await t.number('SELECT count(*) FROM orders')).toBe(1);
  });
});
