/**
 * Products bought on their own, each in a separate one-product token cart answered with `{ cartToken }`,
 * which the browser takes to `/checkout?cartToken=…` (server/commerce/token-carts.ts):
 * - POST /api/3/commerce/cart/subscription (spec 000 §7). The spec names the quantity `qty`; `quantity`, as
 *   in the cart API, is accepted too.
 * - POST /api/3/commerce/cart/gift-card `{ itemId, sku }`: a gift card of the denomination whose variant has
 *   that SKU (ours: the spec sends the visitor to a gift-card page with the chosen denomination).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { CommerceStores } from '../db/stores.js';
import { GIFT_CARD_CART, SUBSCRIPTION_CART } from './token-carts.js';
import { entryFields } from './cart-routes.js';

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
  additionalFields?: string | null;
}

/** The SKU may be left out or null: no denomination, answered with the spec's message rather than a schema error. */
const giftCardBody = {
  type: 'object',
  required: ['itemId'],
  properties: { itemId: entryFields.itemId, sku: { type: ['string', 'null'], maxLength: 100 } },
  additionalProperties: false,
} as const;

interface GiftCardBody {
  itemId: string;
  sku?: string | null;
}

const BOTH_QUANTITIES = 'Send the quantity as qty or quantity, not both.';

export const subscriptionRoutes: FastifyPluginAsync<{ stores: CommerceStores }> = async (app, { stores }) => {
  app.post<{ Body: SubscriptionBody }>('/api/3/commerce/cart/subscription', { schema: { body: subscriptionBody } }, async (request, reply) => {
    const { itemId, sku, quantity, qty, additionalFields } = request.body;
    if (quantity !== undefined && qty !== undefined) return reply.code(400).send({ message: BOTH_QUANTITIES });
    const result = await stores.cart.createTokenCart(SUBSCRIPTION_CART, { itemId, sku, quantity: quantity ?? qty, additionalFields: additionalFields ?? undefined });
    if (!result.ok) return reply.code(result.status).send({ message: result.message });
    return { cartToken: result.cartToken };
  });

  app.post<{ Body: GiftCardBody }>('/api/3/commerce/cart/gift-card', { schema: { body: giftCardBody } }, async (request, reply) => {
    const { itemId, sku } = request.body;
    const result = await stores.cart.createTokenCart(GIFT_CARD_CART, { itemId, sku: sku === null || sku === '' ? undefined : sku });
    if (!result.ok) return reply.code(result.status).send({ message: result.message });
    return { cartToken: result.cartToken };
  });
};
