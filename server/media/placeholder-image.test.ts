/**
 * The demo gallery's pictures: scenes, not labelled placeholders. They print no words (the gallery prints each
 * picture's caption beside or over it, and a label inside the picture was covered by that caption or cut by a
 * slideshow's crop), are the size asked, the same bytes for the same input and differ between captions.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_IMAGES, demoImage } from './demo-media.js';
import { placeholderSvg } from './placeholder-image.js';

describe('demo gallery pictures', () => {
  it('print no words', () => {
    for (const file of Object.keys(DEMO_IMAGES)) {
      const svg = demoImage(file)!;
      expect(svg, file).not.toContain('<text');
      expect(svg, file).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="\d+" height="\d+"/);
    }
  });

  it('are deterministic per caption, and differ between captions', () => {
    const spec = { width: 1200, height: 800, from: '#8a6f4d', to: '#3e2f22', caption: 'Workshop' };
    expect(placeholderSvg(spec)).toBe(placeholderSvg({ ...spec }));
    expect(placeholderSvg(spec)).not.toBe(placeholderSvg({ ...spec, caption: 'Studio' }));
    expect(placeholderSvg(spec)).toContain('width="1200" height="800"');
  });
});
