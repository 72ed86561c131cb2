/**
 * The cart API of spec 000 §7 and the no-JavaScript add-to-cart form. Bodies are validated by schema; the
 * server computes every amount.
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { addEntry, cartJson, type EntryResult, removeEntry, setEntryFields, setEntryQuantity, stockOf } from '../cart-service.js';
import type { Store } from '../db/database.js';
import { currentCartId, ensureCart, visitorCart } from './visitor-cart.js';

/** The cart's money fields, which `GET /api/commerce/shopping-cart?calculateSubtotal=false` leaves out. */
const CART_AMOUNT_FIELDS = ['subtotalCents', 'taxCents', 'shippingCostCents', 'discountCents', 'grandTotalCents', 'subtotalMoney', 'grandTotalMoney'] as const;

/**
 * The fields of a cart entry a client may send (no price: the server prices everything). The quantity is
 * taken as number or text so that a bad one gets the spec's message rather than a schema error.
 */
export const entryFields = {
  itemId: { type: 'string', minLength: 1, maxLength: 100 },
  sku: { type: 'string', maxLength: 100 },
  quantity: { type: ['integer', 'number', 'string'] },
  additionalFields: { type: 'string', maxLength: 10_000 },
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
  additionalFields?: string;
}

const addForm = {
  type: 'object',
  required: ['itemId'],
  properties: {
    itemId: { type: 'string', minLength: 1, maxLength: 100 },
    variantId: { type: 'string', maxLength: 100 },
    quantity: { type: 'string', maxLength: 20 },
  },
} as const;

interface AddForm {
  itemId: string;
  variantId?: string;
  quantity?: string;
}

export const cartRoutes: FastifyPluginAsync<{ store: Store }> = async (app, { store }) => {
  app.get<{ Querystring: { calculateSubtotal?: 'true' | 'false' } }>(
    '/api/commerce/shopping-cart',
    { schema: { querystring: { type: 'object', properties: { calculateSubtotal: { type: 'string', enum: ['true', 'false'] } } } } },
    async (request) => {
      const cart = visitorCart(store, request);
      // `calculateSubtotal=false` asks for the lines and counts only: the amounts are left out
      if (request.query.calculateSubtotal === 'false') for (const key of CART_AMOUNT_FIELDS) delete cart[key];
      return cart;
    },
  );

  app.post<{ Body: AddEntryBody }>('/api/commerce/shopping-cart/entries', { schema: { body: addEntryBody } }, async (request, reply) => {
    const cartId = ensureCart(store, request, reply);
    const { itemId, sku, quantity, additionalFields } = request.body;
    const result = addEntry(store, cartId, { itemId, sku, quantity, additionalFields });
    if (!result.ok) return reply.code(result.status).send({ message: result.message });
    const shoppingCart = cartJson(store, cartId);
    const entries = shoppingCart['entries'] as { id: string }[];
    return { shoppingCart, newlyAdded: entries.find((e) => e.id === result.entryId) ?? null };
  });

  const entryParams = { type: 'object', required: ['entryId'], properties: { entryId: { type: 'string', maxLength: 100 } } } as const;
  const answer = (reply: FastifyReply, cartId: string, r: EntryResult) =>
    r.ok ? reply.send({ shoppingCart: cartJson(store, cartId) }) : reply.code(r.status).send({ message: r.message });
  const noCart = (reply: FastifyReply) => reply.code(404).send({ message: 'That cart entry does not exist.' });

  app.put<{ Params: { entryId: string }; Body: { quantity: number | string } }>(
    '/api/commerce/shopping-cart/entries/:entryId',
    {
      schema: {
        params: entryParams,
        body: { type: 'object', required: ['quantity'], properties: { quantity: { type: ['integer', 'number', 'string'] } }, additionalProperties: false },
      },
    },
    async (request, reply) => {
      const cartId = currentCartId(store, request);
      if (cartId === null) return noCart(reply);
      return answer(reply, cartId, setEntryQuantity(store, cartId, request.params.entryId, request.body.quantity));
    },
  );

  app.delete<{ Params: { entryId: string } }>('/api/commerce/shopping-cart/entries/:entryId', { schema: { params: entryParams } }, async (request, reply) => {
    const cartId = currentCartId(store, request);
    if (cartId === null) return noCart(reply);
    return answer(reply, cartId, removeEntry(store, cartId, request.params.entryId));
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
      const cartId = currentCartId(store, request);
      if (cartId === null) return noCart(reply);
      const r = setEntryFields(store, cartId, request.params.entryId, request.body.additionalFields);
      if (!r.ok) return reply.code(r.status).send({ message: r.message });
      const shoppingCart = cartJson(store, cartId);
      const entries = shoppingCart['entries'] as { id: string }[];
      return { shoppingCart, updatedEntry: entries.find((e) => e.id === request.params.entryId) ?? null };
    },
  );

  app.get<{ Querystring: { itemId: string } }>(
    '/api/commerce/inventory/stock/',
    { schema: { querystring: { type: 'object', required: ['itemId'], properties: { itemId: { type: 'string', minLength: 1, maxLength: 100 } } } } },
    async (request, reply) => {
      const results = stockOf(store, request.query.itemId);
      return results === null ? reply.code(404).send({ message: 'Item not found' }) : { results };
    },
  );

  // Without JavaScript: a plain form post, answered with a redirect to the cart (and the message, if any).
  app.post<{ Body: AddForm }>('/cart/add', { schema: { body: addForm } }, async (request, reply) => {
    const cartId = ensureCart(store, request, reply);
    const { itemId, variantId, quantity } = request.body;
    const result = addEntry(store, cartId, { itemId, variantId, quantity: quantity ?? '1' });
    return reply.redirect(result.ok ? '/cart' : `/cart?message=${encodeURIComponent(result.message)}`, 303);
  });
};
