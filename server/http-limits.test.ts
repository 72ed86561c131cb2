/**
 * The server's limits before any route (issue 14): a body that never finishes gets 408 within the request
 * timeout and its connection closed; compressed bodies and charsets other than UTF-8 get 415; a lone
 * surrogate anywhere in a body or query is a 400 naming the field, and nothing is stored.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { openStore, repoRoot } from './db/database.js';
import { seedDemoStore } from './db/seed.js';
import { httpLimitsFromEnv, malformedTextAt, UNSUPPORTED_CHARSET, UNSUPPORTED_ENCODING } from './http-limits.js';
import { demoApp, withCrumb } from './test-support.js';
import { Theme } from './theme.js';
import { resolve } from 'node:path';

let app: FastifyInstance;
beforeAll(async () => {
  ({ app } = await demoApp());
});

const postJson = (payload: string, headers: Record<string, string> = {}) =>
  app.inject(withCrumb({ method: 'POST', url: '/api/commerce/shopping-cart/entries', payload, headers: { 'content-type': 'application/json', ...headers } }));

describe('bodies the server reads', () => {
  it('refuses a compressed body and a charset other than UTF-8 with 415', async () => {
    const body = JSON.stringify({ itemId: 'p01', quantity: 1 });
    const br = await postJson(body, { 'content-encoding': 'br' });
    expect(br.statusCode).toBe(415);
    expect(br.json()).toEqual({ message: UNSUPPORTED_ENCODING });
    const utf16 = await postJson(body, { 'content-type': 'application/json; charset=utf-16' });
    expect(utf16.statusCode).toBe(415);
    expect(utf16.json()).toEqual({ message: UNSUPPORTED_CHARSET });
    // UTF-8 said aloud, or identity, is read as usual
    expect((await postJson(body, { 'content-type': 'application/json; charset=UTF-8' })).statusCode).not.toBe(415);
    expect((await postJson(body, { 'content-encoding': 'identity' })).statusCode).not.toBe(415);
  });

  it('refuses a lone surrogate in any field with the field named, and stores nothing', async () => {
    const res = await postJson('{"itemId":"p01","quantity":1,"additionalFields":"ok \\ud800"}');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'additionalFields is not valid text: it holds a lone surrogate.' });
    const order = await app.inject(withCrumb({ method: 'POST', url: '/api/form/SaveFormSubmission', payload: '{"key":"k","formId":"contact-form","form":"{}","extra":{"a":["\\udc00"]}}', headers: { 'content-type': 'application/json' } }));
    expect(order.statusCode).toBe(400);
    expect(order.json().message).toBe('extra.a[0] is not valid text: it holds a lone surrogate.');
    const query = await app.inject('/search?q=%ED%A0%80'); // invalid UTF-8 decodes to U+FFFD, which is fine
    expect(query.statusCode).toBe(200);
  });

  it('finds lone surrogates in keys and nested values, and passes well-formed pairs', () => {
    expect(malformedTextAt({ a: 'x', b: ['😀', { c: 'y\udbff' }] })).toBe('b[1].c');
    expect(malformedTextAt({ ['k\ud800']: 1 })).toBe('k\ud800');
    expect(malformedTextAt({ a: '😀 ok' })).toBeNull();
  });

  it('reads its limits from the environment, with defaults a public server can live with', () => {
    expect(httpLimitsFromEnv({})).toEqual({ requestTimeoutMs: 30_000, headersTimeoutMs: 15_000, keepAliveTimeoutMs: 5_000, maxRequestsPerSocket: 0 });
    expect(httpLimitsFromEnv({ REQUEST_TIMEOUT_MS: '1000', KEEP_ALIVE_TIMEOUT_MS: 'x' })).toMatchObject({ requestTimeoutMs: 1000, keepAliveTimeoutMs: 5_000 });
  });
});

describe('connections that stall or idle', () => {
  let server: FastifyInstance;
  let port = 0;
  beforeAll(async () => {
    const store = openStore(':memory:');
    seedDemoStore(store);
    server = await buildApp({ store, theme: new Theme(resolve(repoRoot(), 'templates'), false), httpLimits: { requestTimeoutMs: 600, headersTimeoutMs: 400, keepAliveTimeoutMs: 500, maxRequestsPerSocket: 10 } });
    await server.listen({ port: 0, host: '127.0.0.1' });
    const address = server.server.address();
    port = typeof address === 'object' && address !== null ? address.port : 0;
  });
  afterAll(() => server.close());

  /** Writes `text` on a fresh connection and waits for the server to close it: what it answered, and when. */
  const untilClosed = (text: string) =>
    new Promise<{ answer: string; ms: number }>((done, fail) => {
      const started = Date.now();
      const socket = connect(port, '127.0.0.1', () => socket.write(text));
      let answer = '';
      socket.on('data', (d) => (answer += d.toString('latin1')));
      socket.on('close', () => done({ answer, ms: Date.now() - started }));
      socket.on('error', fail);
      setTimeout(() => fail(new Error(`still open after 5 s: ${answer}`)), 5000).unref();
    });

  it('gets 408 within the request timeout and its connection closed', async () => {
    const { answer, ms } = await untilClosed(
      'POST /api/commerce/shopping-cart/entries HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"itemId":',
    );
    expect(answer.startsWith('HTTP/1.1 408')).toBe(true);
    // in our error shape (server/client-errors.ts), not Fastify's
    expect(answer.endsWith('\r\n\r\n{"message":"The request took too long to arrive."}')).toBe(true);
    expect(ms).toBeLessThan(3000);
  });

  it('headers that never finish get 408 and the connection closed', async () => {
    const { answer, ms } = await untilClosed('GET / HTTP/1.1\r\nHost: shop\r\nX-Slow: ');
    expect(answer.startsWith('HTTP/1.1 408')).toBe(true);
    // in our error shape (server/client-errors.ts), not Fastify's
    expect(answer.endsWith('\r\n\r\n{"message":"The request took too long to arrive."}')).toBe(true);
    expect(ms).toBeLessThan(3000);
  });

  it('an idle keep-alive connection is closed after the keep-alive timeout', async () => {
    const { answer, ms } = await untilClosed('GET /robots.txt HTTP/1.1\r\nHost: shop\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 \d{3}/);
    // closed by the server after 500 ms idle (Node's default would be 5 s)
    expect(ms).toBeLessThan(2500);
  });
});
