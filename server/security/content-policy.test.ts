/**
 * The content policy per theme kind: a platform theme's every response carries it (pages, a 404, an error page,
 * the theme's files, the runtime), each directive with the sources its reason names, the owner's origins in the
 * fetch directives only; Tessera's default theme's strict one (issue 30; headers.test.ts sends it). And `TESSERA_ALLOWED_ORIGINS`, read as the
 * policy writes origins, a bad one refused with one line, also when the server starts.
 */
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../db/database.js';
import { demoApp } from '../test-support.js';
import { allowedOriginsFromEnv, parseOrigin } from './allowed-origins.js';
import { contentPolicy, defaultThemePolicy, policyDirectives } from './content-policy.js';

const PLATFORM_THEME = resolve(repoRoot(), 'fixtures/themes/platform-runtime');

const platformApp = async (allowedOrigins: readonly string[] = []): Promise<FastifyInstance> => (await demoApp({ themeDir: PLATFORM_THEME, allowedOrigins })).app;

describe('the content policy of a platform theme', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await platformApp();
  });
  afterAll(() => app.close());

  it('is sent with every response: pages, a 404, a refused request, the theme files and the runtime', async () => {
    const policy = contentPolicy();
    for (const url of ['/', '/shop/p/field-shirt', '/blog', '/no-such-page', '/shop?page=x', '/scripts/site.js', '/api/commerce/shopping-cart']) {
      const res = await app.inject(url);
      expect(res.headers['content-security-policy'], url).toBe(policy);
    }
    const home = await app.inject('/');
    const runtime = /<script src="(\/static\/runtime\/[^"]+)"/.exec(home.body)?.[1];
    expect(runtime).toBeDefined();
    const script = await app.inject(runtime!);
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-security-policy']).toBe(policy);
  });

  it('keeps every fetch on this server, with the sources platform pages need and no more', () => {
    const d = policyDirectives(contentPolicy());
    expect(Object.fromEntries(d)).toEqual({
      'default-src': ["'self'"],
      'script-src': ["'self'", "'unsafe-inline'", "'unsafe-eval'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:'],
      'font-src': ["'self'", 'data:'],
      'media-src': ["'self'", 'data:', 'blob:'],
      'connect-src': ["'self'"],
      'frame-src': ["'self'"],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'form-action': ["'self'"],
      'frame-ancestors': ["'self'"],
    });
    // no wildcard, no scheme source that would let a request leave (https:, http:, *)
    for (const sources of d.values()) for (const s of sources) expect(s).not.toMatch(/^(\*|https?:|wss?:)$/);
  });

  it("adds the owner's origins to the fetch directives only", async () => {
    const allowed = ['https://fonts.example.com', 'https://*.cdn.example.net'];
    const withOrigins = await platformApp(allowed);
    try {
      const d = policyDirectives((await withOrigins.inject('/')).headers['content-security-policy'] as string);
      for (const name of ['default-src', 'script-src', 'style-src', 'img-src', 'font-src', 'media-src', 'connect-src', 'frame-src']) {
        expect(d.get(name)!.slice(-2), name).toEqual(allowed);
      }
      for (const name of ['object-src', 'base-uri', 'form-action', 'frame-ancestors']) expect(d.get(name), name).not.toContain(allowed[0]);
    } finally {
      await withOrigins.close();
    }
  });
});

describe("Tessera's default theme", () => {
  it('gets a strict policy: scripts only by nonce, no inline style attribute, no plug-in, no framing by another site', () => {
    const d = policyDirectives(defaultThemePolicy('abc', ['https://static.afterpay.com']));
    expect(d.get('script-src')).toEqual(["'nonce-abc'", "'strict-dynamic'", "'self'"]);
    expect(d.get('style-src')).toEqual(["'self'", "'nonce-abc'"]);
    expect(d.get('connect-src')).toEqual(["'self'", 'https://static.afterpay.com']);
    expect(d.get('object-src')).toEqual(["'none'"]);
    expect(d.get('base-uri')).toEqual(["'none'"]);
    expect(d.get('frame-ancestors')).toEqual(["'self'"]);
    for (const sources of d.values()) expect(sources).not.toContain("'unsafe-inline'");
    // an answer that is not a page runs no script at all
    expect(policyDirectives(defaultThemePolicy(null)).get('script-src')).toEqual(["'none'"]);
  });
});

describe('TESSERA_ALLOWED_ORIGINS', () => {
  it('reads origins as the policy writes them: lower case, no trailing slash, default ports kept as given, each once', () => {
    expect(allowedOriginsFromEnv({})).toEqual([]);
    expect(allowedOriginsFromEnv({ TESSERA_ALLOWED_ORIGINS: '  ' })).toEqual([]);
    expect(
      allowedOriginsFromEnv({ TESSERA_ALLOWED_ORIGINS: ' HTTPS://Fonts.Example.com/  http://localhost:8080\thttps://*.example.net https://fonts.example.com wss://live.example.org http://[::1]:3001' }),
    ).toEqual(['https://fonts.example.com', 'http://localhost:8080', 'https://*.example.net', 'wss://live.example.org', 'http://[::1]:3001']);
  });

  it('refuses what is not an origin, saying which word and why', () => {
    const bad: [string, RegExp][] = [
      ['fonts.example.com', /scheme:\/\/host/],
      ['https://fonts.example.com/css', /no path/],
      ['https://user@example.com', /no path, query or user/],
      ['https://example.com?x=1', /no path, query or user/],
      ['ftp://example.com', /http, https, ws or wss, not ftp/],
      ['javascript://x', /not javascript/],
      ['https://exa_mple.com', /not a host name/],
      ['https://*', /not a host name/],
      ['https://a.*.com', /not a host name/],
      ["'self'", /scheme:\/\/host/],
      ['*', /scheme:\/\/host/],
      ['https:', /scheme:\/\/host/],
      ['https://example.com:99999', /not a port/],
    ];
    for (const [word, why] of bad) {
      expect('error' in parseOrigin(word), word).toBe(true);
      expect(() => allowedOriginsFromEnv({ TESSERA_ALLOWED_ORIGINS: `https://ok.example.com ${word}` }), word).toThrow(why);
    }
    expect(() => allowedOriginsFromEnv({ TESSERA_ALLOWED_ORIGINS: 'https://a.example.com,https://b.example.com' })).toThrow(/separate origins with spaces, not commas/);
  });

  it('stops the server at start with one line when one is bad', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', join(repoRoot(), 'server/main.ts')], {
      env: { ...process.env, TESSERA_ALLOWED_ORIGINS: 'https://ok.example.com fonts.example.com', TESSERA_DB: ':memory:', PORT: '0' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      'tessera: TESSERA_ALLOWED_ORIGINS: "fonts.example.com" is not an origin: an origin is scheme://host or scheme://host:port, with no path, query or user (https://fonts.example.com).',
    ]);
  });
});
