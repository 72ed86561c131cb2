/**
 * Hostile JSON bodies (issue 24, point 1): a body nested past the limit or holding too many values is refused
 * with `{ message }` before it is parsed, on every JSON route (the cart API, the forms API, a beacon's text body,
 * an owner route), and a visitor's ordinary request is answered while such bodies are being posted.
 */
import { request as httpRequest } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkJsonShape, JSON_EMPTY, JSON_INVALID, JSON_TOO_DEEP, JSON_TOO_MANY_VALUES, MAX_JSON_DEPTH, MAX_JSON_VALUES } from './json-body.js';
import { demoApp, listeningDemoApp, withCrumb } from './test-support.js';

/** 1 MB of `[[[…` (never closed), a 200,000-element list and a 60,000-key object: the probe's bodies. */
const DEEP = '['.repeat(1_000_000);
const LONG_LIST = JSON.stringify(Array.from({ length: 200_000 }, () => 0));
const WIDE_OBJECT = JSON.stringify(Object.fromEntries(Array.from({ length: 60_000 }, (_, i) => [`k${i}`, 0])));

describe('checkJsonShape', () => {
  it('counts depth and values outside strings only', () => {
    expect(checkJsonShape('{"a":[1,2,{"b":"[[[[,,,,"}]}', 3, 10)).toEqual({ ok: true });
    expect(checkJsonShape('[[[[]]]]', 3, 10)).toEqual({ ok: false, status: 400, message: JSON_TOO_DEEP });
    expect(checkJsonShape('[1,2,3,4]', 3, 3)).toEqual({ ok: false, status: 413, message: JSON_TOO_MANY_VALUES });
    // an escaped quote does not end the string: the brackets after it are still text
    expect(checkJsonShape('["\\"[[[[[["]', 2, 10)).toEqual({ ok: true });
    // siblings do not add up to depth
    expect(checkJsonShape('[[],[],[],[]]', 2, 10)).toEqual({ ok: true });
  });

  it('holds the documented limits', () => {
    expect(checkJsonShape('['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH)).ok).toBe(true);
    expect(checkJsonShape('['.repeat(MAX_JSON_DEPTH + 1)).ok).toBe(false);
    expect(checkJsonShape(JSON.stringify(Array.from({ length: MAX_JSON_VALUES - 1 }, () => 0))).ok).toBe(true);
    expect(checkJsonShape(JSON.stringify(Array.from({ length: MAX_JSON_VALUES + 1 }, () => 0))).ok).toBe(false);
  });
});

describe('hostile JSON bodies', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    ({ app } = await demoApp());
  });
  afterAll(async () => {
    await app.close();
  });

  const post = (url: string, payload: string) => app.inject(withCrumb({ method: 'POST', url, payload, headers: { 'content-type': 'application/json' } }));

  /** Each JSON route family, with its byte limit: a body over it is 413 before its shape is looked at. */
  const ROUTES: readonly { method: 'POST' | 'PUT'; url: string; type: string; limit: number }[] = [
    { method: 'POST', url: '/api/commerce/shopping-cart/entries', type: 'application/json', limit: 1024 * 1024 },
    { method: 'POST', url: '/api/form/SaveFormSubmission', type: 'application/json', limit: 400_000 },
    { method: 'POST', url: '/api/events/RecordJavascriptErrors', type: 'text/plain;charset=UTF-8', limit: 96 * 1024 },
    { method: 'POST', url: '/api/events/RecordJavascriptErrors', type: 'application/json', limit: 96 * 1024 },
    { method: 'PUT', url: '/api/site-header-footer', type: 'application/json', limit: 64 * 1024 },
  ];
  /** The probe's three bodies, and two small ones that pass every byte limit. */
  const BODIES: readonly [string, string, 400 | 413, string][] = [
    ['1 MB of [[[…', DEEP, 400, JSON_TOO_DEEP],
    ['a 200,000-element list', LONG_LIST, 413, JSON_TOO_MANY_VALUES],
    ['a 60,000-key object', WIDE_OBJECT, 413, JSON_TOO_MANY_VALUES],
    ['65 levels', '['.repeat(MAX_JSON_DEPTH + 1) + ']'.repeat(MAX_JSON_DEPTH + 1), 400, JSON_TOO_DEEP],
    ['10,001 values', JSON.stringify(Array.from({ length: MAX_JSON_VALUES + 1 }, () => 0)), 413, JSON_TOO_MANY_VALUES],
  ];

  it.each(ROUTES)('$method $url ($type) refuses each hostile body with a 4xx { message }', async ({ method, url, type, limit }) => {
    for (const [name, body, status, message] of BODIES) {
      const res = await app.inject(withCrumb({ method, url, payload: body, headers: { 'content-type': type } }));
      const tooLarge = Buffer.byteLength(body) > limit;
      expect(res.statusCode, `${url} ${name}`).toBe(tooLarge ? 413 : status);
      expect(res.json(), `${url} ${name}`).toMatchObject({ message: tooLarge ? expect.stringMatching(/too large/i) : message });
    }
  });

  it('still reads an ordinary body, and says so plainly when a body is empty or not JSON', async () => {
    expect((await post('/api/commerce/shopping-cart/entries', JSON.stringify({ itemId: 'p01', quantity: 1 }))).statusCode).toBe(200);
    const empty = await post('/api/commerce/shopping-cart/entries', '');
    expect([empty.statusCode, empty.json()]).toEqual([400, { message: JSON_EMPTY }]);
    const broken = await post('/api/commerce/shopping-cart/entries', '{"itemId":');
    expect([broken.statusCode, broken.json()]).toEqual([400, { message: JSON_INVALID }]);
    // a prototype key is refused, as Fastify's own parser refuses it
    const proto = await post('/api/commerce/shopping-cart/entries', '{"itemId":"p01","quantity":1,"__proto__":{"x":1}}');
    expect([proto.statusCode, proto.json()]).toEqual([400, { message: JSON_INVALID }]);
    // the forms API still takes the platform client's empty key request
    expect((await post('/api/form/FormSubmissionKey', '')).statusCode).toBe(200);
  });
});

describe('a visitor while hostile bodies are posted (real socket)', () => {
  let app: FastifyInstance;
  let port: number;
  beforeAll(async () => {
    ({ app, port } = await listeningDemoApp());
  });
  afterAll(async () => {
    await app.close();
  });

  /** One request on its own connection: its status, body, and the order its answer came in. */
  const send = (method: string, path: string, body: string | null, order: string[], name: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const headers: Record<string, string | number> = { connection: 'close' };
      if (body !== null) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
      const req = httpRequest({ host: '127.0.0.1', port, method, path, headers }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => {
          order.push(name);
          resolve({ status: res.statusCode ?? 0, body: text });
        });
      });
      req.on('error', reject);
      req.end(body ?? undefined);
    });

  it('answers the cart read, and each of four 1 MB [[[… bodies with 400 { message }', async () => {
    const order: string[] = [];
    const hostile = Array.from({ length: 4 }, (_, i) => send('POST', '/api/commerce/shopping-cart/entries', DEEP, order, `hostile${i}`));
    const visitor = send('GET', '/api/commerce/shopping-cart', null, order, 'visitor');
    const answers = await Promise.all(hostile);
    for (const a of answers) expect([a.status, JSON.parse(a.body)]).toEqual([400, { message: JSON_TOO_DEEP }]);
    const cart = await visitor;
    expect(cart.status).toBe(200);
    expect(JSON.parse(cart.body)).toHaveProperty('entries');
    expect(order.sort()).toEqual(['hostile0', 'hostile1', 'hostile2', 'hostile3', 'visitor']);
  });
});
