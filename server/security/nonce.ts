/**
 * The per-request nonce of the content policy (issue 30). Markup that Tessera writes for a page (the island
 * loader's and the tracker's script tags, the `<style>` of a gallery's settings, the plain error page's and the
 * owner pages' styles, the dev server's reload script) carries `nonce="<slot>"`, where the slot is one fixed
 * random word per process; on the way out (headers.ts, `onSend`) every slot of an HTML answer becomes this
 * answer's own nonce, and the policy names it. So pages can be kept and reused (server/routes/page-response.ts
 * keeps them as bytes) while every answer has a fresh nonce.
 *
 * The slot never leaves the process: every HTML answer is filled before it is sent, and it is random per
 * start, so stored content cannot guess it to smuggle a script past the policy; letters and digits only, so
 * escaping leaves it as it is and it cannot be cut by the engine's formatters.
 */
import { randomBytes } from 'node:crypto';

/** What stands for the nonce in markup until the answer is sent. */
export const NONCE_SLOT = `nonce${randomBytes(16).toString('hex')}`;

/** ` nonce="<slot>"`, for a script or style element Tessera writes. */
export const NONCE_ATTRIBUTE = ` nonce="${NONCE_SLOT}"`;

/** A fresh nonce: 128 random bits in base64 (the policy's `'nonce-…'` grammar). */
export const newNonce = (): string => randomBytes(16).toString('base64');

const SLOT_BYTES = Buffer.from(NONCE_SLOT, 'latin1');

/** `body` with every slot replaced by `nonce` (a string or the bytes of a kept page); the same value when it holds none. */
export function fillNonce<T extends string | Buffer>(body: T, nonce: string): T {
  if (typeof body === 'string') return (body.includes(NONCE_SLOT) ? body.replaceAll(NONCE_SLOT, nonce) : body) as T;
  let at = body.indexOf(SLOT_BYTES);
  if (at < 0) return body;
  const value = Buffer.from(nonce, 'latin1');
  const parts: Buffer[] = [];
  let last = 0;
  while (at >= 0) {
    parts.push(body.subarray(last, at), value);
    last = at + SLOT_BYTES.length;
    at = body.indexOf(SLOT_BYTES, last);
  }
  parts.push(body.subarray(last));
  return Buffer.concat(parts) as T;
}
