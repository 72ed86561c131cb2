/**
 * The security headers of every answer (issue 30): nosniff, the referrer policy and frame protection on pages,
 * JSON, island scripts and assets alike; HSTS only over TLS; the default theme's strict content policy with a
 * fresh nonce per page, carried by every script Tessera writes and by nothing else; a platform theme's looser one.
 */
import { resolve } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../db/database.js';
import { changeSiteSettings, demoApp, TEST_COOKIES } from '../test-support.js';
import { contentPolicy, policyDirectives } from './content-policy.js';
import { HSTS } from './headers.js';
import { answerOwnBytes, fillNonce, newNonce, NONCE_SLOT } from './nonce.js';

let app: FastifyInstance;
beforeAll(async () => {
  ({ app } = await demoApp());
});
afterAll(() => app.close());

const get = (url: string, headers: Record<string, string> = {}, site = app) => site.inject({ url, cookies: TEST_COOKIES, headers });

/** The answer's nonce, from its policy. */
const nonceOf = (res: LightMyRequestResponse) => /'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1];

describe('security headers', () => {
  it("let the default theme's pages connect to the store's own instalment host, and follow a change of it", async () => {
    const { app: own } = await demoApp();
    try {
      const connect = async () => policyDirectives(String((await get('/', {}, own)).headers['content-security-policy'])).get('connect-src');
      const setHost = (host: string) => changeSiteSettings(own, (settings) => ({ ...settings, storeSettings: { ...(settings['storeSettings'] as object), installmentModalHost: host } }));
      expect(await connect()).not.toContain('https://modal-one.example');
      await setHost('https://modal-one.example/path');
      expect(await connect()).toContain('https://modal-one.example');
      await setHost('https://modal-two.example');
      const now = await connect();
      expect(now).toContain('https://modal-two.example');
      expect(now).not.toContain('https://modal-one.example');
    } finally {
      await own.close();
    }
  });

  it('are on every answer: pages, errors, JSON, island scripts, theme files, pictures', async () => {
    const home = await get('/shop/p/field-shirt');
    const island = /src="(\/static\/islands\/loader-[^"]+)"/.exec(home.body)![1]!;
    const sheet = /href="(\/static\/theme\/[^"]+\.css)"/.exec(home.body)![1]!;
    for (const url of ['/', '/shop/p/field-shirt', '/no-such-page', '/shop?page=x', '/api/commerce/shopping-cart', '/shop?format=json', island, sheet, '/static/images/p01.svg', '/favicon.svg']) {
      const res = await get(url);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(policyDirectives(String(res.headers['content-security-policy'])).get('frame-ancestors'), url).toEqual(["'self'"]);
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
    // an answer that is not a page runs no script, whatever it holds (an SVG opened on its own)
    expect(policyDirectives(String((await get('/static/images/p01.svg')).headers['content-security-policy'])).get('script-src')).toEqual(["'none'"]);
  });

  it("give each page a fresh nonce, carried by every script and style Tessera writes and by nothing else", async () => {
    const seen = new Set<string>();
    for (const url of ['/shop/p/field-shirt', '/shop/p/field-shirt', '/gallery', '/cart', '/no-such-page']) {
      const res = await get(url);
      const nonce = nonceOf(res);
      expect(nonce, url).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(seen.has(nonce!), url).toBe(false);
      seen.add(nonce!);
      expect(res.body, url).not.toContain(NONCE_SLOT);
      const elements = [...res.body.matchAll(/<(script|style)\b[^>]*>/g)].map((m) => m[0]);
      for (const element of elements) {
        // data (the page context, the census) never runs and carries none; everything else carries this page's
        if (element.includes('type="application/json"')) expect(element, url).not.toContain('nonce=');
        else expect(element, url).toContain(`nonce="${nonce!}"`);
      }
    }
    // the loader and the tracker on a product page, the gallery's settings as a <style>
    expect((await get('/gallery')).body).toMatch(/<style nonce="[^"]+">\.gallery\{--gallery-columns: 3;/);
  });

  it('leave a stored value that imitates a nonce as it is: only the slot of this process is filled', async () => {
    expect(fillNonce('<script nonce="abc">', 'N')).toBe('<script nonce="abc">');
    expect(fillNonce(`a${NONCE_SLOT}b${NONCE_SLOT}`, 'N')).toBe('aNbN');
    const nonce = newNonce();
    const kept = Buffer.from(`é${NONCE_SLOT}é${NONCE_SLOT}`);
    expect(fillNonce(kept, nonce).toString()).toBe(`é${nonce}é${nonce}`);
    // the kept bytes stay as they were, for the next answer
    expect(kept.toString()).toBe(`é${NONCE_SLOT}é${NONCE_SLOT}`);
    // bytes made for this answer alone are filled in place; bytes marked for an earlier answer are copied once another is marked
    const own = answerOwnBytes(Buffer.from(kept));
    expect(fillNonce(own, nonce)).toBe(own);
    expect(own.toString()).toBe(`é${nonce}é${nonce}`);
    const earlier = answerOwnBytes(Buffer.from(kept));
    answerOwnBytes(Buffer.from(kept));
    expect(fillNonce(earlier, nonce)).not.toBe(earlier);
    expect(earlier.toString()).toBe(`é${NONCE_SLOT}é${NONCE_SLOT}`);
    expect(new Set(Array.from({ length: 600 }, newNonce)).size).toBe(600);
  });

  it('send HSTS over TLS only: through a trusted proxy, or with an https public address', async () => {
    const { app: proxied } = await demoApp({ trustProxy: 1 });
    const { app: publicTls } = await demoApp({ publicTls: true });
    try {
      const https = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' };
      expect((await get('/', https, proxied)).headers['strict-transport-security']).toBe(HSTS);
      expect((await get('/api/commerce/shopping-cart', https, proxied)).headers['strict-transport-security']).toBe(HSTS);
      expect((await get('/', {}, proxied)).headers['strict-transport-security']).toBeUndefined();
      // a sender the server does not trust cannot claim TLS
      expect((await get('/', https)).headers['strict-transport-security']).toBeUndefined();
      expect((await get('/', {}, publicTls)).headers['strict-transport-security']).toBe(HSTS);
    } finally {
      await proxied.close();
      await publicTls.close();
    }
  });

  it("give a platform theme's answers its looser policy, without a nonce (which would switch off its inline scripts)", async () => {
    const { app: platform } = await demoApp({ themeDir: resolve(repoRoot(), 'fixtures/themes/platform-runtime') });
    try {
      for (const url of ['/', '/shop/p/field-shirt', '/api/commerce/shopping-cart']) {
        const res = await get(url, {}, platform);
        expect(res.headers['content-security-policy'], url).toBe(contentPolicy());
        expect(res.headers['x-content-type-options'], url).toBe('nosniff');
        expect(res.body, url).not.toContain(NONCE_SLOT);
      }
    } finally {
      await platform.close();
    }
  });
});
