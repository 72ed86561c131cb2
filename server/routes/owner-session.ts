/**
 * Owner sign-in and sign-out: POST /api/owner/session {email, password, rememberMe?} opens a session (an
 * HttpOnly, SameSite=Lax cookie) and answers the visitor's crumb as `xsrfToken` (spec 001 "Login payload"),
 * which scripts echo in X-CSRF-Token; DELETE signs out; GET says who is signed in. A wrong e-mail and a
 * wrong password get the same 401, after the same scrypt work. Sign-in is limited per address (the `owner`
 * group) and per account (the app's sign-in throttle): 429 with Retry-After.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Store } from '../db/database.js';
import { type Reads, readsOf } from '../db/reads.js';
import { DECOY_HASH, verifyPassword } from '../owner/password.js';
import { contributorView } from '../owner/roles.js';
import { OWNER_COOKIE, REMEMBERED_SESSION_MS, SESSION_MS, requestContributor } from '../owner/sessions.js';
import { SIGN_IN_REQUIRED } from '../owner/guard.js';
import { rotateCrumb } from '../security/crumb.js';
import { tooManyMessage } from '../security/rate-limit.js';
import { isKnownDevice, rememberDevice } from '../security/known-device.js';
import { clearSiteCookie, setSiteCookie } from '../security/cookies.js';
import { EN_US } from '../../commerce/messages/en-US.js';

export const WRONG_CREDENTIALS: string = EN_US['account.wrongCredentials'];

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
 * The contributor whose e-mail and password these are, or null. Exactly one scrypt check either way: against the
 * account's hash, or the decoy's when the e-mail is unknown, so timing does not tell which accounts exist.
 * `verify` is the check (tests count its calls).
 */
export async function checkOwnerCredentials(from: Store | Reads, givenEmail: string, password: string, verify = verifyPassword): Promise<string | null> {
  const email = givenEmail.trim().toLowerCase();
  const { db, t } = readsOf(from);
  // an e-mail is one account per website, and the store serves one website
  const [candidate] = await db.select({ id: t.contributors.id, passwordHash: t.contributors.passwordHash }).from(t.contributors).where(eq(t.contributors.email, email)).limit(1);
  const matches = await verify(password, candidate?.passwordHash ?? DECOY_HASH);
  return candidate !== undefined && matches ? candidate.id : null;
}

export type OwnerSignIn = { readonly kind: 'ok'; readonly contributorId: string } | { readonly kind: 'wrong' } | { readonly kind: 'limited'; readonly retryAfterSeconds: number };

/**
 * An owner's sign-in attempt, counted by the account's throttle before the password is checked (apart when this
 * browser signed in to the account before): the contributor, a wrong e-mail or password, or too many attempts
 * at that account (Retry-After set on `reply`). A success makes this browser a known device of the account.
 */
export async function ownerSignIn(request: FastifyRequest, reply: FastifyReply, email: string, password: string): Promise<OwnerSignIn> {
  const throttle = request.server.signInThrottle;
  const admission = await throttle.admit('owner', email, isKnownDevice(request, 'owner', email));
  if (!admission.ok) {
    reply.header('retry-after', String(admission.retryAfterSeconds));
    return { kind: 'limited', retryAfterSeconds: admission.retryAfterSeconds };
  }
  const contributorId = await checkOwnerCredentials(request.server.reads, email, password);
  if (contributorId === null) return { kind: 'wrong' };
  await throttle.succeeded('owner', email);
  rememberDevice(request, reply, 'owner', email);
  return { kind: 'ok', contributorId };
}

/** The words of a refused sign-in: wrong credentials, or too many attempts. */
export const ownerSignInRefusal = (outcome: Exclude<OwnerSignIn, { kind: 'ok' }>) =>
  outcome.kind === 'limited' ? { status: 429, message: tooManyMessage(outcome.retryAfterSeconds) } : { status: 401, message: WRONG_CREDENTIALS };

/** Opens a session for `contributorId` on this reply (the cookie, a fresh crumb); answers the crumb. */
export async function startOwnerSession(request: FastifyRequest, reply: FastifyReply, contributorId: string, remembered: boolean): Promise<string> {
  const lifetime = remembered ? REMEMBERED_SESSION_MS : SESSION_MS;
  const sessions = request.server.stores.ownerSessions;
  // a fresh token on every sign-in: a token planted before sign-in can never become a session
  await sessions.close(request.cookies[OWNER_COOKIE]);
  const token = await sessions.open(contributorId, lifetime, Date.now());
  // without "remember me" the cookie ends with the browser session (the row expires after SESSION_MS anyway)
  setSiteCookie(reply, OWNER_COOKIE, token, remembered ? { maxAge: lifetime / 1000 } : {});
  // a session starts: the crumb is now the session's, and one known before sign-in no longer passes
  return rotateCrumb(request, reply, { owner: token });
}

/** Ends the session of this request's cookie (if any) and issues a fresh crumb. */
export async function endOwnerSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await request.server.stores.ownerSessions.close(request.cookies[OWNER_COOKIE]);
  clearSiteCookie(reply, OWNER_COOKIE);
  rotateCrumb(request, reply, { owner: null });
}

export const ownerSessionRoutes: FastifyPluginAsync<{ store: Store }> = async (app, { store }) => {
  app.post<{ Body: SignInBody }>('/api/owner/session', { schema: { body: signInBody }, config: { rateLimit: 'owner' } }, async (request, reply) => {
    const outcome = await ownerSignIn(request, reply, request.body.email, request.body.password);
    if (outcome.kind !== 'ok') {
      const { status, message } = ownerSignInRefusal(outcome);
      return reply.code(status).send({ message });
    }
    return { xsrfToken: await startOwnerSession(request, reply, outcome.contributorId, request.body.rememberMe === true) };
  });

  app.delete('/api/owner/session', { config: { rateLimit: 'owner' } }, async (request, reply) => {
    await endOwnerSession(request, reply);
    return reply.code(204).send();
  });

  app.get('/api/owner/session', async (request, reply) => {
    const contributor = requestContributor(store, request);
    if (contributor === null) return reply.code(401).send({ message: SIGN_IN_REQUIRED });
    return { ...contributorView(contributor), websiteId: contributor.websiteId, xsrfToken: request.crumb };
  });
};
