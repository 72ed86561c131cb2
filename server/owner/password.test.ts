import { describe, expect, it } from 'vitest';
import { DECOY_HASH, generatePassword, hashPassword, verifyPassword } from './password.js';

describe('owner passwords', () => {
  it('hashes with scrypt as scrypt$<salt hex>$<key hex>, salted afresh each time', async () => {
    const a = await hashPassword('correct horse');
    const b = await hashPassword('correct horse');
    expect(a).toMatch(/^scrypt\$[0-9a-f]{32}\$[0-9a-f]{128}$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('correct horse');
  });

  it('verifies the right password only', async () => {
    const stored = await hashPassword('correct horse');
    expect(await verifyPassword('correct horse', stored)).toBe(true);
    expect(await verifyPassword('correct horsE', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('never matches a malformed hash or the decoy, and never throws', async () => {
    for (const stored of ['', 'plain', 'scrypt$zz$zz', 'bcrypt$00$00', `scrypt$${'0'.repeat(32)}$${'0'.repeat(64)}`]) {
      expect(await verifyPassword('x', stored)).toBe(false);
    }
    expect(await verifyPassword('', DECOY_HASH)).toBe(false);
  });

  it('generates long random passwords', () => {
    const p = generatePassword();
    expect(p).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(generatePassword()).not.toBe(p);
  });
});
