/**
 * Whose visits are recorded (spec 000 §6, spec 001 §6): visitors who are not signed in, or whose only website
 * role is viewer. A signed-in contributor (the owner session cookie, server/owner/sessions.ts) with any role
 * but viewer (or `none`, no role at all) sees pages without the tracker, so an owner checking their shop never
 * counts as a visitor. A signed-in customer (a site user) is a visitor of the shop and is recorded.
 * The session is looked up once as the request arrives, only when it has the owner cookie (server/security/request-sessions.ts).
 */
import type { FastifyRequest } from 'fastify';
import type { Store } from '../db/database.js';
import { requestContributor } from '../owner/sessions.js';

const RECORDED_ROLES: ReadonlySet<string> = new Set(['viewer', 'none']);

export function isRecordedVisitor(store: Store, request: FastifyRequest): boolean {
  const contributor = requestContributor(store, request);
  return contributor === null || contributor.roles.every((role) => RECORDED_ROLES.has(role));
}
