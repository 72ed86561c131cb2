/**
 * For the merchant API tests (not a test file itself): one signed-in contributor of each role on a demo store,
 * and requests made as one of them, with the crumb on writes.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { CONTRIBUTOR_ROLES, type ContributorRole } from '../owner/roles.js';
import { OWNER_COOKIE } from '../owner/sessions.js';
import { contributorSessions, withCrumb } from '../test-support.js';

/** `call(options, role)`: `options` injected as a contributor of `role` (admin by default). */
export type CallAs = (options: InjectOptions, role?: ContributorRole) => Promise<LightMyRequestResponse>;

export interface EveryRole {
  readonly call: CallAs;
  /** The owner cookie of `role`'s session (for a request made without the helper: no crumb). */
  readonly cookies: (role: ContributorRole) => Record<string, string>;
}

/** A contributor of each role added beside `app` in one write (either database: `contributorSessions`), each signed in. */
export async function signInEveryRole(app: FastifyInstance): Promise<EveryRole> {
  const sessions = await contributorSessions(
    app,
    CONTRIBUTOR_ROLES.map((role) => ({ id: randomUUID(), email: `${role.replace(/ /g, '-')}@example.com`, displayName: role, roles: [role] })),
  );
  const tokens = new Map<ContributorRole, string>(CONTRIBUTOR_ROLES.map((role, i) => [role, sessions[i]!]));
  const cookies = (role: ContributorRole) => ({ [OWNER_COOKIE]: tokens.get(role)! });
  const call: CallAs = (options, role = 'admin') => {
    const signed = { ...options, cookies: { ...options.cookies, ...cookies(role) } };
    return app.inject(options.method === undefined || options.method === 'GET' ? signed : withCrumb(signed));
  };
  return { call, cookies };
}
