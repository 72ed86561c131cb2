/** GET /static/images/{id}.svg on its own Fastify instance, over a store holding a product and one with colours. */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../db/database.js';
import { sqliteReads } from '../db/reads.js';
import { collections, products, variants, websites } from '../db/schema.js';
import { etagMatches, imageRoutes } from './images.js';

/** The width and height attributes of the root <svg> element. */
function svgSize(body: string): { width: number; height: number } | null {
  const root = /^<svg\b[^>]*\bwidth="(\d+)"[^>]*\bheight="(\d+)"/.exec(body);
  return root === null ? null : { width: Number(root[1]), height: Number(root[2]) };
}

let app: FastifyInstance;

beforeAll(async () => {
  const store = openStore(':memory:');
  store.insert(websites).values({ id: 'w', title: 'W' }).run();
  store.insert(collections).values({ id: 'shop', websiteId: 'w', urlId: 'shop', title: 'Shop', type: 13 }).run();
  store.insert(products).values({ id: 'p01', collectionId: 'shop', urlId: 'apron', title: 'Apron', productType: 1 }).run();
  store.insert(products).values({ id: 'p02', collectionId: 'shop', urlId: 'shirt', title: 'Field Shirt', productType: 1, variantOptionOrdering: JSON.stringify(['Color', 'Size']) }).run();
  for (const [i, Color] of ['Olive', 'Navy'].entries()) {
    store.insert(variants).values({ id: `v${i}`, productId: 'p02', sku: `S${i}`, priceCents: 100, attributes: JSON.stringify({ Color, Size: 'M' }) }).run();
  }
  app = Fastify();
  await app.register(imageRoutes, { reads: sqliteReads(store) });
});
afterAll(() => app.close());

describe('GET /static/images/{productId}.svg', () => {
  it('serves the requested width as an SVG, the height from the aspect ratio', async () => {
    for (const [format, width, height] of [['100w', 100, 125], ['300w', 300, 375], ['500w', 500, 625], ['750w', 750, 937], ['1000w', 1000, 1250], ['1500w', 1500, 1875], ['2500w', 2500, 3125]] as const) {
      const res = await app.inject(`/static/images/p01.svg?format=${format}`);
      expect(res.statusCode, format).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(res.body.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      expect(svgSize(res.body)).toEqual({ width, height });
    }
  });

  it('serves the original size without a format (and for format=original)', async () => {
    for (const url of ['/static/images/p01.svg', '/static/images/p01.svg?format=original']) {
      const res = await app.inject(url);
      expect(svgSize(res.body), url).toEqual({ width: 2500, height: 3125 });
    }
  });

  it('draws the product by its title and a variant picture in the colour its value names', async () => {
    expect((await app.inject('/static/images/p01.svg?format=300w')).body).toContain('aria-label="Apron"');
    const olive = await app.inject('/static/images/p02--olive.svg?format=300w');
    const navy = await app.inject('/static/images/p02--navy.svg?format=300w');
    expect(olive.statusCode).toBe(200);
    expect(olive.body).toContain('aria-label="Field Shirt"');
    expect(olive.body).not.toBe(navy.body);
    expect(olive.headers.etag).not.toBe(navy.headers.etag);
    // a value no variant has, or a product without options, has no picture
    expect((await app.inject('/static/images/p02--sand.svg')).statusCode).toBe(404);
    expect((await app.inject('/static/images/p01--olive.svg')).statusCode).toBe(404);
  });

  it('redirects the PNG URLs of stores seeded before the pictures were SVG, keeping the format', async () => {
    const res = await app.inject('/static/images/p01.png?format=500w');
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/static/images/p01.svg?format=500w');
    expect((await app.inject('/static/images/p01.png')).headers.location).toBe('/static/images/p01.svg');
    expect((await app.inject('/static/images/p99.png')).statusCode).toBe(404);
  });

  it('answers 400 with a message for any other format', async () => {
    for (const format of ['200w', 'abc', '100', '', '1000w&format=500w']) {
      const res = await app.inject(`/static/images/p01.svg?format=${format}`);
      expect(res.statusCode, format).toBe(400);
      expect(res.json().message).toMatch(/^Unknown image format .*: use one of 100w, 300w, 500w, 750w, 1000w, 1500w, 2500w or original\.$/);
    }
  });

  it('answers 404 for an unknown product or a name that is not an id', async () => {
    for (const url of ['/static/images/p99.svg', '/static/images/p01.jpg', '/static/images/..%2Fp01.svg', '/static/images/p01.svg.svg']) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found' });
    }
  });

  it('sets Cache-Control and an ETag per width, and answers 304 when it matches', async () => {
    const first = await app.inject('/static/images/p01.svg?format=300w');
    const etag = first.headers.etag as string;
    expect(first.headers['cache-control']).toBe('public, max-age=86400');
    expect(etag).toMatch(/^"[^"]+"$/);
    expect((await app.inject('/static/images/p01.svg?format=500w')).headers.etag).not.toBe(etag);
    const again = await app.inject({ url: '/static/images/p01.svg?format=300w', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    const other = await app.inject({ url: '/static/images/p01.svg?format=300w', headers: { 'if-none-match': '"something-else"' } });
    expect(other.statusCode).toBe(200);
  });

  it('serves the same bytes from its cache on repeated requests', async () => {
    const a = await app.inject('/static/images/p01.svg?format=1500w');
    const b = await app.inject('/static/images/p01.svg?format=1500w');
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
