/** Signed tokens: made and read back, refused when changed, signed with another secret or for another purpose. */
import { describe, expect, it } from 'vitest';
import { signToken, verifyToken } from './signed-token.js';

describe('signed tokens', () => {
  const token = signToken('secret', 'member', ['makers-circle', '0b1d6a6e-1111-4222-8333-444455556666', 'lxk9w0']);

  it('read back as their fields', () => {
    expect(token).toMatch(/^makers-circle\.0b1d6a6e-1111-4222-8333-444455556666\.lxk9w0\.[A-Za-z0-9_-]{22}$/);
    expect(verifyToken('secret', 'member', token)).toEqual(['makers-circle', '0b1d6a6e-1111-4222-8333-444455556666', 'lxk9w0']);
    expect(verifyToken('secret', 'x', signToken('secret', 'x', ['']))).toEqual(['']);
  });

  it('are refused when any character changes, under another secret or purpose, or malformed', () => {
    for (let i = 0; i < token.length; i++) {
      const changed = token.slice(0, i) + (token[i] === 'A' ? 'B' : 'A') + token.slice(i + 1);
      expect(verifyToken('secret', 'member', changed), changed).toBeNull();
    }
    expect(verifyToken('other secret', 'member', token)).toBeNull();
    expect(verifyToken('secret', 'download', token)).toBeNull();
    for (const bad of ['', '.', 'abc', token.slice(0, -1), `${token}A`, token.replace('.', '/'), `a b.${token.split('.').at(-1)}`]) expect(verifyToken('secret', 'member', bad), bad).toBeNull();
  });

  it('take only base64url characters in a field', () => {
    expect(() => signToken('secret', 'member', ['a.b'])).toThrow(/base64url/);
    expect(() => signToken('secret', 'member', ['é'])).toThrow(/base64url/);
  });
});
