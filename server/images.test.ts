/** Generated product images: studio-style SVG pictures in the responsive widths, deterministic, with platform-shaped records. */
import { describe, expect, it } from 'vitest';
import {
  colorData,
  FAMILIES,
  familyFor,
  formatWidth,
  GENERATOR_VERSION,
  heightForWidth,
  IMAGE_FORMATS,
  imageEtag,
  NAMED_COLOURS,
  namedColour,
  ORIGINAL_HEIGHT,
  ORIGINAL_WIDTH,
  productImageFields,
  productImageRecord,
  productImageUrl,
  renderProductImage,
  variantImageKey,
} from './images.js';

/** The root element's attributes of an SVG document. */
function rootAttributes(svg: string): Record<string, string> {
  const root = /^<svg\b([^>]*)>/.exec(svg);
  expect(root, 'starts with an <svg> element').not.toBeNull();
  return Object.fromEntries([...root![1]!.matchAll(/([a-zA-Z:-]+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
}

/** Every element opened is closed, in order (a small well-formedness check, enough for generated markup). */
function expectWellFormed(svg: string): void {
  const stack: string[] = [];
  for (const [tag, close, name, selfClosing] of svg.matchAll(/<(\/?)([a-zA-Z][\w:-]*)\b[^>]*?(\/?)>/g)) {
    if (close === '/') expect(stack.pop(), tag).toBe(name);
    else if (selfClosing !== '/') stack.push(name!);
  }
  expect(stack).toEqual([]);
  expect(svg.endsWith('</svg>')).toBe(true);
}

describe('product images', () => {
  it('accepts exactly the responsive widths of spec 001 and original', () => {
    expect(IMAGE_FORMATS).toEqual(['100w', '300w', '500w', '750w', '1000w', '1500w', '2500w']);
    expect(formatWidth('750w')).toBe(750);
    expect(formatWidth(undefined)).toBe(ORIGINAL_WIDTH);
    expect(formatWidth('original')).toBe(ORIGINAL_WIDTH);
    for (const bad of ['', '200w', '100', '100W', ' 100w', '2500w ', '1e3w']) expect(formatWidth(bad), bad).toBeNull();
  });

  it('renders every width as an SVG of that width and the original aspect ratio, the drawing the same', () => {
    const drawings = new Set<string>();
    for (const format of IMAGE_FORMATS) {
      const width = formatWidth(format)!;
      const svg = renderProductImage('p01', width, 'Linen Apron');
      expectWellFormed(svg);
      const attributes = rootAttributes(svg);
      expect(attributes).toMatchObject({ xmlns: 'http://www.w3.org/2000/svg', width: String(width), height: String(heightForWidth(width)), viewBox: '0 0 1000 1250' });
      expect(heightForWidth(width)).toBe(Math.trunc((width * ORIGINAL_HEIGHT) / ORIGINAL_WIDTH));
      drawings.add(svg.replace(/^<svg\b[^>]*>/, ''));
    }
    expect(drawings.size).toBe(1);
  });

  it('is deterministic, differs between products, stays small, and needs nothing from the network', () => {
    const a = renderProductImage('p01', 500, 'Linen Apron');
    expect(renderProductImage('p01', 500, 'Linen Apron')).toBe(a);
    expect(renderProductImage('p02', 500, 'Linen Apron')).not.toBe(a);
    expect(renderProductImage('p01', 500, 'Linen Apron II')).not.toBe(a);
    for (const [id, title] of [['p01', 'Linen Apron'], ['p03', 'Enamel Mug'], ['p13', 'Candle Set'], ['x', 'Something else']]) {
      const svg = renderProductImage(id!, 2500, title);
      expect(svg.length, title).toBeLessThan(12_000);
      expect(svg, title).not.toMatch(/https?:\/\/(?!www\.w3\.org\/2000\/svg")|<image\b|<script\b|@import|url\((?!#)/);
    }
  });

  it('draws a studio backdrop, a soft shadow and the object with a maker\'s mark, and prints no words: a product shot, not a labelled placeholder', () => {
    const svg = renderProductImage('p03', 500, 'Enamel Mug');
    expect(svg).toMatch(/<linearGradient id="wall"/);
    expect(svg).toMatch(/fill="url\(#floor-shadow\)"/);
    expect(svg).toContain('class="mark"');
    expect(rootAttributes(svg)['aria-label']).toBe('Enamel Mug');
    for (const title of ['Enamel Mug', 'Linen Apron', 'Gift Card', 'Field Guide (PDF)', 'Coffee Subscription', 'Monogrammed Napkins', 'Thread Spool', 'Workshop Seat', 'Candle Set', 'Wool Blanket', 'Canvas Tote', 'Field Shirt', 'Something Else']) {
      expect(renderProductImage('p01', 500, title), title).not.toContain('<text');
    }
    // hanging and floating things cast a blurred drop shadow instead
    expect(renderProductImage('p01', 500, 'Linen Apron')).toMatch(/filter="url\(#blur\)"/);
  });

  it('escapes the title in its accessible name', () => {
    const svg = renderProductImage('p01', 100, '<b>"Tom & Jerry\'s" mug</b>');
    expectWellFormed(svg);
    expect(svg).not.toContain('<b>');
    expect(rootAttributes(svg)['aria-label']).toBe('&lt;b&gt;&quot;Tom &amp; Jerry&#39;s&quot; mug&lt;/b&gt;');
  });

  it('chooses a silhouette family from the title, and an abstract object when the title names none', () => {
    const hash = Buffer.alloc(32);
    const cases: [string, string][] = [
      ['Field Shirt', 'shirt'],
      ['Linen Apron', 'apron'],
      ['Enamel Mug', 'mug'],
      ['Canvas Tote', 'tote'],
      ['Wool Blanket', 'blanket'],
      ['Candle Set', 'candle'],
      ['Gift Card', 'card'],
      ['Field Guide (PDF)', 'book'],
      ['Coffee Subscription', 'pouch'],
      ['Monogrammed Napkins', 'napkins'],
      ['Repair Service', 'spool'],
      ['Workshop Seat', 'stool'],
    ];
    for (const [title, family] of cases) expect(familyFor(title, hash), title).toBe(family);
    for (let i = 0; i < 3; i++) expect(['vase', 'box', 'ball']).toContain(familyFor('Zyx', Buffer.from([0, 0, 0, 0, 0, i])));
    expect(new Set(cases.map(([, f]) => f)).size).toBe(cases.length);
    expect(FAMILIES).toHaveLength(15);
  });

  it('paints a variant picture in the colour its option value names, and others in the product’s colours', () => {
    const olive = renderProductImage(variantImageKey('p02', 'Olive'), 500, 'Field Shirt');
    const navy = renderProductImage(variantImageKey('p02', 'Navy'), 500, 'Field Shirt');
    expect(olive).toContain(`fill="${NAMED_COLOURS['olive']}"`);
    expect(navy).toContain(`fill="${NAMED_COLOURS['navy']}"`);
    expect(navy).not.toContain(`fill="${NAMED_COLOURS['olive']}"`);
    expect(namedColour('Sand')).toEqual([0xcd, 0xb8, 0x91]);
    expect(namedColour('Dark Olive')).toEqual(namedColour('olive'));
    expect(namedColour('XL')).toBeNull();
    // a value that names no colour still gets a picture of its own
    expect(renderProductImage(variantImageKey('p05', 'Queen'), 500, 'Wool Blanket')).not.toBe(renderProductImage('p05', 500, 'Wool Blanket'));
  });

  it('describes the picture as the platform image record the formatters read', () => {
    const record = productImageRecord('p01', productImageUrl('p01'), 'Linen Apron');
    expect(record).toMatchObject({
      assetUrl: '/static/images/p01.svg',
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
    const fields = productImageFields('p01', '/static/images/p01.svg', 'Linen Apron');
    expect(fields).toMatchObject({ mainImageId: 'p01-image', assetUrl: '/static/images/p01.svg', originalSize: '2500x3125' });
    expect(fields['items']).toEqual([fields['mainImage']]);
    // stores seeded when the pictures were PNG keep the old URL: still ours, linked at the new one
    expect(productImageFields('p01', '/static/images/p01.png', 'Linen Apron')).toEqual(fields);
    expect(productImageFields('p01', 'https://cdn.example/x.jpg', 'X')).toEqual({ assetUrl: 'https://cdn.example/x.jpg' });
    expect(productImageFields('p01', '/static/images/p02.svg', 'X')).toEqual({ assetUrl: '/static/images/p02.svg' });
    expect(productImageFields('p01', null, 'X')).toEqual({});
  });

  it('has an ETag per picture, width, title and drawing version', () => {
    const etag = imageEtag('p01', 500, 'Linen Apron');
    expect(etag).toMatch(new RegExp(`^"img${GENERATOR_VERSION}-p01-500-[0-9a-f]+"$`));
    expect(imageEtag('p01', 300, 'Linen Apron')).not.toBe(etag);
    expect(imageEtag('p01', 500, 'Linen Apron (new)')).not.toBe(etag);
    expect(imageEtag('p01--olive', 500, 'Linen Apron')).not.toBe(etag);
  });
});

describe('a demo seeded in another language', () => {
  it('draws the object its URL id names when the title is not English (an apron for "Leinenschürze")', () => {
    const unlabelled = (svg: string) => svg.replace(/aria-label="[^"]*"/, '');
    const english = renderProductImage('p01', 300, 'Linen Apron', 'linen-apron');
    expect(unlabelled(renderProductImage('p01', 300, 'Leinenschürze', 'linen-apron'))).toBe(unlabelled(english));
    expect(unlabelled(renderProductImage('p01', 300, 'リネンエプロン', 'linen-apron'))).toBe(unlabelled(english));
    // without the URL id the German title names nothing: another object
    expect(unlabelled(renderProductImage('p01', 300, 'Leinenschürze'))).not.toBe(unlabelled(english));
    expect(imageEtag('p01', 300, 'Leinenschürze', 'linen-apron')).not.toBe(imageEtag('p01', 300, 'Leinenschürze', 'leinenschuerze'));
  });
});
