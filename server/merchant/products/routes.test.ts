/**
 * The merchant product APIs in-process, over the demo store: each route's validation, role checks (every role)
 * and crumb; the URL id rule; the variant matrix; stock never below 0; and the storefront showing each change
 * at once (a new product on /shop and its page, stock 0 sold out, an archived product gone).
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_ALLOWED, SIGN_IN_REQUIRED } from '../../owner/guard.js';
import { CONTRIBUTOR_ROLES, OWNER_PERMISSIONS } from '../../owner/roles.js';
import { unavailableMessage } from '../../commerce/checkout-service.js';
import { addToCartApi, demoApp, withCrumb, writeBeside } from '../../test-support.js';
import { type CallAs, type EveryRole, signInEveryRole } from '../role-test-support.js';
import { PRODUCT_MESSAGES } from './service.js';

let app: FastifyInstance;
let roles: EveryRole;

beforeAll(async () => {
  ({ app } = await demoApp({ guards: { rateLimits: { owner: { burst: 10_000, perMinute: 10_000 }, cart: { burst: 1000, perMinute: 1000 } } } }));
  roles = await signInEveryRole(app);
});
afterAll(() => app.close());

const call: CallAs = (options, role) => roles.call(options, role);
const create = async (payload: Record<string, unknown>) => call({ method: 'POST', url: '/api/merchant/products', payload });
const page = async (url: string) => app.inject(url);
/** Every page of the /shop listing (12 products a page), as one text. */
async function shopListing(): Promise<string> {
  const pages = await Promise.all([1, 2, 3, 4].map((n) => page(`/shop?page=${n}`)));
  return pages.map((p) => p.body).join('');
}

const SHIRT = { title: 'Harbour Jacket', type: 'physical', price: { priceCents: 15900 }, qtyInStock: 4, sku: 'HJ-1', weightGrams: 900 };

describe('roles and crumb', () => {
  const reads: InjectOptions[] = [{ url: '/api/merchant/products' }, { url: '/api/merchant/products/p01' }];
  const writes: InjectOptions[] = [
    { method: 'POST', url: '/api/merchant/products', payload: { title: 'Role Check', type: 'physical', price: { priceCents: 1 } } },
    { method: 'PUT', url: '/api/merchant/products/p01', payload: { title: 'Linen Apron' } },
    { method: 'POST', url: '/api/merchant/products/p12/archive' },
    { method: 'POST', url: '/api/merchant/products/p12/unarchive' },
    { method: 'PUT', url: '/api/merchant/products/p01/variants', payload: { options: [], variants: [{ id: 'p01-v1', sku: 'SQP011', attributes: {}, priceCents: 4800, qtyInStock: 25 }] } },
    { method: 'PATCH', url: '/api/merchant/products/p01/variants/p01-v1/stock', payload: { delta: 0 } },
    { method: 'POST', url: '/api/merchant/products/order', payload: { ids: ['p01'] } },
  ];

  it('reads: 401 signed out, 403 for a role without readProducts, 200 for each role with it', async () => {
    for (const options of reads) {
      expect((await app.inject(options)).json()).toEqual({ message: SIGN_IN_REQUIRED });
      for (const role of CONTRIBUTOR_ROLES) {
        const res = await call(options, role);
        const allowed = (OWNER_PERMISSIONS.readProducts as readonly string[]).includes(role);
        expect(res.statusCode, `${role} ${options.url}`).toBe(allowed ? 200 : 403);
        if (!allowed) expect(res.json()).toEqual({ message: NOT_ALLOWED });
      }
    }
  });

  it('writes: 401 signed out, 403 for a role without writeProducts, allowed for each role with it, 403 without the crumb', async () => {
    for (const options of writes) {
      expect((await app.inject(withCrumb(options))).statusCode, String(options.url)).toBe(401);
      for (const role of CONTRIBUTOR_ROLES) {
        const res = await call(options, role);
        const allowed = (OWNER_PERMISSIONS.writeProducts as readonly string[]).includes(role);
        expect(res.statusCode, `${role} ${options.method} ${options.url}: ${res.body}`).toBe(allowed ? (options.url === '/api/merchant/products' ? 201 : 200) : 403);
      }
      const noCrumb = await app.inject({ ...options, cookies: roles.cookies('admin') });
      expect(noCrumb.statusCode, String(options.url)).toBe(403);
    }
    expect(OWNER_PERMISSIONS.writeProducts).toEqual(['admin', 'website manager', 'store manager']);
  });
});

describe('POST /api/merchant/products', () => {
  it('creates a physical product that shows on /shop and its page at once', async () => {
    const res = await create(SHIRT);
    expect(res.statusCode).toBe(201);
    const product = res.json();
    expect(product).toMatchObject({ urlId: 'harbour-jacket', url: '/shop/p/harbour-jacket', type: 'physical', archived: false, price: null, options: [] });
    expect(product.variants).toEqual([expect.objectContaining({ sku: 'HJ-1', priceCents: 15900, salePriceCents: 0, onSale: false, unlimited: false, qtyInStock: 4, weightGrams: 900 })]);
    expect(await shopListing()).toContain('Harbour Jacket');
    const shown = await page('/shop/p/harbour-jacket');
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('$159.00');
    expect(shown.body).toContain('add-to-cart-button');
  });

  it('names it by the URL id rule of spec 001: a taken one gets -1, -2…; a short one the fallback', async () => {
    const again = (await create({ ...SHIRT, sku: 'HJ-2' })).json();
    expect(again.urlId).toBe('harbour-jacket-1');
    expect((await create({ ...SHIRT, sku: 'HJ-3', urlId: 'Harbour Jacket' })).json().urlId).toBe('harbour-jacket-2');
    expect((await create({ title: 'Ö', type: 'service', price: { priceCents: 100 } })).json().urlId).toBe('product');
    expect((await create({ title: 'Zz', type: 'service', price: { priceCents: 100 } })).json().urlId).toBe('product-1');
  });

  it('creates each type of the platform', async () => {
    const digital = (await create({ title: 'Pattern Book', type: 'digital', price: { priceCents: 1500, salePriceCents: 1000, onSale: true } })).json();
    expect(digital).toMatchObject({ type: 'digital', price: { priceCents: 1500, salePriceCents: 1000, onSale: true }, variants: [] });
    const plan = { billingPeriod: { value: 1, unit: 'MONTH' } };
    const sub = (await create({ title: 'Tea Club', type: 'subscription', price: { priceCents: 2000 }, subscriptionPlan: plan })).json();
    expect(sub).toMatchObject({ type: 'subscription', subscriptionPlan: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 } });
    const gift = (await create({ title: 'Store Credit', type: 'gift-card', price: { priceCents: 5000 } })).json();
    expect(gift.variants[0]).toMatchObject({ unlimited: true });
    expect((await create({ title: 'Studio Pass', type: 'membership', price: { priceCents: 900 } })).json()).toMatchObject({ type: 'membership', variants: [] });
    expect((await create({ title: 'Fitting', type: 'service', price: { priceCents: 4000 }, qtyInStock: 3 })).json()).toMatchObject({ type: 'service' });
    expect((await page('/shop/p/tea-club')).statusCode).toBe(200);
    expect((await page('/shop/p/pattern-book')).body).toContain('$10.00');
  });

  it('refuses bad bodies with a { message }', async () => {
    const bad: [Record<string, unknown>, number, string | RegExp][] = [
      [{ type: 'physical', price: { priceCents: 1 } }, 400, /title/],
      [{ title: 'X', type: 'boat', price: { priceCents: 1 } }, 400, /type/],
      [{ title: 'X', type: 'physical', price: { priceCents: -1 } }, 400, /priceCents/],
      [{ title: 'X', type: 'physical', price: { priceCents: 1.5 } }, 400, /priceCents/],
      [{ title: 'X', type: 'physical', price: { priceCents: '100' } }, 400, /priceCents/],
      [{ title: 'X', type: 'physical', price: { priceCents: 1 }, colour: 'red' }, 400, /colour/],
      [{ title: 'X', type: 'physical' }, 400, PRODUCT_MESSAGES.priceRequired('physical')],
      [{ title: 'X', type: 'digital' }, 400, PRODUCT_MESSAGES.priceRequired('digital')],
      [{ title: 'X', type: 'membership', price: { priceCents: 1 }, qtyInStock: 3 }, 400, PRODUCT_MESSAGES.pricedOnProduct('membership')],
      [{ title: 'X', type: 'subscription', price: { priceCents: 1 } }, 400, PRODUCT_MESSAGES.planRequired],
      [{ title: 'X', type: 'physical', price: { priceCents: 1 }, subscriptionPlan: { billingPeriod: { value: 1, unit: 'WEEK' } } }, 400, PRODUCT_MESSAGES.planOnlyForSubscriptions],
      [{ title: 'X', type: 'physical', price: { priceCents: 100, salePriceCents: 100, onSale: true } }, 400, PRODUCT_MESSAGES.saleNotLower],
      [{ title: 'X', type: 'physical', price: { priceCents: 1 }, qtyInStock: -1 }, 400, /qtyInStock/],
      [{ title: 'X', type: 'physical', price: { priceCents: 1 }, sku: 'SQP011' }, 409, PRODUCT_MESSAGES.skuTaken],
      [{ title: 'X', type: 'physical', price: { priceCents: 1 }, storeId: 'nope' }, 404, PRODUCT_MESSAGES.noStore],
    ];
    for (const [payload, status, message] of bad) {
      const res = await create(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json().message).toMatch(message instanceof RegExp ? message : new RegExp(`^${message.replace(/[.()?*+]/g, '\\$&')}$`));
    }
    const notJson = await call({ method: 'POST', url: '/api/merchant/products', payload: '{', headers: { 'content-type': 'application/json' } });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toHaveProperty('message');
  });
});

describe('PUT /api/merchant/products/:id', () => {
  it('edits the fields sent and keeps the others; the page follows', async () => {
    const res = await call({ method: 'PUT', url: '/api/merchant/products/p01', payload: { title: 'Linen Work Apron', urlId: 'work-apron', description: '<p>New.</p>' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ title: 'Linen Work Apron', urlId: 'work-apron', description: '<p>New.</p>', featured: true });
    expect((await page('/shop/p/linen-apron')).statusCode).toBe(404);
    expect((await page('/shop/p/work-apron')).body).toContain('Linen Work Apron');
  });

  it("says 'This product URL already exists', '{val} is not a valid page URL', and keeps the type", async () => {
    const taken = await call({ method: 'PUT', url: '/api/merchant/products/p01', payload: { urlId: 'Enamel-Mug' } });
    expect([taken.statusCode, taken.json()]).toEqual([409, { message: 'This product URL already exists' }]);
    const short = await call({ method: 'PUT', url: '/api/merchant/products/p01', payload: { urlId: '!!' } });
    expect([short.statusCode, short.json()]).toEqual([400, { message: '!! is not a valid page URL' }]);
    const type = await call({ method: 'PUT', url: '/api/merchant/products/p01', payload: { type: 'digital' } });
    expect([type.statusCode, type.json()]).toEqual([409, { message: PRODUCT_MESSAGES.typeFixed }]);
    const price = await call({ method: 'PUT', url: '/api/merchant/products/p01', payload: { price: { priceCents: 5 } } });
    expect(price.statusCode).toBe(400);
    expect((await call({ method: 'PUT', url: '/api/merchant/products/p01', payload: {} })).statusCode).toBe(400);
    expect((await call({ method: 'PUT', url: '/api/merchant/products/nope', payload: { title: 'x' } })).statusCode).toBe(404);
  });

  it('turns a physical product into a subscription with a plan, and back', async () => {
    const sub = await call({ method: 'PUT', url: '/api/merchant/products/p05', payload: { type: 'subscription', subscriptionPlan: { billingPeriod: { value: 3, unit: 'MONTH' }, numBillingCycles: 4 } } });
    expect(sub.json()).toMatchObject({ type: 'subscription', subscriptionPlan: { billingPeriod: { value: 3, unit: 'MONTH' }, numBillingCycles: 4 } });
    expect((await call({ method: 'PUT', url: '/api/merchant/products/p05', payload: { type: 'physical' } })).json()).toMatchObject({ type: 'physical', subscriptionPlan: null });
  });
});

describe('the additional-fields form', () => {
  const FORM = {
    name: 'Engraving',
    fields: [
      { kind: 'text', title: ' Initials ', required: true, placeholder: 'A.B.' },
      { kind: 'select', title: 'Font', options: ['Serif', ' Script '] },
    ],
  };

  it('is set on create and edit, kept with the ids its questions have, and the shop asks it before adding', async () => {
    const made = await create({ ...SHIRT, title: 'Engraved Flask', sku: 'EF-1', additionalFieldsForm: FORM });
    expect(made.statusCode).toBe(201);
    const form = made.json().additionalFieldsForm;
    expect(form).toEqual({
      name: 'Engraving',
      fields: [
        { id: 'field-1', kind: 'text', title: 'Initials', required: true, placeholder: 'A.B.' },
        { id: 'field-2', kind: 'select', title: 'Font', required: false, options: ['Serif', 'Script'] },
      ],
    });
    const product = await page(`/shop/p/engraved-flask?format=json`);
    expect(product.json().item.structuredContent.additionalFieldsForm).toEqual(form);
    // the cart API checks the answers against it: the required one blank is refused, given it is kept
    const id = made.json().id as string;
    const add = (answers: Record<string, string>) =>
      app.inject(withCrumb({ method: 'POST', url: '/api/commerce/shopping-cart/entries', payload: { itemId: id, sku: 'EF-1', quantity: 1, additionalFields: JSON.stringify(answers) } }));
    expect((await add({ 'field-1': ' ', 'field-2': 'Serif' })).statusCode).toBe(400);
    const answered = await add({ 'field-1': 'AK', 'field-2': 'Script' });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(JSON.parse(answered.json().newlyAdded.additionalFields)).toEqual({ 'field-1': 'AK', 'field-2': 'Script' });

    // an edit keeps the first question's id, adds one, and drops the form with null
    const edited = await call({ method: 'PUT', url: `/api/merchant/products/${id}`, payload: { additionalFieldsForm: { fields: [form.fields[0], { kind: 'textarea', title: 'Message' }] } } });
    expect(edited.json().additionalFieldsForm).toEqual({
      name: 'Additional information',
      fields: [form.fields[0], { id: 'field-2', kind: 'textarea', title: 'Message', required: false }],
    });
    const dropped = await call({ method: 'PUT', url: `/api/merchant/products/${id}`, payload: { additionalFieldsForm: null } });
    expect(dropped.json().additionalFieldsForm).toBeNull();
    expect((await page(`/shop/p/engraved-flask?format=json`)).json().item.structuredContent.additionalFieldsForm).toBeUndefined();
  });

  it('refuses a choice without choices, choices on a text, a choice twice, an id twice, an unknown kind', async () => {
    const edit = (additionalFieldsForm: unknown) => call({ method: 'PUT', url: '/api/merchant/products/p01', payload: { additionalFieldsForm } });
    const refusals = [
      [{ fields: [{ kind: 'radio', title: 'Size' }] }, 'The question Size needs at least one choice.'],
      [{ fields: [{ kind: 'text', title: 'Name', options: ['a'] }] }, 'Only a choice (select, radio or checkbox) has choices: Name.'],
      [{ fields: [{ kind: 'checkbox', title: 'Extras', options: ['Box', 'box'] }] }, 'The question Extras has the same choice twice.'],
      [{ fields: [{ id: 'q', kind: 'text', title: 'A' }, { id: 'q', kind: 'text', title: 'B' }] }, 'Two questions have the same id.'],
    ] as const;
    for (const [form, message] of refusals) {
      const res = await edit(form);
      expect([res.statusCode, res.json()]).toEqual([400, { message }]);
    }
    for (const bad of [{ fields: [] }, { fields: [{ kind: 'address', title: 'Where' }] }, { fields: [{ kind: 'text', title: ' ' }] }, { fields: [{ kind: 'text', title: 'A', extra: 1 }] }]) {
      const res = await edit(bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
    // nothing was changed by the refusals
    expect((await call({ url: '/api/merchant/products/p01' })).json().additionalFieldsForm).toBeNull();
  });
});

describe('PUT /api/merchant/products/:id/variants', () => {
  const matrix = {
    options: [
      { name: 'Colour', values: ['Rust', 'Ink'] },
      { name: 'Size', values: ['S', 'M'] },
    ],
    variants: [
      { sku: 'HJ-RS', attributes: { Colour: 'Rust', Size: 'S' }, priceCents: 15900, qtyInStock: 2, weightGrams: 850 },
      { sku: 'HJ-RM', attributes: { Colour: 'Rust', Size: 'M' }, priceCents: 15900, qtyInStock: 0 },
      { sku: 'HJ-IS', attributes: { Colour: 'Ink', Size: 'S' }, priceCents: 16900, salePriceCents: 14900, onSale: true, qtyInStock: 5 },
      { sku: 'HJ-IM', attributes: { Colour: 'Ink', Size: 'M' }, priceCents: 16900, unlimited: true },
    ],
  };

  it('sets two options and four variants; the page offers them', async () => {
    const jacket = (await create({ ...SHIRT, title: 'Matrix Jacket', sku: 'MJ-1' })).json();
    const first = jacket.variants[0].id;
    const res = await call({ method: 'PUT', url: `/api/merchant/products/${jacket.id}/variants`, payload: { ...matrix, variants: [{ ...matrix.variants[0], id: first }, ...matrix.variants.slice(1)] } });
    expect(res.statusCode, res.body).toBe(200);
    const product = res.json();
    expect(product.options).toEqual(matrix.options);
    expect(product.variants.map((v: { sku: string }) => v.sku)).toEqual(['HJ-RS', 'HJ-RM', 'HJ-IS', 'HJ-IM']);
    expect(product.variants[0].id).toBe(first); // kept in place
    expect(product.variants[2]).toMatchObject({ onSale: true, salePriceCents: 14900 });
    const shown = (await page('/shop/p/matrix-jacket')).body;
    expect(shown).toContain('Colour');
    expect(shown).toContain('Ink');
  });

  it('refuses a bad matrix with the editor messages', async () => {
    const id = (await create({ ...SHIRT, title: 'Bad Matrix', sku: 'BM-1' })).json().id;
    const put = (payload: unknown) => call({ method: 'PUT', url: `/api/merchant/products/${id}/variants`, payload: payload as Record<string, unknown> });
    const cases: [unknown, number, string][] = [
      [{ ...matrix, options: [...matrix.options, { name: 'colour', values: ['x'] }] }, 400, 'This option already exists'],
      [{ ...matrix, options: [{ name: 'Colour', values: ['Rust', 'rust'] }, matrix.options[1]] }, 400, 'This option value already exists'],
      [{ ...matrix, variants: [{ ...matrix.variants[0], attributes: { Colour: 'Teal', Size: 'S' } }] }, 400, 'Teal is not one of the expected options'],
      [{ ...matrix, variants: [{ ...matrix.variants[0], attributes: { Colour: 'Rust', Size: 'S', Fit: 'Slim' } }] }, 400, 'Fit is not one of the expected options'],
      [{ ...matrix, variants: [{ ...matrix.variants[0], attributes: { Colour: 'Rust' } }] }, 400, 'Variant HJ-RS has no Size.'],
      [{ ...matrix, variants: [matrix.variants[0], { ...matrix.variants[1], attributes: matrix.variants[0]!.attributes }] }, 400, 'This variant already exists'],
      [{ ...matrix, variants: [matrix.variants[0], { ...matrix.variants[1], sku: 'HJ-RS' }] }, 400, 'This SKU already exists'],
      [{ ...matrix, variants: [{ ...matrix.variants[0], sku: 'SQP011' }] }, 409, 'This SKU already exists'],
      [{ ...matrix, variants: [{ ...matrix.variants[0], id: 'p01-v1' }] }, 400, 'There is no variant p01-v1 on this product.'],
      [{ ...matrix, variants: [{ ...matrix.variants[0], onSale: true, salePriceCents: 20000 }] }, 400, PRODUCT_MESSAGES.saleNotLower],
    ];
    for (const [payload, status, message] of cases) {
      const res = await put(payload);
      expect([res.statusCode, res.json()], JSON.stringify(payload)).toEqual([status, { message }]);
    }
    for (const payload of [{ options: [] }, { ...matrix, variants: [] }, { ...matrix, variants: [{ ...matrix.variants[0], priceCents: -5 }] }]) {
      const res = await put(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toHaveProperty('message');
    }
    const digital = await call({ method: 'PUT', url: '/api/merchant/products/p09/variants', payload: matrix });
    expect([digital.statusCode, digital.json()]).toEqual([409, { message: PRODUCT_MESSAGES.pricedOnProduct('digital') }]);
  });

  it('removes a variant that is not sent, with its open cart lines; not one that was ordered', async () => {
    const before = (await call({ url: '/api/merchant/products/p13' })).json();
    expect(before.variants).toHaveLength(3);
    const [cedar, fig, smoke] = before.variants;
    const now = Date.now();
    await writeBeside(app, async ({ db, t }) => {
      await db.insert(t.carts).values([{ id: 'open-cart', createdAt: now, updatedAt: now }, { id: 'bought-cart', orderId: 'o1', createdAt: now, updatedAt: now }]);
      await db.insert(t.cartEntries).values({ id: 'open-line', cartId: 'open-cart', productId: 'p13', variantId: smoke.id, quantity: 1, createdAt: now });
      await db.insert(t.cartEntries).values({ id: 'bought-line', cartId: 'bought-cart', productId: 'p13', variantId: fig.id, quantity: 1, createdAt: now });
    });
    const keepCedar = { options: before.options, variants: [{ id: cedar.id, sku: cedar.sku, attributes: cedar.attributes, priceCents: cedar.priceCents }] };
    const ordered = await call({ method: 'PUT', url: '/api/merchant/products/p13/variants', payload: keepCedar });
    expect([ordered.statusCode, ordered.json()]).toEqual([409, { message: PRODUCT_MESSAGES.ordered(fig.sku) }]);
    const keep = { options: before.options, variants: [cedar, fig].map(({ id, sku, attributes, priceCents, qtyInStock }) => ({ id, sku, attributes, priceCents, qtyInStock })) };
    const res = await call({ method: 'PUT', url: '/api/merchant/products/p13/variants', payload: keep });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().options).toEqual([{ name: 'Scent', values: ['Cedar', 'Fig'] }]);
    const { db, t } = app.reads;
    expect((await db.select().from(t.cartEntries).where(eq(t.cartEntries.id, 'open-line')))[0]).toBeUndefined();
    expect((await db.select().from(t.cartEntries).where(eq(t.cartEntries.id, 'bought-line')))[0]).toBeDefined();
  });
});

describe('PATCH …/variants/:variantId/stock', () => {
  const stock = (payload: Record<string, unknown>, variant = 'p01-v1', product = 'p01') => call({ method: 'PATCH', url: `/api/merchant/products/${product}/variants/${variant}/stock`, payload });

  it('sets an absolute value or adds a delta, never below 0', async () => {
    expect((await stock({ qtyInStock: 7 })).json().variants[0].qtyInStock).toBe(7);
    expect((await stock({ delta: -2 })).json().variants[0].qtyInStock).toBe(5);
    const below = await stock({ delta: -6 });
    expect([below.statusCode, below.json()]).toEqual([409, { message: PRODUCT_MESSAGES.belowZero }]);
    const { db, t } = app.reads;
    expect((await db.select().from(t.variants).where(eq(t.variants.id, 'p01-v1')))[0]!.qtyInStock).toBe(5);
    // the database refuses it too (drizzle names the failed query; the database's own words are its cause)
    const refused = await Promise.resolve(db.update(t.variants).set({ qtyInStock: -1 }).where(eq(t.variants.id, 'p01-v1'))).then(() => undefined, (error: Error) => error);
    expect(`${refused?.message} ${String(refused?.cause)}`).toMatch(/check constraint/i);
  });

  it('stock 0 shows the product sold out at once; stock back, the add button again', async () => {
    const url = '/shop/p/work-apron';
    expect((await page(url)).body).toContain('add-to-cart-button');
    await stock({ qtyInStock: 0 });
    const soldOut = (await page(url)).body;
    expect(soldOut).toContain('product-mark sold-out');
    expect(soldOut).not.toContain('add-to-cart-button');
    await stock({ delta: 3 });
    expect((await page(url)).body).toContain('add-to-cart-button');
  });

  it('unlimited, and refusals', async () => {
    expect((await stock({ unlimited: true })).json().variants[0].unlimited).toBe(true);
    expect((await stock({ delta: 1 })).json()).toEqual({ message: PRODUCT_MESSAGES.unlimitedDelta });
    expect((await stock({ qtyInStock: 2 })).json().variants[0]).toMatchObject({ unlimited: false, qtyInStock: 2 });
    for (const payload of [{}, { qtyInStock: -1 }, { qtyInStock: 1, delta: 1 }, { delta: 0.5 }, { quantity: 3 }]) {
      const res = await stock(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toHaveProperty('message');
    }
    expect((await stock({ qtyInStock: 1 }, 'p08-v1', 'p08')).json()).toEqual({ message: PRODUCT_MESSAGES.giftCardStock });
    expect((await stock({ qtyInStock: 1 }, 'p02-v1')).statusCode).toBe(404);
    expect((await stock({ qtyInStock: 1 }, 'p01-v1', 'nope')).statusCode).toBe(404);
  });
});

describe('archive and unarchive', () => {
  it('an archived product leaves the shop, its page, search and the cart; unarchived it is back', async () => {
    const archived = await call({ method: 'POST', url: '/api/merchant/products/p03/archive' });
    expect(archived.json()).toMatchObject({ archived: true });
    expect(await shopListing()).not.toContain('Enamel Mug');
    expect((await page('/shop/p/enamel-mug')).statusCode).toBe(404);
    expect((await page('/search?q=enamel')).body).not.toContain('/shop/p/enamel-mug');
    const add = await app.inject(withCrumb({ method: 'POST', url: '/api/commerce/shopping-cart/entries', payload: { itemId: 'p03', quantity: 1 } }));
    expect(add.statusCode).toBe(404);
    const list = (await call({ url: '/api/merchant/products?archived=true' })).json();
    expect(list.products.map((p: { id: string }) => p.id)).toContain('p03');
    expect((await call({ method: 'POST', url: '/api/merchant/products/p03/unarchive' })).json()).toMatchObject({ archived: false });
    expect((await page('/shop/p/enamel-mug')).statusCode).toBe(200);
    expect((await call({ method: 'POST', url: '/api/merchant/products/nope/archive' })).statusCode).toBe(404);
  });

  it('a cart holding a product archived since cannot be checked out', async () => {
    const cart = await addToCartApi(app, { itemId: 'p01', quantity: 1 });
    await call({ method: 'POST', url: '/api/merchant/products/p01/archive' });
    const details = { email: 'ada@example.com', name: 'Ada Lovelace', shippingAddress: { address1: '12 St James Sq', city: 'London', postalCode: 'SW1Y 4JH', country: 'GB' } };
    const refused = await app.inject(withCrumb({ method: 'POST', url: '/api/commerce/orders', payload: details, cookies: { tessera_cart: cart } }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(unavailableMessage('Linen Work Apron'));
    await call({ method: 'POST', url: '/api/merchant/products/p01/unarchive' });
    expect((await app.inject(withCrumb({ method: 'POST', url: '/api/commerce/orders', payload: details, cookies: { tessera_cart: cart } }))).statusCode).toBe(201);
  });

  it('an archived membership is no longer offered on its member area', async () => {
    expect((await page('/members')).body).toContain('Join for $15.00');
    await call({ method: 'POST', url: '/api/merchant/products/p14/archive' });
    expect((await page('/members')).body).not.toContain('Join for');
    await call({ method: 'POST', url: '/api/merchant/products/p14/unarchive' });
    expect((await page('/members')).body).toContain('Join for $15.00');
  });
});

describe('GET /api/merchant/products', () => {
  const list = async (query: string) => (await call({ url: `/api/merchant/products${query}` })).json();
  const ids = (body: { products: { id: string }[] }) => body.products.map((p) => p.id);

  it('pages in store order, finds by name or SKU, filters by type and archived', async () => {
    const all = await list('');
    expect(all).toMatchObject({ page: 1, pageSize: 50, hasNextPage: false });
    expect(all.total).toBe(all.products.length);
    expect(ids(all).slice(0, 3)).toEqual(['p01', 'p02', 'p03']);
    expect(ids(await list('?q=mug'))).toEqual(['p03']);
    expect(ids(await list('?q=sqp021'))).toEqual(['p02']);
    expect(ids(await list('?q=%25'))).toEqual([]);
    expect(ids(await list('?type=gift-card'))).toEqual(['p08', ...ids(await list('?q=store%20credit'))]);
    expect((await list('?type=digital')).products.every((p: { type: string }) => p.type === 'digital')).toBe(true);
    expect((await list('?page=2')).products).toEqual([]);
    for (const bad of ['?page=0', '?page=x', '?archived=yes', '?type=boat', '?sort=title']) {
      const res = await call({ url: `/api/merchant/products${bad}` });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toHaveProperty('message');
    }
  });

  it('GET one: 404 for an id of no product of the site', async () => {
    expect((await call({ url: '/api/merchant/products/p02' })).json()).toMatchObject({ id: 'p02', options: [{ name: 'Color', values: ['Olive', 'Navy', 'Sand'] }, { name: 'Size', values: ['S', 'M', 'L', 'XL'] }] });
    expect((await call({ url: '/api/merchant/products/nope' })).json()).toEqual({ message: PRODUCT_MESSAGES.notFound });
  });
});

describe("another website's products", () => {
  it('are never found, read or written', async () => {
    await writeBeside(app, async ({ db, t }) => {
      await db.insert(t.websites).values({ id: 'other', title: 'Other' });
      await db.insert(t.collections).values({ id: 'other-shop', websiteId: 'other', urlId: 'other-shop', title: 'Other shop', type: 13 });
      await db.insert(t.products).values({ id: 'o1', collectionId: 'other-shop', urlId: 'theirs', title: 'Theirs', productType: 1 });
      await db.insert(t.variants).values({ id: 'o1-v1', productId: 'o1', sku: 'THEIRS', priceCents: 100, qtyInStock: 1 });
    });
    expect((await call({ url: '/api/merchant/products/o1' })).statusCode).toBe(404);
    expect((await call({ url: '/api/merchant/products?q=theirs' })).json().total).toBe(0);
    expect((await call({ url: '/api/merchant/products?storeId=other-shop' })).json().total).toBe(0);
    expect((await call({ method: 'PUT', url: '/api/merchant/products/o1', payload: { title: 'Mine' } })).statusCode).toBe(404);
    expect((await call({ method: 'POST', url: '/api/merchant/products/o1/archive' })).statusCode).toBe(404);
    expect((await call({ method: 'PATCH', url: '/api/merchant/products/o1/variants/o1-v1/stock', payload: { qtyInStock: 0 } })).statusCode).toBe(404);
    expect((await call({ method: 'POST', url: '/api/merchant/products/order', payload: { ids: ['o1'] } })).statusCode).toBe(404);
    expect((await create({ title: 'Sneaky', type: 'physical', price: { priceCents: 1 }, storeId: 'other-shop' })).statusCode).toBe(404);
    // a SKU is unique within a website, not across websites
    expect((await create({ title: 'Same SKU', type: 'physical', price: { priceCents: 1 }, sku: 'THEIRS' })).statusCode).toBe(201);
    const { db, t } = app.reads;
    expect((await db.select().from(t.products).where(eq(t.products.id, 'o1')))[0]).toMatchObject({ title: 'Theirs', archived: false });
  });
});

describe('POST /api/merchant/products/order', () => {
  it('puts the given products in the given order in the places they held; the shop follows', async () => {
    const res = await call({ method: 'POST', url: '/api/merchant/products/order', payload: { ids: ['p03', 'p02'] } });
    expect(res.statusCode).toBe(200);
    expect(res.json().ids.slice(0, 3)).toEqual(['p01', 'p03', 'p02']);
    const shop = (await page('/shop')).body;
    expect(shop.indexOf('Enamel Mug')).toBeLessThan(shop.indexOf('Field Shirt'));
    expect((await call({ method: 'POST', url: '/api/merchant/products/order', payload: { ids: ['p01', 'nope'] } })).statusCode).toBe(404);
    for (const payload of [{ ids: [] }, { ids: ['p01', 'p01'] }, {}]) expect((await call({ method: 'POST', url: '/api/merchant/products/order', payload })).statusCode).toBe(400);
  });
});
