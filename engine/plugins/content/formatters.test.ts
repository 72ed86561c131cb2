/**
 * Content formatters: the colour rules of spec 001 §5, the image constants of §9 and the size message of §5
 * "Other", with their exact strings; and the markup details observed on the reference engine that the
 * fixtures do not pin down (empty fields, escaping, trailing spaces).
 */
import { describe, expect, it } from 'vitest';
import { render } from '../../index.js';
import { fakeContext, runFormatter } from '../testing.js';
import { colorWeight, formatHsl, hexValue, HSL_MESSAGES, isDarkByLuminance } from './color.js';
import { CONTENT_FORMATTERS } from './formatters.js';
import { ALT_FROM_BODY_MAX, DEFAULT_FOCAL_POINT } from './image-meta.js';
import { IMAGE_WIDTHS, INVALID_SIZE, parseSize, thumbnailWidth } from './image-size.js';
import { classSlug } from './item.js';
import { humanizeDuration } from './media.js';
import { looseNumber, text } from './scalars.js';

const html = (template: string, data: unknown) => render(template, data).html;
const errors = (template: string, data: unknown) => render(template, data).errors.map((e) => e.message);
const formatter = (name: string) => {
  const f = CONTENT_FORMATTERS.find((x) => x.name === name);
  if (f === undefined) throw new Error(`no formatter ${name}`);
  return f;
};

describe('scalars', () => {
  it('prints only strings, numbers and booleans', () => {
    expect([text('a'), text(5), text(true), text(null), text(undefined), text(['a']), text({})]).toEqual(['a', '5', 'true', '', '', '', '']);
  });

  it('reads numbers loosely: float prefix with a decimal point, else integer prefix', () => {
    expect(looseNumber('1.5e2')).toBe(150);
    expect(looseNumber('12e3')).toBe(12);
    expect(looseNumber('0x10')).toBe(0);
    expect(looseNumber(' 5abc')).toBe(5);
    expect(looseNumber('abc')).toBeNaN();
    expect([looseNumber(true), looseNumber(false), looseNumber(null), looseNumber([5]), looseNumber(undefined)]).toEqual([1, 0, 0, 0, 0]);
  });
});

describe('colours (spec 001 §5)', () => {
  it('reads 3 or 6 hex digits; 4 or 5 are ignored (value 0); anything else is not a colour', () => {
    expect(hexValue('#fff')).toBe(0xffffff);
    expect(hexValue('a0b1c2')).toBe(0xa0b1c2);
    expect(hexValue('#ffff')).toBe(0);
    expect(hexValue('fffff')).toBe(0);
    for (const bad of ['#ff', '#fffffff', 'ggg', '#fgf', '', ' #fff', '##fff']) expect(hexValue(bad), bad).toBeNull();
    expect(html('{c|color-weight}', { c: '#ggg' })).toBe('');
    expect(html('{c|color-weight}', { c: '#ffff' })).toBe('dark');
    expect(html('{c|color-weight}', { c: ['#fff'] })).toBe('');
  });

  it('is light above half of the maximum, else dark', () => {
    expect(colorWeight('#808080')).toBe('light'); // 0x808080 > 0xffffff / 2
    expect(colorWeight('#7fffff')).toBe('dark');
    expect(colorWeight('#000')).toBe('dark');
    expect(html('{c|color-weight}', { c: 888888 })).toBe('light');
  });

  it('has a separate luminance test: dark below 0.65 of 256', () => {
    expect(isDarkByLuminance('#a5a5a5')).toBe(true); // luminance 165 < 166.4
    expect(isDarkByLuminance('#a7a7a7')).toBe(false); // 167
    expect(isDarkByLuminance('nope')).toBeNull();
  });

  it('formats HSL and HSLA within bounds, two decimals as toFixed rounds them', () => {
    expect(formatHsl({ hue: 360, saturation: 0, lightness: 1 })).toBe('hsl(360, 0%, 100%)');
    expect(formatHsl({ hue: 0, saturation: 1, lightness: 0, alpha: 0 })).toBe('hsla(0, 100%, 0%, 0)');
    expect(formatHsl({ hue: 1.045, saturation: 0.3, lightness: 0.5 })).toBe('hsl(1.04, 30%, 50%)');
    expect(formatHsl({ hue: '10', saturation: '0.5', lightness: null, alpha: true })).toBe('hsla(10, 50%, 0%, 1)');
  });

  it("reports HSL problems with the platform's exact messages", () => {
    expect(HSL_MESSAGES).toEqual({
      missing: 'Missing an H/S/L value.',
      hue: 'Hue out of bounds. ',
      saturation: 'Saturation out of bounds. ',
      lightness: 'Lightness out of bounds. ',
      alpha: 'Alpha out of bounds.',
    });
    expect(formatHsl({ hue: 1, saturation: 0.5 })).toBe('Missing an H/S/L value.');
    expect(formatHsl('not an object')).toBe('Missing an H/S/L value.');
    expect(formatHsl({ hue: -1, saturation: 0.5, lightness: 0.5 })).toBe('Hue out of bounds. ');
    expect(formatHsl({ hue: 1, saturation: 1.5, lightness: 0.5 })).toBe('Saturation out of bounds. ');
    expect(formatHsl({ hue: 1, saturation: 0.5, lightness: -0.1 })).toBe('Lightness out of bounds. ');
    expect(formatHsl({ hue: 1, saturation: 0.5, lightness: 0.5, alpha: 1.5 })).toBe('Alpha out of bounds.');
    expect(formatHsl({ hue: 400, saturation: -0.3, lightness: 5, alpha: 3 })).toBe(
      'Hue out of bounds. Saturation out of bounds. Lightness out of bounds. Alpha out of bounds.',
    );
    expect(html('{@|website-color}', {})).toBe('Missing an H/S/L value.');
    // Text that is not a number: out of bounds for saturation and lightness, printed for hue (differential).
    expect(formatHsl({ hue: 1, saturation: 'text', lightness: '', alpha: 0.5 })).toBe('Saturation out of bounds. Lightness out of bounds. ');
    expect(formatHsl({ hue: 'abc', saturation: 0.5, lightness: 0.5 })).toBe('hsl(NaN, 50%, 50%)');
  });
});

describe('image sizes (spec 001 §5 "Other", §9)', () => {
  it('offers the responsive widths and buckets thumbnails as the spec says', () => {
    expect(IMAGE_WIDTHS).toEqual([100, 300, 500, 750, 1000, 1500, 2500]);
    const cases: [number, string][] = [[1001, '1500w'], [1000, '1000w'], [751, '1000w'], [750, '750w'], [501, '750w'], [500, '500w'], [301, '500w'], [300, '300w'], [101, '300w'], [100, '100w'], [1, '100w'], [NaN, '100w']];
    for (const [w, bucket] of cases) expect(thumbnailWidth(w), String(w)).toBe(bucket);
  });

  it('reads a size as two integers joined by x', () => {
    expect(parseSize('800x400')).toEqual([800, 400]);
    expect(parseSize('800.5x400')).toEqual([800, 400]);
    for (const bad of ['800', '800x400x1', '800X400', 1200, null]) expect(parseSize(bad), String(bad)).toBeNull();
  });

  it("prints the platform's message in place of a result when the size is invalid", () => {
    expect(INVALID_SIZE).toBe("Invalid source parameter. Pass in 'originalSize'");
    for (const name of ['resizedHeightForWidth', 'resizedWidthForHeight', 'squarespaceThumbnailForHeight']) {
      expect(html(`{s|${name} 300}`, { s: '800 by 400' }), name).toBe(INVALID_SIZE);
      expect(html(`{s|${name} 300}`, {}), name).toBe(INVALID_SIZE);
    }
    expect(errors('{s|resizedHeightForWidth 300}', { s: 'bad' })).toEqual([]);
    // width and height print nothing instead.
    expect(html('{s|width}', { s: '800 by 400' })).toBe('');
    expect(html('{s|height}', { s: 800 })).toBe('');
  });

  it('scales as ratio times side, truncated to a 32-bit integer', () => {
    expect(html('{s|resizedHeightForWidth 300}', { s: '1200x800' })).toBe('200');
    expect(html('{s|resizedHeightForWidth 13}', { s: '3x27' })).toBe('116'); // (13 / 3) * 27 = 116.99…
    expect(html('{s|resizedHeightForWidth 300}', { s: '-1100x800' })).toBe('-218');
    expect(html('{s|resizedWidthForHeight 300}', { s: '1200x0' })).toBe('0');
    expect(html('{s|resizedHeightForWidth}', { s: '1200x800' })).toBe('0');
    expect(html('{s|squarespaceThumbnailForHeight 100}', { s: '1000x100' })).toBe('1000w');
  });

  it('buckets a wanted width without reading the value', () => {
    expect(html('{s|squarespaceThumbnailForWidth 400}', {})).toBe('500w');
    expect(html('{s|squarespaceThumbnailForWidth 750.9}', { s: '1x1' })).toBe('750w');
  });
});

describe('image metadata', () => {
  const meta = (image: unknown, root: Record<string, unknown> = {}) => html('{img|image-meta}', { ...root, img: image });

  it('uses the default focal point 0.5,0.5 only when there is none', () => {
    expect(DEFAULT_FOCAL_POINT).toEqual({ x: 0.5, y: 0.5 });
    expect(meta({ assetUrl: '/a.jpg' })).toContain('data-image-focal-point="0.5,0.5"');
    expect(meta({ mediaFocalPoint: { x: 0.1 } })).toContain('data-image-focal-point="0.1,0"');
    expect(meta({ mediaFocalPoint: null })).toContain('data-image-focal-point="0,0"');
  });

  it('takes alt text from title, body (tags to spaces, 250 characters), then the file name', () => {
    expect(meta({ altText: 'A', title: 'T' })).toContain('alt="T"');
    expect(meta({ title: '', body: '<p>B</p>' })).toContain('alt=" B "');
    expect(meta({ title: 0, body: 'B' })).toContain('alt="B"');
    expect(meta({ body: `<p>${'x'.repeat(300)}</p>` })).toContain(`alt=" ${'x'.repeat(ALT_FROM_BODY_MAX - 1)}"`);
    expect(meta({ body: ['x'], filename: 'f.jpg' })).toContain('alt="f.jpg"');
    expect(meta({ title: ['x'], body: 'B', filename: 'f.jpg' })).toContain('alt=""');
    expect(meta({ title: { y: 'U' }, body: 1000 })).toContain('alt=""');
    expect(meta({ title: '"><script>' })).toContain('alt="&quot;&gt;&lt;script&gt;"');
  });

  it('takes alt text from altText alone inside an image block (block type 5)', () => {
    expect(meta({ altText: 'A', title: 'T' }, { blockType: 5 })).toContain('alt="A"');
    expect(meta({ title: 'T' }, { blockType: '5' })).toContain('alt=""');
    expect(meta({ altText: 'A', title: 'T', blockType: 4 }, { blockType: 5 })).toContain('alt="T"');
  });

  it('prints every attribute followed by a space, empty fields included; nothing for a missing image', () => {
    expect(meta(null)).toBe('data-src="" data-image="" data-image-dimensions="" data-image-focal-point="0.5,0.5" alt="" ');
    expect(html('{img|image-meta}', {})).toBe('');
    expect(meta({ licensedAssetPreview: {}, componentKey: 'k' })).toMatch(/^data-licensed-asset-preview="true" data-component-key="k" data-src/);
  });

  it('escapes the alt text twice inside the image and once in its fallback, as the platform does', () => {
    const out = html('{img|image}', { img: { id: 'i', title: 'a&b' } });
    expect(out).toBe(
      '<noscript><img src="" alt="a&amp;b" /></noscript><img class="thumb-image" data-src="" data-image="" ' +
        'data-image-dimensions="" data-image-focal-point="0.5,0.5" alt="a&amp;amp;b" data-load="false" data-image-id="i" data-type="image" />',
    );
    expect(html('{img|image foo bar}', { img: {} })).toContain('class="thumb-image"');
    // one argument is the class even when empty, as the platform reads it
    expect(html('{img|image,}|{img|image:}', { img: {} })).toMatch(/^[^|]*class=""[^|]*\|[^|]*class=""/);
  });

  it('reads a child image by an integer index and a cover image', () => {
    const data = { c: { items: [{ title: 'A' }, { title: 'B' }], coverImage: { title: 'C' } } };
    expect(html('{c|child-image-meta 1}', data)).toContain('alt="B"');
    expect(html('{c|child-image-meta}', data)).toContain('alt="A"');
    expect(html('{c|child-image-meta 5}', data)).toBe('');
    expect(html('{c|cover-image-meta}', data)).toContain('alt="C"');
  });
});

describe('srcset and colours of an image', () => {
  it('lists the w variants and adds the original as the next standard width', () => {
    const srcset = (variants: string) => html('{img|image-srcset}', { img: { assetUrl: '/a.jpg', systemDataVariants: variants } });
    expect(srcset('1500x983,100w,300w')).toBe(' srcset="/a.jpg?format=100w 100w,/a.jpg?format=300w 300w,/a.jpg?format=original 500w"');
    expect(srcset('100w,2500w')).toBe(' srcset="/a.jpg?format=100w 100w,/a.jpg?format=2500w 2500w"');
    expect(srcset('150w,350w')).toBe(' srcset="/a.jpg?format=150w 150w,/a.jpg?format=350w 350w"');
    expect(srcset('1500x983')).toBe('');
  });

  it('prints every region of colorData, or one, or says it is not found', () => {
    expect(html('{img|image-color}', { img: { colorData: { centerAverage: '555' } } })).toBe(
      'data-color-topLeft="#" data-color-topRight="#" data-color-bottomLeft="#" data-color-bottomRight="#" data-color-center="#555" ',
    );
    expect(html('{img|image-color}', { img: {} })).toBe('');
    expect(html('{img|image-color center prop}', { img: { colorData: { centerAverage: '555' } } })).toBe('prop: #555');
    expect(html('{img|image-color topLeft}', { img: { colorData: {} } })).toBe('"topLeft" not found.');
  });
});

describe('media', () => {
  it('shows durations as minutes:seconds (spec 001 §9)', () => {
    expect(humanizeDuration(0)).toBe('0:00');
    expect(humanizeDuration(125_000)).toBe('2:05');
    expect(humanizeDuration(59_999)).toBe('0:59');
    expect(humanizeDuration(3_725_000)).toBe('62:05');
    expect(humanizeDuration(-65_000)).toBe('-1:-5');
    expect(html('{d|humanizeDuration}', {})).toBe('0:00');
  });

  it('marks an overlay without a poster image as no-thumb', () => {
    expect(html('{v|video}', { v: { overlay: true } })).toBe(
      '<div class="sqs-video-wrapper" data-html="" data-provider-name=""><div class="sqs-video-overlay no-thumb" style="opacity: 0;">' +
        '<div class="sqs-video-opaque"> </div><div class="sqs-video-icon"></div></div></div>',
    );
  });

  it('prints the audio player even for a missing item', () => {
    expect(runFormatter(formatter('audio-player'), undefined).value).toBe(
      `<script>Y.use('squarespace-audio-player-frontend');</script>\n` +
        '<div class="squarespace-audio-player" data-audio-asset-url="" data-item-id="" id="audio-player-"></div>',
    );
  });
});

describe('items and text', () => {
  it('slugs class names without trimming or merging dashes', () => {
    expect(classSlug('Bar Baz')).toBe('bar-baz');
    expect(classSlug(' a ')).toBe('-a-');
    expect(classSlug('a - b')).toBe('a---b');
    expect(classSlug("Ann O'Neil")).toBe('ann-oneil');
  });

  it('always prints the post type, numbers items in a list, marks store items on sale and sold out', () => {
    const item = { recordType: 11, structuredContent: { productType: 1, variants: [{ onSale: true, qtyInStock: 0 }] } };
    expect(html('{@|item-classes}', item)).toBe('hentry post-type- on-sale sold-out');
    expect(html('{.repeated section @}{@|item-classes}|{.end}', [{}, {}])).toBe('hentry post-type- article-index-1|hentry post-type- article-index-2|');
    expect(html('{i|item-classes}', {})).toBe('hentry post-type-');
  });

  it("reads a field the item lacks from the scopes around the tag (a field's own fields only from it), as the platform", () => {
    const page = { recordTypeLabel: 'r', categories: ['Top'], author: { displayName: 'Au' }, starred: true };
    expect(html('{a|item-classes}', { ...page, a: { recordTypeLabel: null } })).toBe('hentry category-top author-au post-type- featured');
    expect(html('{a|item-classes}', { ...page, a: { author: {} } })).toBe('hentry category-top post-type-r featured');
    expect(html('{nope|item-classes}', page)).toBe('hentry category-top author-au post-type-r featured');
    // the store marks read the value alone: a value that is no store item of its own gets neither (differential)
    const store = { recordType: 11, structuredContent: { productType: 1, variants: [{ onSale: true }] } };
    expect(html('{x|item-classes}', { ...store, x: { a: 1 } })).toBe('hentry post-type-');
    expect(html('{.section q}{.or}{@|item-classes}{.end}', store)).toBe('hentry post-type-');
    expect(html('{x|item-classes}', { x: store })).toBe('hentry post-type- on-sale sold-out');
  });

  it('makes a path absolute with base-url and upper-cases scalars', () => {
    const ctx = fakeContext({ root: { 'base-url': 'https://x.com' } });
    expect(runFormatter(formatter('AbsUrl'), 'a/b', [], ctx).value).toBe('https://x.com/a/b');
    // base-url is read like a variable from the value's own frame out, as on the platform
    expect(html('{a|AbsUrl}|{a.x|AbsUrl}', { 'base-url': 'top', a: { 'base-url': 'own', x: 'p' } })).toBe('own/|top/p');
    expect(html('{c|capitalize}', { c: 'straße' })).toBe('STRASSE');
    expect(html('{c|capitalize}', { c: ['a'] })).toBe('');
  });
});
