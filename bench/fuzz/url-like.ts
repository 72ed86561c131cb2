/**
 * Strings shaped like the URLs an owner or an attacker might store (issue 30): the pieces browsers treat
 * specially (slashes and backslashes, tabs and newlines, leading spaces and controls, scheme names in any
 * case, `//`, `@`, percent escapes) mixed with short random text. The URL rule's property tests draw from it
 * in Node (commerce/safe-url.test.ts) and check a sample against Chromium's own parser
 * (server/security/default-policy.browser.test.ts).
 */
import fc from 'fast-check';

const PIECES = ['/', '\\', '\t', '\n', '\r', ' ', '\u0000', '\u001f', ':', '//', '/\\', '\\/', 'javascript:', 'JaVaScRiPt:', 'data:', 'http:', 'https:', 'mailto:', 'tel:', 'vbscript:', 'example.com', '@', '?', '#', '%2f', '%09', '.', '..', 'x'];

export const urlLike: fc.Arbitrary<string> = fc.array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ maxLength: 3 })), { maxLength: 8 }).map((parts) => parts.join(''));
