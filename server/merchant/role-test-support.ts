/**
 * For the merchant API tests (not a test file itself): one signed-in contributor of each role on a demo store,
 * and requests made as one of them, with the crumb on writes.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { CONTRIBUTOR_ROLES, type ContributorRole } from '../owner/roles.js';
import { OWNER_COOKIE } from '../owner/sessions.js';
import { siteIdOf, withCrumb, writeBeside } from '../test-support.js';

/** `call(options, role)`: `options` injected as a contributor of `role` (admin by default). */
export type CallAs = (options: InjectOptions, role?: ContributorRole) => Promise<LightMyRequestResponse>;

export interface EveryRole {
  readonly call: CallAs;
  /** The owner cookie of `role`'s session (for a request made without the helper: no crumb). */
  readonly cookies: (role: ContributorRole) => Record<string, string>;
}

/** A contributor of each role added beside `app` in one write (either database: `writeBeside`), each signed in. */
export async function signInEveryRole(app: FastifyInstance): Promise<EveryRole> {
  const websiteId = await siteIdOf(app);
  const added = CONTRIBUTOR_ROLES.map((role) => ({ role, id: randomUUID() }));
  await writeBeside(app, async ({ db, t }) => {
    await db.insert(t.contributors).values(added.map(({ role, id }) => ({ id, websiteId, email: `${role.replace(/ /g, '-')}@example.com`, displayName: role, passwordHash: 'unused', roles: JSON.stringify([role]), createdAt: Date.now() })));
  });
  const tokens = new Map<ContributorRole, string>();
  for (const { role, id } of added) tokens.set(role, await app.stores.ownerSessions.open(id, 60 * 60 * 1000, Date.now()));
  const cookies = (role: ContributorRole) => ({ [OWNER_COOKIE]: tokens.get(role)! });
  const call: CallAs = (options, role = 'admin') => {
    const signed = { ...options, cookies: { ...options.cookies, ...cookies(role) } };
    return app.inject(options.method === undefined || options.method === 'GET' ? signed : withCrumb(signed));
  };
  return { call, cookies };
}
