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

/** A fresh nonce: 128 random bits in base64 (the policy's `'nonce-…'` grammar), 24 characters. */
export const NONCE_LENGTH = 24;

/**
 * What stands for the nonce in markup until the answer is sent: as long as a nonce, so a page's bytes are
 * filled in place (README "Security": a nonce and a kept 20 kB page filled in 6–13 µs, where cutting and
 * joining the page and a `randomBytes` call per page took about 35).
 */
export const NONCE_SLOT = `nonce${randomBytes(16).toString('hex')}`.slice(0, NONCE_LENGTH);

/** ` nonce="<slot>"`, for a script or style element Tessera writes. */
export const NONCE_ATTRIBUTE = ` nonce="${NONCE_SLOT}"`;

/** Random bytes drawn ahead, 16 per nonce (one `randomBytes` call of 14 µs per page was most of the cost). */
let pool = Buffer.alloc(0);
let used = 0;

export function newNonce(): string {
  if (used + 16 > pool.length) {
    pool = randomBytes(16 * 256);
    used = 0;
  }
  used += 16;
  return pool.toString('base64', used - 16, used);
}

const SLOT_BYTES = Buffer.from(NONCE_SLOT, 'latin1');

/**
 * The bytes last made for one answer alone (a kept page joined with the visitor's crumb), which the nonce may
 * fill in place. One slot rather than a weak set (an entry per answer in a weak table, for the collector to
 * clear): the answer is sent right after it is marked (the `onSend` hooks are callback hooks), so the slot still
 * holds it when its nonce is filled; should another answer come between, the first is copied, as shared bytes are.
 */
let ownAnswer: Buffer | undefined;

/** Marks `bytes` as this answer's alone: no one else holds them, so `fillNonce` writes into them instead of a copy. */
export function answerOwnBytes(bytes: Buffer): Buffer {
  ownAnswer = bytes;
  return bytes;
}

/** `body` with every slot replaced by `nonce` (a string, or the bytes of a kept page, copied unless the answer's own); the same value when it holds none. */
export function fillNonce<T extends string | Buffer>(body: T, nonce: string): T {
  if (typeof body === 'string') return (body.includes(NONCE_SLOT) ? body.replaceAll(NONCE_SLOT, nonce) : body) as T;
  let at = body.indexOf(SLOT_BYTES);
  if (at < 0) return body;
  if (nonce.length !== NONCE_LENGTH) throw new Error(`a nonce is ${NONCE_LENGTH} characters`);
  // a kept page's bytes are shared: the answer gets its own copy (a 23 kB copy per answer where they are its own already)
  const out: Buffer = body === ownAnswer ? body : Buffer.from(body);
  ownAnswer = undefined;
  while (at >= 0) {
    out.write(nonce, at, 'latin1');
    at = out.indexOf(SLOT_BYTES, at + NONCE_LENGTH);
  }
  return out as T;
}
