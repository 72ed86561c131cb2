// @vitest-environment happy-dom
/**
 * `ImageLoader` in a DOM: options from the config over the image's attributes, the `loading` class until the
 * picture arrives, `data-image-resolution`, never a smaller width of the same picture, `data-load` (`false`,
 * `viewport`), and `bootstrap()` loading what waits for it. (happy-dom lays nothing out, so boxes come from
 * `width` attributes here; fit and fill geometry is image-geometry.test.ts's, the real layout the browser test's.)
 */
import { afterEach, describe, expect, it } from 'vitest';
import { bootstrap, load } from './image-loader.js';

function image(attributes: Record<string, string>): HTMLImageElement {
  const img = document.createElement('img');
  for (const [name, value] of Object.entries(attributes)) img.setAttribute(name, value);
  document.body.append(img);
  return img;
}

const PICTURE = { 'data-src': '/static/images/p01.svg', 'data-image-dimensions': '2500x3125' };

afterEach(() => {
  document.body.innerHTML = '';
  Object.defineProperty(window, 'devicePixelRatio', { value: 1, configurable: true });
});

describe('ImageLoader.load', () => {
  it('asks for the width the box needs, marked loading until it arrives', () => {
    const img = image({ ...PICTURE, width: '400' });
    expect(load(img)).toBe(true);
    expect(img.getAttribute('src')).toBe('/static/images/p01.svg?format=500w');
    expect(img.classList.contains('loading')).toBe(true);
    img.dispatchEvent(new Event('load'));
    expect(img.classList.contains('loading')).toBe(false);
    expect(img.getAttribute('data-image-resolution')).toBe('500w');
  });

  it('counts the device pixel ratio', () => {
    Object.defineProperty(window, 'devicePixelRatio', { value: 2, configurable: true });
    const img = image({ ...PICTURE, width: '400' });
    load(img);
    expect(img.getAttribute('src')).toBe('/static/images/p01.svg?format=1000w');
  });

  it('never swaps to a smaller width of the same picture, but to a larger one', () => {
    const img = image({ ...PICTURE, width: '700' });
    load(img);
    img.dispatchEvent(new Event('load'));
    expect(img.getAttribute('src')).toBe('/static/images/p01.svg?format=750w');
    img.setAttribute('width', '200');
    load(img);
    expect(img.getAttribute('src')).toBe('/static/images/p01.svg?format=750w');
    img.setAttribute('width', '1200');
    load(img);
    expect(img.getAttribute('src')).toBe('/static/images/p01.svg?format=1500w');
    // another picture is another picture
    img.setAttribute('width', '200');
    load(img, { source: '/static/images/p02.svg' });
    expect(img.getAttribute('src')).toBe('/static/images/p02.svg?format=300w');
  });

  it('leaves data-load="false" alone unless the config says load, and only places "viewport" images', () => {
    const lazy = image({ ...PICTURE, width: '400', 'data-load': 'false' });
    expect(load(lazy)).toBe(false);
    expect(lazy.hasAttribute('src')).toBe(false);
    expect(load(lazy, { load: true })).toBe(true);
    expect(lazy.getAttribute('src')).toBe('/static/images/p01.svg?format=500w');
    const later = image({ ...PICTURE, width: '400', 'data-load': 'viewport' });
    expect(load(later)).toBe(true);
    expect(later.hasAttribute('src')).toBe(false);
  });

  it('uses another host\'s picture as it is, and refuses what is not an image or has no source', () => {
    const img = image({ 'data-src': 'https://example.com/a.jpg', width: '400' });
    load(img);
    expect(img.getAttribute('src')).toBe('https://example.com/a.jpg');
    expect(load(document.createElement('div'))).toBe(false);
    expect(load(null)).toBe(false);
    expect(load(image({ width: '10' }))).toBe(false);
  });

  it('takes the config over the attributes', () => {
    const img = image({ ...PICTURE, width: '400' });
    load(img, { source: '/static/images/p09.svg', dimensions: '100x100' });
    expect(img.getAttribute('src')).toBe('/static/images/p09.svg?format=500w');
  });
});

describe('ImageLoader.bootstrap', () => {
  it('loads every image with data-src or data-image except data-load="false" ones', () => {
    const a = image({ ...PICTURE, width: '90' });
    const b = image({ 'data-image': '/static/images/p02.svg', 'data-image-dimensions': '2500x3125', width: '280' });
    const c = image({ ...PICTURE, width: '90', 'data-load': 'false' });
    const d = image({ src: '/kept.svg' });
    bootstrap();
    expect([a, b, c, d].map((i) => i.getAttribute('src'))).toEqual(['/static/images/p01.svg?format=100w', '/static/images/p02.svg?format=300w', null, '/kept.svg']);
  });
});

describe('an image without data-image-dimensions', () => {
  it('is sized by its box when it has one, and loaded once to learn its size when it has none', () => {
    const sized = image({ 'data-src': '/static/images/p01.svg', width: '600' });
    load(sized);
    expect(sized.getAttribute('src')).toBe('/static/images/p01.svg?format=750w');
    const boxless = image({ 'data-src': '/static/images/p02.svg' });
    expect(load(boxless)).toBe(true);
    // the probe asks for the picture as stored; the image itself waits for its size
    expect(boxless.hasAttribute('src')).toBe(false);
  });
});
