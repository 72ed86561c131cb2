/** Generated product images: valid PNGs of the responsive widths, deterministic, with platform-shaped records. */
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { colorData, formatWidth, heightForWidth, IMAGE_FORMATS, ORIGINAL_HEIGHT, ORIGINAL_WIDTH, productImageFields, productImageRecord, productImageUrl, renderProductImage } from './images.js';
import { encodePalettePng, PNG_SIGNATURE, pngSize } from './png.js';

/** The chunks of a PNG, checking each CRC. */
function chunks(png: Buffer): { type: string; data: Buffer }[] {
  const out: { type: string; data: Buffer }[] = [];
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    const crc = png.readUInt32BE(at + 8 + length);
    expect(crc, `${type} CRC`).toBe(crc32(png.subarray(at + 4, at + 8 + length)));
    out.push({ type, data });
    at += 12 + length;
  }
  return out;
}

/** An independent CRC-32 (the PNG one), so the encoder is not checked against itself. */
function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  }
  return (c ^ 0xffffffff) >>> 0;
}

describe('PNG encoder', () => {
  it('writes signature, IHDR, PLTE, IDAT and IEND with correct CRCs and scanlines', () => {
    const png = encodePalettePng({ width: 3, height: 2, palette: [[255, 0, 0], [0, 0, 255]], row: (y, out) => out.fill(y) });
    expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    const cs = chunks(png);
    expect(cs.map((c) => c.type)).toEqual(['IHDR', 'PLTE', 'IDAT', 'IEND']);
    expect([...cs[0]!.data]).toEqual([0, 0, 0, 3, 0, 0, 0, 2, 8, 3, 0, 0, 0]);
    expect([...cs[1]!.data]).toEqual([255, 0, 0, 0, 0, 255]);
    expect([...inflateSync(cs[2]!.data)]).toEqual([0, 0, 0, 0, 0, 1, 1, 1]);
    expect(pngSize(png)).toEqual({ width: 3, height: 2 });
  });

  it('refuses sizes and palettes PNG cannot hold', () => {
    expect(() => encodePalettePng({ width: 0, height: 1, palette: [[0, 0, 0]], row: () => {} })).toThrow(RangeError);
    expect(() => encodePalettePng({ width: 1, height: 1, palette: [], row: () => {} })).toThrow(RangeError);
    expect(pngSize(Buffer.from('not a png at all, not at all'))).toBeNull();
  });
});

describe('product images', () => {
  it('accepts exactly the responsive widths of spec 001 and original', () => {
    expect(IMAGE_FORMATS).toEqual(['100w', '300w', '500w', '750w', '1000w', '1500w', '2500w']);
    expect(formatWidth('750w')).toBe(750);
    expect(formatWidth(undefined)).toBe(ORIGINAL_WIDTH);
    expect(formatWidth('original')).toBe(ORIGINAL_WIDTH);
    for (const bad of ['', '200w', '100', '100W', ' 100w', '2500w ', '1e3w']) expect(formatWidth(bad), bad).toBeNull();
  });

  it('renders every width as a PNG of that width and the original aspect ratio', () => {
    for (const format of IMAGE_FORMATS) {
      const width = formatWidth(format)!;
      const png = renderProductImage('p01', width);
      expect(pngSize(png)).toEqual({ width, height: heightForWidth(width) });
      expect(heightForWidth(width)).toBe(Math.trunc((width * ORIGINAL_HEIGHT) / ORIGINAL_WIDTH));
      // The picture really is that big once inflated: one filter byte and one index per pixel.
      const idat = chunks(png).find((c) => c.type === 'IDAT')!.data;
      expect(inflateSync(idat).length).toBe((width + 1) * heightForWidth(width));
    }
  });

  it('is deterministic per product, differs between products, and stays small and quick at 2500w', () => {
    const a = renderProductImage('p01', 500);
    expect(renderProductImage('p01', 500).equals(a)).toBe(true);
    expect(renderProductImage('p02', 500).equals(a)).toBe(false);
    const started = performance.now();
    const big = renderProductImage('p03', 2500);
    expect(performance.now() - started).toBeLessThan(500); // ~10 ms on a laptop; generous for CI
    expect(big.length).toBeLessThan(100_000);
  });

  it('describes the picture as the platform image record the formatters read', () => {
    const record = productImageRecord('p01', productImageUrl('p01'), 'Linen Apron');
    expect(record).toMatchObject({
      assetUrl: '/static/images/p01.png',
      originalSize: '2500x3125',
      mediaFocalPoint: { x: 0.5, y: 0.5 },
      systemDataVariants: '2500x3125,100w,300w,500w,750w,1000w,1500w,2500w',
      title: 'Linen Apron',
    });
    const colours = colorData('p01');
    expect(Object.keys(colours)).toEqual(['topLeftAverage', 'topRightAverage', 'bottomLeftAverage', 'bottomRightAverage', 'centerAverage']);
    for (const c of Object.values(colours)) expect(c).toMatch(/^[0-9a-f]{6}$/);
    // Symmetric picture: left and right halves average alike.
    expect(colours.topLeftAverage).toBe(colours.topRightAverage);
  });

  it('gives a product item the main image fields, mainImage and items; only a URL for foreign images', () => {
    const fields = productImageFields('p01', '/static/images/p01.png', 'Linen Apron');
    expect(fields).toMatchObject({ mainImageId: 'p01-image', assetUrl: '/static/images/p01.png', originalSize: '2500x3125' });
    expect(fields['items']).toEqual([fields['mainImage']]);
    expect(productImageFields('p01', 'https://cdn.example/x.jpg', 'X')).toEqual({ assetUrl: 'https://cdn.example/x.jpg' });
    expect(productImageFields('p01', null, 'X')).toEqual({});
  });
});
