/**
 * Gallery options of spec 001 §3 "Gallery options": stored values checked against the table (a value of the
 * wrong kind or out of range falls back to the default), missing ones filled with the defaults, and the
 * design's own settings applied: slideshow turns thumbnails on; slider, grid and stacked turn them off; grid
 * and stacked turn autoplay off. The spec does not say whether a stored choice may override the design; we
 * let a stored `thumbnails` stand (the owner chose it) but never autoplay a grid or stack, which cannot move.
 */
import { isRecord } from '../commerce/json.js';

export const GALLERY_DESIGNS = ['slideshow', 'slider', 'grid', 'stacked'] as const;
export const ASPECT_RATIOS = ['square', 'standard', 'standard-vertical', 'four-three', 'three-four-vertical', 'widescreen', 'anamorphic-widescreen'] as const;
export const META_POSITIONS = ['top', 'top-left', 'top-right', 'center', 'bottom', 'bottom-left', 'bottom-right'] as const;

type Choice = { readonly kind: 'choice'; readonly values: readonly string[]; readonly fallback: string };
type Flag = { readonly kind: 'flag'; readonly fallback: boolean };
type Range = { readonly kind: 'range'; readonly min: number; readonly max: number; readonly fallback: number };

const choice = (values: readonly string[], fallback: string): Choice => ({ kind: 'choice', values, fallback });
const flag = (fallback: boolean): Flag => ({ kind: 'flag', fallback });
const range = (min: number, max: number, fallback: number): Range => ({ kind: 'range', min, max, fallback });

/** The spec's table, option by option, with its default. */
const OPTIONS: Readonly<Record<string, Choice | Flag | Range>> = {
  design: choice(GALLERY_DESIGNS, 'grid'),
  autoplay: flag(false),
  'autoplay-duration': range(1, 10, 5),
  controls: flag(false),
  'auto-crop': flag(true),
  'aspect-ratio': choice(ASPECT_RATIOS, 'square'),
  'square-thumbs': flag(true),
  thumbnails: flag(false),
  'thumbnail-strip-height': range(0, 200, 80),
  'thumbnail-strip-margin': range(0, 60, 20),
  'show-meta-basic': flag(true),
  'show-meta': flag(true),
  'show-meta-only-title': flag(false),
  'meta-position': choice(META_POSITIONS, 'bottom'),
  'show-meta-on-hover': flag(false),
  'active-alignment': choice(['left', 'center', 'right'], 'center'),
  'thumbnails-per-row': range(1, 10, 4),
  padding: range(0, 50, 20),
  lightbox: flag(false),
  lightboxTheme: choice(['dark', 'light'], 'dark'),
  'max-width': range(100, 300, 300),
  newWindow: flag(false),
  transparentBackground: flag(false),
};

function read(option: Choice | Flag | Range, v: unknown): string | boolean | number | undefined {
  switch (option.kind) {
    case 'choice':
      return typeof v === 'string' && option.values.includes(v) ? v : undefined;
    case 'flag':
      return typeof v === 'boolean' ? v : undefined;
    case 'range':
      return typeof v === 'number' && Number.isInteger(v) && v >= option.min && v <= option.max ? v : undefined;
  }
}

/** Every option of the table, from the stored ones (anything not in the table is dropped). */
export function galleryOptions(stored: unknown): Record<string, string | boolean | number> {
  const given = isRecord(stored) ? stored : {};
  const out: Record<string, string | boolean | number> = {};
  for (const [key, option] of Object.entries(OPTIONS)) out[key] = read(option, given[key]) ?? option.fallback;
  const design = out['design'];
  if (read(OPTIONS['thumbnails']!, given['thumbnails']) === undefined) out['thumbnails'] = design === 'slideshow';
  if (design === 'grid' || design === 'stacked') out['autoplay'] = false;
  return out;
}
