/**
 * Owner passwords: scrypt with a random salt, stored as `scrypt$<salt hex>$<key hex>`. The cost parameters are
 * fixed (N=2^14, r=8, p=1, 64-byte key), so the stored text needs no more fields; the async scrypt keeps the
 * event loop free while a sign-in is checked.
 */
import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(scryptCallback) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;

const SALT_BYTES = 16;
const KEY_BYTES = 64;
const HASH_FORMAT = /^scrypt\$([0-9a-f]{32})\$([0-9a-f]{128})$/;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await scrypt(password, salt, KEY_BYTES);
  return `scrypt$${salt.toString('hex')}$${key.toString('hex')}`;
}

/** True when `password` matches `stored`; a malformed stored hash never matches (and never throws). */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const match = HASH_FORMAT.exec(stored);
  if (match === null) return false;
  const expected = Buffer.from(match[2]!, 'hex');
  const actual = await scrypt(password, Buffer.from(match[1]!, 'hex'), KEY_BYTES);
  // constant time: how many leading bytes agree must not show in the answer's timing
  return timingSafeEqual(actual, expected);
}

/**
 * A well-formed hash no password is known for: checked when the e-mail is unknown, so that a wrong e-mail
 * costs the same scrypt work as a wrong password and timing does not tell which accounts exist.
 */
export const DECOY_HASH = `scrypt$${'0'.repeat(32)}$${'0'.repeat(128)}`;

/**
 * Letters and digits a person reads and types back without doubt: no `0`/`O`, `1`/`l`/`I`, and no `-` or `_`,
 * which at the start of a printed line read as a bullet.
 */
const PASSWORD_ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** 24 characters of 56: about 139 random bits. */
const PASSWORD_LENGTH = 24;

/** A password for the generated owner account, of PASSWORD_ALPHABET only (each character unbiased). */
export function generatePassword(): string {
  let out = '';
  while (out.length < PASSWORD_LENGTH) {
    for (const byte of randomBytes(PASSWORD_LENGTH)) {
      // 224 = 4 × 56: bytes above it are dropped so that every character is equally likely
      if (byte < 224 && out.length < PASSWORD_LENGTH) out += PASSWORD_ALPHABET[byte % 56];
    }
  }
  return out;
}
