/**
 * The cart API of spec 000 §7 and the no-JavaScript buying forms (add to cart, gift card, subscription, cart
 * lines). Bodies are validated by schema; the server computes every amount. The forms are plain
 * `application/x-www-form-urlencoded` posts answered with 303 redirects: to the cart, or to the checkout of a
 * token cart; a refusal goes to `/cart?message=…`, where the cart page shows it, except two that the product
 * page answers better: a sold-out choice goes back to the product page with that variant chosen and its
 * back-in-stock signup (`?variant=`), and refused additional-fields answers render the product page again
 * (400) with the answers typed, each refused field named.
 */
import { additionalForm, ANSWER_FIELD_PREFIX, answersAsValues, checkAnswers, rawAnswersFromPost } from '../../commerce/additional-fields.js';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { ADD_TO_CART_MESSAGES, quantityFromText } from '../../commerce/add-to-cart.js';
import { FORM_MESSAGES } from '../../commerce/form-validation.js';
import { neverRunsOut } from '../../commerce/products.js';
import { chooseVariant } from '../../commerce/variant-choice.js';
import { cartMessageUrl, VISITOR_MESSAGES } from '../../commerce/visitor-messages.js';
import { type EntryResult, stockOfProduct } from './cart-service.js';
import { type Json, parseJson, type ProductRecord } from './catalog.js';
import type { CatalogStore } from './catalog-store.js';
import type { Store } from '../db/database.js';
import type { CommerceStores } from '../db/stores.js';
import type { Theme } from '../theme.js';
import { productPageDataOf, productPageUrl, sendProductPage } from './product-page-response.js';
import { GIFT_CARD_CART, SUBSCRIPTION_CART, type TokenCartResult } from './token-carts.js';
import { ensureCart, pageCart, storedCartId } from './visitor-cart.js';

/** The cart's money fields, which `GET /api/commerce/shopping-cart?calculateSubtotal=false` leaves out. */
const CART_AMOUNT_FIELDS = ['subtotalCents', 'taxCents', 'shippingCostCents', 'discountCents', 'grandTotalCents', 'subtotalMoney', 'grandTotalMoney'] as const;

/**
 * The fields of a cart entry a client may send (no price: the server prices everything). The quantity is
 * taken as number or text so that a bad one gets the spec's message rather than a schema error: a JSON integer
 * passes, text (even `"3"`) is 'Quantity must be a number.' (commerce/add-to-cart.ts `quantityFromJson`).
 */
export const entryFields = {
  itemId: { type: 'string', minLength: 1, maxLength: 100 },
  sku: { type: 'string', maxLength: 100 },
  quantity: { type: ['integer', 'number', 'string'] },
  // the platform's client sends null for a product without an additional-fields form
  additionalFields: { type: ['string', 'null'], maxLength: 10_000 },
} as const;

const addEntryBody = {
  type: 'object',
  required: ['itemId', 'quantity'],
  properties: entryFields,
  additionalProperties: false,
} as const;

interface AddEntryBody {
  itemId: string;
  sku?: string;
  quantity: number | string;
  additionalFields?: string | null;
}

const ENTRY_NOT_FOUND = VISITOR_MESSAGES['cart.entryNotFound'];

/** Form fields `option:{OptionName}`, one per variant option (`option:Color=Navy`). */
const OPTION_FIELD = 'option:';

type PlainAnswers = { ok: true; answers: string | undefined } | { ok: false; answers: Json; errors: Record<string, string> };

/**
 * The answers to the product's additional-fields form a plain post carries, checked with the form's rules: the
 * JSON string the cart keeps (undefined when the post has none), or what was typed and each refused field's
 * message.
 */
function plainAnswers(product: ProductRecord | null, body: ProductForm): PlainAnswers {
  const form = product === null ? null : additionalForm(parseJson(product.row.additionalFieldsForm, null));
  const raw = rawAnswersFromPost(form, body);
  if (form === null || raw === undefined) return { ok: true, answers: undefined };
  const check = checkAnswers(form, raw);
  return check.ok ? { ok: true, answers: check.answers } : { ok: false, answers: answersAsValues(form, raw), errors: check.errors };
}

/** Whether the product's variant `variantId` has none left (a gift card, a digital product never runs out). */
function variantSoldOut(product: ProductRecord, variantId: string): boolean {
  if (neverRunsOut(product.row.productType)) return false;
  const v = product.variants.find((x) => x.id === variantId);
  return v !== undefined && !v.unlimited && v.qtyInStock <= 0;
}

/**
 * The buying forms. Not strict about extra fields (browsers may send the submit button's name), but every
 * field they read is checked, the option fields included.
 */
const productForm = (withQuantity: boolean) =>
  ({
    type: 'object',
    required: ['itemId'],
    properties: {
      itemId: { type: 'string', minLength: 1, maxLength: 100 },
      variantId: { type: 'string', maxLength: 100 },
      ...(withQuantity ? { quantity: { type: 'string', maxLength: 20 } } : {}),
    },
    patternProperties: {
      [`^${OPTION_FIELD}`]: { type: 'string', maxLength: 200 },
      // a product's additional-fields answers, posted without JavaScript (checkboxes repeat their name)
      [`^${ANSWER_FIELD_PREFIX}`]: { type: ['string', 'array'], maxLength: 10_000, maxItems: 100, items: { type: 'string', maxLength: 10_000 } },
    },
  }) as const;

type ProductForm = { itemId: string; variantId?: string; quantity?: string } & Record<string, string | undefined>;

const entryForm = (withQuantity: boolean) =>
  ({
    type: 'object',
    required: withQuantity ? ['entryId', 'quantity'] : ['entryId'],
    properties: { entryId: { type: 'string', minLength: 1, maxLength: 100 }, ...(withQuantity ? { quantity: { type: 'string', maxLength: 20 } } : {}) },
  }) as const;

type VariantPick = { ok: true; variantId: string | undefined } | { ok: false; message: string };

/**
 * The variant a form names: by its option fields when it sends any (commerce/variant-choice.ts, the rule the
 * islands use too), else by `variantId` (undefined when neither: the cart then applies its own rules).
 */
/** The option fields a form posts, by option name. */
function chosenOptions(form: ProductForm): Record<string, string> {
  const chosen: Record<string, string> = {};
  for (const [key, value] of Object.entries(form)) if (key.startsWith(OPTION_FIELD) && typeof value === 'string') chosen[key.slice(OPTION_FIELD.length)] = value;
  return chosen;
}

async function formVariant(catalog: CatalogStore, form: ProductForm): Promise<VariantPick> {
  const chosen = chosenOptions(form);
  if (Object.keys(chosen).length === 0) return { ok: true, variantId: form.variantId === '' ? undefined : form.variantId };
  const product = await catalog.productById(form.itemId);
  if (product === null) return { ok: false, message: ADD_TO_CART_MESSAGES.variantUnavailable };
  const choice = chooseVariant(
    {
      productType: product.row.productType,
      variantOptionOrdering: parseJson<string[]>(product.row.variantOptionOrdering, []),
      variants: product.variants.map((v) => ({ id: v.id, attributes: parseJson<Record<string, string>>(v.attributes, {}) })),
    },
    chosen,
  );
  return choice.ok ? { ok: true, variantId: choice.variant.id } : choice;
}

/** Back to the cart, with the code of the message when there is one (the cart page shows the store's wording for it). */
const toCart = (reply: FastifyReply, message?: string) => reply.redirect(message === undefined ? '/cart' : cartMessageUrl(message), 303);

const toCheckout = (reply: FastifyReply, result: TokenCartResult) =>
  result.ok ? reply.redirect(`/checkout?cartToken=${encodeURIComponent(result.cartToken)}`, 303) : toCart(reply, result.message);

export const cartRoutes: FastifyPluginAsync<{ store: Store; stores: CommerceStores; theme: Theme }> = async (app, { store, stores, theme }) => {
  app.get<{ Querystring: { calculateSubtotal?: 'true' | 'false' } }>(
    '/api/commerce/shopping-cart',
    { schema: { querystring: { type: 'object', properties: { calculateSubtotal: { type: 'string', enum: ['true', 'false'] } } } } },
    async (request) => {
      const cart = await pageCart(store, request);
      // `calculateSubtotal=false` asks for the lines and counts only: the amounts are left out
      if (request.query.calculateSubtotal === 'false') for (const key of CART_AMOUNT_FIELDS) delete cart[key];
      return cart;
    },
  );

  app.post<{ Body: AddEntryBody }>('/api/commerce/shopping-cart/entries', { schema: { body: addEntryBody } }, async (request, reply) => {
    const cartId = await ensureCart(stores.cart, request, reply);
    const { itemId, sku, quantity, additionalFields } = request.body;
    const result = await stores.cart.addEntry(cartId, { itemId, sku, quantity, additionalFields: additionalFields ?? undefined });
    if (!result.ok) return reply.code(result.status).send({ message: result.message });
    const shoppingCart = await stores.cart.cartJson(cartId);
    const entries = shoppingCart['entries'] as { id: string }[];
    return { shoppingCart, newlyAdded: entries.find((e) => e.id === result.entryId) ?? null };
  });

  const entryParams = { type: 'object', required: ['entryId'], properties: { entryId: { type: 'string', maxLength: 100 } } } as const;
  const answer = async (reply: FastifyReply, cartId: string, r: EntryResult) =>
    r.ok ? reply.send({ shoppingCart: await stores.cart.cartJson(cartId) }) : reply.code(r.status).send({ message: r.message });
  const noCart = (reply: FastifyReply) => reply.code(404).send({ message: ENTRY_NOT_FOUND });

  app.put<{ Params: { entryId: string }; Body: { quantity: number | string } }>(
    '/api/commerce/shopping-cart/entries/:entryId',
    {
      schema: {
        params: entryParams,
        body: { type: 'object', required: ['quantity'], properties: { quantity: { type: ['integer', 'number', 'string'] } }, additionalProperties: false },
      },
    },
    async (request, reply) => {
      const cartId = await storedCartId(stores.cart, request);
      if (cartId === null) return noCart(reply);
      return answer(reply, cartId, await stores.cart.setEntryQuantity(cartId, request.params.entryId, request.body.quantity));
    },
  );

  app.delete<{ Params: { entryId: string } }>('/api/commerce/shopping-cart/entries/:entryId', { schema: { params: entryParams } }, async (request, reply) => {
    const cartId = await storedCartId(stores.cart, request);
    if (cartId === null) return noCart(reply);
    return answer(reply, cartId, await stores.cart.removeEntry(cartId, request.params.entryId));
  });

  app.put<{ Params: { entryId: string }; Body: { itemId: string; sku?: string; additionalFields: string } }>(
    '/api/commerce/shopping-cart/entries/:entryId/additionalFields',
    {
      schema: {
        params: entryParams,
        body: {
          type: 'object',
          required: ['additionalFields'],
          properties: { itemId: { type: 'string', maxLength: 100 }, sku: { type: 'string', maxLength: 100 }, additionalFields: { type: 'string', maxLength: 10_000 } },
          additionalProperties: false,
        },
      },
    },
    async (request, reply) => {
      const cartId = await storedCartId(stores.cart, request);
      if (cartId === null) return noCart(reply);
      const r = await stores.cart.setEntryFields(cartId, request.params.entryId, request.body.additionalFields);
      if (!r.ok) return reply.code(r.status).send({ message: r.message });
      const shoppingCart = await stores.cart.cartJson(cartId);
      const entries = shoppingCart['entries'] as { id: string }[];
      return { shoppingCart, updatedEntry: entries.find((e) => e.id === request.params.entryId) ?? null };
    },
  );

  app.get<{ Querystring: { itemId: string } }>(
    '/api/commerce/inventory/stock/',
    { schema: { querystring: { type: 'object', required: ['itemId'], properties: { itemId: { type: 'string', minLength: 1, maxLength: 100 } } } } },
    async (request, reply) => {
      const results = stockOfProduct(request.query.itemId, await stores.catalog.productById(request.query.itemId));
      return results === null ? reply.code(404).send({ message: 'Item not found' }) : { results };
    },
  );

  // Without JavaScript: plain form posts, answered with a redirect (and the message, if any).
  app.post<{ Body: ProductForm }>('/cart/add', { schema: { body: productForm(true) } }, async (request, reply) => {
    const pick = await formVariant(stores.catalog, request.body);
    if (!pick.ok) return toCart(reply, pick.message);
    const { itemId, quantity } = request.body;
    const product = await stores.catalog.productById(itemId);
    const page = product === null ? null : await productPageDataOf(stores.catalog, store, product);
    // a sold-out choice: back to its product page, that variant chosen, where the shopper can ask to hear when it
    // is back (`#restock-…`: the block's id)
    if (product !== null && page !== null && pick.variantId !== undefined && variantSoldOut(product, pick.variantId)) {
      return reply.redirect(`${productPageUrl(page)}?variant=${encodeURIComponent(pick.variantId)}#restock-${encodeURIComponent(itemId)}`, 303);
    }
    const answers = plainAnswers(product, request.body);
    if (!answers.ok) {
      // the product page again, as the shopper left it, each refused field named (the cart would not say which)
      if (page !== null) {
        const chosen = chosenOptions(request.body);
        const buyBox = {
          ...(Object.keys(chosen).length > 0 ? { chosen } : pick.variantId !== undefined ? { variantId: pick.variantId } : {}),
          quantity: quantity ?? '1',
          answers: answers.answers,
          errors: answers.errors,
        };
        return sendProductPage(reply, request, theme, store, page, { buyBox }, 400);
      }
      return toCart(reply, FORM_MESSAGES.summary);
    }
    // a form's quantity is decimal digits as written (`quantityFromText`): `0x10`, `1e1`, ` 3`, `+2`, `3.0` are refused
    const q = quantityFromText(quantity ?? '1');
    if (!q.ok) return toCart(reply, q.message);
    const cartId = await ensureCart(stores.cart, request, reply);
    const result = await stores.cart.addEntry(cartId, { itemId, variantId: pick.variantId, quantity: q.quantity, additionalFields: answers.answers });
    return toCart(reply, result.ok ? undefined : result.message);
  });

  // Gift cards and subscriptions are bought on their own: a token cart, checked out at /checkout?cartToken=…
  app.post<{ Body: ProductForm }>('/cart/gift-card', { schema: { body: productForm(false) } }, async (request, reply) => {
    const pick = await formVariant(stores.catalog, request.body);
    if (!pick.ok) return toCart(reply, pick.message);
    return toCheckout(reply, await stores.cart.createTokenCart(GIFT_CARD_CART, { itemId: request.body.itemId, variantId: pick.variantId }));
  });

  app.post<{ Body: ProductForm }>('/cart/subscribe', { schema: { body: productForm(true) } }, async (request, reply) => {
    const pick = await formVariant(stores.catalog, request.body);
    if (!pick.ok) return toCart(reply, pick.message);
    const { itemId, quantity } = request.body;
    const q = quantityFromText(quantity ?? '1');
    if (!q.ok) return toCart(reply, q.message);
    return toCheckout(reply, await stores.cart.createTokenCart(SUBSCRIPTION_CART, { itemId, variantId: pick.variantId, quantity: q.quantity }));
  });

  app.post<{ Body: { entryId: string; quantity: string } }>('/cart/update', { schema: { body: entryForm(true) } }, async (request, reply) => {
    const cartId = await storedCartId(stores.cart, request);
    if (cartId === null) return toCart(reply, ENTRY_NOT_FOUND);
    const q = quantityFromText(request.body.quantity);
    if (!q.ok) return toCart(reply, q.message);
    const r = await stores.cart.setEntryQuantity(cartId, request.body.entryId, q.quantity);
    return toCart(reply, r.ok ? undefined : r.message);
  });

  app.post<{ Body: { entryId: string } }>('/cart/remove', { schema: { body: entryForm(false) } }, async (request, reply) => {
    const cartId = await storedCartId(stores.cart, request);
    if (cartId === null) return toCart(reply, ENTRY_NOT_FOUND);
    const r = await stores.cart.removeEntry(cartId, request.body.entryId);
    return toCart(reply, r.ok ? undefined : r.message);
  });
};
