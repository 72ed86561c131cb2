/**
 * Back-in-stock routes (spec 000 §7):
 * - POST /api/site-users/account/notifications/restock { productId, variantId, siteVisitorEmail, isJoinMailingList,
 *   captchaToken? | recaptchaEnterpriseV3Token?, language? } → 200 { success: true, message } (new or repeat alike);
 *   failures `{ message, data: { message } }`: 400 email and captcha, 404 unknown product or variant, 409 in stock;
 * - POST /restock: the same as a plain HTML form (urlencoded, `crumb`), answered by a 303 back to the product page
 *   with `?variant=&message=&restock=` (the block's `#restock-{productId}`);
 * - owner only (admin, website manager, store manager): GET …/restock/groups?cursor=, GET …/restock?productId&
 *   variantId&cursor=, POST …/restock/send { productId, variantId }, POST …/restock/send/all { sendRequests }.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { FORM_MESSAGES, restockEmailError } from '../../commerce/form-validation.js';
import { isRecord } from '../../commerce/json.js';
import { messageCode, VISITOR_MESSAGES } from '../../commerce/visitor-messages.js';
import type { Store } from '../db/database.js';
import type { CommerceStores } from '../db/stores.js';
import { answerStatus, tryAgainPage } from '../error-page.js';
import { captchaConfig, captchaPasses } from '../forms/captcha.js';
import { requirePermission, signedInContributor } from '../owner/guard.js';
import { requestLanguage, requestServedLanguage } from '../multilingual/request-language.js';
import {
  decodeCursor,
  listGroups,
  listSignUps,
  restockSuccessText,
  type SendRequest,
  variantTargetOf,
} from './service.js';

const BASE = '/api/site-users/account/notifications/restock';

export const RESTOCK_MESSAGES_OURS = {
  notFound: VISITOR_MESSAGES['restock.notFound'],
  inStock: VISITOR_MESSAGES['restock.inStock'],
  badCursor: 'The cursor is not valid.',
} as const;

const id = { type: 'string', minLength: 1, maxLength: 100 } as const;

const signUpBody = {
  type: 'object',
  required: ['productId', 'variantId'],
  properties: {
    productId: id,
    variantId: id,
    siteVisitorEmail: { type: 'string', maxLength: 1000 },
    isJoinMailingList: { type: 'boolean' },
    captchaToken: { type: 'string', maxLength: 4096 },
    recaptchaEnterpriseV3Token: { type: 'string', maxLength: 4096 },
    language: { type: 'string', maxLength: 35 },
  },
  additionalProperties: false,
} as const;

interface SignUpBody {
  productId: string;
  variantId: string;
  siteVisitorEmail?: string;
  isJoinMailingList?: boolean;
  captchaToken?: string;
  recaptchaEnterpriseV3Token?: string;
  language?: string;
}

const sendBody = { type: 'object', required: ['productId', 'variantId'], properties: { productId: id, variantId: id }, additionalProperties: false } as const;
const sendAllBody = {
  type: 'object',
  required: ['sendRequests'],
  properties: { sendRequests: { type: 'array', minItems: 1, maxItems: 100, items: sendBody } },
  additionalProperties: false,
} as const;

/** A failure as the restock island reads it (`data.message`), with `message` as every other API answers. */
const failure = (reply: FastifyReply, status: number, message: string) => reply.code(status).send({ message, data: { message } });

type Outcome = { readonly status: number; readonly message: string };

export const restockRoutes: FastifyPluginAsync<{ store: Store; stores: CommerceStores }> = async (app, { store, stores }) => {
  app.setErrorHandler((error: { statusCode?: number; message?: string }, request, reply) => {
    const status = answerStatus(error);
    if (status === 500) request.log.error(error);
    const message = status === 500 ? 'Something went wrong' : (error.message ?? FORM_MESSAGES.unknown);
    if (request.url.startsWith('/api/')) return failure(reply, status, message);
    return reply.code(status).type('text/html; charset=utf-8').send(tryAgainPage(message, null));
  });

  /** The whole signup, shared by the API and the plain form. */
  const attempt = async (request: FastifyRequest, body: SignUpBody): Promise<Outcome> => {
    const email = body.siteVisitorEmail ?? '';
    const emailError = restockEmailError(email);
    if (emailError !== null) return { status: 400, message: emailError };
    const captcha = captchaConfig(store);
    if (!(await captchaPasses(captcha, true, { checkbox: body.captchaToken, enterpriseV3: body.recaptchaEnterpriseV3Token }, request.ip))) {
      return { status: 400, message: FORM_MESSAGES.captcha };
    }
    const result = await stores.restock.signUp({
      productId: body.productId,
      variantId: body.variantId,
      email,
      isJoinMailingList: body.isJoinMailingList === true,
      // the island says the page's language; a plain form post is in its address's (server/multilingual/)
      ...(body.language === undefined ? (requestServedLanguage(request) === undefined ? {} : { language: requestLanguage(store, request) }) : { language: body.language }),
    });
    if (result.ok) return { status: 200, message: restockSuccessText(store, requestLanguage(store, request)) };
    return result.reason === 'not-found' ? { status: 404, message: RESTOCK_MESSAGES_OURS.notFound } : { status: 409, message: RESTOCK_MESSAGES_OURS.inStock };
  };

  app.post<{ Body: SignUpBody }>(BASE, { schema: { body: signUpBody } }, async (request, reply) => {
    const outcome = await attempt(request, request.body);
    if (outcome.status !== 200) return failure(reply, outcome.status, outcome.message);
    return { success: true, message: outcome.message };
  });

  // The plain form: fields productId, variantId, email (or siteVisitorEmail), isJoinMailingList (checked: any
  // value but "false"), g-recaptcha-response (or captchaToken), recaptchaEnterpriseV3Token, language, crumb.
  app.post<{ Body: Record<string, unknown> }>('/restock', async (request, reply) => {
    const b = isRecord(request.body) ? request.body : {};
    const one = (v: unknown) => (Array.isArray(v) ? v[0] : v);
    const text = (v: unknown) => (typeof one(v) === 'string' ? (one(v) as string) : undefined);
    const productId = text(b['productId']) ?? '';
    const variantId = text(b['variantId']) ?? '';
    const target = productId.length <= 100 && variantId.length <= 100 ? await variantTargetOf(app.reads, productId, variantId) : null;
    if (target === null) return reply.callNotFound();
    const joined = text(b['isJoinMailingList']);
    const body: SignUpBody = {
      productId,
      variantId,
      siteVisitorEmail: (text(b['email']) ?? text(b['siteVisitorEmail']) ?? '').slice(0, 1000),
      isJoinMailingList: joined !== undefined && joined !== 'false',
    };
    const checkbox = text(b['g-recaptcha-response']) ?? text(b['captchaToken']);
    if (checkbox !== undefined) body.captchaToken = checkbox;
    const v3 = text(b['recaptchaEnterpriseV3Token']);
    if (v3 !== undefined) body.recaptchaEnterpriseV3Token = v3;
    const language = text(b['language']);
    if (language !== undefined && language.length <= 35) body.language = language;
    const outcome = await attempt(request, body);
    const status = outcome.status === 200 ? 'signed-up' : 'error';
    // back with the variant chosen, so the block (shown for a sold-out choice) is there to say how it went
    // the outcome's code, never its text: the page shows the store's wording for it (commerce/visitor-messages.ts)
    const code = outcome.status === 200 ? 'restock.signedUp' : messageCode(outcome.message, 'restock.failed');
    const query = `variant=${encodeURIComponent(variantId)}&message=${code}&restock=${status}`;
    return reply.redirect(`${target.productUrl}?${query}#restock-${encodeURIComponent(productId)}`, 303);
  });

  // owner only
  const owner = requirePermission(store, 'sendRestock');
  const cursorQuery = { cursor: { type: 'string', maxLength: 500 } } as const;

  app.get<{ Querystring: { cursor?: string } }>(
    `${BASE}/groups`,
    { preValidation: owner, schema: { querystring: { type: 'object', properties: cursorQuery, additionalProperties: false } } },
    async (request, reply) => {
      const after = decodeCursor(request.query.cursor, ['string', 'string']);
      if (after === 'bad') return failure(reply, 400, RESTOCK_MESSAGES_OURS.badCursor);
      return listGroups(app.reads, signedInContributor(request).websiteId, after);
    },
  );

  app.get<{ Querystring: { productId: string; variantId: string; cursor?: string } }>(
    BASE,
    {
      preValidation: owner,
      schema: { querystring: { type: 'object', required: ['productId', 'variantId'], properties: { productId: id, variantId: id, ...cursorQuery }, additionalProperties: false } },
    },
    async (request, reply) => {
      const after = decodeCursor(request.query.cursor, ['number', 'string']);
      if (after === 'bad') return failure(reply, 400, RESTOCK_MESSAGES_OURS.badCursor);
      const { productId, variantId } = request.query;
      return listSignUps(app.reads, signedInContributor(request).websiteId, productId, variantId, after);
    },
  );

  const send = async (request: FastifyRequest, reply: FastifyReply, requests: readonly SendRequest[]) => {
    const result = await stores.restock.sendRestockEmails(signedInContributor(request).websiteId, requests);
    if (!result.ok) return failure(reply, 404, RESTOCK_MESSAGES_OURS.notFound);
    return { sent: result.sent, results: result.results };
  };
  app.post<{ Body: SendRequest }>(`${BASE}/send`, { preValidation: owner, config: { rateLimit: 'owner' }, schema: { body: sendBody } }, async (request, reply) =>
    send(request, reply, [request.body]),
  );
  app.post<{ Body: { sendRequests: SendRequest[] } }>(
    `${BASE}/send/all`,
    { preValidation: owner, config: { rateLimit: 'owner' }, schema: { body: sendAllBody } },
    async (request, reply) => send(request, reply, request.body.sendRequests),
  );
};
