/**
 * The site-user session API (spec 001 §7 "Site user and settings"):
 * - POST /api/site-users/account/session {email, password, rememberMe?} → 200 {xsrfToken} (the crumb, rotated);
 *   401 wrong e-mail or password (the same words and the same work either way), 403 not yet confirmed, 429 with
 *   Retry-After (per address and per account);
 * - DELETE /api/site-users/account/session?cloneCart=true|false → 200 {signedOut: true}; a crumb that does not
 *   match answers 403 {message, crumbFail: true} (the app's crumb guard), which the client retries once;
 * - GET /api/site-users/account/session → {siteUserId, email, locale, xsrfToken} or 401;
 * - POST /api/site-users/account/locale {language} → 200 {language} (signed in; a valid BCP 47 tag, kept
 *   canonical).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Store } from '../db/database.js';
import { canonicalLanguages } from '../language-tags.js';
import { ACCOUNT_MESSAGES, MAX_PASSWORD_LENGTH } from './messages.js';
import { signedInSiteUser } from './sessions.js';
import { type SignIn, SITE_USER_GROUP } from './sign-in.js';

export const SESSION_PATH = '/api/site-users/account/session';
export const LOCALE_PATH = '/api/site-users/account/locale';

const signInBody = {
  type: 'object',
  required: ['email', 'password'],
  properties: {
    email: { type: 'string', minLength: 1, maxLength: 320 },
    password: { type: 'string', minLength: 1, maxLength: MAX_PASSWORD_LENGTH },
    rememberMe: { type: 'boolean' },
  },
  additionalProperties: false,
} as const;

const signOutQuery = { type: 'object', properties: { cloneCart: { type: 'string', enum: ['true', 'false'] } }, additionalProperties: false } as const;

const localeBody = {
  type: 'object',
  required: ['language'],
  properties: { language: { type: 'string', minLength: 1, maxLength: 35 } },
  additionalProperties: false,
} as const;

export const siteUserApiRoutes: FastifyPluginAsync<{ store: Store; signIn: SignIn }> = async (app, { store, signIn }) => {
  app.post<{ Body: { email: string; password: string; rememberMe?: boolean } }>(
    SESSION_PATH,
    { schema: { body: signInBody }, config: { rateLimit: SITE_USER_GROUP } },
    async (request, reply) => {
      const outcome = await signIn.signIn(request, reply, request.body);
      if (!outcome.ok) return reply.code(outcome.status).send({ message: outcome.message });
      return { xsrfToken: outcome.xsrfToken };
    },
  );

  app.delete<{ Querystring: { cloneCart?: 'true' | 'false' } }>(SESSION_PATH, { schema: { querystring: signOutQuery }, config: { rateLimit: SITE_USER_GROUP } }, async (request, reply) => {
    await signIn.signOut(request, reply, request.query.cloneCart === 'true');
    return { signedOut: true };
  });

  app.get(SESSION_PATH, async (request, reply) => {
    const user = signedInSiteUser(store, request);
    if (user === null) return reply.code(401).send({ message: ACCOUNT_MESSAGES.notSignedIn });
    return { siteUserId: user.id, email: user.email, locale: user.locale, xsrfToken: request.crumb };
  });

  app.post<{ Body: { language: string } }>(LOCALE_PATH, { schema: { body: localeBody } }, async (request, reply) => {
    const user = signedInSiteUser(store, request);
    if (user === null) return reply.code(401).send({ message: ACCOUNT_MESSAGES.signInRequired });
    const canonical = canonicalLanguages([request.body.language.trim()]);
    if (!canonical.ok || canonical.languages[0] === undefined) return reply.code(400).send({ message: `${request.body.language} is not a valid language tag.` });
    await app.stores.accounts.setLocale(user.id, canonical.languages[0]);
    return { language: canonical.languages[0] };
  });
};
