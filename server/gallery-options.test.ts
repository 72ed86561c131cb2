/** Gallery options (spec 001 §3): defaults, validation and the design rules. */
import { describe, expect, it } from 'vitest';
import { galleryOptions } from './gallery-options.js';

describe('galleryOptions', () => {
  it('fills every option with the spec default', () => {
    expect(galleryOptions(undefined)).toMatchObject({
      design: 'grid',
      autoplay: false,
      'autoplay-duration': 5,
      'auto-crop': true,
      'aspect-ratio': 'square',
      thumbnails: false,
      'thumbnail-strip-height': 80,
      'meta-position': 'bottom',
      'thumbnails-per-row': 4,
      padding: 20,
      lightboxTheme: 'dark',
      'max-width': 300,
    });
  });

  it('replaces values of the wrong kind or out of range by the default', () => {
    const o = galleryOptions({ design: 'carousel', padding: 51, 'thumbnails-per-row': '3', autoplay: 'yes', 'meta-position': 'left', 'max-width': 99 });
    expect(o).toMatchObject({ design: 'grid', padding: 20, 'thumbnails-per-row': 4, autoplay: false, 'meta-position': 'bottom', 'max-width': 300 });
    expect(galleryOptions({ padding: 0, 'thumbnail-strip-height': 200 })).toMatchObject({ padding: 0, 'thumbnail-strip-height': 200 });
  });

  it('turns thumbnails on for a slideshow and off for the other designs, unless stored', () => {
    expect(galleryOptions({ design: 'slideshow' }).thumbnails).toBe(true);
    expect(galleryOptions({ design: 'slider' }).thumbnails).toBe(false);
    expect(galleryOptions({ design: 'slideshow', thumbnails: false }).thumbnails).toBe(false);
  });

  it('never autoplays a grid or a stack', () => {
    expect(galleryOptions({ design: 'grid', autoplay: true }).autoplay).toBe(false);
    expect(galleryOptions({ design: 'stacked', autoplay: true }).autoplay).toBe(false);
    expect(galleryOptions({ design: 'slider', autoplay: true }).autoplay).toBe(true);
  });

  it('drops options the spec does not list', () => {
    expect(galleryOptions({ script: '<x>' })).not.toHaveProperty('script');
  });
});
