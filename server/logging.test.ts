/**
 * The server's log (issue 14): production logs no request lines unless LOG_LEVEL asks; at info there is one
 * line per request, and no secret of a URL (a subscription's cartToken) reaches it.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { openStore, repoRoot } from './db/database.js';
import { seedDemoStore } from './db/seed.js';
import { banner, loggerOptions, redactUrl } from './logging.js';
import { Theme } from './theme.js';

async function appLogging(env: NodeJS.ProcessEnv) {
  const lines: string[] = [];
  const store = openStore(':memory:');
  seedDemoStore(store);
  const { transport: _ignored, ...options } = loggerOptions(env) as Record<string, unknown>;
  const app = await buildApp({ store, theme: new Theme(resolve(repoRoot(), 'templates'), false), logger: { ...options, stream: { write: (line: string) => lines.push(line) } } as never });
  return { app, lines };
}

describe('the log', () => {
  it('cuts secrets out of URLs', () => {
    expect(redactUrl('/checkout?cartToken=abc123&step=2')).toBe('/checkout?cartToken=[redacted]&step=2');
    expect(redactUrl('/x?CRUMB=1&key=2&q=linen')).toBe('/x?CRUMB=[redacted]&key=[redacted]&q=linen');
    expect(redactUrl('/shop')).toBe('/shop');
  });

  it('production: warn unless LOG_LEVEL says otherwise, JSON lines; development: info, pretty lines', () => {
    expect(loggerOptions({ NODE_ENV: 'production' })).toMatchObject({ level: 'warn' });
    expect(loggerOptions({ NODE_ENV: 'production' })).not.toHaveProperty('transport');
    expect(loggerOptions({ NODE_ENV: 'production', LOG_LEVEL: 'DEBUG' })).toMatchObject({ level: 'debug' });
    expect(loggerOptions({ LOG_LEVEL: 'nonsense' })).toMatchObject({ level: 'info', transport: { target: 'pino-pretty' } });
  });

  it('production writes no line for requests', async () => {
    const { app, lines } = await appLogging({ NODE_ENV: 'production' });
    await app.inject('/');
    await app.inject('/checkout?cartToken=secret-token');
    expect(lines).toEqual([]);
  });

  it('at info: one line per request, its secrets redacted', async () => {
    const { app, lines } = await appLogging({ NODE_ENV: 'production', LOG_LEVEL: 'info' });
    await app.inject('/checkout?cartToken=secret-token');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('GET /checkout?cartToken=[redacted]');
    expect(lines.join('')).not.toContain('secret-token');
  });

  it('frames a first-start message', () => {
    expect(banner(['ab', 'c']).split('\n')).toEqual(['+----+', '| ab |', '| c  |', '+----+']);
  });
});
