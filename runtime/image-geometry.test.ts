/**
 * The image loader's choices without a browser: the width ladder and its exclusions, the width an image needs
 * for its box and screen, the `format=<N>w` URL rule, and where fit and fill images sit in their parents.
 */
import { describe, expect, it } from 'vitest';
import {
  chooseWidth,
  fillPlacement,
  fitPlacement,
  formatOf,
  IMAGE_WIDTHS,
  inPercent,
  neededWidth,
  parseAlignment,
  parseDimensions,
  parseFocalPoint,
  sizedUrl,
  targetBox,
  widthLadder,
} from './image-geometry.js';

const portrait = { width: 2500, height: 3125 };

describe('the width an image needs', () => {
  it('is the smallest stored width covering the box times the pixel ratio, at most the largest', () => {
    expect(chooseWidth(neededWidth({ width: 400, height: 0 }, portrait, 1))).toBe(500);
    expect(chooseWidth(neededWidth({ width: 400, height: 0 }, portrait, 2))).toBe(1000);
    expect(chooseWidth(neededWidth({ width: 342, height: 0 }, portrait, 3))).toBe(1500);
    expect(chooseWidth(neededWidth({ width: 500, height: 0 }, portrait, 1))).toBe(500);
    expect(chooseWidth(neededWidth({ width: 501, height: 0 }, portrait, 1))).toBe(750);
    expect(chooseWidth(neededWidth({ width: 40, height: 0 }, portrait, 1))).toBe(100);
    expect(chooseWidth(neededWidth({ width: 3000, height: 0 }, portrait, 1))).toBe(2500);
  });

  it('is as wide as a tall box asks for at the picture ratio (a cropped picture)', () => {
    // 300 wide, 600 high: a 4:5 picture covering it is 480 wide
    expect(neededWidth({ width: 300, height: 600 }, portrait, 1)).toBe(480);
    expect(chooseWidth(480)).toBe(500);
  });

  it('takes a side that is 0 from the other, and the original size when both are', () => {
    expect(targetBox({ width: 0, height: 500 }, portrait)).toEqual({ width: 400, height: 500 });
    expect(targetBox({ width: 200, height: 0 }, portrait)).toEqual({ width: 200, height: 250 });
    expect(targetBox({ width: 0, height: 0 }, portrait)).toEqual(portrait);
    expect(chooseWidth(neededWidth({ width: 0, height: 0 }, { width: 800, height: 600 }, 1))).toBe(1000);
  });

  it('skips the widths the page excludes (exclude_imageloader_sizes)', () => {
    expect(widthLadder('')).toEqual(IMAGE_WIDTHS);
    expect(widthLadder('?a=1&exclude_imageloader_sizes=500,750')).toEqual([100, 300, 1000, 1500, 2500]);
    expect(chooseWidth(400, widthLadder('?exclude_imageloader_sizes=500%2C750'))).toBe(1000);
    expect(widthLadder('?exclude_imageloader_sizes=100,300,500,750,1000,1500,2500')).toEqual(IMAGE_WIDTHS);
  });
});

describe('the URL of a width', () => {
  it('appends format=<N>w to the site\'s own and the platform\'s images, not to other hosts', () => {
    expect(sizedUrl('/static/images/p01.svg', 500)).toBe('/static/images/p01.svg?format=500w');
    expect(sizedUrl('/static/images/p01.svg?v=2', 750)).toBe('/static/images/p01.svg?v=2&format=750w');
    expect(sizedUrl('/a.jpg#x', 100)).toBe('/a.jpg?format=100w#x');
    expect(sizedUrl('/a.jpg?format=300w', 1000)).toBe('/a.jpg?format=300w');
    expect(sizedUrl('https://images.squarespace-cdn.com/content/a.jpg', 300)).toBe('https://images.squarespace-cdn.com/content/a.jpg?format=300w');
    expect(sizedUrl('http://static1.squarespace.com/a.jpg', 300, 'https:')).toBe('https://static1.squarespace.com/a.jpg?format=300w');
    expect(sizedUrl('http://static1.squarespace.com/a.jpg', 300, 'http:')).toBe('http://static1.squarespace.com/a.jpg?format=300w');
    expect(sizedUrl('https://example.com/a.jpg', 300)).toBe('https://example.com/a.jpg');
    expect(sizedUrl('//example.com/a.jpg', 300)).toBe('//example.com/a.jpg');
    expect(formatOf('/a.jpg?x=1&format=750w')).toBe(750);
    expect(formatOf('/a.jpg')).toBe(0);
  });
});

describe('attributes', () => {
  it('reads dimensions, focal points and alignment words', () => {
    expect(parseDimensions('1500x1000')).toEqual({ width: 1500, height: 1000 });
    expect(parseDimensions('0x10')).toBeNull();
    expect(parseDimensions('wide')).toBeNull();
    expect(parseFocalPoint('0.2,0.8')).toEqual({ x: 0.2, y: 0.8 });
    expect(parseFocalPoint(null)).toEqual({ x: 0.5, y: 0.5 });
    expect(parseFocalPoint('3,-1')).toEqual({ x: 1, y: 0 });
    expect(parseAlignment('top left')).toEqual({ horizontal: 'left', vertical: 'top' });
    expect(parseAlignment('bottom-right')).toEqual({ horizontal: 'right', vertical: 'bottom' });
    expect(parseAlignment(null)).toEqual({ horizontal: 'center', vertical: 'center' });
  });
});

describe('fit and fill', () => {
  const wide = { width: 2000, height: 1000 };
  const box = { width: 400, height: 300 };

  it('fill covers the parent, the focal point as central as the edges allow', () => {
    expect(fillPlacement(box, wide, { x: 0.5, y: 0.5 })).toEqual({ width: 600, height: 300, left: -100, top: 0, unit: 'px' });
    expect(fillPlacement(box, wide, { x: 0.2, y: 0.5 })).toEqual({ width: 600, height: 300, left: 0, top: 0, unit: 'px' });
    expect(fillPlacement(box, wide, { x: 1, y: 0.5 })).toEqual({ width: 600, height: 300, left: -200, top: 0, unit: 'px' });
    expect(fillPlacement(box, wide, { x: 0.6, y: 0.5 })).toEqual({ width: 600, height: 300, left: -160, top: 0, unit: 'px' });
  });

  it('fit shows all of it, aligned, enlarged only with stretch', () => {
    expect(fitPlacement(box, wide, null)).toEqual({ width: 400, height: 200, left: 0, top: 50, unit: 'px' });
    expect(fitPlacement(box, wide, 'top')).toEqual({ width: 400, height: 200, left: 0, top: 0, unit: 'px' });
    expect(fitPlacement(box, wide, 'bottom')).toEqual({ width: 400, height: 200, left: 0, top: 100, unit: 'px' });
    const small = { width: 100, height: 50 };
    expect(fitPlacement(box, small, 'left', false)).toEqual({ width: 100, height: 50, left: 0, top: 125, unit: 'px' });
    expect(fitPlacement(box, small, 'right', true)).toEqual({ width: 400, height: 200, left: 0, top: 50, unit: 'px' });
    expect(fitPlacement({ width: 400, height: 400 }, small, 'right', false)).toEqual({ width: 100, height: 50, left: 300, top: 175, unit: 'px' });
  });

  it('fixedRatio gives the placement in percent of the parent', () => {
    expect(inPercent(fillPlacement(box, wide, { x: 0.5, y: 0.5 }), box)).toEqual({ width: 150, height: 100, left: -25, top: 0, unit: '%' });
  });
});
