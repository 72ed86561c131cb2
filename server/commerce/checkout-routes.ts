/**
 * Checkout in test mode, without JavaScript: GET /checkout shows the cart, its amounts and a plain form;
 * POST /checkout places the order and redirects (303) to its confirmation page, which only the browser that
 * placed the order can see. POST /api/commerce/orders does the same for scripts. A token cart (a subscription
 * or a gift card bought on its own) is checked out by its token (`?cartToken=`, carried through the form as a
 * hidden field).
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { CHECKOUT_FIELD_NAMES, CHECKOUT_MESSAGES, checkoutValues, countryOptions, type FieldErrors } from '../../commerce/checkout-form.js';
import { isRecord } from '../../commerce/json.js';
import { storeCountry } from '../../commerce/store-country.js';
import { cartMessageUrl } from '../../commerce/visitor-messages.js';
import { localVisitorMessage } from '../../commerce/messages/visitor-wording.js';
import { localCheckoutErrors, localRuleText } from '../../commerce/messages/rule-wording.js';
import { orderJson, type OrderRow, type PlaceResult } from './checkout-service.js';
import type { Store } from '../db/database.js';
import type { CommerceStores } from '../db/stores.js';
import { PageType, pageContext, websiteSettings } from '../page-context.js';
import { requestLanguage, requestServedLanguage } from '../multilingual/request-language.js';
import { isTokenCartKind } from './token-carts.js';
import type { Theme } from '../theme.js';
import { clearCartCookies, pageCart, storedCartId } from './visitor-cart.js';
import { setSiteCookie } from '../security/cookies.js';
import { setMemberCookies } from '../orders/member-cookie.js';
import { accountLinkFor } from '../site-users/account-link.js';
import { signedInSiteUser } from '../site-users/sessions.js';
import { currentGrants } from '../orders/member-grants.js';
import { isRecordedVisitor } from '../tracker/recorded-visitor.js';
import { withoutTracker } from '../tracker/tracker-markup.js';

/**
 * The orders this browser placed may be shown to it: the cookie holds the latest order's id (a random UUID),
 * HttpOnly and sent only to the confirmation pages.
 */
export const ORDER_COOKIE = 'tessera_order';
const ORDER_PATH = '/checkout/order-confirmed';
const ORDER_COOKIE_OPTIONS = { path: ORDER_PATH, maxAge: 60 * 60 * 24 * 7 } as const;
const UNKNOWN_CART = 'That cart does not exist.';

const text = (max: number) => ({ type: 'string', maxLength: max }) as const;

/** Hard limits only (a generous length, strings): the clear per-field messages come from commerce/checkout-form. */
const detailProperties = {
  email: text(2000),
  name: text(2000),
  address1: text(2000),
  address2: text(2000),
  city: text(2000),
  region: text(2000),
  postalCode: text(2000),
  country: text(2000),
} as const;

/** The form post. Not strict about extra fields: browsers may send the submit button's name. */
const checkoutForm = {
  type: 'object',
  required: ['email', 'name'],
  properties: { ...detailProperties, cartToken: text(100) },
} as const;

const { email, name, ...addressProperties } = detailProperties;
const orderBody = {
  type: 'object',
  required: ['email', 'name'],
  properties: {
    email,
    name,
    shippingAddress: { type: 'object', properties: addressProperties, additionalProperties: false },
    cartToken: text(100),
  },
  additionalProperties: false,
} as const;

interface OrderBody {
  email: string;
  name: string;
  shippingAddress?: Record<string, string>;
  cartToken?: string;
}

const pageQuery = {
  type: 'object',
  // a token of the wrong length is simply unknown (404), so its limit here only bounds the input
  properties: { format: { type: 'string', enum: ['json', 'json-pretty'] }, message: text(500), cartToken: text(1000) },
} as const;

interface PageQuery {
  format?: 'json' | 'json-pretty';
  message?: string;
  cartToken?: string;
}

/** The cart to check out: the token's cart (subscription or gift card), else the visitor's; `unknownToken` for a bad link. */
async function resolveCart(stores: CommerceStores, request: FastifyRequest, token: string | undefined): Promise<{ cartId: string | null; unknownToken: boolean }> {
  if (token === undefined || token === '') return { cartId: await storedCartId(stores.cart, request), unknownToken: false };
  const cartId = await stores.checkout.tokenCart(token);
  return { cartId, unknownToken: cartId === null };
}

const backToCart = (reply: FastifyReply, message: string) => reply.redirect(cartMessageUrl(message), 303);

interface CheckoutView {
  readonly cartId: string;
  readonly cartToken?: string | undefined;
  readonly values?: Readonly<Record<string, string>>;
  readonly errors?: FieldErrors;
  readonly message?: string | undefined;
}

/** The id of a field's input on the checkout page: `checkout-email`, `checkout-postal-code`. */
export const fieldId = (name: string) => `checkout-${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/** The field errors in the form's order, each with the id of its input: the page's error summary links to them. */
export function errorList(errors: FieldErrors): { field: string; id: string; message: string }[] {
  return CHECKOUT_FIELD_NAMES.flatMap((field) => {
    const message = errors[field];
    return message === undefined ? [] : [{ field, id: fieldId(field), message }];
  });
}

export const checkoutRoutes: FastifyPluginAsync<{ store: Store; stores: CommerceStores; theme: Theme }> = async (app, { store, stores, theme }) => {
  async function sendPage(reply: FastifyReply, request: FastifyRequest, template: string, pageType: number, pageId: string, extra: Record<string, unknown>, format?: string) {
    const context = pageContext(store, { pageType, pageId, shoppingCart: await pageCart(store, request), crumb: request.crumb, accountLink: accountLinkFor(store, request), extra, language: requestServedLanguage(request)?.language });
    if (format !== undefined) return reply.type('application/json; charset=utf-8').send(JSON.stringify(context, null, format === 'json-pretty' ? 2 : undefined));
    const html = theme.renderPage(template, context);
    return reply.type('text/html; charset=utf-8').send(theme.tracking && !isRecordedVisitor(store, request) ? withoutTracker(html) : html);
  }

  async function sendCheckout(reply: FastifyReply, request: FastifyRequest, view: CheckoutView, format?: string) {
    const form = view.values ?? checkoutValues({});
    // the page says the rules' refusals in the site's language
    const language = requestLanguage(store, request);
    const errors = localCheckoutErrors(view.errors ?? {}, language);
    const checkout = {
      ...(await stores.checkout.summary(view.cartId)),
      cartToken: view.cartToken,
      form,
      errors,
      errorList: errorList(errors),
      // the country select: every ISO 3166-1 country by its name in the site's language, the typed code chosen (at first the store's own)
      countries: countryOptions(view.values === undefined ? (storeCountry(websiteSettings(store), language) ?? '') : (form['country'] ?? ''), language),
      message: view.message === undefined ? undefined : localRuleText(view.message, language),
    };
    return sendPage(reply, request, 'pages/checkout.page', PageType.CHECKOUT, 'checkout', { checkout }, format);
  }

  /** The member areas the order's passes open, for this browser (orders/member-cookie.ts): set with the order and on its confirmation. */
  function grantMemberAccess(request: FastifyRequest, reply: FastifyReply, order: OrderRow) {
    const now = Date.now();
    setMemberCookies(reply, request.server.crumbSecret, order.id, currentGrants(order.items, now), now);
  }

  /** After an order: the confirmation is this browser's, and so is what its passes open; a standard cart's cookie goes (a token cart has none). */
  async function afterOrder(request: FastifyRequest, reply: FastifyReply, placed: Extract<PlaceResult, { ok: true }>): Promise<OrderRow | null> {
    setSiteCookie(reply, ORDER_COOKIE, placed.orderId, ORDER_COOKIE_OPTIONS);
    if (!isTokenCartKind(placed.kind)) clearCartCookies(reply);
    const order = await stores.checkout.order(placed.orderId);
    if (order !== null) grantMemberAccess(request, reply, order);
    return order;
  }

  app.get<{ Querystring: PageQuery }>('/checkout', { schema: { querystring: pageQuery } }, async (request, reply) => {
    const { cartId, unknownToken } = await resolveCart(stores, request, request.query.cartToken);
    if (unknownToken) return reply.callNotFound();
    const state = cartId === null ? null : await stores.checkout.cartState(cartId);
    if (cartId === null || state === null || state.empty) return backToCart(reply, CHECKOUT_MESSAGES.emptyCart);
    if (state.purchased) return backToCart(reply, CHECKOUT_MESSAGES.purchased);
    return sendCheckout(reply, request, { cartId, cartToken: request.query.cartToken, message: localVisitorMessage(request.query.message, requestLanguage(store, request)) }, request.query.format);
  });

  app.post('/checkout', { schema: { body: checkoutForm }, attachValidation: true, config: { rateLimit: 'cart' } }, async (request, reply) => {
    const body = isRecord(request.body) ? request.body : {};
    const token = typeof body['cartToken'] === 'string' ? body['cartToken'] : undefined;
    const { cartId, unknownToken } = await resolveCart(stores, request, token);
    if (unknownToken) return reply.callNotFound();
    if (cartId === null) return backToCart(reply, CHECKOUT_MESSAGES.emptyCart);
    const values = checkoutValues(body);
    if (request.validationError !== undefined) {
      reply.code(400);
      return sendCheckout(reply, request, { cartId, cartToken: token, values, message: CHECKOUT_MESSAGES.invalidForm });
    }
    const placed = await stores.checkout.placeOrder(cartId, values, request.server.crumbSecret, Date.now(), signedInSiteUser(store, request)?.id ?? null);
    if (placed.ok) {
      await afterOrder(request, reply, placed);
      return reply.redirect(`${ORDER_PATH}/${placed.orderId}`, 303);
    }
    if (placed.reason === 'empty' || placed.reason === 'missing' || placed.reason === 'purchased') return backToCart(reply, placed.message);
    reply.code(placed.status);
    return sendCheckout(reply, request, { cartId, cartToken: token, values, errors: placed.errors, message: placed.message });
  });

  app.get<{ Params: { orderId: string }; Querystring: PageQuery }>(
    `${ORDER_PATH}/:orderId`,
    { schema: { querystring: pageQuery } },
    async (request, reply) => {
      const { orderId } = request.params;
      // another browser's order (or none) is answered exactly like an unknown page
      const order = request.cookies[ORDER_COOKIE] === orderId ? await stores.checkout.order(orderId) : null;
      if (order === null) return reply.callNotFound();
      grantMemberAccess(request, reply, order);
      return sendPage(reply, request, 'pages/order-confirmed.page', PageType.ORDER_CONFIRMED, 'order-confirmed', { order: orderJson(order, request.server.crumbSecret) }, request.query.format);
    },
  );

  app.post<{ Body: OrderBody }>('/api/commerce/orders', { schema: { body: orderBody } }, async (request, reply) => {
    const { cartToken, shippingAddress, email, name } = request.body;
    const { cartId, unknownToken } = await resolveCart(stores, request, cartToken);
    if (unknownToken) return reply.code(404).send({ message: UNKNOWN_CART });
    if (cartId === null) return reply.code(409).send({ message: CHECKOUT_MESSAGES.emptyCart });
    const placed = await stores.checkout.placeOrder(cartId, { ...shippingAddress, email, name }, request.server.crumbSecret, Date.now(), signedInSiteUser(store, request)?.id ?? null);
    if (!placed.ok) return reply.code(placed.status).send(placed.errors === undefined ? { message: placed.message } : { message: placed.message, errors: placed.errors });
    const order = await afterOrder(request, reply, placed);
    return reply.code(201).send({ order: order === null ? null : orderJson(order, request.server.crumbSecret) });
  });
};
