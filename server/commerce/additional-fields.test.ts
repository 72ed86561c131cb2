/**
 * A product's additional-fields answers on the cart API (spec 000 §3 cart entry, §7): checked with the form's
 * rules when an entry is added or its answers are changed, kept as the sanitised JSON string, and each
 * distinct set of answers its own line.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ANSWERS_SHAPE_MESSAGE } from '../../commerce/additional-fields.js';
import { FORM_MESSAGES } from '../../commerce/form-validation.js';
import { cookieOf, demoApp, FORM_HEADERS, TEST_COOKIES, TEST_CRUMB, withCrumb } from '../test-support.js';

let app: FastifyInstance;
let napkins: { id: string; sku: string };

beforeAll(async () => {
  ({ app } = await demoApp());
  const page = (await app.inject('/shop/p/monogram?format=json')).json() as { item: { id: string; structuredContent: { variants: { sku: string }[] } } };
  napkins = { id: page.item.id, sku: page.item.structuredContent.variants[0]!.sku };
});

const add = (additionalFields: string | null, cart?: string) =>
  app.inject(withCrumb({ method: 'POST', url: '/api/commerce/shopping-cart/entries', payload: { itemId: napkins.id, sku: napkins.sku, quantity: 1, additionalFields }, cookies: cart === undefined ? {} : { tessera_cart: cart } }));

describe('additional fields on the cart API', () => {
  it('refuses answers of another shape with 400 { message } (issue 30: {"q":null} broke the cart page)', async () => {
    for (const bad of ['{"q":null}', '{"field-1":"AK","q":null}', '{"q":3}', '{"q":[1]}', '{"q":{"a":null}}', '[]', '"AK"', 'null', 'not json']) {
      for (const itemId of [napkins.id, 'p01']) {
        const res = await app.inject(withCrumb({ method: 'POST', url: '/api/commerce/shopping-cart/entries', payload: { itemId, quantity: 1, additionalFields: bad } }));
        expect(res.statusCode, `${itemId} ${bad}`).toBe(400);
        expect(res.json(), bad).toEqual({ message: ANSWERS_SHAPE_MESSAGE });
      }
    }
    // a product without a form of ours still keeps answers of the right shape as sent
    const fine = await app.inject(withCrumb({ method: 'POST', url: '/api/commerce/shopping-cart/entries', payload: { itemId: 'p01', quantity: 1, additionalFields: '{"note":"gift","parts":{"a":"b"},"list":["x"]}' } }));
    expect(fine.statusCode).toBe(200);
  });

  it('refuses answers that break the form, keeps sanitised ones, and makes a line per set of answers', async () => {
    const empty = await add(JSON.stringify({ 'field-1': '  ' }));
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: FORM_MESSAGES.summary });

    const first = await add(JSON.stringify({ 'field-1': ' AK ', unknown: 'x' }));
    expect(first.statusCode).toBe(200);
    const cart = cookieOf(first, 'tessera_cart')!.value;
    expect(first.json().newlyAdded.additionalFields).toBe('{"field-1":"AK"}');
    const same = await add('{"field-1":"AK"}', cart);
    expect(same.json().shoppingCart.entries).toHaveLength(1);
    const other = await add('{"field-1":"BK"}', cart);
    expect(other.json().shoppingCart.entries).toHaveLength(2);
    // the product's form travels with the line, so the cart can offer the answers for editing
    expect(other.json().shoppingCart.entries[0].additionalFieldsForm).toMatchObject({ name: 'Monogram' });
  });

  it('no answers at all (a plain post without JavaScript) is still an add', async () => {
    expect((await add(null)).statusCode).toBe(200);
  });

  it('changing the answers: checked the same way; an unknown entry is 404', async () => {
    const res = await add('{"field-1":"AK"}');
    const cart = cookieOf(res, 'tessera_cart')!.value;
    const entryId = res.json().newlyAdded.id as string;
    const put = (id: string, additionalFields: string) =>
      app.inject(withCrumb({ method: 'PUT', url: `/api/commerce/shopping-cart/entries/${id}/additionalFields`, payload: { itemId: napkins.id, additionalFields }, cookies: { tessera_cart: cart } }));
    const bad = await put(entryId, '{"field-1":""}');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(FORM_MESSAGES.summary);
    const good = await put(entryId, '{"field-1":"ZZ"}');
    expect(good.statusCode).toBe(200);
    expect(good.json().updatedEntry.additionalFields).toBe('{"field-1":"ZZ"}');
    expect((await put('nope', '{"field-1":"ZZ"}')).statusCode).toBe(404);
  });

  it('without JavaScript: the product page carries the fields, and /cart/add checks and keeps the answers', async () => {
    const page = (await app.inject('/shop/p/monogram')).body;
    expect(page).toContain('name="answer:field-1"');
    const post = (answer: string) =>
      app.inject({ method: 'POST', url: '/cart/add', headers: FORM_HEADERS, cookies: TEST_COOKIES, payload: new URLSearchParams({ crumb: TEST_CRUMB, itemId: napkins.id, quantity: '1', 'answer:field-1': answer }).toString() });
    // refused: the product page again (not the cart), the field named in the summary and marked, nothing added
    const refused = await post('  ');
    expect(refused.statusCode).toBe(400);
    expect(cookieOf(refused, 'tessera_cart')).toBeUndefined();
    expect(refused.body).toContain('<h1>Monogrammed Napkins</h1>');
    expect(refused.body).toMatch(/<div class="error-summary form-error-summary" role="alert" tabindex="-1" autofocus="">/);
    expect(refused.body).toContain(`<h2 class="form-error-summary-title">${FORM_MESSAGES.summary}</h2>`);
    expect(refused.body).toMatch(/<a href="#[^"]+">Initials: Required<\/a>/);
    expect(refused.body).toContain('aria-invalid="true"');
    const taken = await post(' CK ');
    expect(taken.statusCode).toBe(303);
    const cart = cookieOf(taken, 'tessera_cart')!.value;
    const json = (await app.inject({ url: '/api/commerce/shopping-cart', cookies: { tessera_cart: cart } })).json() as { entries: { additionalFields: string }[] };
    expect(json.entries.map((e) => e.additionalFields)).toEqual(['{"field-1":"CK"}']);
  });
});
