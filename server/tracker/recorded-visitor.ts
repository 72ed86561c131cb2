/**
 * Whose visits are recorded (spec 000 §6, spec 001 §6): visitors who are not signed in, or whose only website
 * role is viewer. A signed-in contributor (the owner session cookie, server/owner/sessions.ts) with any role
 * but viewer (or `none`, no role at all) sees pages without the tracker, so an owner checking their shop never
 * counts as a visitor. A signed-in customer (a site user) is a visitor of the shop and is recorded.
 * A request without the owner cookie costs nothing here: the session is looked up only when there is one.
 */
import type { FastifyRequest } from 'fastify';
import type { Store } from '../db/database.js';
import { OWNER_COOKIE, sessionContributor } from '../owner/sessions.js';

const RECORDED_ROLES: ReadonlySet<string> = new Set(['viewer', 'none']);

export function isRecordedVisitor(store: Store, request: FastifyRequest, now = Date.now()): boolean {
  const token = request.cookies[OWNER_COOKIE];
  if (token === undefined) return true;
  const contributor = sessionContributor(store, token, now);
  return contributor === null || contributor.roles.every((role) => RECORDED_ROLES.has(role));
}
