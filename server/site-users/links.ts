/**
 * The links customer accounts send by e-mail, signed with the server's secret (server/security/signed-token.ts)
 * and expiring, so nothing about them is stored. A confirmation link names the account and its end (24 hours).
 * A reset link names the account, its end (one hour) and a stamp of the current password hash, so it works
 * once: setting the new password changes the hash and every earlier link dies with the old one.
 */
import { createHash } from 'node:crypto';
import { signToken, verifyToken } from '../security/signed-token.js';

export const VERIFY_LINK_MS = 24 * 60 * 60 * 1000;
export const RESET_LINK_MS = 60 * 60 * 1000;

const VERIFY = 'site-user:verify-email';
const RESET = 'site-user:password-reset';

const stampOf = (passwordHash: string) => createHash('sha256').update(passwordHash).digest('base64url').slice(0, 16);

export const verifyPath = (secret: string, siteUserId: string, now: number) =>
  `/account/verify?token=${signToken(secret, VERIFY, [siteUserId, (now + VERIFY_LINK_MS).toString(36)])}`;

export const resetPath = (secret: string, siteUserId: string, passwordHash: string, now: number) =>
  `/account/reset?token=${signToken(secret, RESET, [siteUserId, (now + RESET_LINK_MS).toString(36), stampOf(passwordHash)])}`;

/** The fields of a token signed for `purpose` that has not ended at `now`, or null. */
function liveFields(secret: string, purpose: string, token: string, count: number, now: number): string[] | null {
  const fields = verifyToken(secret, purpose, token);
  if (fields === null || fields.length !== count) return null;
  const end = Number.parseInt(fields[1]!, 36);
  return Number.isFinite(end) && end > now ? fields : null;
}

/** The account a confirmation token names, while it lasts. */
export function verifiedTokenUser(secret: string, token: string, now: number): string | null {
  return liveFields(secret, VERIFY, token, 2, now)?.[0] ?? null;
}

/** The account a reset token names, while it lasts and while the password is the one it was made for. */
export function resetTokenUser(secret: string, token: string, now: number, passwordHashOf: (siteUserId: string) => string | null): string | null {
  const claim = resetTokenClaim(secret, token, now);
  return claim !== null && claim.madeFor(passwordHashOf(claim.siteUserId)) ? claim.siteUserId : null;
}

/**
 * What a live reset token claims: its account, and whether a password hash is the one it was made for (a store
 * that reads the hash asynchronously checks it so).
 */
export function resetTokenClaim(secret: string, token: string, now: number): { readonly siteUserId: string; madeFor(passwordHash: string | null): boolean } | null {
  const fields = liveFields(secret, RESET, token, 3, now);
  if (fields === null) return null;
  return { siteUserId: fields[0]!, madeFor: (hash) => hash !== null && stampOf(hash) === fields[2] };
}
