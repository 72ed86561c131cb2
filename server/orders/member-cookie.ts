/**
 * The member cookie: what shows a browser that bought a pass its member area, until site-user accounts (issue
 * 22) can hold the grant instead. One cookie per area (`tessera_member_{area}`), HttpOnly and SameSite=Lax, for
 * the whole site, set when the order is placed and again on its confirmation. Its value names the order and
 * the end of the access (`{orderId}.{end in base 36, or empty}.{MAC}`), signed for that area with the server's
 * secret (server/security/signed-token.ts): it cannot be made, moved to another area or lengthened, and it
 * opens the area only while its order still holds that grant (server/page-access.ts checks).
 */
import type { FastifyReply } from 'fastify';
import { signToken, verifyToken } from '../security/signed-token.js';
import { setSiteCookie } from '../security/cookies.js';
import type { MemberGrant } from './member-grants.js';

const PREFIX = 'tessera_member_';
/** The longest a browser keeps a cookie (Chromium's cap): the lifetime of a grant without an end. */
const NO_END_MAX_AGE_S = 400 * 86_400;

/** The cookie of an area; its id is kept to a cookie name's characters. */
export function memberCookieName(memberAreaId: string): string {
  return `${PREFIX}${memberAreaId.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}

const purpose = (memberAreaId: string) => `member:${memberAreaId}`;

/** Sets a cookie for each grant of the order that still holds at `now`. */
export function setMemberCookies(reply: FastifyReply, secret: string, orderId: string, grants: readonly MemberGrant[], now: number): void {
  for (const grant of grants) {
    const end = grant.expiresAt === null ? '' : grant.expiresAt.toString(36);
    const maxAge = grant.expiresAt === null ? NO_END_MAX_AGE_S : Math.floor((grant.expiresAt - now) / 1000);
    if (maxAge <= 0) continue;
    setSiteCookie(reply, memberCookieName(grant.memberAreaId), signToken(secret, purpose(grant.memberAreaId), [orderId, end]), { maxAge });
  }
}

/** What a member cookie claims for an area: its order and the end of the access. */
export interface MemberClaim {
  readonly orderId: string;
  readonly expiresAt: number | null;
}

/** The claim of the browser's cookie for `memberAreaId` when the server signed it for that area and it has not ended; else null. */
export function memberClaim(cookies: Readonly<Record<string, string | undefined>>, secret: string, memberAreaId: string, now: number): MemberClaim | null {
  const value = cookies[memberCookieName(memberAreaId)];
  if (typeof value !== 'string') return null;
  const fields = verifyToken(secret, purpose(memberAreaId), value);
  if (fields === null || fields.length !== 2) return null;
  const [orderId, end] = fields as [string, string];
  const expiresAt = end === '' ? null : Number.parseInt(end, 36);
  if (orderId === '' || (expiresAt !== null && !(expiresAt > now))) return null;
  return { orderId, expiresAt };
}
