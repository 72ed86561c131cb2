/**
 * The customer pages, server-rendered in the theme (templates/pages/account*.page), whose forms work without
 * JavaScript: each is a plain POST (urlencoded, with the `crumb` field) that either shows the page again with
 * the error beside its field (4xx, what was typed kept, never the password) or redirects (303) to the next page
 * with `?done=<code>` (messages.ts DONE_MESSAGES).
 * - /account/login (GET, POST), /account/logout (POST, `cloneCart`);
 * - /account/register (GET, POST), /account/verify?token= (GET: the link in the e-mail), /account/verify/resend (POST);
 * - /account/reset (GET: ask for a link; with ?token=: choose the new password), /account/reset (POST: send the
 *   link), /account/reset/password (POST: set it);
 * - /account (GET: orders and back-in-stock signups; a visitor is sent to the sign-in page), /account/restock/cancel (POST).
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { FORM_MESSAGES } from '../../commerce/form-validation.js';
import { COLLECTION_TYPES } from '../../engine/plugins/content/record-collection.js';
import type { Json } from '../commerce/catalog.js';
import type { Store } from '../db/database.js';
import { backLink, tryAgainPage } from '../error-page.js';
import { PageType } from '../page-context.js';
import { type PageQuery, sendPage } from '../routes/page-response.js';
import { pageCart } from '../commerce/visitor-cart.js';
import type { Theme } from '../theme.js';
import { hashPassword } from '../owner/password.js';
import { accountOrders, accountRestockSignups } from './account-data.js';
import { resetTokenClaim } from './links.js';
import { translator } from '../../commerce/messages/translate.js';
import { requestLanguage } from '../multilingual/request-language.js';
import { localAccountText, ACCOUNT_MESSAGES, DONE_CODES, DONE_MESSAGES, type DoneCode, emailError, MAX_PASSWORD_LENGTH, newPasswordError } from './messages.js';
import { signedInSiteUser } from './sessions.js';
import { type SignIn, SITE_USER_GROUP } from './sign-in.js';

const text = (max: number) => ({ type: 'string', maxLength: max }) as const;
const formBody = (fields: Record<string, ReturnType<typeof text>>) => ({ type: 'object', properties: fields, additionalProperties: false }) as const;

const EMAIL_FIELD = text(1000);
const PASSWORD_FIELD = text(MAX_PASSWORD_LENGTH + 1);
const TOKEN_FIELD = text(200);

const doneQuery = {
  type: 'object',
  properties: { done: { type: 'string', enum: DONE_CODES }, token: TOKEN_FIELD, format: { type: 'string', enum: ['json', 'json-pretty'] } },
  additionalProperties: false,
} as const;

interface DoneQuery {
  done?: DoneCode;
  token?: string;
}

type Fields = Record<string, string | undefined>;

/** What an account page shows: a message after a redirect, an error of the whole form, per-field errors and values. */
interface View {
  readonly message?: string | undefined;
  readonly error?: string | undefined;
  readonly fields?: Record<string, { value?: string; error?: string }>;
  readonly [more: string]: unknown;
}

/** Each page's template, title (a catalog key: the page's language says it) and address. */
const PAGES = {
  login: { template: 'pages/account-login.page', title: 'account.signIn', path: '/account/login' },
  register: { template: 'pages/account-register.page', title: 'account.create', path: '/account/register' },
  reset: { template: 'pages/account-reset.page', title: 'account.reset', path: '/account/reset' },
  account: { template: 'pages/account.page', title: 'account.yours', path: '/account' },
} as const;

/** A page's messages (its note, its error, each field's error) in the page's language. */
function localView(view: View, language: string): View {
  const say = (text: string | undefined) => (text === undefined ? undefined : localAccountText(text, language));
  const fields = view.fields === undefined ? undefined : Object.fromEntries(Object.entries(view.fields).map(([name, f]) => [name, f.error === undefined ? f : { ...f, error: say(f.error)! }]));
  return { ...view, message: say(view.message), error: say(view.error), ...(fields === undefined ? {} : { fields }) };
}

const done = (reply: FastifyReply, path: string, code: DoneCode) => reply.redirect(`${path}?done=${code}`, 303);

export const siteUserPageRoutes: FastifyPluginAsync<{ store: Store; theme: Theme; signIn: SignIn }> = async (app, { store, theme, signIn }) => {
  const accounts = app.stores.accounts;
  async function show(request: FastifyRequest, reply: FastifyReply, page: keyof typeof PAGES, view: View, status = 200) {
    const { template, path } = PAGES[page];
    const language = requestLanguage(store, request);
    const title = translator(language)(PAGES[page].title);
    view = localView(view, language);
    const collection = { id: `account-${page}`, title, navigationTitle: title, urlId: path.slice(1), fullUrl: path, type: COLLECTION_TYPES['template-page'], typeName: 'account' };
    const parts = { pageType: PageType.PAGE, pageId: `account-${page}`, collection, shoppingCart: await pageCart(store, request), extra: { account: view as Json } };
    return sendPage(reply, request as FastifyRequest<{ Querystring: PageQuery }>, theme, store, template, parts, status);
  }
  const doneMessage = (query: DoneQuery) => (query.done === undefined ? undefined : DONE_MESSAGES[query.done]);
  const secret = () => app.crumbSecret;
  /** Whether a reset link still works: live, and made for the account's current password (accounts.ts `resetTokenWorks`). */
  const resetTokenWorks = async (token: string, now = Date.now()) => {
    const claim = resetTokenClaim(secret(), token, now);
    return claim !== null && claim.madeFor(await accounts.passwordHash(claim.siteUserId));
  };
  /** accounts.ts `resetPassword`: the link checked, the new password hashed, then the write (which checks it again). */
  const resetPassword = async (token: string, password: string, now = Date.now()) =>
    (await resetTokenWorks(token, now)) && accounts.resetPassword(secret(), token, await hashPassword(password), now);

  // ---- sign in and out ----

  app.get<{ Querystring: DoneQuery }>('/account/login', { schema: { querystring: doneQuery } }, async (request, reply) =>
    show(request, reply, 'login', { message: doneMessage(request.query), fields: {} }),
  );

  app.post<{ Body: Fields }>(
    '/account/login',
    { schema: { body: formBody({ email: EMAIL_FIELD, password: PASSWORD_FIELD, rememberMe: text(10) }) }, config: { rateLimit: SITE_USER_GROUP } },
    async (request, reply) => {
      const email = request.body['email'] ?? '';
      const password = request.body['password'] ?? '';
      const rememberMe = request.body['rememberMe'] !== undefined;
      const missing = { email: email.trim() === '' ? FORM_MESSAGES.required : undefined, password: password === '' ? FORM_MESSAGES.required : undefined };
      if (missing.email !== undefined || missing.password !== undefined) {
        return show(request, reply, 'login', { fields: { email: { value: email, ...(missing.email ? { error: missing.email } : {}) }, password: missing.password ? { error: missing.password } : {} }, rememberMe }, 400);
      }
      const outcome = await signIn.signIn(request, reply, { email, password, rememberMe });
      if (outcome.ok) return reply.redirect('/account', 303);
      return show(request, reply, 'login', { error: outcome.message, unverified: outcome.reason === 'unverified', fields: { email: { value: email } }, rememberMe }, outcome.status);
    },
  );

  app.post<{ Body: Fields }>('/account/logout', { schema: { body: formBody({ cloneCart: text(10) }) }, config: { rateLimit: SITE_USER_GROUP } }, async (request, reply) => {
    await signIn.signOut(request, reply, request.body['cloneCart'] !== undefined && request.body['cloneCart'] !== 'false');
    return done(reply, '/account/login', 'signed-out');
  });

  // ---- sign up and confirm ----

  app.get<{ Querystring: DoneQuery }>('/account/register', { schema: { querystring: doneQuery } }, async (request, reply) =>
    show(request, reply, 'register', { message: doneMessage(request.query), fields: {} }),
  );

  app.post<{ Body: Fields }>('/account/register', { schema: { body: formBody({ email: EMAIL_FIELD, password: PASSWORD_FIELD }) }, config: { rateLimit: SITE_USER_GROUP } }, async (request, reply) => {
    const email = request.body['email'] ?? '';
    const password = request.body['password'] ?? '';
    const errors = { email: emailError(email), password: newPasswordError(password) };
    if (errors.email !== null || errors.password !== null) {
      const fields = { email: { value: email, ...(errors.email === null ? {} : { error: errors.email }) }, password: errors.password === null ? {} : { error: errors.password } };
      return show(request, reply, 'register', { fields }, 400);
    }
    await accounts.register(secret(), email, await hashPassword(password), Date.now());
    return done(reply, '/account/login', 'registered');
  });

  app.get<{ Querystring: DoneQuery }>('/account/verify', { schema: { querystring: doneQuery } }, async (request, reply) =>
    done(reply, '/account/login', request.query.token !== undefined && (await accounts.verifyEmail(secret(), request.query.token, Date.now())) ? 'verified' : 'bad-link'),
  );

  app.post<{ Body: Fields }>('/account/verify/resend', { schema: { body: formBody({ email: EMAIL_FIELD }) }, config: { rateLimit: SITE_USER_GROUP } }, async (request, reply) => {
    const email = request.body['email'] ?? '';
    const error = emailError(email);
    if (error !== null) return show(request, reply, 'login', { unverified: true, error, fields: { email: { value: email, error } } }, 400);
    await accounts.resendVerification(secret(), email, Date.now());
    return done(reply, '/account/login', 'verify-sent');
  });

  // ---- password reset ----

  app.get<{ Querystring: DoneQuery }>('/account/reset', { schema: { querystring: doneQuery } }, async (request, reply) => {
    const token = request.query.token;
    if (token === undefined) return show(request, reply, 'reset', { message: doneMessage(request.query), fields: {} });
    if (!(await resetTokenWorks(token))) return show(request, reply, 'reset', { error: DONE_MESSAGES['bad-link'], fields: {} }, 400);
    return show(request, reply, 'reset', { token, fields: {} });
  });

  app.post<{ Body: Fields }>('/account/reset', { schema: { body: formBody({ email: EMAIL_FIELD }) }, config: { rateLimit: SITE_USER_GROUP } }, async (request, reply) => {
    const email = request.body['email'] ?? '';
    const error = emailError(email);
    if (error !== null) return show(request, reply, 'reset', { fields: { email: { value: email, error } } }, 400);
    await accounts.requestReset(secret(), email, Date.now());
    return done(reply, '/account/reset', 'reset-sent');
  });

  app.post<{ Body: Fields }>('/account/reset/password', { schema: { body: formBody({ token: TOKEN_FIELD, password: PASSWORD_FIELD }) }, config: { rateLimit: SITE_USER_GROUP } }, async (request, reply) => {
    const token = request.body['token'] ?? '';
    const password = request.body['password'] ?? '';
    const error = newPasswordError(password);
    if (error !== null && (await resetTokenWorks(token))) return show(request, reply, 'reset', { token, fields: { password: { error } } }, 400);
    if (!(await resetPassword(token, password))) return show(request, reply, 'reset', { error: DONE_MESSAGES['bad-link'], fields: {} }, 400);
    return done(reply, '/account/login', 'password-changed');
  });

  // ---- the account ----

  app.get<{ Querystring: DoneQuery }>('/account', { schema: { querystring: doneQuery } }, async (request, reply) => {
    const user = signedInSiteUser(store, request);
    if (user === null) return done(reply, '/account/login', 'sign-in-required');
    // never kept by a shared cache: the page is this customer's
    reply.header('cache-control', 'private, no-store');
    const [orders, signups] = await Promise.all([accountOrders(app.reads, user, secret()), accountRestockSignups(app.reads, user)]);
    return show(request, reply, 'account', { message: doneMessage(request.query), email: user.email, orders, hasOrders: orders.length > 0, restockSignups: signups, hasRestockSignups: signups.length > 0 });
  });

  app.post<{ Body: Fields }>('/account/restock/cancel', { schema: { body: formBody({ id: text(100) }) } }, async (request, reply) => {
    const user = signedInSiteUser(store, request);
    if (user === null) return done(reply, '/account/login', 'sign-in-required');
    if (!(await accounts.cancelRestockSignup(user, request.body['id'] ?? ''))) return reply.code(404).type('text/html; charset=utf-8').send(tryAgainPage(ACCOUNT_MESSAGES.restockUnknown, backLink(request)));
    return done(reply, '/account', 'restock-cancelled');
  });
};
