/**
 * POST /api/3/commerce/cart/subscription (spec 000 §7): a separate one-product cart for a subscription,
 * answered with `{ cartToken }`, which the browser takes to `/checkout?cartToken=…`. The spec names the
 * quantity `qty`; `quantity`, as in the cart API, is accepted too.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Store } from '../db/database.js';
import { createSubscriptionCart } from '../subscription-carts.js';
import { entryFields } from './cart.js';

const subscriptionBody = {
  type: 'object',
  required: ['itemId'],
  properties: { ...entryFields, qty: entryFields.quantity },
  additionalProperties: false,
} as const;

interface SubscriptionBody {
  itemId: string;
  sku?: string;
  quantity?: number | string;
  qty?: number | string;
  additionalFields?: string;
}

const BOTH_QUANTITIES = 'Send the quantity as qty or quantity, not both.';

export const subscriptionRoutes: FastifyPluginAsync<{ store: Store }> = async (app, { store }) => {
  app.post<{ Body: SubscriptionBody }>('/api/3/commerce/cart/subscription', { schema: { body: subscriptionBody } }, async (request, reply) => {
    const { itemId, sku, quantity, qty, additionalFields } = request.body;
    if (quantity !== undefined && qty !== undefined) return reply.code(400).send({ message: BOTH_QUANTITIES });
    const result = createSubscriptionCart(store, { itemId, sku, quantity: quantity ?? qty, additionalFields });
    if (!result.ok) return reply.code(result.status).send({ message: result.message });
    return { cartToken: result.cartToken };
  });
};
