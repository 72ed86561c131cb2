/**
 * Form submissions (spec 000 §4 "Generic form", §7, §8), with and without JavaScript:
 * - POST /api/form/FormSubmissionKey (empty body) → { key }: single use, 30 minutes;
 * - POST /api/form/SaveFormSubmission { key, form: JSON string, formId, captchaKey?, recaptchaEnterpriseV3Token?,
 *   page and event fields } → 200 { success: true }; 400 { data: { errors } } per field, else { data: { error } };
 *   404 for an unknown form;
 * - POST /api/rest/forms/validate/{formId} { itemId: value } → 200 { valid: true } or 400 { valid: false, errors,
 *   message };
 * - POST /forms/{formId} (a plain HTML form, urlencoded, with `crumb`) → 303 to the success redirect or to the
 *   page with `?submitted={formId}`; refused → 400 and the page again with errors and what was typed.
 * Every failure of the API routes is `{ message, data: { error } }` (never Fastify's own object); the crumb and
 * the per-visitor write limit apply as to every write.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { type FieldValue, FORM_MESSAGES, validateForm, valuesFromFormPost } from '../../commerce/form-validation.js';
import { isRecord } from '../../commerce/json.js';
import { pageJson } from '../content.js';
import type { Store } from '../db/database.js';
import type { Reads } from '../db/reads.js';
import type { CommerceStores } from '../db/stores.js';
import { answerStatus, backLink, tryAgainPage } from '../error-page.js';
import { installJsonBodies } from '../json-body.js';
import { mayView } from '../page-access.js';
import { PageType, siteLanguage } from '../page-context.js';
import { requestLanguage } from '../multilingual/request-language.js';
import { localRuleText } from '../../commerce/messages/rule-wording.js';
import { sendPage } from '../routes/page-response.js';
import { pageCart } from '../commerce/visitor-cart.js';
import type { Theme } from '../theme.js';
import { captchaConfig, captchaPasses } from './captcha.js';
import { type FormDefinition, formDefinitionOf, formPage, safeRedirect, submissionMeta } from './service.js';
import { type FormViewState, formView, SUBMITTED_PARAM } from './view-model.js';

interface Deps {
  readonly store: Store;
  readonly stores: CommerceStores;
  readonly theme: Theme;
}

/** The largest `form` JSON string accepted (ours). */
const MAX_FORM_JSON = 200_000;

const saveBody = {
  type: 'object',
  required: ['key', 'form', 'formId'],
  properties: {
    key: { type: 'string', maxLength: 200 },
    form: { type: 'string', maxLength: MAX_FORM_JSON },
    formId: { type: 'string', minLength: 1, maxLength: 100 },
    captchaKey: { type: 'string', maxLength: 4096 },
    recaptchaEnterpriseV3Token: { type: 'string', maxLength: 4096 },
  },
  // page and event fields (pageId, collectionId, url, referrer…): scalars, kept with the submission
  additionalProperties: { type: ['string', 'number', 'boolean', 'null'], maxLength: 2000 },
  maxProperties: 40,
} as const;

interface SaveBody {
  key: string;
  form: string;
  formId: string;
  captchaKey?: string;
  recaptchaEnterpriseV3Token?: string;
  [field: string]: unknown;
}

const KNOWN_SAVE_FIELDS: ReadonlySet<string> = new Set(['key', 'form', 'formId', 'captchaKey', 'recaptchaEnterpriseV3Token']);

const formIdParams = { type: 'object', required: ['formId'], properties: { formId: { type: 'string', minLength: 1, maxLength: 100 } } } as const;

/** An API failure: `{ message, data: { error } }` (the island shows `data.error`). */
const apiError = (reply: FastifyReply, status: number, message: string) => reply.code(status).send({ message, data: { error: message } });

export const formRoutes: FastifyPluginAsync<Deps> = async (app, { store, stores, theme }) => {
  // The platform's client posts the key request with an empty body, which may still say application/json.
  installJsonBodies(app, { allowEmpty: true, bodyLimit: MAX_FORM_JSON * 2 });

  // Failures before a handler runs (schema, body) keep the API's shape here; plain posts get a short page.
  app.setErrorHandler((error: { statusCode?: number; message?: string }, request, reply) => {
    const status = answerStatus(error);
    if (status === 500) request.log.error(error);
    const message = status === 500 ? FORM_MESSAGES.sendFailed : (error.message ?? FORM_MESSAGES.unknown);
    if (request.url.startsWith('/api/')) return apiError(reply, status, message);
    return reply
      .code(status)
      .type('text/html; charset=utf-8')
      .send(tryAgainPage(message, backLink(request)));
  });

  app.post('/api/form/FormSubmissionKey', async () => ({ key: await stores.forms.issueKey() }));

  app.post<{ Body: SaveBody }>('/api/form/SaveFormSubmission', { schema: { body: saveBody } }, async (request, reply) => {
    const body = request.body;
    const form = await formDefinitionOf(app.reads, body.formId);
    if (form === null) return apiError(reply, 404, FORM_MESSAGES.notConfigured);
    if (!(await stores.forms.keyIsLive(body.key))) return apiError(reply, 400, FORM_MESSAGES.processing);
    let raw: unknown;
    try {
      raw = JSON.parse(body.form);
    } catch {
      raw = undefined;
    }
    if (!isRecord(raw)) return apiError(reply, 400, FORM_MESSAGES.unparsable);
    const captcha = captchaConfig(store);
    if (!(await captchaPasses(captcha, form.row.captchaEnabled, { checkbox: body.captchaKey, enterpriseV3: body.recaptchaEnterpriseV3Token }, request.ip))) {
      return apiError(reply, 400, FORM_MESSAGES.captcha);
    }
    const check = validateForm(form.fields, raw);
    if (!check.ok) return reply.code(400).send({ message: FORM_MESSAGES.summary, data: { errors: check.errors } });
    const stored = await stores.forms.storeSubmission(form.row.id, check.values, submissionMeta(body, KNOWN_SAVE_FIELDS), body.key);
    if (!stored.ok) return apiError(reply, 400, FORM_MESSAGES.processing);
    return { success: true };
  });

  app.post<{ Params: { formId: string }; Body: Record<string, unknown> }>(
    '/api/rest/forms/validate/:formId',
    { schema: { params: formIdParams, body: { type: 'object', maxProperties: 500 } } },
    async (request, reply) => {
      const form = await formDefinitionOf(app.reads, request.params.formId);
      if (form === null) return apiError(reply, 404, FORM_MESSAGES.notConfigured);
      const check = validateForm(form.fields, request.body ?? {});
      if (check.ok) return { valid: true };
      return reply.code(400).send({ valid: false, errors: check.errors, message: FORM_MESSAGES.summary });
    },
  );

  /** The page that shows `form` (its content page, or a bare page named after the form), with the form's state. */
  const showForm = async (request: FastifyRequest, reply: FastifyReply, form: FormDefinition, state: FormViewState, status: number) => {
    const page = formPage(store, form.row.id);
    return sendPage(
      reply,
      request as FastifyRequest<{ Querystring: Record<string, never> }>,
      theme,
      store,
      'pages/page.page',
      {
        pageType: PageType.PAGE,
        pageId: page?.id ?? `form-${form.row.id}`,
        collection: page === null ? { id: `form-${form.row.id}`, title: form.row.name, body: '' } : pageJson(page),
        shoppingCart: await pageCart(store, request),
        extra: { form: formView(form, captchaConfig(store), { ...state, language: requestLanguage(store, request) }) },
      },
      status,
    );
  };

  app.post<{ Params: { formId: string }; Body: Record<string, unknown> }>(
    '/forms/:formId',
    { schema: { params: formIdParams } },
    async (request, reply) => {
      const form = await formDefinitionOf(app.reads, request.params.formId);
      if (form === null) return reply.callNotFound();
      const page = formPage(store, form.row.id);
      if (page !== null && !(await mayView(store, page, request))) return reply.callNotFound();
      const body = isRecord(request.body) ? request.body : {};
      const check = validateForm(form.fields, valuesFromFormPost(form.fields, body));
      const captcha = captchaConfig(store);
      const human = await captchaPasses(
        captcha,
        form.row.captchaEnabled,
        { checkbox: body['g-recaptcha-response'] ?? body['captchaKey'], enterpriseV3: body['recaptchaEnterpriseV3Token'] },
        request.ip,
      );
      if (!check.ok || !human) {
        const state: FormViewState = {
          values: check.values as Record<string, FieldValue>,
          errors: check.ok ? {} : check.errors,
          ...(human ? {} : { captchaError: FORM_MESSAGES.captcha }),
        };
        return showForm(request, reply, form, state, 400);
      }
      await stores.forms.storeSubmission(form.row.id, check.values, { source: 'form-post', pageId: page?.id ?? null, pagePath: page === null ? null : `/${page.urlId}` }, null);
      const target = safeRedirect(form.row.successRedirect);
      if (target !== null) return reply.redirect(target, 303);
      const path = page === null ? '/' : `/${page.urlId}`;
      return reply.redirect(`${path}?${SUBMITTED_PARAM}=${encodeURIComponent(form.row.id)}#form-${encodeURIComponent(form.row.id)}`, 303);
    },
  );
};

/** The form of a content page as its template sees it (the page's GET: hidden values from the query, success state). */
export async function contentPageForm(store: Store, reads: Reads, formId: string, query: Readonly<Record<string, unknown>>, language = siteLanguage(store)) {
  const form = await formDefinitionOf(reads, formId);
  // a page naming a form that does not exist shows an error text in its place (spec 000 §8)
  return form === null ? { id: formId, missing: true, missingMessage: localRuleText(FORM_MESSAGES.notConfigured, language) } : formView(form, captchaConfig(store), { query, language });
}
