/**
 * Contributors and roles (issue 26), one Fastify plugin. For the site's administrators (`manageContributors`,
 * server/owner/roles.ts), crumb-checked, in the owner rate limit bucket:
 * - GET /api/owner/contributors → { contributors: [{ id, email, displayName, roles, createdAt }], invitations:
 *   [{ id, email, roles, createdAt, expiresAt }] } (the invitations still waiting)
 * - POST /api/owner/contributors/invitations { email, roles } → 201, the invitation; the invite e-mail is queued
 * - DELETE /api/owner/contributors/invitations/:id → 204; its link stops working
 * - PUT /api/owner/contributors/:id { roles } → the contributor
 * - DELETE /api/owner/contributors/:id → 204; their sessions end
 * For the invitee, with no session (the token is the right):
 * - GET /api/owner/invitations/:token → { email, siteTitle, roles }; 404 an unknown link, 410 a spent or expired one
 * - POST /api/owner/invitations/:token/accept { displayName, password } → 201 { email }: a contributor now, who
 *   signs in with that address and password.
 * The rules are in service.ts.
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Store } from '../db/database.js';
import { requirePermission, signedInContributor } from '../owner/guard.js';
import { CONTRIBUTOR_ROLES, type ContributorRole } from '../owner/roles.js';
import { acceptInvitation, changeRoles, invite, listContributors, type Outcome, readInvitation, removeContributor, revokeInvitation } from './service.js';

const id = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' } as const;
const idParams = { type: 'object', required: ['id'], properties: { id }, additionalProperties: false } as const;
const tokenParams = {
  type: 'object',
  required: ['token'],
  properties: { token: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' } },
  additionalProperties: false,
} as const;
const roles = { type: 'array', minItems: 1, maxItems: CONTRIBUTOR_ROLES.length, uniqueItems: true, items: { type: 'string', enum: [...CONTRIBUTOR_ROLES] } } as const;

const inviteBody = {
  type: 'object',
  required: ['email', 'roles'],
  // the address's own rule is the service's, so a bad one gets the editor's sentence (spec 001)
  properties: { email: { type: 'string', maxLength: 320 }, roles },
  additionalProperties: false,
} as const;
const rolesBody = { type: 'object', required: ['roles'], properties: { roles }, additionalProperties: false } as const;
const acceptBody = {
  type: 'object',
  required: ['displayName', 'password'],
  properties: { displayName: { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' }, password: { type: 'string', maxLength: 1000 } },
  additionalProperties: false,
} as const;

function answer<T>(reply: FastifyReply, outcome: Outcome<T>, status = 200) {
  if (!outcome.ok) return reply.code(outcome.status).send({ message: outcome.message });
  return outcome.value === null ? reply.code(204).send() : reply.code(status).send(outcome.value);
}

export const contributorRoutes: FastifyPluginAsync<{ store: Store }> = async (app, { store }) => {
  const manage = requirePermission(store, 'manageContributors');
  const writeConfig = { rateLimit: 'owner' } as const;
  const BASE = '/api/owner/contributors';

  app.get(BASE, { preValidation: manage }, async (request) => listContributors(app.reads, signedInContributor(request).websiteId, Date.now()));

  app.post<{ Body: { email: string; roles: ContributorRole[] } }>(
    `${BASE}/invitations`,
    { preValidation: manage, config: writeConfig, schema: { body: inviteBody } },
    async (request, reply) => answer(reply, await invite(app.stores.transactions, signedInContributor(request), request.body.email, request.body.roles, Date.now()), 201),
  );

  app.delete<{ Params: { id: string } }>(`${BASE}/invitations/:id`, { preValidation: manage, config: writeConfig, schema: { params: idParams } }, async (request, reply) =>
    answer(reply, await revokeInvitation(app.stores.transactions, signedInContributor(request).websiteId, request.params.id)),
  );

  app.put<{ Params: { id: string }; Body: { roles: ContributorRole[] } }>(
    `${BASE}/:id`,
    { preValidation: manage, config: writeConfig, schema: { params: idParams, body: rolesBody } },
    async (request, reply) => answer(reply, await changeRoles(app.stores.transactions, signedInContributor(request).websiteId, request.params.id, request.body.roles)),
  );

  app.delete<{ Params: { id: string } }>(`${BASE}/:id`, { preValidation: manage, config: writeConfig, schema: { params: idParams } }, async (request, reply) =>
    answer(reply, await removeContributor(app.stores.transactions, signedInContributor(request).websiteId, request.params.id)),
  );

  app.get<{ Params: { token: string } }>('/api/owner/invitations/:token', { schema: { params: tokenParams } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return answer(reply, await readInvitation(app.reads, request.params.token, Date.now()));
  });

  app.post<{ Params: { token: string }; Body: { displayName: string; password: string } }>(
    '/api/owner/invitations/:token/accept',
    { config: writeConfig, schema: { params: tokenParams, body: acceptBody } },
    async (request, reply) => answer(reply, await acceptInvitation(app.reads, app.stores.transactions, request.params.token, request.body.displayName, request.body.password, Date.now()), 201),
  );
};
