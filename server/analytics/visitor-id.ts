/**
 * Visitor and visit ids as stored: the `ss_cvr` / `ss_cvt` cookie values are never kept as given, only an
 * HMAC-SHA-256 of them under the server's secret (the crumb secret, server/security/crumb-secret.ts), cut to
 * 128 bits. The same cookie always maps to the same id, so unique visitors can be counted, but a copy of the
 * database cannot be matched against a browser's cookies without the secret.
 */
import { createHmac } from 'node:crypto';

/** Cookie values accepted as ids: printable ASCII without spaces, at most 100 characters. */
const ID_PATTERN = /^[\x21-\x7e]{1,100}$/;

/** The stored id of cookie value `value` of kind `kind` (`visitor`, `visit`), or null for none or a malformed one. */
export function hashedId(secret: string, kind: 'visitor' | 'visit', value: unknown): string | null {
  if (typeof value !== 'string' || !ID_PATTERN.test(value)) return null;
  return createHmac('sha256', secret).update(`${kind}:${value}`).digest('hex').slice(0, 32);
}
