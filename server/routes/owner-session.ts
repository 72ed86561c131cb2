/**
 * Owner sign-in and sign-out: POST /api/owner/session {email, password, rememberMe?} opens a session (an
 * HttpOnly, SameSite=Lax cookie) and answers the visitor's crumb as `xsrfToken` (spec 001 "Login payload"),
 * which scripts echo in X-CSRF-Token; DELETE signs out; GET says who is signed in. A wrong e-mail and a
 * wrong password get the same 401, after the same scrypt work.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Store } from '../db/database.js';
import { contributors } from '../db/schema.js';
import { DECOY_HASH, verifyPassword } from '../owner/password.js';
import { ROLE_CODES } from '../owner/roles.js';
import { OWNER_COOKIE, REMEMBERED_SESSION_MS, SESSION_MS, closeSession, openSession, sessionContributor } from '../owner/sessions.js';
import { SIGN_IN_REQUIRED } from '../owner/guard.js';
import { rotateCrumb } from '../security/crumb.js';

export const WRONG_CREDENTIALS = 'The e-mail address or password is incorrect.';

const signInBody = {
  type: 'object',
  required: ['email', 'password'],
  properties: {
    email: { type: 'string', minLength: 1, maxLength: 320 },
    password: { type: 'string', minLength: 1, maxLength: 1024 },
    rememberMe: { type: 'boolean' },
  },
  additionalProperties: false,
} as const;

interface SignInBody {
  email: string;
  password: string;
  rememberMe?: boolean;
}

/**
 * The contributor whose e-mail and password these are, or null; a wrong e-mail and a wrong password take the
 * same scrypt work.
 */
export async function checkOwnerCredentials(store: Store, givenEmail: string, password: string): Promise<string | null> {
  const email = givenEmail.trim().toLowerCase();
  const candidates = store.select({ id: contributors.id, passwordHash: contributors.passwordHash }).from(contributors).where(eq(contributors.email, email)).all();
  for (const candidate of candidates) {
    if (await verifyPassword(password, candidate.passwordHash)) return candidate.id;
  }
  if (candidates.length === 0) await verifyPassword(password, DECOY_HASH);
  return null;
}

/** Opens a session for `contributorId` on this reply (the cookie, a fresh crumb); answers the crumb. */
export function startOwnerSession(store: Store, request: FastifyRequest, reply: FastifyReply, contributorId: string, remembered: boolean): string {
  const lifetime = remembered ? REMEMBERED_SESSION_MS : SESSION_MS;
  // a fresh token on every sign-in: a token planted before sign-in can never become a session
  closeSession(store, request.cookies[OWNER_COOKIE]);
  const token = openSession(store, contributorId, lifetime, Date.now());
  reply.setCookie(OWNER_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    // without "remember me" the cookie ends with the browser session (the row expires after SESSION_MS anyway)
    ...(remembered ? { maxAge: lifetime / 1000 } : {}),
  });
  // a session starts: a crumb known before sign-in (possibly planted) is not the session's
  return rotateCrumb(request, reply);
}

/** Ends the session of this request's cookie (if any) and issues a fresh crumb. */
export function endOwnerSession(store: Store, request: FastifyRequest, reply: FastifyReply): void {
  closeSession(store, request.cookies[OWNER_COOKIE]);
  reply.clearCookie(OWNER_COOKIE, { path: '/' });
  rotateCrumb(request, reply);
}

export const ownerSessionRoutes: FastifyPluginAsync<{ store: Store }> = async (app, { store }) => {
  app.post<{ Body: SignInBody }>('/api/owner/session', { schema: { body: signInBody }, config: { rateLimit: 'owner' } }, async (request, reply) => {
    const contributorId = await checkOwnerCredentials(store, request.body.email, request.body.password);
    if (contributorId === null) return reply.code(401).send({ message: WRONG_CREDENTIALS });
    return { xsrfToken: startOwnerSession(store, request, reply, contributorId, request.body.rememberMe === true) };
  });

  app.delete('/api/owner/session', { config: { rateLimit: 'owner' } }, async (request, reply) => {
    endOwnerSession(store, request, reply);
    return reply.code(204).send();
  });

  app.get('/api/owner/session', async (request, reply) => {
    const contributor = sessionContributor(store, request.cookies[OWNER_COOKIE], Date.now());
    if (contributor === null) return reply.code(401).send({ message: SIGN_IN_REQUIRED });
    const { email, displayName, roles, websiteId } = contributor;
    return { email, displayName, websiteId, roles: roles.map((name) => ({ name, code: ROLE_CODES[name] })), xsrfToken: request.crumb };
  });
};
