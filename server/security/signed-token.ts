/**
 * Tokens the server hands out and later trusts without keeping them: a member cookie, a download link. A token
 * is its fields joined with `.`, then an HMAC-SHA256 of them under the server's secret (`crumb-secret.ts`) and
 * the token's purpose, cut to 128 bits, in base64url. The purpose is part of what is signed, so a token made
 * for one use is never accepted for another; changing any character of a token makes it worthless.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The characters a field may hold: those of base64url, so a token travels in a URL or a cookie as it is. */
const FIELD = /^[A-Za-z0-9_-]*$/;
/** 128 bits of the MAC in base64url. */
const MAC_LENGTH = 22;

const macOf = (secret: string, purpose: string, payload: string) => createHmac('sha256', secret).update(`${purpose}\u0000${payload}`).digest('base64url').slice(0, MAC_LENGTH);

/** The token of `fields` for `purpose`; a field outside base64url's characters is a programming error. */
export function signToken(secret: string, purpose: string, fields: readonly string[]): string {
  for (const field of fields) if (!FIELD.test(field)) throw new Error(`a signed token's field must be base64url characters: ${JSON.stringify(field)}`);
  const payload = fields.join('.');
  return `${payload}.${macOf(secret, purpose, payload)}`;
}

/** The fields of a token this server signed for `purpose`, or null for anything else (compared in constant time). */
export function verifyToken(secret: string, purpose: string, token: string): string[] | null {
  const cut = token.lastIndexOf('.');
  if (cut < 0 || token.length - cut - 1 !== MAC_LENGTH) return null;
  const payload = token.slice(0, cut);
  if (!payload.split('.').every((field) => FIELD.test(field))) return null;
  const given = Buffer.from(token.slice(cut + 1));
  const expected = Buffer.from(macOf(secret, purpose, payload));
  return given.length === expected.length && timingSafeEqual(given, expected) ? payload.split('.') : null;
}
