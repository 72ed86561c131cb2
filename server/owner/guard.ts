/**
 * The owner guard: a hook factory for routes that only signed-in contributors with the right role may call.
 * No live session → 401, a session whose roles do not allow the call → 403, both `{ message }`. Routes use it
 * as `preValidation`, so an anonymous caller learns nothing about a route's body schema from 400s.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Store } from '../db/database.js';
import { type ContributorRole, OWNER_PERMISSIONS, type OwnerPermission } from './roles.js';
import { type SignedInContributor, requestContributor } from './sessions.js';

export const SIGN_IN_REQUIRED = 'Please sign in as a site owner or contributor.';
export const NOT_ALLOWED = 'Your role does not allow this.';

// The guard hands the contributor to the handler through this map rather than a request decoration, so no
// plugin depends on the order in which decorations were registered.
const signedIn = new WeakMap<FastifyRequest, SignedInContributor>();

export type OwnerHook = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

// Each guard's roles, so the route table (server/route-table.ts) can say who may call a route (docs/http-api.md).
const hookRoles = new WeakMap<OwnerHook, readonly ContributorRole[]>();

/** The roles a hook lets through, when it is an owner guard (else undefined). */
export function rolesOfHook(hook: unknown): readonly ContributorRole[] | undefined {
  return typeof hook === 'function' ? hookRoles.get(hook as OwnerHook) : undefined;
}

export function requireRole(store: Store, ...roles: readonly ContributorRole[]): OwnerHook {
  const allowed = new Set<string>(roles);
  const hook: OwnerHook = async (request, reply) => {
    const contributor = requestContributor(store, request);
    if (contributor === null) return reply.code(401).send({ message: SIGN_IN_REQUIRED });
    if (!contributor.roles.some((role) => allowed.has(role))) return reply.code(403).send({ message: NOT_ALLOWED });
    signedIn.set(request, contributor);
    return undefined;
  };
  hookRoles.set(hook, roles);
  return hook;
}

/** The guard for one API family of the permission table. */
export function requirePermission(store: Store, permission: OwnerPermission): OwnerHook {
  return requireRole(store, ...OWNER_PERMISSIONS[permission]);
}

/** The contributor the guard let through (only call from a guarded route's handler). */
export function signedInContributor(request: FastifyRequest): SignedInContributor {
  const contributor = signedIn.get(request);
  if (contributor === undefined) throw new Error('signedInContributor called on a route without the owner guard');
  return contributor;
}
