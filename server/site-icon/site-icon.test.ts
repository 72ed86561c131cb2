/**
 * The site's icon: `/favicon.ico` and `/favicon.svg` answer Tessera's default mark (never a 404), a valid ICO
 * read back by its own directory, cached with an ETag; the owner's `siteIcon` setting replaces it in every
 * page's head and `/favicon.ico` redirects to it; an unusable setting falls back to the default.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { changeSiteSettings, demoApp } from '../test-support.js';
import { icoFile } from './ico-file.js';
import { ICON_TILES, iconPixels, iconSvg } from './icon-mark.js';
import { ownerIconUrl } from './site-icon.js';

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

async function appWithSettings(extra: Record<string, unknown> = {}) {
  const { app } = await demoApp();
  apps.push(app);
  await changeSiteSettings(app, (settings) => ({ ...settings, ...extra }));
  return app;
}

describe('the default icon', () => {
  it('is drawn, not shipped: four tiles, opaque inside, clear outside, smooth at the edge', () => {
    expect(iconSvg()).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32">' +
        ICON_TILES.map((t) => `<rect x="${t.x}" y="${t.y}" width="${t.size}" height="${t.size}" rx="${t.radius}" fill="${t.color}"/>`).join('') +
        '</svg>',
    );
    const px = iconPixels(32);
    const at = (x: number, y: number) => Array.from(px.slice((y * 32 + x) * 4, (y * 32 + x) * 4 + 4));
    expect(at(8, 8)).toEqual([0x1f, 0x5a, 0x4a, 255]); // the first tile's middle
    expect(at(24, 24)).toEqual([0x4f, 0x8a, 0x72, 255]);
    expect(at(16, 8)[3]).toBe(0); // the gap between tiles
    expect(at(0, 0)[3]).toBe(0); // the rounded corner
    expect(at(1, 8)[3]).toBe(255); // a tile's first column is wholly on it
    expect(iconPixels(16)[(4 * 16 + 0) * 4 + 3]).toBe(128); // at 16 px the first column is half on it
  });

  it('packs into an ICO whose directory and bitmaps read back', () => {
    const ico = icoFile([16, 32].map((side) => ({ side, rgba: iconPixels(side) })));
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4)]).toEqual([0, 1, 2]);
    for (const [i, side] of [16, 32].entries()) {
      const entry = 6 + 16 * i;
      expect([ico[entry], ico[entry + 1], ico.readUInt16LE(entry + 6)]).toEqual([side, side, 32]);
      const size = ico.readUInt32LE(entry + 8);
      const offset = ico.readUInt32LE(entry + 12);
      expect(size).toBe(40 + side * side * 4 + 4 * side);
      expect(offset + size).toBeLessThanOrEqual(ico.length);
      expect([ico.readUInt32LE(offset), ico.readInt32LE(offset + 4), ico.readInt32LE(offset + 8), ico.readUInt16LE(offset + 14)]).toEqual([40, side, side * 2, 32]);
      // bottom-up rows, BGRA: the last row of the bitmap data is the picture's top row
      const rgba = iconPixels(side);
      const mid = side / 4; // inside the first tile
      const top = offset + 40 + (side - 1 - mid) * side * 4 + mid * 4;
      expect(Array.from(ico.subarray(top, top + 4))).toEqual([rgba[(mid * side + mid) * 4 + 2], rgba[(mid * side + mid) * 4 + 1], rgba[(mid * side + mid) * 4], 255]);
    }
    expect(ico.length).toBe(6 + 32 + (40 + 1024 + 64) + (40 + 4096 + 128));
    expect(() => icoFile([{ side: 300, rgba: new Uint8Array(0) }])).toThrow(RangeError);
    expect(() => icoFile([{ side: 2, rgba: new Uint8Array(3) }])).toThrow(RangeError);
  });
});

describe('/favicon.ico and /favicon.svg', () => {
  it('answer the default icon, cached a week, revalidated by ETag', async () => {
    const app = await appWithSettings();
    const ico = await app.inject('/favicon.ico');
    expect(ico.statusCode).toBe(200);
    expect(ico.headers['content-type']).toBe('image/x-icon');
    expect(ico.headers['cache-control']).toBe('public, max-age=604800');
    expect(ico.rawPayload.readUInt16LE(2)).toBe(1);
    const again = await app.inject({ url: '/favicon.ico', headers: { 'if-none-match': String(ico.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const svg = await app.inject('/favicon.svg');
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(svg.body).toBe(iconSvg());
    expect((await app.inject({ method: 'HEAD', url: '/favicon.ico' })).statusCode).toBe(200);
  });

  it("links the default icon from the default theme's pages", async () => {
    const app = await appWithSettings();
    for (const url of ['/', '/shop', '/cart', '/no-such-page']) {
      const head = (await app.inject(url)).body.split('</head>')[0]!;
      expect(head, url).toContain('<link rel="icon" href="/favicon.ico" sizes="16x16 32x32">');
      expect(head, url).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
    }
  });

  it("uses the owner's icon in every head and redirects /favicon.ico to it", async () => {
    const app = await appWithSettings({ siteIcon: ' /assets/icon.png ' });
    const head = (await app.inject('/shop')).body.split('</head>')[0]!;
    expect(head).toContain('<link rel="icon" href="/assets/icon.png">');
    expect(head).not.toContain('/favicon.svg');
    const ico = await app.inject('/favicon.ico');
    expect(ico.statusCode).toBe(302);
    expect(ico.headers.location).toBe('/assets/icon.png');
    expect(ico.headers['cache-control']).toBe('public, max-age=3600');
    expect((await app.inject('/?format=json')).json().website.siteIconUrl).toBe('/assets/icon.png');
  });

  it('ignores an icon setting that is not a path on this site', async () => {
    for (const bad of ['https://elsewhere.example/i.png', '//elsewhere.example/i.png', '/a b.png', '/a"><script>.png', 'icon.png', 42, '/favicon.ico', `/${'a'.repeat(500)}`]) {
      expect(ownerIconUrl({ siteIcon: bad }), String(bad)).toBeNull();
    }
    expect(ownerIconUrl(null)).toBeNull();
    const app = await appWithSettings({ siteIcon: 'https://elsewhere.example/i.png' });
    expect((await app.inject('/favicon.ico')).statusCode).toBe(200);
    expect((await app.inject('/shop')).body).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
  });
});
