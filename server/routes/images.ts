/**
 * `GET /static/images/{productId}.svg[?format=100w…2500w]`: a product's generated picture (SVG) at one of the
 * responsive widths of spec 001 §9 (`original`, or no format, is the full 2500-pixel picture; the engine's
 * `image-srcset` links `?format=original` when an image has fewer variants). Drawn once per picture and
 * width, then served from a bounded in-memory cache; an ETag lets browsers revalidate without a body.
 * `{productId}.png`, the URL stores seeded before the pictures were SVG still hold, redirects to it.
 */
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { ByteLru } from '../byte-lru.js';
import type { Reads } from '../db/reads.js';
import { formatWidth, IMAGE_CONTENT_TYPE, imageEtag, imageProductId, renderProductImage, unknownFormatMessage, variantImageKey } from '../images.js';

/** Enough for every width of every demo picture (about 5 KB each) many times over. */
export const IMAGE_CACHE_BYTES = 4 * 1024 * 1024;

/** A day, then revalidate with the ETag (a strong one: the bytes are the same for the same URL). */
const CACHE_CONTROL = 'public, max-age=86400';

const FILE = /^([A-Za-z0-9_-]{1,100})\.(svg|png)$/;

/** Whether an If-None-Match header lists the ETag (or is `*`); weak and strong forms compare alike here. */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  return header.split(',').some((part) => {
    const tag = part.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}

/**
 * The product's title and URL id when `key` is its own picture or one of its variant pictures (one per value of
 * its first option); null if neither. Read through `reads` (either database: issue 25).
 */
async function pictureTitle({ db, t }: Reads, productId: string, key: string): Promise<{ title: string; urlId: string } | null> {
  const [product] = await db.select({ title: t.products.title, urlId: t.products.urlId, ordering: t.products.variantOptionOrdering }).from(t.products).where(eq(t.products.id, productId)).limit(1);
  if (product === undefined) return null;
  const named = { title: product.title, urlId: product.urlId };
  if (key === productId) return named;
  const first = (JSON.parse(product.ordering) as string[])[0];
  if (first === undefined) return null;
  const exists = (await db.select({ attributes: t.variants.attributes }).from(t.variants).where(eq(t.variants.productId, productId))).some((v) => {
    const value = (JSON.parse(v.attributes) as Record<string, string>)[first];
    return typeof value === 'string' && variantImageKey(productId, value) === key;
  });
  return exists ? named : null;
}

export const imageRoutes: FastifyPluginAsync<{ reads: Reads; cacheBytes?: number }> = async (app, { reads, cacheBytes = IMAGE_CACHE_BYTES }) => {
  const cache = new ByteLru(cacheBytes);

  app.get<{ Params: { file: string }; Querystring: { format?: string } }>('/static/images/:file', async (request, reply) => {
    const match = FILE.exec(request.params.file);
    const key = match?.[1];
    const productId = key === undefined ? undefined : imageProductId(key);
    const title = key === undefined || productId === undefined ? null : await pictureTitle(reads, productId, key);
    if (key === undefined || title === null) {
      return reply.code(404).send({ message: 'Not found' });
    }
    if (match?.[2] === 'png') {
      const query = request.raw.url?.includes('?') === true ? request.raw.url.slice(request.raw.url.indexOf('?')) : '';
      return reply.redirect(`/static/images/${key}.svg${query}`, 301);
    }
    // A repeated parameter arrives as a list: that is a bad format too, not the original.
    const format: unknown = request.query.format;
    const width = format === undefined || typeof format === 'string' ? formatWidth(format) : null;
    if (width === null) {
      return reply.code(400).send({ message: unknownFormatMessage(format) });
    }
    const etag = imageEtag(key, width, title.title, title.urlId);
    reply.header('cache-control', CACHE_CONTROL).header('etag', etag);
    if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
    const cacheKey = etag;
    let svg = cache.get(cacheKey);
    if (svg === undefined) {
      svg = Buffer.from(renderProductImage(key, width, title.title, title.urlId));
      cache.set(cacheKey, svg);
    }
    return reply.type(IMAGE_CONTENT_TYPE).send(svg);
  });
};
