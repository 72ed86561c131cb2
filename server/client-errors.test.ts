/**
 * Protocol errors in our shape (issue 24, point 5), on a real socket since Node refuses these before Fastify
 * sees them: each answers its status with `{ message }` (never Fastify's `{ error, message, statusCode }`) and
 * the connection is closed. Methods Node knows but no route takes get the usual `{ message }` answers.
 */
import { connect } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientErrorAnswer } from './client-errors.js';
import { listeningDemoApp } from './test-support.js';

let app: FastifyInstance;
let port: number;
beforeAll(async () => {
  ({ app, port } = await listeningDemoApp());
});
afterAll(() => app.close());

/** Writes raw bytes on a fresh connection and reads until the server closes it: status, headers, body. */
const raw = (bytes: string) =>
  new Promise<{ status: number; headers: string; body: string }>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(Buffer.from(bytes, 'latin1')));
    let answer = '';
    socket.on('data', (d) => (answer += d.toString('utf8')));
    socket.on('close', () => {
      const [head = '', body = ''] = answer.split('\r\n\r\n', 2);
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), headers: head, body });
    });
    socket.on('error', reject);
    // a connection the server keeps open (a request it read) is ended from this side
    socket.setTimeout(3000, () => socket.end());
  });

const CASES: readonly [string, string, number, string][] = [
  ['a bad method', 'G\u0001T / HTTP/1.1\r\nHost: shop\r\n\r\n', 400, 'HPE_INVALID_METHOD'],
  ['an unknown method', 'FROBNICATE / HTTP/1.1\r\nHost: shop\r\n\r\n', 400, 'HPE_INVALID_METHOD'],
  ['a bad request line', 'GET / HTTP/9.9\r\nHost: shop\r\n\r\n', 400, 'HPE_INVALID_VERSION'],
  ['text that is not HTTP', 'hello there\r\n\r\n', 400, 'HPE_INVALID_METHOD'],
  ['two Content-Length', 'POST /api/commerce/shopping-cart/entries HTTP/1.1\r\nHost: shop\r\nContent-Length: 2\r\nContent-Length: 2\r\n\r\n{}', 400, 'HPE_UNEXPECTED_CONTENT_LENGTH'],
  [
    'Content-Length with Transfer-Encoding',
    'POST /api/commerce/shopping-cart/entries HTTP/1.1\r\nHost: shop\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    400,
    'HPE_INVALID_TRANSFER_ENCODING',
  ],
  ['a folded header (obs-fold)', 'GET / HTTP/1.1\r\nHost: shop\r\nX-Folded: one\r\n two\r\n\r\n', 400, 'HPE_INVALID_HEADER_TOKEN'],
  ['NUL in a header value', 'GET / HTTP/1.1\r\nHost: shop\r\nX-Nul: a\u0000b\r\n\r\n', 400, 'HPE_INVALID_HEADER_TOKEN'],
  ['NUL in a header name', 'GET / HTTP/1.1\r\nHost: shop\r\nX-\u0000Nul: ab\r\n\r\n', 400, 'HPE_INVALID_HEADER_TOKEN'],
  ['headers over 16 KiB', `GET / HTTP/1.1\r\nHost: shop\r\nX-Big: ${'a'.repeat(17 * 1024)}\r\n\r\n`, 431, 'HPE_HEADER_OVERFLOW'],
  ['a bad chunk size', 'POST /api/commerce/shopping-cart/entries HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n', 400, 'HPE_INVALID_CHUNK_SIZE'],
];

describe('protocol errors', () => {
  it.each(CASES)('%s: %d { message }, connection closed', async (_name, bytes, status, code) => {
    const answer = await raw(bytes);
    expect(answer.status, answer.headers).toBe(status);
    expect(answer.headers).toMatch(/\r\ncontent-type: application\/json; charset=utf-8/i);
    expect(answer.headers).toMatch(/\r\nconnection: close/i);
    expect(JSON.parse(answer.body)).toEqual({ message: clientErrorAnswer(code).message });
  });

  it('says what each code means, and something plain for one it does not know', () => {
    expect(clientErrorAnswer('HPE_HEADER_OVERFLOW')).toEqual({ status: 431, message: 'The request headers are too large: at most 16 KiB.' });
    expect(clientErrorAnswer('HPE_SOMETHING_NEW')).toEqual({ status: 400, message: 'The request is not valid HTTP.' });
    expect(clientErrorAnswer(undefined)).toEqual({ status: 400, message: 'The request is not valid HTTP.' });
  });

  it('a method Node reads but no route takes is answered in the same shape (a crumb refusal or 404)', async () => {
    for (const method of ['PROPFIND', 'PURGE', 'LINK', 'MKCOL', 'SEARCH']) {
      const answer = await raw(`${method} /api/commerce/shopping-cart HTTP/1.1\r\nHost: shop\r\nConnection: close\r\n\r\n`);
      expect(answer.status, method).toBeGreaterThanOrEqual(400);
      expect(answer.status, method).toBeLessThan(500);
      const body = JSON.parse(answer.body) as Record<string, unknown>;
      expect(typeof body['message'], method).toBe('string');
      expect(body, method).not.toHaveProperty('statusCode');
      expect(body, method).not.toHaveProperty('error');
    }
  });
});
