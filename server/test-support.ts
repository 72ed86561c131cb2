/**
 * Helpers for server tests: the crumb a browser would echo. Any 32-hex-digit value is a valid crumb as long
 * as cookie and header agree, so tests can use a fixed one.
 */
import type { InjectOptions } from 'fastify';

export const TEST_CRUMB = '0123456789abcdef0123456789abcdef';

/** `options` with the crumb cookie and the matching X-CSRF-Token header added (existing cookies kept). */
export function withCrumb(options: InjectOptions): InjectOptions {
  return {
    ...options,
    cookies: { ...options.cookies, crumb: TEST_CRUMB },
    headers: { ...options.headers, 'x-csrf-token': TEST_CRUMB },
  };
}
