/**
 * Personalisation kept (issue 21): the answers a cart line carries to its product's additional-fields form
 * ("Initials: AK") show in the checkout's "Your order", are stored with the order as they were asked, and show
 * on the confirmation and in its JSON.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addToCartApi, writeBeside } from '../test-support.js';
import { buy, confirmation, storedLines, useFreshShops } from './order-test-support.js';

const freshShop = useFreshShops();
/** The Monogrammed Napkins: a form with one required text field, Initials (stored without an id: `field-1`). */
const NAPKINS = { itemId: 'p07', additionalFields: JSON.stringify({ 'field-1': 'AK' }) };

describe('additional-fields answers', () => {
  it('show in the checkout’s “Your order”, escaped', async () => {
    const { app, problems } = await freshShop();
    const cart = await addToCartApi(app, { ...NAPKINS, quantity: 1 });
    await addToCartApi(app, { itemId: 'p07', quantity: 1, additionalFields: JSON.stringify({ 'field-1': '<b>Z</b>' }) }, cart);
    const page = await app.inject({ url: '/checkout', cookies: { tessera_cart: cart } });
    expect(page.body).toContain('<span class="checkout-line-answer">Initials: AK</span>');
    expect(page.body).toContain('<span class="checkout-line-answer">Initials: &lt;b&gt;Z&lt;/b&gt;</span>');
    const { checkout } = (await app.inject({ url: '/checkout?format=json', cookies: { tessera_cart: cart } })).json();
    expect(checkout.cart.entries[0].answers).toEqual([{ label: 'Initials', value: 'AK' }]);
    expect(problems).toEqual([]);
  });

  it('are stored with the order as asked, and shown on its confirmation even after the form changes', async () => {
    const { app, problems } = await freshShop();
    const bought = await buy(app, [NAPKINS, { itemId: 'p01' }]);
    const [napkins, apron] = await storedLines(app, bought.orderId);
    expect(napkins).toMatchObject({ productName: 'Monogrammed Napkins', additionalFields: '{"field-1":"AK"}', answers: [{ label: 'Initials', value: 'AK' }] });
    expect(apron.answers).toEqual([]);

    // the owner renames the field afterwards: the order keeps the question the shopper answered
    const renamed = JSON.stringify({ name: 'Monogram', fields: [{ type: 'text', title: 'Letters', required: true }] });
    await writeBeside(app, ({ db, t }) => db.update(t.products).set({ additionalFieldsForm: renamed }).where(eq(t.products.id, 'p07')));
    const page = await confirmation(app, bought);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<span class="order-line-answer">Initials: AK</span>');
    expect(page.body).not.toContain('Letters');
    const json = (await confirmation(app, bought, '?format=json')).json();
    expect(json.order.items[0].answers).toEqual([{ label: 'Initials', value: 'AK' }]);
    expect(problems).toEqual([]);
  });
});
