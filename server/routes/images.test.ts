/** GET /static/images/{id}.png on its own Fastify instance, over a store holding one product. */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../db/database.js';
import { collections, products, websites } from '../db/schema.js';
import { pngSize } from '../png.js';
import { etagMatches, imageRoutes } from './images.js';

let app: FastifyInstance;

beforeAll(async () => {
  const store = openStore(':memory:');
  store.insert(websites).values({ id: 'w', title: 'W' }).run();
  store.insert(collections).values({ id: 'shop', websiteId: 'w', urlId: 'shop', title: 'Shop', type: 13 }).run();
  store.insert(products).values({ id: 'p01', collectionId: 'shop', urlId: 'apron', title: 'Apron', productType: 1 }).run();
  app = Fastify();
  await app.register(imageRoutes, { store });
});
afterAll(() => app.close());

describe('GET /static/images/{productId}.png', () => {
  it('serves the requested width as a PNG, the height from the aspect ratio', async () => {
    for (const [format, width, height] of [['100w', 100, 125], ['750w', 750, 937], ['2500w', 2500, 3125]] as const) {
      const res = await app.inject(`/static/images/p01.png?format=${format}`);
      expect(res.statusCode, format).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.rawPayload.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      expect(pngSize(res.rawPayload)).toEqual({ width, height });
    }
  });

  it('serves the original size without a format (and for format=original)', async () => {
    for (const url of ['/static/images/p01.png', '/static/images/p01.png?format=original']) {
      const res = await app.inject(url);
      expect(pngSize(res.rawPayload), url).toEqual({ width: 2500, height: 3125 });
    }
  });

  it('answers 400 with a message for any other format', async () => {
    for (const format of ['200w', 'abc', '100', '', '1000w&format=500w']) {
      const res = await app.inject(`/static/images/p01.png?format=${format}`);
      expect(res.statusCode, format).toBe(400);
      expect(res.json().message).toMatch(/^Unknown image format .*: use one of 100w, 300w, 500w, 750w, 1000w, 1500w, 2500w or original\.$/);
    }
  });

  it('answers 404 for an unknown product or a name that is not an id', async () => {
    for (const url of ['/static/images/p99.png', '/static/images/p01.jpg', '/static/images/..%2Fp01.png']) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found' });
    }
  });

  it('sets Cache-Control and an ETag per width, and answers 304 when it matches', async () => {
    const first = await app.inject('/static/images/p01.png?format=300w');
    const etag = first.headers.etag as string;
    expect(first.headers['cache-control']).toBe('public, max-age=86400');
    expect(etag).toMatch(/^"[^"]+"$/);
    expect((await app.inject('/static/images/p01.png?format=500w')).headers.etag).not.toBe(etag);
    const again = await app.inject({ url: '/static/images/p01.png?format=300w', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    const other = await app.inject({ url: '/static/images/p01.png?format=300w', headers: { 'if-none-match': '"something-else"' } });
    expect(other.statusCode).toBe(200);
  });

  it('serves the same bytes from its cache on repeated requests', async () => {
    const a = await app.inject('/static/images/p01.png?format=1500w');
    const b = await app.inject('/static/images/p01.png?format=1500w');
    expect(b.rawPayload.equals(a.rawPayload)).toBe(true);
  });
});

describe('etagMatches', () => {
  it('reads lists, weak tags and the wildcard', () => {
    expect(etagMatches('"a", "b"', '"b"')).toBe(true);
    expect(etagMatches('W/"b"', '"b"')).toBe(true);
    expect(etagMatches('*', '"b"')).toBe(true);
    expect(etagMatches('"c"', '"b"')).toBe(false);
    expect(etagMatches(undefined, '"b"')).toBe(false);
  });
});
