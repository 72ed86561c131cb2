/** Content formatters and the colour rules of spec 001 §5 and the image constants of §9, with exact strings. */
import { describe, expect, it } from 'vitest';
import { render } from '../../index.js';
import { colorWeight, formatHsl, hexValue, HSL_MESSAGES, isDarkByLuminance } from './color.js';
import { ALT_FROM_BODY_MAX, DEFAULT_FOCAL_POINT, IMAGE_WIDTHS, INVALID_SIZE, thumbnailWidth } from './image.js';
import { humanizeDuration } from './media.js';

const html = (template: string, data: unknown) => render(template, data).html;
const errors = (template: string, data: unknown) => render(template, data).errors.map((e) => e.message);

describe('colours', () => {
  it('accepts 3- or 6-digit hex only', () => {
    expect(hexValue('#fff')).toBe(0xffffff);
    expect(hexValue('a0b1c2')).toBe(0xa0b1c2);
    for (const bad of ['#ffff', '#ff', 'ggg', '#12345', '']) expect(hexValue(bad), bad).toBeNull();
    expect(html('{c|color-weight}', { c: '#abcd' })).toBe('');
  });

  it('is light above half of the maximum, else dark', () => {
    expect(colorWeight('#808080')).toBe('light'); // 0x808080 > 0xffffff / 2
    expect(colorWeight('#7fffff')).toBe('dark');
    expect(colorWeight('#000')).toBe('dark');
  });

  it('has a separate luminance test: dark below 0.65 of 256', () => {
    expect(isDarkByLuminance('#a5a5a5')).toBe(true); // luminance 165 < 166.4
    expect(isDarkByLuminance('#a7a7a7')).toBe(false); // 167
    expect(isDarkByLuminance('nope')).toBeNull();
  });

  it('formats HSL and HSLA within bounds', () => {
    expect(formatHsl({ hue: 360, saturation: 0, lightness: 1 })).toBe('hsl(360, 0%, 100%)');
    expect(formatHsl({ hue: 0, saturation: 1, lightness: 0, alpha: 0 })).toBe('hsla(0, 100%, 0%, 0)');
  });

  it("reports HSL problems with the platform's exact messages", () => {
    expect(HSL_MESSAGES).toEqual({
      missing: 'Missing an H/S/L value.',
      hue: 'Hue out of bounds. ',
      saturation: 'Saturation out of bounds. ',
      lightness: 'Lightness out of bounds. ',
      alpha: 'Alpha out of bounds.',
    });
    expect(formatHsl({ hue: 1, saturation: 0.5 } as never)).toBe('Missing an H/S/L value.');
    expect(formatHsl({ hue: -1, saturation: 0.5, lightness: 0.5 })).toBe('Hue out of bounds. ');
    expect(formatHsl({ hue: 1, saturation: 0.5, lightness: 0.5, alpha: 1.5 })).toBe('Alpha out of bounds.');
  });
});

describe('images', () => {
  it('offers the responsive widths and buckets thumbnails as the spec says', () => {
    expect(IMAGE_WIDTHS).toEqual([100, 300, 500, 750, 1000, 1500, 2500]);
    const cases: [number, string][] = [[1001, '1500w'], [1000, '1000w'], [751, '1000w'], [750, '750w'], [501, '750w'], [500, '500w'], [301, '500w'], [300, '300w'], [101, '300w'], [100, '100w'], [1, '100w']];
    for (const [w, bucket] of cases) expect(thumbnailWidth(w), String(w)).toBe(bucket);
  });

  it('uses the default focal point 0.5,0.5', () => {
    expect(DEFAULT_FOCAL_POINT).toEqual({ x: 0.5, y: 0.5 });
    expect(html('{@|image-meta}', { assetUrl: '/a.jpg', originalSize: '10x10' })).toContain('data-image-focal-point="0.5,0.5"');
  });

  it('takes alt text from altText, title, body (tags out, 250 characters), then the file name', () => {
    const base = { assetUrl: '/a.jpg' };
    expect(html('{@|image-meta}', { ...base, altText: 'A', title: 'T' })).toContain('alt="A"');
    expect(html('{@|image-meta}', { ...base, title: 'T', body: 'B' })).toContain('alt="T"');
    expect(html('{@|image-meta}', { ...base, body: `<p>${'x'.repeat(300)}</p>` })).toContain(`alt=" ${'x'.repeat(ALT_FROM_BODY_MAX - 1)}"`);
    expect(html('{@|image-meta}', { ...base, filename: 'f.jpg' })).toContain('alt="f.jpg"');
    expect(html('{@|image-meta}', { ...base, title: '"><script>' })).toContain('alt="&quot;&gt;&lt;script&gt;"');
  });

  it("rejects a size that is not two numbers joined by x with the platform's message", () => {
    expect(INVALID_SIZE).toBe("Invalid source parameter. Pass in 'originalSize'");
    expect(html('{s|width}', { s: '800 by 400' })).toBe('');
    expect(errors('{s|width}', { s: '800 by 400' })).toEqual([INVALID_SIZE]);
    expect(html('{s|resizedHeightForWidth 300}', { s: '1200x800' })).toBe('200');
  });
});

describe('media and items', () => {
  it('shows durations as minutes:seconds', () => {
    expect(humanizeDuration(0)).toBe('0:00');
    expect(humanizeDuration(59_999)).toBe('0:59');
    expect(humanizeDuration(3_725_000)).toBe('62:05');
  });

  it('marks store items on sale and sold out, and numbers items in a list', () => {
    const item = { recordType: 11, structuredContent: { productType: 1, variants: [{ onSale: true, qtyInStock: 0 }] } };
    expect(html('{@|item-classes}', item)).toBe('hentry on-sale sold-out');
    expect(html('{.repeated section @}{@|item-classes}|{.end}', [{}, {}])).toBe('hentry article-index-1|hentry article-index-2|');
  });
});
