/**
 * Product pictures in-process over the demo store, with real pictures made by sharp: an upload is turned upright
 * and loses its metadata, the product's page offers it at each width up to its own, the copies come in the
 * format the browser takes, and every refusal is the editor's message of spec 001; role checks and crumb.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRIBUTOR_ROLES, type ContributorRole, OWNER_PERMISSIONS } from '../../owner/roles.js';
import { folderStorage } from '../../storage/file-storage.js';
import { demoApp, withCrumb } from '../../test-support.js';
import { type EveryRole, signInEveryRole } from '../role-test-support.js';
import { MAX_PICTURE_BYTES, negotiateKind, PICTURE_MESSAGES } from './picture.js';
import { parsePictureUrl, pictureSlug } from './picture-url.js';
import { csvFileName } from '../csv.js';

let app: FastifyInstance;
let folder: string;
let roles: EveryRole;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'tessera-pictures-'));
  ({ app } = await demoApp({ files: folderStorage(folder), guards: { rateLimits: { owner: { burst: 10_000, perMinute: 10_000 } } } }));
  roles = await signInEveryRole(app);
});
afterAll(async () => {
  await app.close();
  rmSync(folder, { recursive: true, force: true });
});

/** A landscape photo 3000 × 2000 as a camera writes it: stored sideways with EXIF orientation 6, and a GPS-ish note. */
const photo = async () =>
  sharp({ create: { width: 3000, height: 2000, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .composite([{ input: { create: { width: 600, height: 600, channels: 3, background: { r: 20, g: 40, b: 200 } } }, top: 0, left: 0 }])
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Copyright: 'where it was taken' } })
    .toBuffer();

const upload = (productId: string, body: Buffer | string, fileName = 'Harbour Photo.JPG', role: ContributorRole = 'admin', type = 'image/jpeg'): InjectOptions =>
  withCrumb({ method: 'POST', url: `/api/merchant/products/${productId}/picture?fileName=${encodeURIComponent(fileName)}`, payload: body, headers: { 'content-type': type }, cookies: roles.cookies(role) });

describe('uploading a picture', () => {
  let imageUrl: string;

  it('turns it upright, drops its metadata, names it by its bytes and gives it to the product', async () => {
    const res = await app.inject(upload('p01', await photo()));
    expect(res.statusCode, res.body).toBe(200);
    imageUrl = res.json().imageUrl;
    expect(imageUrl).toMatch(/^\/s\/pictures\/[a-f0-9]{24}\/2000x3000\/harbour-photo\.jpg$/);
    const ref = parsePictureUrl(imageUrl)!;
    const stored = join(folder, 'pictures', ref.hash, 'original.jpg');
    expect(existsSync(stored)).toBe(true);
    const meta = await sharp(stored).metadata();
    expect([meta.width, meta.height, meta.exif, meta.orientation]).toEqual([2000, 3000, undefined, undefined]);
    // the blue corner was top left of the sideways file: upright, it is top right
    const { data } = await sharp(stored).extract({ left: 1900, top: 10, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
    expect(data[2]).toBeGreaterThan(150);
  });

  it('shows on the product page at each width up to its own, none enlarged', async () => {
    const page = await app.inject('/shop/p/linen-apron');
    expect(page.body).toContain(`${imageUrl}?format=1500w 1500w`);
    expect(page.body).not.toContain(`${imageUrl}?format=2500w`);
    expect(page.body).not.toContain('/static/images/p01.svg');
  });

  it('answers each width in AVIF, WebP or the original format by the Accept header, cached for a year', async () => {
    for (const [accept, type, format] of [
      ['image/avif,image/webp,*/*', 'image/avif', 'heif'],
      ['image/webp,*/*', 'image/webp', 'webp'],
      ['image/avif;q=0,image/webp', 'image/webp', 'webp'],
      ['*/*', 'image/jpeg', 'jpeg'],
    ] as const) {
      const res = await app.inject({ url: `${imageUrl}?format=500w`, headers: { accept } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(type);
      expect(res.headers['vary']).toBe('Accept');
      expect(res.headers['cache-control']).toContain('immutable');
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual([format, 500, 750]);
    }
    const full = await app.inject({ url: imageUrl, headers: { accept: '*/*' } });
    expect((await sharp(full.rawPayload).metadata()).width).toBe(2000);
    // asked wider than it is: its own width
    const wide = await app.inject({ url: `${imageUrl}?format=2500w`, headers: { accept: 'image/webp' } });
    expect((await sharp(wide.rawPayload).metadata()).width).toBe(2000);
    // made once, then read from the storage
    const hash = parsePictureUrl(imageUrl)!.hash;
    expect(readdirSync(join(folder, 'pictures', hash)).sort()).toEqual(['2500.webp', '500.avif', '500.jpg', '500.webp', 'original.jpg']);
    const again = await app.inject({ url: `${imageUrl}?format=500w`, headers: { accept: 'image/webp', 'if-none-match': '"pic-' + hash + '-500-webp"' } });
    expect(again.statusCode).toBe(304);
  });

  it('makes a copy asked for twice at once only once', async () => {
    const hash = parsePictureUrl(imageUrl)!.hash;
    const [a, b] = await Promise.all([1, 2].map(() => app.inject({ url: `${imageUrl}?format=300w`, headers: { accept: 'image/png' } })));
    expect(a!.rawPayload.equals(b!.rawPayload)).toBe(true);
    expect(readdirSync(join(folder, 'pictures', hash)).filter((f) => f.startsWith('300.'))).toEqual(['300.jpg']);
  });

  it('keeps a PNG as PNG and a GIF as a PNG of its first frame', async () => {
    const png = await sharp({ create: { width: 400, height: 300, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.5 } } }).png().toBuffer();
    const a = await app.inject(upload('p02', png, 'logo.png', 'admin', 'image/png'));
    expect(a.json().imageUrl).toMatch(/\/400x300\/logo\.png$/);
    const gif = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#336699' } }).gif().toBuffer();
    const b = await app.inject(upload('p02', gif, 'anim.gif', 'admin', 'application/octet-stream'));
    expect(b.json().imageUrl).toMatch(/\/120x80\/anim\.png$/);
  });

  it('a product without a picture after DELETE', async () => {
    const res = await app.inject(withCrumb({ method: 'DELETE', url: '/api/merchant/products/p02/picture', cookies: roles.cookies('admin') }));
    expect(res.statusCode).toBe(200);
    expect(res.json().imageUrl).toBeNull();
  });
});

describe('refusals', () => {
  it('what is not a picture, or is cut short, with the editor\'s message', async () => {
    const good = await photo();
    for (const body of [Buffer.from('not a picture at all'), good.subarray(0, 400), Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')]) {
      const res = await app.inject(upload('p03', body, 'notes.jpg'));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'The file notes.jpg does not appear to be a supported image file.' });
    }
    expect(PICTURE_MESSAGES.unsupported('a.jpg')).toBe('The file a.jpg does not appear to be a supported image file.');
  });

  it('a file past 20 MB with the editor\'s message, before reading it', async () => {
    const res = await app.inject(upload('p03', Buffer.alloc(MAX_PICTURE_BYTES + 1, 1), 'huge.jpg'));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The file huge.jpg is too large. The maximum allowed file size is 20 MB.' });
  });

  it('a bad file name, another content type, an unknown product', async () => {
    expect((await app.inject(upload('p03', await photo(), 'a/b.jpg'))).statusCode).toBe(400);
    const text = await app.inject(upload('p03', 'hello', 'a.jpg', 'admin', 'text/plain'));
    expect([text.statusCode, text.json()]).toEqual([400, { message: PICTURE_MESSAGES.unsupported('a.jpg') }]);
    const missing = await app.inject(upload('nope', await photo()));
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'There is no such product.' });
  });

  it('addresses that name no picture: 404; an unknown format: 400', async () => {
    for (const url of ['/s/pictures/zz/1x1/a.jpg', '/s/pictures/0123456789abcdef01234567/10x10/a.jpg', '/s/pictures/0123456789abcdef01234567/10x10/a.tiff']) {
      const res = await app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found' });
    }
    const res = await app.inject(withCrumb(upload('p04', await photo(), 'p.jpg')));
    expect((await app.inject(`${res.json().imageUrl}?format=7w`)).statusCode).toBe(400);
  });

  it('roles: 401 signed out, 403 without writeProducts, allowed with it; 403 without the crumb', async () => {
    const body = await photo();
    const signedOut = withCrumb({ method: 'POST', url: '/api/merchant/products/p05/picture?fileName=p.jpg', payload: body, headers: { 'content-type': 'image/jpeg' } });
    expect((await app.inject(signedOut)).statusCode).toBe(401);
    for (const role of CONTRIBUTOR_ROLES) {
      const allowed = (OWNER_PERMISSIONS.writeProducts as readonly string[]).includes(role);
      const res = await app.inject(upload('p05', body, 'p.jpg', role));
      expect(res.statusCode, role).toBe(allowed ? 200 : 403);
    }
    const noCrumb = await app.inject({ method: 'POST', url: '/api/merchant/products/p05/picture?fileName=p.jpg', payload: body, headers: { 'content-type': 'image/jpeg' }, cookies: roles.cookies('admin') });
    expect(noCrumb.statusCode).toBe(403);
  });
});

describe('negotiateKind', () => {
  it('takes AVIF, then WebP, when listed without q=0; else the original', () => {
    expect(negotiateKind('image/avif,image/webp', 'png')).toBe('avif');
    expect(negotiateKind('image/avif;q=0, image/webp;q=0.8', 'png')).toBe('webp');
    expect(negotiateKind('image/webp;q=0.0', 'png')).toBe('png');
    expect(negotiateKind(undefined, 'jpeg')).toBe('jpeg');
    expect(negotiateKind('text/html,image/avifx', 'jpeg')).toBe('jpeg');
  });
});

describe('names in addresses and downloads', () => {
  it('are the store URL id slug (accents dropped, not split): commerce/store-url-id.ts slugify', () => {
    expect(pictureSlug('Résumé Photo.JPG')).toBe('resume-photo');
    expect(pictureSlug('写真.png')).toBe('picture');
    expect(csvFileName('Café Crème', 'submissions-2026-11-27')).toBe('cafe-creme-submissions-2026-11-27.csv');
  });
});
